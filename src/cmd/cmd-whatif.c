/* cmd-whatif.c - `iccsprof whatif`: placeholder records projected, and
 * measured when asked, with each candidate hash behind the ICCS helpers:
 * the what-if matrix. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic-file.h"
#include "util/build-files.h"
#include "util/build-jobs.h"
#include "util/format.h"
#include "cmd/export.h"
#include "host/host.h"
#include "report/provenance.h"
#include "record/record-scan.h"
#include "whatif/whatif-svg.h"
#include "whatif/whatif.h"

static const char *const whatif_formats[] = {"md", "csv", "json", "svg", NULL};
enum whatif_format { WHATIF_MD, WHATIF_CSV, WHATIF_JSON, WHATIF_SVG };

enum {
    WHATIF_OPT_HASHES,
    WHATIF_OPT_CANDIDATE,
    WHATIF_OPT_ALLOW_UNVERIFIED,
    WHATIF_OPT_FORMAT,
    WHATIF_OPT_EXPORT_MD,
    WHATIF_OPT_EXPORT_CSV,
    WHATIF_OPT_EXPORT_JSON,
    WHATIF_OPT_EXPORT_SVG,
    WHATIF_OPT_OUT,
    WHATIF_OPT_MEASURE,
    WHATIF_OPT_RUN_FLAGS,
};

static const struct cmd_option whatif_options[] = {
    [WHATIF_OPT_HASHES] = {.name = "hashes",
                           .kind = CMD_OPT_STRING,
                           .metavar = "DIR",
                           .help = "every NGCC hash package in DIR is a candidate, its instance "
                                   "chosen for 256 bits, built and KAT-checked once"},
    [WHATIF_OPT_CANDIDATE] = {.name = "candidate",
                              .kind = CMD_OPT_STRING,
                              .metavar = "NAME",
                              .help = "a candidate besides the control iccs: sm3, sha256, "
                                      "sha3-256, sha3-512, shake128, shake256 or "
                                      "pkg:PATH[:INSTANCE] (a package, the folder of its "
                                      "instances or an instance folder); may be repeated"},
    [WHATIF_OPT_ALLOW_UNVERIFIED] =
        {.name = "allow-unverified",
         .kind = CMD_OPT_FLAG,
         .help = "a hash package that ships no KAT responses serves unchecked (the document says "
                 "\"unverified: no responses shipped\") instead of being refused"},
    [WHATIF_OPT_FORMAT] = {.name = "format",
                           .kind = CMD_OPT_CHOICE,
                           .choices = whatif_formats,
                           .def = "md",
                           .help = "the matrix on stdout as a Markdown table, CSV (a line per "
                                   "figure), the JSON document or the heat map (SVG)"},
    [WHATIF_OPT_EXPORT_MD] = {.name = "export-md",
                              .kind = CMD_OPT_STRING,
                              .metavar = "FILE",
                              .help = "also write the matrix as a Markdown table to FILE (-: to "
                                      "stdout, in place of --format)"},
    [WHATIF_OPT_EXPORT_CSV] =
        {.name = "export-csv",
         .kind = CMD_OPT_STRING,
         .metavar = "FILE",
         .help = "also write the matrix as CSV to FILE (-: to stdout, in place of --format)"},
    [WHATIF_OPT_EXPORT_JSON] =
        {.name = "export-json",
         .kind = CMD_OPT_STRING,
         .metavar = "FILE",
         .help = "also write the JSON document to FILE (-: to stdout, in place of --format)"},
    [WHATIF_OPT_EXPORT_SVG] =
        {.name = "export-svg",
         .kind = CMD_OPT_STRING,
         .metavar = "FILE",
         .help = "also write the heat map (SVG) to FILE (-: to stdout, in place of --format)"},
    [WHATIF_OPT_OUT] = {.name = "out",
                        .kind = CMD_OPT_STRING,
                        .metavar = "DIR",
                        .help = "also write the document as DIR/whatif.json, beside the records, "
                                "for iccsprof report"},
    [WHATIF_OPT_MEASURE] = {.name = "measure",
                            .kind = CMD_OPT_FLAG,
                            .help = "also measure every cell with iccsprof run --substitute on the "
                                    "record's profiled library, beside the projection"},
    [WHATIF_OPT_RUN_FLAGS] = {.name = "run-flags",
                              .kind = CMD_OPT_STRING,
                              .metavar = "FLAGS",
                              .help = "further iccsprof run options for --measure, split at "
                                      "blanks"},
    {0},
};

/* The state of one invocation. */
struct whatif {
    const struct cmd_args *args;
    struct export_files exports;
    const char *out;
    char work[PATH_MAX]; /* a scratch folder: the packages' builds, measured records */
    struct wi_set cands;
    struct rec_set *recs; /* one set per operand, in the order given */
    json_t *doc;
};

/* The option's text, or NULL when it was not given. */
static const char *whatif_text(const struct cmd_args *args, int opt)
{
    return args->opt[opt].given ? args->opt[opt].text : NULL;
}

/* Check the operands and every output before any work. */
static int whatif_check(struct whatif *w)
{
    const struct cmd_args *args = w->args;
    struct stat st;

    if (args->argc == 0)
        return cmd_usage_error(&cmd_whatif_entry, "no records given (record files or folders)");
    if (!args->opt[WHATIF_OPT_HASHES].given && !args->opt[WHATIF_OPT_CANDIDATE].given)
        return cmd_usage_error(&cmd_whatif_entry,
                               "no candidates: give --hashes DIR or --candidate NAME");
    for (int i = 0; i < args->argc; i++)
        if (stat(args->argv[i], &st) != 0) {
            cmd_error("%s: %s", args->argv[i], strerror(errno));
            return EXIT_USAGE;
        }
    w->exports.path[EXPORT_MD] = whatif_text(args, WHATIF_OPT_EXPORT_MD);
    w->exports.path[EXPORT_CSV] = whatif_text(args, WHATIF_OPT_EXPORT_CSV);
    w->exports.path[EXPORT_JSON] = whatif_text(args, WHATIF_OPT_EXPORT_JSON);
    w->exports.path[EXPORT_SVG] = whatif_text(args, WHATIF_OPT_EXPORT_SVG);
    if (export_check(&cmd_whatif_entry, &w->exports, args->argv, (size_t)args->argc) != EXIT_OK)
        return EXIT_USAGE;
    w->out = whatif_text(args, WHATIF_OPT_OUT);
    if (w->out != NULL && atomic_dir_writable(w->out) != 0) {
        cmd_error("--out %s: %s", w->out, strerror(errno));
        return EXIT_USAGE;
    }
    if (w->out != NULL) { /* a link or a folder there is never replaced: said before any work */
        char *path = xasprintf("%s/whatif.json", w->out);
        const char *why = atomic_refusal(path);

        if (why != NULL)
            cmd_error("--out %s: %s: %s", w->out, path, why);
        free(path);
        if (why != NULL)
            return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Read the records of each operand; EXIT_OK, or EXIT_USAGE when any
 * could not be. */
static int whatif_records(struct whatif *w)
{
    size_t bad = 0;

    w->recs = calloc((size_t)w->args->argc, sizeof *w->recs);
    for (int i = 0; i < w->args->argc; i++)
        bad += rec_set_scan(&w->recs[i], &w->args->argv[i], 1);
    if (bad > 0) {
        cmd_error("%zu of the inputs could not be read as records; nothing written", bad);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The control, the named candidates and the packages of --hashes. */
static int whatif_candidates(struct whatif *w)
{
    const struct cmd_value *named = &w->args->opt[WHATIF_OPT_CANDIDATE];
    const char *dir = whatif_text(w->args, WHATIF_OPT_HASHES);
    bool allow = w->args->opt[WHATIF_OPT_ALLOW_UNVERIFIED].given > 0;
    int rc, found;

    wi_add_control(&w->cands);
    for (unsigned i = 0; i < named->given; i++)
        if ((rc = wi_add_named(&w->cands, cmd_whatif_entry.name, named->all[i], w->work, allow)) !=
            EXIT_OK)
            return rc;
    if (dir == NULL)
        return EXIT_OK;
    if ((found = wi_add_dir(&w->cands, dir, w->work, allow)) < 0)
        return EXIT_USAGE;
    if (found == 0) {
        cmd_error("--hashes %s: no hash package (no folder below it holds "
                  "CryptHash_AlgorithmInstance.h)",
                  dir);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The document's head, its rows to come. */
static json_t *whatif_document(const struct whatif *w)
{
    char cpu[256], emulation[512];

    host_cpu_model(cpu, sizeof cpu);
    return json_pack("{s:s, s:{s:s, s:s}, s:s, s:s, s:{s:s, s:s, s:b}, s:{s:s, s:f}, s:o, s:o, "
                     "s:[]}",
                     "schema", WHATIF_SCHEMA, "tool", "name", "iccsprof", "version",
                     PACKAGE_VERSION, "created", provenance_date(), "command", provenance_command(),
                     "host", "name", provenance_host(), "cpu", cpu, "emulated",
                     host_emulation(emulation, sizeof emulation) == 1, "method", "projection",
                     wi_method, "flag_percent", WHATIF_FLAG_PERCENT, "candidates",
                     wi_cands_json(&w->cands), "refused", wi_refused_json(&w->cands), "rows");
}

/* Run `iccsprof run` with ARGV in this process (the cells measured by
 * wi_measure); its exit status. */
static int whatif_run(struct strlist *argv)
{
    struct cmd_args args;
    int rc;

    if ((rc = cmd_parse(&cmd_run_entry, (int)argv->n, argv->v, &args)) != EXIT_OK)
        return rc;
    rc = cmd_run_entry.exec(&args);
    cmd_args_free(&args);
    return rc;
}

/* Project every record's rows, and measure them when asked. */
static int whatif_rows(struct whatif *w)
{
    json_t *all = json_object_get(w->doc, "rows");
    struct strlist flags = {0};
    int rc = EXIT_OK;

    if (w->args->opt[WHATIF_OPT_RUN_FLAGS].given)
        strlist_add_words(&flags, w->args->opt[WHATIF_OPT_RUN_FLAGS].text);
    for (int o = 0; o < w->args->argc && rc == EXIT_OK; o++)
        for (size_t i = 0; i < w->recs[o].n && rc == EXIT_OK; i++) {
            const struct rec *r = w->recs[o].recs[i];
            json_t *rows = wi_project(r, &w->cands, &rc), *row;
            size_t k;

            if (rows == NULL)
                break;
            rc = EXIT_OK;
            json_array_foreach(rows, k, row)
            {
                if (rc == EXIT_OK && jobs_interrupted() != 0)
                    rc = 128 + jobs_interrupted();
                if (rc == EXIT_OK && w->args->opt[WHATIF_OPT_MEASURE].given)
                    rc = wi_measure(row, r, &w->cands.c[k], &flags, w->work, whatif_run);
            }
            wi_measured_basis(rows);
            json_array_extend(all, rows);
            json_decref(rows);
        }
    strlist_free(&flags);
    return rc;
}

/* Print the document in FORMAT to OUT. */
static void whatif_print(json_t *doc, enum whatif_format format, FILE *out)
{
    if (format == WHATIF_CSV)
        wi_print_csv(doc, out);
    else if (format == WHATIF_JSON)
        wi_print_json(doc, out);
    else if (format == WHATIF_SVG)
        whatif_svg_print(doc, out);
    else
        wi_print_md(doc, out);
}

/* Write the document in FORMAT to PATH whole or not at all (`-`: to the
 * standard output an export took); 0, or -1 after a message naming
 * OPTION. */
static int whatif_write(json_t *doc, enum whatif_format format, const char *path,
                        const char *option)
{
    char tmp[PATH_MAX];
    int fd, bad;
    FILE *f;

    if (export_is_stdout(path)) {
        whatif_print(doc, format, export_stdout());
        if (fflush(export_stdout()) == 0)
            return 0;
        cmd_error("%s -: %s", option, strerror(errno));
        return -1;
    }
    fd = atomic_open(path, tmp, sizeof tmp);
    if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
        cmd_error("%s %s: %s", option, path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return -1;
    }
    whatif_print(doc, format, f);
    bad = ferror(f) | fclose(f);
    if (bad != 0 || atomic_commit(tmp, path) != 0) {
        cmd_error("%s %s: %s", option, path,
                  errno == EEXIST ? atomic_refusal(path) : strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* The outputs: the exports, DIR/whatif.json, and stdout unless an
 * export took it. */
static int whatif_outputs(const struct whatif *w)
{
    int bad = 0;

    static const struct {
        enum export_format file;
        enum whatif_format format;
        const char *option;
    } exports[] = {{EXPORT_MD, WHATIF_MD, "--export-md"},
                   {EXPORT_CSV, WHATIF_CSV, "--export-csv"},
                   {EXPORT_JSON, WHATIF_JSON, "--export-json"},
                   {EXPORT_SVG, WHATIF_SVG, "--export-svg"}};

    for (size_t i = 0; i < sizeof exports / sizeof exports[0]; i++)
        if (w->exports.path[exports[i].file] != NULL)
            bad |= whatif_write(w->doc, exports[i].format, w->exports.path[exports[i].file],
                                exports[i].option);
    if (w->out != NULL) {
        char *path = xasprintf("%s/whatif.json", w->out);

        bad |= whatif_write(w->doc, WHATIF_JSON, path, "--out");
        free(path);
    }
    if (!export_to_stdout(&w->exports))
        whatif_print(w->doc, (enum whatif_format)w->args->opt[WHATIF_OPT_FORMAT].num, stdout);
    return bad != 0 ? EXIT_USAGE : EXIT_OK;
}

/* Make the matrix. */
static int cmd_whatif_exec(const struct cmd_args *args)
{
    struct whatif w;
    const char *tmp = getenv("TMPDIR");
    int rc;

    memset(&w, 0, sizeof w);
    w.args = args;
    /* SIGINT and SIGTERM wait between the builds and measurements, which
     * take them while they run, and end the command with a line */
    jobs_catch_signals();
    if ((rc = whatif_check(&w)) != EXIT_OK || (rc = whatif_records(&w)) != EXIT_OK)
        goto out;
    snprintf(w.work, sizeof w.work, "%s/iccsprof-whatif.XXXXXX",
             tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
    if (mkdtemp(w.work) == NULL) {
        cmd_error("%s: %s", w.work, strerror(errno));
        w.work[0] = '\0';
        rc = EXIT_USAGE;
        goto out;
    }
    if ((rc = whatif_candidates(&w)) != EXIT_OK)
        goto out;
    w.doc = whatif_document(&w);
    if ((rc = whatif_rows(&w)) == EXIT_OK)
        rc = whatif_outputs(&w);
out:
    if (rc > 128) {
        char name[32];

        cmd_error("interrupted by %s: no document written",
                  fmt_signal(name, sizeof name, rc - 128));
    }
    if (w.work[0] != '\0')
        file_remove_tree(w.work);
    json_decref(w.doc);
    wi_set_free(&w.cands);
    for (int i = 0; w.recs != NULL && i < args->argc; i++)
        rec_set_free(&w.recs[i]);
    free(w.recs);
    return rc;
}

const struct cmd_entry cmd_whatif_entry = {
    .name = "whatif",
    .operands = "RECORDS...",
    .summary = "project, and measure when asked, each operation of placeholder records with "
               "each candidate hash behind the helpers",
    .options = whatif_options,
    .exec = cmd_whatif_exec,
};
