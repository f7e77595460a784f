#!/bin/sh
# install-docs.sh - `make install` puts the manual pages where man finds
# them (iccsprof(1) and a page per command), and the licence and the
# record format reference beside the docs.
. "$top_srcdir/tests/lib.sh"

dest="$work/dest"
# A make of its own, not one of the jobs of the make running the tests.
if (cd "$top_builddir" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make install DESTDIR="$dest") \
    >"$work/install.log" 2>&1; then
    pass "make install DESTDIR=... succeeds"
else
    fail "make install DESTDIR=... succeeds" "$(tail -c 400 "$work/install.log")"
fi
page=$(find "$dest" -path '*/man1/iccsprof.1' | head -n 1)
if [ -n "$page" ]; then pass "the manual page is installed in man1"; else fail "the manual page is installed in man1" "$(find "$dest" -type f | head)"; fi
completion=$(find "$dest" -path '*/share/bash-completion/completions/iccsprof' | head -n 1)
if [ -n "$completion" ]; then pass "bash completion is installed"; else fail "bash completion is installed" "$(find "$dest" -type f | head)"; fi
if [ -n "$completion" ] && command -v bash >/dev/null 2>&1; then
    expect_status "the installed completion loads in bash" 0 bash -c '. "$1" && complete -p iccsprof' sh "$completion"
    expect_grep "and completes iccsprof with _iccsprof" "complete .*-F _iccsprof iccsprof" "$work/out"
fi
for doc in LICENSE README.md profiles/README.md; do
    if [ -n "$(find "$dest" -path "*/doc/iccsprof/$doc")" ]; then pass "$doc is installed as documentation"; else fail "$doc is installed as documentation" "$(find "$dest" -type f | head)"; fi
done
# The user guide lies beside README.md under the paths it has in the tree,
# so that README's links and the chapters' links to each other hold in the
# installed copy (the in-tree schemes' READMEs, which the guide also
# names, are not installed).
docdir=$(find "$dest" -path "*/doc/iccsprof/README.md" | head -n 1)
docdir=${docdir%/README.md}
for chapter in "$top_srcdir"/doc/guide/*.md; do
    doc=doc/guide/$(basename "$chapter")
    if [ -n "$docdir" ] && [ -f "$docdir/$doc" ]; then pass "$doc is installed as documentation"; else fail "$doc is installed as documentation" "not in ${docdir:-the staged tree}"; fi
done
if [ -n "$docdir" ]; then
    expect_status "the installed documentation's links resolve" 0 \
        sh -c 'cd "$1" && python3 "$2/tests/doc-links.py" --skip schemes . README.md doc/*.md doc/guide/*.md profiles/README.md' \
        sh "$docdir" "$top_srcdir"
    if [ -s "$work/out" ]; then sed 's/^/# /' "$work/out"; fi
fi
if [ -n "$page" ] && command -v man >/dev/null 2>&1; then
    mandir=$(dirname "$(dirname "$page")")
    expect_status "man iccsprof finds the installed page" 0 env LC_ALL=C MANPATH="$mandir" MANWIDTH=200 man iccsprof
    expect_grep "the page names the tool" "^ *iccsprof - measure" "$work/out"
    # the page is made from the option tables: a command's options are in it
    for option in --trials --target-seconds --callers --format --fail-on --json --man; do
        expect_grep "the page lists $option" "^ *$option\\b" "$work/out"
    done
    expect_grep "the page documents ICCSPROF_MEASURE" "^ *ICCSPROF_MEASURE" "$work/out"
    expect_grep "the page gives the licence" "MIT" "$work/out"
    expect_grep "the page has examples" "^EXAMPLES" "$work/out"
    expect_grep "the examples start with profile" "^ *iccsprof profile /path/to/Tins > report.md" "$work/out"
    expect_grep "the exit status of a signal is given" "^ *129, 130, 143" "$work/out"
    expect_grep "FILES names the installed schema" "^ */.*/share/iccsprof/profile.schema.json" "$work/out"
    expect_grep "FILES names the installed completion" "^ */.*/share/bash-completion/completions/iccsprof" "$work/out"
    expect_grep "the page documents ICCSPROF_VERBOSITY" "^ *ICCSPROF_VERBOSITY" "$work/out"
    if grep -q buildinfo "$work/out"; then fail "the page leaves out buildinfo" "listed"; else pass "the page leaves out buildinfo"; fi
    if [ -s "$work/err" ]; then fail "man prints no roff warnings" "$(head -c 300 "$work/err")"; else pass "man prints no roff warnings"; fi
    # a page per command, iccsprof-COMMAND(1), each named in iccsprof(1)'s SEE ALSO
    expect_grep "the page names iccsprof-profile(1) in SEE ALSO" "iccsprof-profile(1)," "$work/out"
    for cmd in $("$ICCSPROF" help -q); do
        if [ -f "$(dirname "$page")/iccsprof-$cmd.1" ]; then pass "iccsprof-$cmd.1 is installed"; else fail "iccsprof-$cmd.1 is installed" "$(ls "$(dirname "$page")")"; fi
    done
    expect_status "man iccsprof-profile finds its page" 0 env LC_ALL=C MANPATH="$mandir" MANWIDTH=200 man iccsprof-profile
    expect_grep "iccsprof-profile(1) names the command" "^ *iccsprof-profile - build a scheme package" "$work/out"
    expect_grep "iccsprof-profile(1) gives its synopsis" "^ *iccsprof profile \\[OPTIONS\\] \\[PACKAGE\\]$" "$work/out"
    expect_grep "iccsprof-profile(1) lists its options" "^ *--target-seconds S$" "$work/out"
    expect_grep "iccsprof-profile(1) gives the exit status" "^ *129, 130, 143" "$work/out"
    if grep -q -- "^ *--fail-on COND" "$work/out"; then fail "iccsprof-profile(1) holds no other command's options" "--fail-on"; else pass "iccsprof-profile(1) holds no other command's options"; fi
    if [ -s "$work/err" ]; then fail "man iccsprof-profile prints no roff warnings" "$(head -c 300 "$work/err")"; else pass "man iccsprof-profile prints no roff warnings"; fi
else
    echo "# man is not installed here: the page was not rendered"
fi
finish
