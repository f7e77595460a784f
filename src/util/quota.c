/* quota.c - the files and bytes of a folder tree (quota.h). */
#include "config.h"

#include <ftw.h>
#include <stddef.h>
#include <sys/stat.h>

#include "util/quota.h"

/* nftw takes no argument for its callback: the count it adds to. */
static struct quota *quota_counting;

/* Add the entry SB to quota_counting. */
static int quota_add(const char *path, const struct stat *sb, int type, struct FTW *f)
{
    (void)path;
    if (f->level == 0)
        return 0;
    quota_counting->files++;
    if (type == FTW_F && S_ISREG(sb->st_mode))
        quota_counting->bytes += (unsigned long long)sb->st_size;
    return 0;
}

/* Count DIR's files and bytes into Q. */
void quota_count(const char *dir, struct quota *q)
{
    q->bytes = 0;
    q->files = 0;
    quota_counting = q;
    nftw(dir, quota_add, 32, FTW_PHYS);
    quota_counting = NULL;
}

/* Whether Q is past its bounds. */
int quota_over(const struct quota *q)
{
    return (q->max_bytes > 0 && q->bytes > q->max_bytes) ||
           (q->max_files > 0 && q->files > q->max_files);
}
