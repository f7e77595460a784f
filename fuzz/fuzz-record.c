/* fuzz-record.c - libFuzzer target of the record reader: every input is
 * written to a file and read with rec_load, as report and compare read
 * records, and a record it accepts is printed as every Markdown section
 * of the report, so that whatever a file holds the reader returns a
 * record the report can print, or one line saying why: never a crash,
 * an overflow or a leak.  The same file is read as a what-if document
 * too, and one the reader accepts drawn as a heat map and printed as the
 * report's What if section. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "record/record-read.h"
#include "report/report.h"
#include "record/whatif-doc.h"
#include "whatif/whatif-svg.h"

/* The file each input is written to, created once. */
static char fuzz_path[] = "/tmp/iccsprof-fuzz-XXXXXX";
static int fuzz_fd = -1;

/* Where the reports go. */
static FILE *fuzz_out;

/* Remove the file when the fuzzer ends. */
static void fuzz_cleanup(void)
{
    unlink(fuzz_path);
}

/* Read the input as a what-if document; draw and print one accepted, its
 * rows as the report prints them for a record of each row's scheme. */
static void fuzz_whatif(void)
{
    char err[1024];
    json_t *doc = whatif_doc_load(fuzz_path, err, sizeof err);
    json_t *rows = json_object_get(doc, "rows");
    struct report_opts opts = {.top = 10, .whatif = &doc, .nwhatif = 1};
    struct rec rec = {.scheme_id = (char *)"",
                      .instance = (char *)"",
                      .algorithm = (char *)"",
                      .cycles_source = (char *)"perf_event"};
    struct rec *recs[] = {&rec};
    struct page *pg;

    if (doc == NULL)
        return;
    whatif_svg_print(doc, fuzz_out);
    if (json_array_size(rows) > 0) {
        rec.scheme_id = (char *)whatif_str(json_array_get(rows, 0), "scheme");
        rec.cycles_source = (char *)whatif_str(json_array_get(rows, 0), "cycles_source");
    }
    pg = page_new();
    report_whatif.markdown(recs, 1, &opts, pg);
    page_print_md(pg, fuzz_out);
    page_free(pg);
    json_decref(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    struct rec *r;

    if (fuzz_fd < 0) {
        if ((fuzz_fd = mkstemp(fuzz_path)) < 0 || (fuzz_out = fopen("/dev/null", "w")) == NULL)
            abort();
        atexit(fuzz_cleanup);
    }
    if (ftruncate(fuzz_fd, 0) != 0 || pwrite(fuzz_fd, data, size, 0) != (ssize_t)size)
        abort();
    r = rec_load(fuzz_path, err, sizeof err);
    if (r != NULL) {
        struct report_opts opts = {.top = 10};

        report_print(report_sections, REPORT_NSECTIONS, &r, 1, REPORT_MD, &opts, fuzz_out);
    }
    rec_free(r);
    fuzz_whatif();
    return 0;
}
