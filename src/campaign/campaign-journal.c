/* campaign-journal.c - OUT/.campaign/journal.tsv, a line per finished
 * job: scheme, instance, operation, core, start and end (seconds since
 * the epoch) and the outcome.  Each line is appended in one write, so
 * that a campaign killed while writing leaves at most a torn last line,
 * which the next campaign drops; and a job whose record was written by a
 * campaign killed before it wrote the job's line gets its line from the
 * record when the next campaign finds it up to date. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/build-files.h"
#include "campaign/campaign.h"
#include "util/message.h"

/* The key of JOB in the journal: its first three fields. */
static char *journal_key(const struct campaign_job *j)
{
    return xasprintf("%s\t%s\t%s", j->id, j->instance, j->op);
}

/* Take the complete lines of TEXT (seven fields each) into LINES and
 * their keys into JN; whether anything else was there. */
static bool journal_take(struct campaign_journal *jn, const char *text, struct strlist *lines)
{
    bool torn = false;

    for (const char *p = text, *nl; *p != '\0'; p = nl + 1) {
        const char *tab[6];
        int tabs = 0;

        if ((nl = strchr(p, '\n')) == NULL) {
            torn = true; /* a campaign killed while writing this line */
            break;
        }
        for (const char *t = p; t < nl; t++)
            if (*t == '\t' && tabs++ < 6)
                tab[tabs - 1] = t;
        if (tabs != 6) {
            torn = true;
            continue;
        }
        strlist_addf(lines, "%.*s", (int)(nl - p + 1), p);
        strlist_addf(&jn->keys, "%.*s", (int)(tab[2] - p), p);
    }
    return torn;
}

/* Read the journal of the output folder OUT into JN, rewriting it whole
 * without a torn line; 0, or -1 after a one-line error. */
int campaign_journal_open(struct campaign_journal *jn, const char *out)
{
    struct strlist lines = {0};
    char *text, *whole;
    int rc = 0;

    memset(jn, 0, sizeof *jn);
    jn->path = xasprintf("%s/.campaign/journal.tsv", out);
    if ((text = file_read(jn->path)) == NULL)
        return 0;
    if (journal_take(jn, text, &lines)) {
        whole = strlist_join(&lines, "");
        if (file_replace(jn->path, whole) != 0) {
            cmd_error("%s: %s", jn->path, strerror(errno));
            rc = -1;
        }
        free(whole);
    }
    strlist_free(&lines);
    free(text);
    return rc;
}

/* Whether the journal has a line of JOB. */
bool campaign_journal_has(const struct campaign_journal *jn, const struct campaign_job *j)
{
    char *key = journal_key(j);
    bool has = strlist_has(&jn->keys, key);

    free(key);
    return has;
}

/* Append the line of JOB in one write. */
void campaign_journal_add(struct campaign_journal *jn, const struct campaign_job *j, int cpu,
                          double start, double end, bool passed)
{
    char *key = journal_key(j);
    char *line =
        xasprintf("%s\t%d\t%.6f\t%.6f\t%s\n", key, cpu, start, end, passed ? "passed" : "failed");
    int fd = open(jn->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);

    if (fd >= 0) {
        (void)!write(fd, line, strlen(line));
        close(fd);
    }
    strlist_add(&jn->keys, key);
    free(key);
    free(line);
}

/* Seconds since the epoch of PATH's last change; 0 when it is gone. */
static double journal_mtime(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0)
        return 0;
    return (double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec * 1e-9;
}

/* Append the line of JOB, up to date but with no line, from what its
 * files say: the core from its record, the start when its key was
 * written (just before it started), the end when its record was, and the
 * outcome from the record's state (iccsprof run fails a failed record). */
void campaign_journal_recover(struct campaign_journal *jn, const struct campaign_job *j)
{
    json_t *rec = json_load_file(j->record, 0, NULL);
    json_t *cpu = json_object_get(json_object_get(rec, "host"), "cpu");
    const char *state = json_string_value(json_object_get(json_object_get(rec, "status"), "state"));
    char *key = xasprintf("%s.key", j->state);

    campaign_journal_add(jn, j, json_is_integer(cpu) ? (int)json_integer_value(cpu) : -1,
                         journal_mtime(key), journal_mtime(j->record),
                         state != NULL && strcmp(state, "failed") != 0);
    free(key);
    json_decref(rec);
}

/* Free what JN holds. */
void campaign_journal_free(struct campaign_journal *jn)
{
    free(jn->path);
    strlist_free(&jn->keys);
}
