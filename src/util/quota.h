/* quota.h - what a package's program leaves in its folder, counted: the
 * files and the bytes of a folder tree, so that a program writing many
 * files, each under the limit of one file, is stopped all the same. */
#ifndef ICCSPROF_QUOTA_H
#define ICCSPROF_QUOTA_H

/* A folder's files and bytes, and the most a program may leave there
 * (0: no bound). */
struct quota {
    unsigned long long bytes, max_bytes;
    unsigned long files, max_files;
};

/* Count into Q the files (of every kind, folders included) and the bytes
 * of regular files under folder DIR, no link followed. */
void quota_count(const char *dir, struct quota *q);

/* Whether Q's counts are past its bounds. */
int quota_over(const struct quota *q);

#endif
