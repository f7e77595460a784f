/* campaign-merge.c - gathering the records of several output folders (one
 * per host, or per engine run) into one, each record copied as it is so
 * that its host facts stay with it; one table mixes hosts only when asked,
 * since figures from different machines do not compare. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic-file.h"
#include "campaign/campaign.h"
#include "util/message.h"
#include "record/record-scan.h"

/* Read the whole file at PATH; NULL with errno set. */
static char *merge_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0, got;

    if (f == NULL)
        return NULL;
    do {
        if (n == cap)
            buf = realloc(buf, (cap = cap ? 2 * cap : 65536) + 1);
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    if (ferror(f)) {
        fclose(f);
        free(buf);
        errno = EIO;
        return NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Copy SRC to DST atomically; a DST with the same bytes is left alone.
 * 0, 1 when DST holds other bytes, or -1 after a one-line error. */
static int merge_copy(const char *src, const char *dst)
{
    size_t len, old_len;
    char *data = merge_slurp(src, &len), *old, tmp[4096];
    int fd, rc = 0;

    if (data == NULL) {
        cmd_error("%s: %s", src, strerror(errno));
        return -1;
    }
    if ((old = merge_slurp(dst, &old_len)) != NULL) {
        rc = old_len == len && memcmp(old, data, len) == 0 ? 0 : 1;
        free(old);
        free(data);
        return rc;
    }
    if ((fd = atomic_open(dst, tmp, sizeof tmp)) < 0 || write(fd, data, len) != (ssize_t)len ||
        close(fd) != 0 || rename(tmp, dst) != 0) {
        cmd_error("%s: %s", dst, strerror(errno));
        if (fd >= 0)
            unlink(tmp);
        rc = -1;
    }
    free(data);
    return rc;
}

/* The host a record was measured on: its CPU model and kernel. */
static void merge_host(const struct rec *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s, %s", r->cpu_model, r->kernel);
}

/* Refuse records of more than one host unless ALLOW_MIXED; EXIT_OK, or
 * EXIT_FAIL after a line naming each host and its records. */
static int merge_hosts(const struct rec_set *set, bool allow_mixed)
{
    char **hosts = calloc(set->n + 1, sizeof *hosts), host[1024];
    size_t *count = calloc(set->n + 1, sizeof *count), nhosts = 0;

    for (size_t i = 0; i < set->n; i++) {
        size_t h = 0;

        merge_host(set->recs[i], host, sizeof host);
        while (h < nhosts && strcmp(hosts[h], host) != 0)
            h++;
        if (h == nhosts)
            hosts[nhosts++] = strdup(host);
        count[h]++;
    }
    if (nhosts > 1) {
        struct strlist each = {0};
        char *list;

        for (size_t h = 0; h < nhosts; h++)
            strlist_addf(&each, "%s (%zu records)", hosts[h], count[h]);
        list = strlist_join(&each, "; ");
        cmd_error("merge: records of %zu hosts%s: %s", nhosts,
                  allow_mixed ? " merged (--allow-mixed-hosts)"
                              : " (give --allow-mixed-hosts to merge them)",
                  list);
        free(list);
        strlist_free(&each);
    }
    for (size_t h = 0; h < nhosts; h++)
        free(hosts[h]);
    free(hosts);
    free(count);
    return nhosts > 1 && !allow_mixed ? EXIT_FAIL : EXIT_OK;
}

/* Copy record R, and its log beside it, into OUT/<scheme>/.  EXIT_OK, or
 * the status after a one-line error. */
static int merge_record(const struct rec *r, const char *out)
{
    const char *base = strrchr(r->path, '/') != NULL ? strrchr(r->path, '/') + 1 : r->path;
    char dir[4096], dst[8192], log_src[8192], log_dst[8192];
    int rc;

    snprintf(dir, sizeof dir, "%s/%s", out, r->scheme_id);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        cmd_error("%s: %s", dir, strerror(errno));
        return EXIT_USAGE;
    }
    snprintf(dst, sizeof dst, "%s/%s", dir, base);
    if ((rc = merge_copy(r->path, dst)) != 0) {
        if (rc > 0)
            cmd_error("merge: %s: another record of %s %s %s is already in %s", r->path,
                      r->scheme_id, r->instance, rec_op_name(r->op), dst);
        return EXIT_USAGE;
    }
    snprintf(log_src, sizeof log_src, "%.*s.log", (int)(strlen(r->path) - 5), r->path);
    snprintf(log_dst, sizeof log_dst, "%.*s.log", (int)(strlen(dst) - 5), dst);
    if (access(log_src, F_OK) == 0 && merge_copy(log_src, log_dst) < 0)
        return EXIT_USAGE;
    return EXIT_OK;
}

/* Gather the records of the output folders INPUTS into OUT. */
int campaign_merge(char *const *inputs, size_t ninputs, const char *out, bool allow_mixed)
{
    struct rec_set set;
    int status;

    memset(&set, 0, sizeof set);
    if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        cmd_error("%s: %s", out, strerror(errno));
        return EXIT_USAGE;
    }
    if (rec_set_scan(&set, inputs, ninputs) > 0) {
        rec_set_free(&set);
        return EXIT_USAGE;
    }
    status = merge_hosts(&set, allow_mixed);
    for (size_t i = 0; status == EXIT_OK && i < set.n; i++)
        status = merge_record(set.recs[i], out);
    if (status == EXIT_OK && campaign_merge_left_out(inputs, ninputs, out) != 0)
        status = EXIT_USAGE;
    if (status == EXIT_OK)
        printf("campaign merge: %zu records from %zu folders in %s\n", set.n, ninputs, out);
    rec_set_free(&set);
    return status;
}
