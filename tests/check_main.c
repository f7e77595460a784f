/* check_main.c - the single Check runner: every module's suite in one run. */
#include "config.h"

#include <stdlib.h>

#include "suites.h"

#define ICCSPROF_ADD_SUITE(area) srunner_add_suite(runner, make_##area##_suite());

int main(void)
{
    SRunner *runner = srunner_create(NULL);
    int failed;

    ICCSPROF_SUITES(ICCSPROF_ADD_SUITE)
    srunner_run_all(runner, CK_NORMAL);
    failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
