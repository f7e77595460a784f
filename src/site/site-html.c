/* site-html.c - what every page of the site shares: the document around
 * the page, its inline style (screen, phone, print) and sorting script,
 * the trail and the system switch, and the links a page may make. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/markup.h"
#include "report/provenance.h"
#include "site/site.h"

/* The style: readable from a phone's width to 200 % zoom with no
 * sideways scrolling of the page (a wide table scrolls in its own box),
 * colours of WCAG AA contrast on white, and the print of the published
 * pages: the trail, the title, the sections and their tables in black.
 * The chart's own classes (svg.c) are not used here. */
static const char site_css[] =
    "*{box-sizing:border-box}"
    "body{margin:0;color:#1b1b1b;background:#fff;"
    "font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}"
    "header,main,footer{max-width:72rem;margin:0 auto;padding:0 1rem}"
    "header{padding-top:.75rem;padding-bottom:.5rem;border-bottom:1px solid #c8c8c8;"
    "display:flex;flex-wrap:wrap;gap:.25rem 1.5rem}"
    "header ol,header ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap}"
    ".systems{display:flex;flex-wrap:wrap}"
    ".trail li+li::before{content:'\\203A';margin:0 .4rem;color:#4d4d4d}"
    ".systems li+li::before{content:'\\00B7';margin:0 .4rem;color:#4d4d4d}"
    ".systems .label{margin-right:.4rem}"
    ".absent{color:#4d4d4d}"
    "a{color:#0b5394}a:visited{color:#6a1b9a}"
    "a:focus-visible,.tbl:focus-visible,button:focus-visible{outline:3px solid #0b5394;"
    "outline-offset:2px}"
    ".skip{position:absolute;left:-100vw}.skip:focus{left:1rem;top:.5rem;background:#fff;"
    "padding:.25rem .5rem}"
    "h1{font-size:1.6rem;line-height:1.25;margin:1rem 0}"
    "h2{font-size:1.25rem;margin:2rem 0 .75rem;padding-bottom:.2rem;border-bottom:1px solid "
    "#c8c8c8}"
    "p,li{overflow-wrap:anywhere}"
    "code{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:.9em;"
    "overflow-wrap:anywhere}"
    ".made{color:#4d4d4d;font-size:.875rem}"
    ".tbl{overflow-x:auto;margin:.75rem 0;border:1px solid #c8c8c8}"
    "table{border-collapse:collapse;min-width:100%;font-size:.9rem}"
    "th,td{padding:.3rem .6rem;text-align:left;vertical-align:top;border-bottom:1px solid "
    "#dedede}"
    "thead th{background:#eef1f4;border-bottom:2px solid #8a8a8a}"
    "tbody th{font-weight:normal}"
    "td code,th code{overflow-wrap:normal;white-space:nowrap}"
    ".num{text-align:right;font-variant-numeric:tabular-nums}"
    "th button{font:inherit;font-weight:bold;color:inherit;background:none;border:0;padding:0;"
    "cursor:pointer;text-align:inherit}"
    "th button::after{content:' \\2195';color:#4d4d4d}"
    "th[aria-sort=ascending] button::after{content:' \\25B2'}"
    "th[aria-sort=descending] button::after{content:' \\25BC'}"
    ".vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
    "white-space:nowrap}"
    ".notes{font-size:.9rem}"
    ".chart{margin:1rem 0}.chart svg{display:block;max-width:100%;height:auto}"
    ".chart figcaption{font-size:.9rem;color:#4d4d4d}"
    "footer{margin-top:2rem;padding-top:.5rem;padding-bottom:1rem;border-top:1px solid #c8c8c8;"
    "font-size:.875rem}"
    "@media print{"
    "body{font:10pt/1.35 'DejaVu Serif',Georgia,serif;color:#000}"
    "header,main,footer{max-width:none;padding:0}"
    "header{border:0}"
    ".skip,footer,.chart figcaption{display:none}"
    "a,a:visited{color:#000;text-decoration:none}"
    ".tbl{overflow:visible;border:0}"
    "table{font-size:8.5pt;width:100%}th,td{padding:1pt 4pt}"
    "thead th{background:none;border-bottom:1px solid #000}"
    "td code,th code{white-space:normal;overflow-wrap:anywhere}"
    "th button::after{content:none}"
    "h1{font-size:14pt}h2{font-size:12pt;border:0;break-after:avoid}"
    "tr,figure{break-inside:avoid}"
    ".chart svg{width:120mm}"
    "}";

/* Tables sorted by a click on a column's header; without the script the
 * page reads the same, in the order the report gives. */
static const char site_js[] =
    "(function(){'use strict';"
    "var units={k:1e3,M:1e6,G:1e9,T:1e12,ns:1e-9,'\\u00b5s':1e-6,us:1e-6,ms:1e-3,s:1,KiB:1024,"
    "MiB:1048576,GiB:1073741824};"
    "function number(t){t=t.replace(/,/g,'');var "
    "m=/^\\s*([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[-+]?\\d+)?)\\s*(\\S*)/i"
    ".exec(t);if(!m)return NaN;var u=m[2];"
    "return parseFloat(m[1])*(Object.prototype.hasOwnProperty.call(units,u)?units[u]:1);}"
    "function sortBy(table,col,th){"
    "var asc=th.getAttribute('aria-sort')!=='ascending',num=th.classList.contains('num');"
    "Array.prototype.forEach.call(table.tHead.rows[0].cells,function(c){"
    "c.removeAttribute('aria-sort');});"
    "th.setAttribute('aria-sort',asc?'ascending':'descending');"
    "var body=table.tBodies[0];"
    "var rows=Array.prototype.map.call(body.rows,function(r,i){"
    "var t=r.cells[col]?r.cells[col].textContent:'';return{r:r,i:i,t:t,n:number(t)};});"
    "rows.sort(function(a,b){var d;"
    "if(num&&(isNaN(a.n)||isNaN(b.n))){if(isNaN(a.n)!==isNaN(b.n))return isNaN(a.n)?1:-1;"
    "d=0;}else d=num?a.n-b.n:a.t.localeCompare(b.t,undefined,{numeric:true});"
    "return(asc?d:-d)||a.i-b.i;});"
    "rows.forEach(function(x){body.appendChild(x.r);});}"
    "Array.prototype.forEach.call(document.querySelectorAll('table.sortable'),function(table){"
    "Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,col){"
    "var b=document.createElement('button');b.type='button';"
    "while(th.firstChild)b.appendChild(th.firstChild);th.appendChild(b);"
    "b.addEventListener('click',function(){sortBy(table,col,th);});});});"
    "})();";

/* TARGET escaped for a URL: bytes other than letters, digits and
 * "-._~/" as %XX. */
static char *site_url(const char *target)
{
    static const char safe[] = "-._~/";
    char *url = xmalloc(3 * strlen(target) + 1), *u = url;

    for (const unsigned char *c = (const unsigned char *)target; *c != '\0'; c++)
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
            strchr(safe, *c) != NULL)
            *u++ = (char)*c;
        else
            u += sprintf(u, "%%%02X", *c);
    *u = '\0';
    return url;
}

/* Let a page link to TARGET at HREF. */
void site_link(struct site_links *l, const char *target, const char *href)
{
    char *url = site_url(href);

    strlist_add(&l->targets, target);
    strlist_add(&l->hrefs, url);
    free(url);
}

/* The address of TARGET on a page whose links are CTX, or NULL. */
static const char *site_href(void *ctx, const char *target)
{
    const struct site_links *l = ctx;

    for (size_t i = 0; i < l->targets.n; i++)
        if (strcmp(l->targets.v[i], target) == 0)
            return l->hrefs.v[i];
    return NULL;
}

/* The page_html of a page whose links are L. */
struct page_html site_links_html(struct site_links *l)
{
    return (struct page_html){.href = site_href, .ctx = l};
}

void site_links_free(struct site_links *l)
{
    strlist_free(&l->targets);
    strlist_free(&l->hrefs);
}

/* Print a link to HREF (escaped here) reading TEXT. */
static void site_a(FILE *out, const char *href, const char *text)
{
    char *url = site_url(href);

    fprintf(out, "<a href=\"%s\">", url);
    markup_escape(out, text);
    fputs("</a>", out);
    free(url);
}

/* Print the trail: Performance measurements > SYSTEM > LEAF, the last
 * step the page itself. */
static void site_trail(FILE *out, const struct site_nav *nav)
{
    char *href;

    fputs("<nav aria-label=\"Trail\"><ol class=\"trail\">\n<li>", out);
    if (nav->system == NULL) {
        fputs("<span aria-current=\"page\">Performance measurements</span></li>\n", out);
    } else {
        href = xasprintf("%sindex.html", nav->depth);
        site_a(out, href, "Performance measurements");
        free(href);
        fputs("</li>\n<li>", out);
        if (nav->leaf != NULL)
            site_a(out, "index.html", nav->system);
        else {
            fputs("<span aria-current=\"page\">", out);
            markup_escape(out, nav->system);
            fputs("</span>", out);
        }
        fputs("</li>\n", out);
        if (nav->leaf != NULL) {
            fputs("<li><span aria-current=\"page\">", out);
            markup_escape(out, nav->leaf);
            fputs("</span></li>\n", out);
        }
    }
    fputs("</ol></nav>\n", out);
}

/* Print the system switch: the same page on every system, the page's own
 * system marked, a system that did not measure the scheme unlinked. */
static void site_switch(FILE *out, const struct site_nav *nav)
{
    fputs("<nav aria-label=\"Systems\" class=\"systems\"><span class=\"label\">system:</span>"
          "<ul>\n",
          out);
    for (size_t i = 0; i < nav->site->nsys; i++) {
        const struct site_system *sys = &nav->site->sys[i];
        long k = nav->scheme != NULL ? site_scheme_index(sys, nav->scheme) : 0;
        char *href;

        fputs("<li>", out);
        if (strcmp(sys->name, nav->system) == 0) {
            fputs("<strong aria-current=\"page\">", out);
            markup_escape(out, sys->name);
            fputs("</strong>", out);
        } else if (k < 0) {
            fputs("<span class=\"absent\">", out);
            markup_escape(out, sys->name);
            fputs(" (not measured)</span>", out);
        } else {
            href = nav->scheme != NULL ? xasprintf("../%s/%s.html", sys->slug, sys->slugs.v[k])
                                       : xasprintf("../%s/%s", sys->slug, nav->file);
            site_a(out, href, sys->name);
            free(href);
        }
        fputs("</li>", out);
    }
    fputs("\n</ul></nav>\n", out);
}

/* Print the start of a page. */
void site_html_open(FILE *out, const char *title, const struct site_nav *nav)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
          out);
    fprintf(out, "<meta name=\"generator\" content=\"%s\">\n<title>", provenance_tool());
    markup_escape(out, title);
    fprintf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n", site_css);
    fputs("<a class=\"skip\" href=\"#main\">Skip to the content</a>\n<header>\n", out);
    site_trail(out, nav);
    if (nav->site != NULL && nav->system != NULL)
        site_switch(out, nav);
    fputs("</header>\n<main id=\"main\">\n", out);
}

/* Print the end of a page. */
void site_html_close(FILE *out, const struct site_nav *nav)
{
    char *home = xasprintf("%sindex.html", nav->depth);

    fputs("</main>\n<footer>\n<p>Made with ", out);
    markup_escape(out, provenance_tool());
    fputs(" \xc2\xb7 ", out);
    site_a(out, home, "all systems and schemes");
    if (nav->system != NULL) {
        fputs(" \xc2\xb7 ", out);
        site_a(out, "method.html", "the method of this system");
    }
    fprintf(out, "</p>\n</footer>\n<script>%s</script>\n</body>\n</html>\n", site_js);
    free(home);
}
