/* record-scan.h - the records named on a command line, files and folders.
 *
 * Each argument is a record file or a folder searched recursively for
 * *.json files (names starting with '.' skipped: temporary files of an
 * atomic write).  Every input that cannot be used is reported on stderr as
 * one line naming it and counted as bad; the good records are kept.  A
 * what-if document (whatif-doc.h) met by its name is not read as a
 * record: its path is kept for the report. */
#ifndef ICCSPROF_RECORD_SCAN_H
#define ICCSPROF_RECORD_SCAN_H

#include <stddef.h>

#include "record/record-read.h"
#include "util/strlist.h"

struct rec_set {
    struct rec **recs; /* sorted by rec_cmp after rec_set_scan */
    size_t n, cap;
    char **bad; /* the inputs that could not be used, in the order met */
    size_t nbad;
    struct strlist whatif; /* the what-if documents met, in the order met */
};

/* Add the records of the NPATHS PATHS to SET and sort them; returns the
 * number of bad inputs (an unreadable or invalid file, a missing path, an
 * empty folder, a folder with no *.json file). */
size_t rec_set_scan(struct rec_set *set, char *const *paths, size_t npaths);

/* Free everything SET holds (the struct itself is the caller's). */
void rec_set_free(struct rec_set *set);

#endif
