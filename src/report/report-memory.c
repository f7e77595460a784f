/* report-memory.c - the Resource consumption section: the library's static
 * ELF image and the measuring process's baseline and peak RSS. */
#include "config.h"

#include "report/flat.h"
#include "util/format.h"
#include "report/report.h"

/* Add the Resource consumption table of RECS. */
static void memory_markdown(struct rec *const *recs, size_t n, const struct report_opts *opts,
                            struct page *pg)
{
    static const char *const headers[] = {"instance", "operation", "static: ELF image (bytes)",
                                          "baseline RSS", "peak RSS"};
    struct mdtable *t = mdtable_new(NULL, 5, headers, "llrrr");

    (void)opts;
    report_heading(pg, &report_memory);
    page_text(pg, "The static figure is the library's loadable ELF segments; baseline and peak "
                  "RSS are the measuring process's resident memory before the first operation "
                  "and at its high-water mark (VmHWM), driver and libc included: upper bounds "
                  "rather than the algorithm's own memory.");
    for (size_t i = 0; i < n; i++) {
        const struct rec *r = recs[i];
        char c[5][REPORT_CELL];
        const char *cells[5] = {c[0], rec_op_name(r->op), c[2], c[3], c[4]};

        report_instance_cell(c[0], sizeof c[0], r);
        fmt_count(c[2], sizeof c[2], r->static_image_bytes);
        fmt_kib(c[3], sizeof c[3], r->baseline_rss_kib);
        fmt_kib(c[4], sizeof c[4], r->peak_rss_kib);
        mdtable_row(t, cells);
    }
    report_notes(t, recs, n, NOTE_FAILED);
    page_table(pg, t);
}

/* The Resource consumption columns of CSV/JSON. */
static void memory_columns(json_t *keys)
{
    json_array_append_new(keys, json_string("static_image_bytes"));
    json_array_append_new(keys, json_string("baseline_rss_kib"));
    json_array_append_new(keys, json_string("peak_rss_kib"));
}

/* The Resource consumption fields of R. */
static void memory_fields(const struct rec *r, json_t *row)
{
    json_object_set_new(row, "static_image_bytes", flat_count(r->static_image_bytes));
    json_object_set_new(row, "baseline_rss_kib", flat_count(r->baseline_rss_kib));
    json_object_set_new(row, "peak_rss_kib", flat_count(r->peak_rss_kib));
}

const struct report_section report_memory = {
    .name = "memory",
    .number = 5,
    .title = "Resource consumption",
    .markdown = memory_markdown,
    .columns = memory_columns,
    .fields = memory_fields,
};
