/* campaign-emit.c - a campaign's jobs for an existing engine: a GNU
 * parallel job file (one plain `iccsprof run` command a line) and a Slurm
 * array script (one task per job), both writing into the campaign's
 * output folder, which the hosts are meant to share. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <stdbool.h>
#include <string.h>

#include "campaign/campaign.h"
#include "util/message.h"

/* Print ARG quoted for the shell, unquoted when it needs nothing. */
static void emit_word(const char *arg, FILE *out)
{
    if (arg[0] != '\0' && strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      "0123456789_-+=./:,@%") == strlen(arg)) {
        fputs(arg, out);
        return;
    }
    fputc('\'', out);
    for (const char *p = arg; *p != '\0'; p++)
        if (*p == '\'')
            fputs("'\\''", out);
        else
            fputc(*p, out);
    fputc('\'', out);
}

/* Print JOB's command: its folder made first, then the run, which keeps
 * a record its settings already made (--resume): a job list run again
 * after an interruption, a cancellation or a requeue measures only what
 * has no record. */
static void emit_command(const struct campaign_job *j, FILE *out)
{
    const char *slash = strrchr(j->record, '/');
    char dir[4096];

    snprintf(dir, sizeof dir, "%.*s", (int)(slash - j->record), j->record);
    fputs("mkdir -p ", out);
    emit_word(dir, out);
    fputs(" && ", out);
    for (size_t i = 0; j->argv[i] != NULL; i++) {
        if (i > 0)
            fputc(' ', out);
        emit_word(j->argv[i], out);
    }
    fputs(" --resume", out);
}

/* A GNU parallel job file: a command a line, pinned by PIN. */
static void emit_parallel(const struct campaign *c, const char *pin, FILE *out)
{
    for (size_t i = 0; i < c->n; i++) {
        emit_command(&c->jobs[i], out);
        if (strcmp(pin, "slot") == 0)
            fputs(" --cpu $((PARALLEL_JOBSLOT - 1))", out);
        else if (strcmp(pin, "none") != 0)
            fprintf(out, " --cpu %s", pin);
        fputc('\n', out);
    }
}

/* A Slurm array script: task N runs job N, pinned to the core Slurm bound
 * the task to when that is one core; a task may be requeued (it keeps
 * the record it already wrote), and its output file gathers its every
 * run. */
static void emit_slurm(const struct campaign *c, FILE *out)
{
    fputs("#!/bin/bash\n", out);
    fprintf(out, "#SBATCH --job-name=iccsprof-campaign\n#SBATCH --array=0-%zu\n",
            c->n > 0 ? c->n - 1 : 0);
    fputs("#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n#SBATCH --hint=nomultithread\n", out);
    fputs("#SBATCH --requeue\n#SBATCH --open-mode=append\n", out);
    fputs("#SBATCH --output=", out);
    emit_word(c->out, out);
    fputs("/.campaign/slurm-%A_%a.out\n", out);
    fputs("# One iccsprof measurement per array task, into a shared output folder.\n"
          "set -u\n"
          "cpus=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)\n"
          "case $cpus in\n"
          "*[-,]*) pin= ;;\n"
          "*) pin=\"--cpu $cpus\" ;;\n"
          "esac\n"
          "case ${SLURM_ARRAY_TASK_ID:?run as a Slurm array task} in\n",
          out);
    for (size_t i = 0; i < c->n; i++) {
        fprintf(out, "%zu) ", i);
        emit_command(&c->jobs[i], out);
        fputs(" $pin ;;\n", out);
    }
    fputs("*) echo \"iccsprof-campaign: no job $SLURM_ARRAY_TASK_ID\" >&2; exit 2 ;;\n"
          "esac\n",
          out);
}

/* Whether TEXT holds a control character (a newline, a tab, ...). */
static bool emit_has_control(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++)
        if (*p < 0x20 || *p == 0x7f)
            return true;
    return false;
}

/* Refuse TEXT, given as WHAT, when it holds a control character, in a
 * line showing it with C escapes; 0, or -1 after the message. */
int campaign_emit_check(const char *what, const char *text)
{
    char *shown = NULL;
    size_t len = 0;
    FILE *f;

    if (!emit_has_control(text))
        return 0;
    f = open_memstream(&shown, &len);
    for (const unsigned char *p = (const unsigned char *)text; *p != '\0'; p++)
        if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(f, "\\x%02x", *p);
        else
            fputc(*p, f);
    fclose(f);
    usage_error(CAMPAIGN_COMMAND,
                "%s: '%s' holds a control character: a job file has one command a line", what,
                shown);
    free(shown);
    return -1;
}

/* Print the jobs for ENGINE, after checking every word that goes into
 * them. */
int campaign_emit(const struct campaign *c, enum campaign_engine engine, const char *pin, FILE *out)
{
    if (campaign_emit_check("--emit", c->out) != 0)
        return -1;
    for (size_t i = 0; i < c->n; i++)
        for (size_t k = 0; c->jobs[i].argv[k] != NULL; k++)
            if (campaign_emit_check("--emit", c->jobs[i].argv[k]) != 0)
                return -1;
    if (engine == CAMPAIGN_PARALLEL)
        emit_parallel(c, pin, out);
    else
        emit_slurm(c, out);
    return 0;
}
