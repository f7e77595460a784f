/* export.h - --export-md, --export-csv, --export-json and --export-svg
 * FILE: the records a command made, written by `iccsprof report` into
 * files in the same run, each one whole or not at all, and every FILE
 * checked before any work.  FILE `-` is standard output: the export takes
 * it, and what the command would print there goes to stderr. */
#ifndef ICCSPROF_EXPORT_H
#define ICCSPROF_EXPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "cmd/cmd.h"
#include "util/strlist.h"

/* The formats, in the order of their rows. */
enum export_format { EXPORT_MD, EXPORT_CSV, EXPORT_JSON, EXPORT_SVG, EXPORT_NFORMATS };

/* The option rows of a command's table, at the indices FIRST to FIRST + 3,
 * in the order of enum export_format. */
#define EXPORT_OPTION_ROWS(FIRST)                                                                  \
    [(FIRST) +                                                                                     \
        EXPORT_MD] = {.name = "export-md",                                                         \
                      .kind = CMD_OPT_STRING,                                                      \
                      .metavar = "FILE",                                                           \
                      .help = "write the report as Markdown tables to FILE (-: to stdout)"},       \
        [(FIRST) + EXPORT_CSV] =                                                                   \
            {.name = "export-csv",                                                                 \
             .kind = CMD_OPT_STRING,                                                               \
             .metavar = "FILE",                                                                    \
             .help = "write the report as CSV, a row per record, to FILE (-: to stdout)"},         \
        [(FIRST) +                                                                                 \
            EXPORT_JSON] = {.name = "export-json",                                                 \
                            .kind = CMD_OPT_STRING,                                                \
                            .metavar = "FILE",                                                     \
                            .help = "write the report as JSON rows to FILE (-: to stdout)"},       \
        [(FIRST) + EXPORT_SVG] = {.name = "export-svg",                                            \
                                  .kind = CMD_OPT_STRING,                                          \
                                  .metavar = "FILE",                                               \
                                  .help = "write the share chart (SVG) to FILE (-: to stdout)"}

/* The files asked for; NULL where a format was not. */
struct export_files {
    const char *path[EXPORT_NFORMATS];
};

/* Take the export options of ARGS (rows FIRST to FIRST + 3) into E. */
void export_take(const struct cmd_args *args, int first, struct export_files *e);

/* Check, before any work, that each file of E can be written: its folder
 * exists and takes a new file, and the file is a regular file or missing,
 * no two formats name one file, and none is one of the NINPUTS record
 * files or folders INPUTS read or lies in one (links followed).  When one
 * is `-`, take standard output for it (export_stdout): descriptor 1 is
 * stderr from then on.  EXIT_OK, or EXIT_USAGE after a one-line error
 * naming the option and the file. */
int export_check(const struct cmd_entry *entry, const struct export_files *e, char *const *inputs,
                 size_t ninputs);

/* Whether PATH is `-`, standard output. */
bool export_is_stdout(const char *path);

/* Whether an export of E goes to standard output. */
bool export_to_stdout(const struct export_files *e);

/* The standard output the command was given, once export_check gave it
 * to an export; stdout when none took it. */
FILE *export_stdout(void);

/* Whether E asks for any file. */
bool export_any(const struct export_files *e);

/* Write each file of E: `iccsprof report --format F` of RECORDS into a
 * temporary file beside it, renamed over it when the report is written
 * (straight to the standard output taken for `-`).
 * 0, the number of files not written (each said on stderr), or -1 when a
 * signal came. */
int export_write(const struct export_files *e, const struct strlist *records);

#endif
