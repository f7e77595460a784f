/* whatif-request.c - one request of the what-if to the measuring program
 * (whatif.h). */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>

#include "run/run-child.h"
#include "whatif/whatif.h"

/* Send request CFG (consumed) to a measuring process of its own (whatif.h). */
json_t *wi_request(json_t *cfg, double timeout, int *status, char *why, size_t len)
{
    struct child_outcome out;

    if (child_run(child_measure_path(), cfg, timeout, -1, NULL, NULL, &out) != 0) {
        snprintf(why, len, "%s: cannot start the measuring program: %s", child_measure_path(),
                 strerror(errno));
        json_decref(cfg);
        return NULL;
    }
    json_decref(cfg);
    if (out.status == CHILD_OK)
        return out.result;
    if (out.status == CHILD_INTERRUPTED) {
        *status = 128 + out.signal;
        snprintf(why, len, "interrupted by %s", strsignal(out.signal));
    } else {
        snprintf(why, len, "%s", out.message);
    }
    return NULL;
}
