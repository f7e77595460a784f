# tests: `iccsprof site`.  The HTML renderer of the page model is a unit
# suite; the site of a campaign over the in-tree schemes is checked by a
# script, with tidy and in headless Chromium (the harness page loads each
# page in a frame and reports what the browser shows).
LONG_TESTS += tests/site.sh
dist_noinst_SCRIPTS += tests/site.sh
dist_noinst_DATA += tests/site-harness.html
CLEANFILES += tests/site-page.png
tests_check_iccsprof_SOURCES += tests/check_page_html.c
# the screenshot doc/guide/site.md shows, taken as the test takes it
EXTRA_DIST += doc/site-page.png
