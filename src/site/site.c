/* site.c - `iccsprof site`: read the systems, make every page, and write
 * them with their evidence into the output folder. */
#include "config.h"

#include <stdlib.h>

#include "util/message.h"
#include "site/site.h"
#include "record/whatif-doc.h"

/* Build the site of FOLDERS in OUT. */
int site_make(const char *out, char *const *folders, size_t nfolders)
{
    struct site s = {.out = out};
    size_t npages = 0;
    int rc;

    rc = site_read(&s, folders, nfolders);
    if (rc == 0)
        rc = site_check_out(&s, folders, nfolders);
    if (rc == 0)
        rc = site_keep_earlier(&s);
    if (rc == 0)
        rc = site_systems_ready(&s);
    for (size_t i = 0; rc == 0 && i < s.nsys; i++)
        for (size_t k = 0; rc == 0 && k < s.sys[i].schemes.n; k++, npages++)
            rc = site_scheme_page(&s, i, k);
    if (rc == 0) {
        site_index(&s);
        for (size_t i = 0; i < s.nsys; i++) {
            site_system_page(&s, i);
            site_method_page(&s, i);
        }
        rc = site_commit(&s);
    }
    if (rc == 0)
        printf("site: %zu scheme pages of %zu system%s in %s (open %s/index.html)\n", npages,
               s.nsys, s.nsys == 1 ? "" : "s", out, out);
    site_free(&s);
    return rc == 0 ? EXIT_OK : EXIT_USAGE;
}

/* Free everything S holds. */
void site_free(struct site *s)
{
    for (size_t i = 0; i < s->nsys; i++)
        site_system_free(&s->sys[i]);
    free(s->sys);
    for (size_t i = 0; i < s->nfiles; i++) {
        free(s->files[i].rel);
        free(s->files[i].data);
        free(s->files[i].src);
    }
    free(s->files);
}
