/* ctext.c - definitions found in C text by line patterns: enough for the
 * files of real packages, which define main and their API functions at
 * the start of a line with their return type. */
#include "config.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/ctext.h"
#include "util/strlist.h"

/* Whether the C text at PATH defines a function main. */
bool ctext_defines_main(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    regex_t re;
    bool found = false;

    if (f == NULL)
        return false;
    regcomp(&re,
            "^[[:space:]]*(int|void|signed|static)?[[:space:]a-z]*[[:space:]*]main[[:space:]]*\\(",
            REG_EXTENDED | REG_NOSUB);
    while (!found && fgets(line, sizeof line, f) != NULL)
        found = regexec(&re, line, 0, NULL, 0) == 0 || strncmp(line, "main(", 5) == 0 ||
                strncmp(line, "main (", 6) == 0;
    regfree(&re);
    fclose(f);
    return found;
}

/* Whether LINE starts the definition RE matches: the name at the line's
 * start or after its return type there, and no ';' after the
 * parameters' start on the line (a prototype or a call). */
static bool ctext_line_defines(const char *line, const regex_t *re)
{
    regmatch_t m[1];

    return regexec(re, line, 1, m, 0) == 0 && strchr(line + m[0].rm_eo, ';') == NULL;
}

/* The first of ENTRIES that the C text at PATH defines. */
const char *ctext_defines_entry(const char *path, const char *const *entries)
{
    FILE *f = fopen(path, "r");
    const char *found = NULL;
    char line[4096];

    if (f == NULL)
        return NULL;
    while (found == NULL && fgets(line, sizeof line, f) != NULL)
        for (size_t e = 0; found == NULL && entries[e] != NULL; e++) {
            char *pattern;
            regex_t re;

            if (strstr(line, entries[e]) == NULL)
                continue;
            pattern = xasprintf(
                "^([[:alpha:]_][[:alnum:]_[:space:]*]*[[:space:]*])?%s[[:space:]]*\\(", entries[e]);
            regcomp(&re, pattern, REG_EXTENDED);
            if (ctext_line_defines(line, &re))
                found = entries[e];
            regfree(&re);
            free(pattern);
        }
    fclose(f);
    return found;
}
