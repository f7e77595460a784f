/* campaign-leftout.c - the instances and packages a campaign left out (a
 * package that cannot be planned, an instance that does not build, or
 * one the KAT gate stopped), which have no record: kept in
 * OUT/.campaign/left-out.txt, a line each, so that the summary of the
 * folder (and of a merge of several) still names them. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/build-files.h"
#include "campaign/campaign.h"
#include "util/message.h"
#include "report/mdtable.h"

/* Add the lines of DIR's list to LINES, each once. */
static void leftout_read(const char *dir, struct strlist *lines)
{
    char *path = xasprintf("%s/.campaign/left-out.txt", dir), *text = file_read(path);

    for (char *p = text, *end; p != NULL && *p != '\0'; p = *end != '\0' ? end + 1 : end) {
        char *line;

        end = p + strcspn(p, "\n");
        line = xasprintf("%.*s", (int)(end - p), p);
        if (line[0] != '\0' && !strlist_has(lines, line))
            strlist_add(lines, line);
        free(line);
    }
    free(text);
    free(path);
}

/* Write LINES as OUT's list, or remove the list when there is none. */
static int leftout_write(const char *out, const struct strlist *lines)
{
    char *dir = xasprintf("%s/.campaign", out), *path = xasprintf("%s/left-out.txt", dir);
    char *text = NULL;
    int rc;

    if (lines->n == 0) {
        rc = unlink(path) != 0 && errno != ENOENT ? -1 : 0;
    } else {
        struct strlist all = {0};

        strlist_extend(&all, lines);
        strlist_add(&all, "");
        text = strlist_join(&all, "\n");
        strlist_free(&all);
        rc = file_mkdirs(dir) != 0 ? -1 : file_replace(path, text);
    }
    if (rc != 0)
        cmd_error("%s: %s", path, strerror(errno));
    free(text);
    free(path);
    free(dir);
    return rc;
}

/* Keep C's build failures beside its records, for the summary. */
int campaign_save_left_out(const struct campaign *c)
{
    return leftout_write(c->out, &c->left_out);
}

/* Gather the lists of the output folders INPUTS into OUT's. */
int campaign_merge_left_out(char *const *inputs, size_t ninputs, const char *out)
{
    struct strlist lines = {0};
    int rc;

    for (size_t i = 0; i < ninputs; i++)
        leftout_read(inputs[i], &lines);
    leftout_read(out, &lines);
    rc = leftout_write(out, &lines);
    strlist_free(&lines);
    return rc;
}

/* Print the "Left out" section of DIR's list. */
void campaign_print_left_out(const char *dir, FILE *out)
{
    struct strlist lines = {0};

    leftout_read(dir, &lines);
    if (lines.n > 0) {
        /* a section of notes, escaped as every Markdown table's */
        struct mdtable *t = mdtable_new("Left out", 0, NULL, "");

        for (size_t i = 0; i < lines.n; i++)
            mdtable_note(t, "%s", lines.v[i]);
        mdtable_print(t, out);
        mdtable_free(t);
    }
    strlist_free(&lines);
}
