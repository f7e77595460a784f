/* plan-archive.h - a submission package as it is downloaded: a .zip,
 * .tar.gz or .tar.xz archive, unpacked into the build folder only after
 * every member has been checked, so that a hostile archive writes
 * nothing. */
#ifndef ICCSPROF_PLAN_ARCHIVE_H
#define ICCSPROF_PLAN_ARCHIVE_H

#include <stdbool.h>

/* What an archive may unpack to: beyond these it is refused as a bomb. */
struct archive_limits {
    unsigned long long max_bytes; /* the members' bytes, all together */
    unsigned long max_members;
};

/* Whether NAME ends as an archive this tool reads (.zip, .tar.gz, .tgz,
 * .tar.xz, .txz); the length of NAME without that ending in *STEM. */
bool archive_is_named(const char *name, size_t *stem);

/* Check every member of the archive at PATH as archive_unpack does,
 * writing nothing; 0, or -1 with the reason in *WHY, newly allocated. */
int archive_check(const char *path, const struct archive_limits *lim, char **why);

/* Unpack the archive at PATH into the folder DEST (made; it must not
 * exist), after checking every member: no absolute path, no "..", no
 * link leaving DEST, no device, fifo or socket, at most LIM's bytes and
 * members.  0, or -1 with the reason (naming the member) in *WHY, newly
 * allocated, and nothing left of DEST. */
int archive_unpack(const char *path, const char *dest, const struct archive_limits *lim,
                   char **why);

#endif
