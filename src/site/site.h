/* site.h - `iccsprof site`: the published measurement pages as a static
 * HTML site, from one campaign output folder per system.
 *
 * OUT/index.html lists the systems and every scheme measured on each with
 * its headline shares; OUT/SYS/index.html a system's schemes;
 * OUT/SYS/SCHEME.html is the scheme's whole page as `iccsprof report`
 * builds it (page.h), rendered as HTML (page-html.h) under a trail
 * (Performance measurements > SYS > SCHEME) and a switch to the same
 * scheme on the other systems, with its share chart inline and its
 * evidence (records, run logs, KAT logs) copied to OUT/SYS/SCHEME/ and
 * linked; OUT/SYS/method.html the method, from the records' method
 * fields.  Pages fetch nothing: style and script are inline, so that the
 * site reads the same from disk and from any static server.
 *
 * Every file is written atomically; OUT/.iccsprof-site.json lists them, so
 * that OUT is known for a site of this tool (any other non-empty folder is
 * refused) and a later run removes the files it no longer writes.  A later
 * run keeps the schemes it does not measure again: their records, copied
 * beside their pages, are read back and their pages made again. */
#ifndef ICCSPROF_SITE_H
#define ICCSPROF_SITE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "site/page-html.h"
#include "record/record-scan.h"
#include "util/strlist.h"

/* One system: the records of one campaign output folder, from one host. */
struct site_system {
    char *name;   /* as the pages name it: the records' host name, else the folder's */
    char *slug;   /* its folder in the site */
    char *folder; /* the output folder given */
    struct rec_set set;
    json_t **whatif;        /* the what-if documents among its records */
    struct strlist schemes; /* scheme ids, in natural order */
    struct strlist slugs;   /* each scheme's file name in the site, in the same order */
};

/* A file the site writes: DATA[LEN] (a page), or a copy of SRC. */
struct site_file {
    char *rel; /* from OUT */
    char *data;
    size_t len;
    char *src;
};

struct site {
    const char *out;
    struct site_system *sys;
    size_t nsys;
    struct site_file *files;
    size_t nfiles;
};

/* The links a page may make: targets as written on the page, each with
 * its address. */
struct site_links {
    struct strlist targets, hrefs;
};

/* Read each of the NFOLDERS FOLDERS as a system into S, the folders of
 * one system (the same host name) merged; a system whose records are of
 * more than one host, or hold an operation twice, is refused; 0, or -1
 * after one-line errors. */
int site_read(struct site *s, char *const *folders, size_t nfolders);

/* Add SYS (taken over) to S, merged into the system of the same name when
 * there is one; 0, or -1 after one-line errors. */
int site_add_system(struct site *s, struct site_system *sys);

/* Add to S the schemes of each system the earlier site in S->out has and
 * S does not measure again, read back from the records that site copied
 * beside its pages (a system folder of it: SYS/ with index.html and
 * method.html), so that a site made again keeps its earlier pages; 0, or
 * -1 after one-line errors. */
int site_keep_earlier(struct site *s);

/* Once every record is in: each system's folder name in the site, its
 * schemes and its what-if documents; 0, or -1 after a line. */
int site_systems_ready(struct site *s);

/* Free what SYS holds. */
void site_system_free(struct site_system *sys);

/* The records of scheme K of system SYS, into RECS (room for all); how many. */
size_t site_scheme_recs(const struct site_system *sys, size_t k, struct rec **recs);

/* The index of scheme ID on SYS, or -1 when it was not measured there. */
long site_scheme_index(const struct site_system *sys, const char *id);

/* The longest slug: a longer name is cut and ends in a hash of it. */
#define SITE_SLUG_MAX 64

/* NAME made safe as one file name: letters, digits, '_' and '-' kept,
 * anything else '_'; at most SITE_SLUG_MAX bytes, a longer name cut and
 * ended by "-" and 8 hex digits of its hash; newly allocated. */
char *site_slug(const char *name);

/* Add a file written from DATA[LEN] (taken over) or copied from SRC, at
 * REL from OUT. */
void site_add_data(struct site *s, const char *rel, char *data, size_t len);
void site_add_copy(struct site *s, const char *rel, const char *src);

/* Whether OUT may take the site: missing (then made), empty, or a site of
 * this tool, and no folder of the records lies in it or holds it; 0, or
 * -1 after a one-line error. */
int site_check_out(const struct site *s, char *const *folders, size_t nfolders);

/* Write every file of S under OUT, then remove what the last site there
 * had and this one has not; 0, or -1 after a one-line error. */
int site_commit(const struct site *s);

/* Let a page link to TARGET at HREF (escaped here for a URL). */
void site_link(struct site_links *l, const char *target, const char *href);

/* The page_html of a page whose links are L. */
struct page_html site_links_html(struct site_links *l);

void site_links_free(struct site_links *l);

/* Where a page stands, for its header: the trail from the index to it and
 * the same page on each system. */
struct site_nav {
    const char *depth;       /* "" for OUT, "../" for OUT/SYS */
    const struct site *site; /* for the system switch; NULL: none */
    const char *system;      /* the page's system; NULL on the index */
    const char *leaf;        /* the last step of the trail: scheme, "method"; NULL: none */
    const char *file;        /* the page's file name in the system's folder */
    const char *scheme;      /* the scheme the switch looks for; NULL: every system has it */
};

/* Print the start of a page titled TITLE: head (inline style), header
 * with the trail and the system switch, the start of <main>. */
void site_html_open(FILE *out, const char *title, const struct site_nav *nav);

/* Print the end of the page: <main>'s end, the footer, the inline
 * script that makes tables sortable. */
void site_html_close(FILE *out, const struct site_nav *nav);

/* The pages of the site, added to S's files. */
void site_index(struct site *s);
void site_system_page(struct site *s, size_t sys);
void site_method_page(struct site *s, size_t sys);
int site_scheme_page(struct site *s, size_t sys, size_t k);

/* The headline shares of RECS[N]: "79%–100%" (hash) and "0.0%–0.2%"
 * (DRNG); one share when they agree. */
void site_share_range(struct rec *const *recs, size_t n, bool drng, char *buf, size_t size);

/* Build the site of the NFOLDERS FOLDERS in OUT: a CLI exit status, after
 * one-line errors. */
int site_make(const char *out, char *const *folders, size_t nfolders);

/* Free everything S holds. */
void site_free(struct site *s);

#endif
