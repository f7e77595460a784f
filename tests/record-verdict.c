/* record-verdict.c - the strict record reader's verdict on each record
 * named on stdin (a path a line): "ok", or the reader's one-line error.
 * For tests/schema-agree.sh, which compares it with the schema's. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "record/record-read.h"

int main(void)
{
    char path[4096], err[1024];

    while (fgets(path, sizeof path, stdin) != NULL) {
        struct rec *r;

        path[strcspn(path, "\n")] = '\0';
        err[0] = '\0';
        r = rec_load(path, err, sizeof err);
        printf("%s\n", r != NULL ? "ok" : err);
        rec_free(r);
    }
    return 0;
}
