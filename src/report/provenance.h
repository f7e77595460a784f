/* provenance.h - what made an output: this tool and its version, the date,
 * the host and the command line, carried by every report, comparison and
 * chart so that a table copied into a paper can be traced to its run.
 *
 * The date is now in UTC, or SOURCE_DATE_EPOCH when set (reproducible
 * outputs).  The command line is the one this process was started with,
 * or ICCSPROF_COMMAND when set: `profile` and `campaign` set it to their
 * own, so that the reports they run name the command the user typed. */
#ifndef ICCSPROF_PROVENANCE_H
#define ICCSPROF_PROVENANCE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

/* Remember the command line ARGV[0..ARGC) (ARGV[0] the program). */
void provenance_set_command(int argc, char **argv);

/* Make the command line the one children name: ICCSPROF_COMMAND, unless
 * a command above this one set it already. */
void provenance_export(void);

/* "iccsprof 0.1.0", the date ("2026-09-28T10:51:21Z"), the host name and
 * the command line ("iccsprof report profiles/sign-wots", words quoted as
 * a POSIX shell would need). */
const char *provenance_tool(void);
const char *provenance_date(void);
const char *provenance_host(void);
const char *provenance_command(void);

/* One line saying all four, newly allocated: "Made by iccsprof 0.1.0 on
 * host H, DATE: COMMAND", the command in a code span when MARKDOWN. */
char *provenance_line(bool markdown);

/* The line without the command, newly allocated: "Made by iccsprof 0.1.0
 * on host H, DATE", for a page that gives the command further down. */
char *provenance_short_line(void);

/* {"date", "host", "command"}: the "made" member of a JSON output (whose
 * "tool" member names the version). */
json_t *provenance_json(void);

/* The CSV columns made_by, made_date, made_host, made_command appended to
 * KEYS, and their values set in ROW. */
void provenance_columns(json_t *keys);
void provenance_fields(json_t *row);

/* An SVG document being drawn, to be printed with what made it. */
struct provenance_svg {
    char *text;
    size_t len;
    FILE *m;
};

/* The stream to draw an SVG document into. */
FILE *provenance_svg_open(struct provenance_svg *svg);

/* Print the document drawn to OUT with a <metadata> element holding the
 * plain provenance line as the first child of its root, and free it. */
void provenance_svg_close(struct provenance_svg *svg, FILE *out);

#endif
