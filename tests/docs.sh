#!/bin/sh
# docs.sh - the documentation holds together: README keeps the project's
# two quick-start commands, every chapter of the user guide is in its
# index and shipped, and every relative link of README.md, doc/ and
# profiles/README.md names a file and a heading that exist.
. "$top_srcdir/tests/lib.sh"

cd "$top_srcdir" || exit 99

# The quick start is the project's contract (CI runs the second line).
for command in './bootstrap && make -j2 profile' './bootstrap && make -j2 check-long'; do
    if awk -v want="    $command" 'index($0, want) == 1 { found = 1 } END { exit !found }' README.md; then
        pass "README gives the command $command"
    else
        fail "README gives the command $command" "not found as a code line"
    fi
done

# Each chapter is listed in the guide's index and shipped with the tree
# (a distcheck run reads the shipped files alone, so a chapter left out
# of doc/local.mk is missing there).
for chapter in doc/guide/*.md; do
    name=$(basename "$chapter")
    [ "$name" = index.md ] && continue
    if grep -q "(${name})" doc/guide/index.md; then
        pass "doc/guide/index.md lists $name"
    else
        fail "doc/guide/index.md lists $name" "no link ($name)"
    fi
    if grep -q "doc/guide/$name" doc/local.mk; then
        pass "$name is shipped and installed"
    else
        fail "$name is shipped and installed" "not in doc/local.mk"
    fi
done

expect_status "every link of the documentation resolves" 0 \
    python3 tests/doc-links.py . README.md doc/*.md doc/guide/*.md profiles/README.md
if [ -s "$work/out" ]; then sed 's/^/# /' "$work/out"; fi

# The checker itself finds a missing file and a missing heading.
printf '# Title\n\n[a](#title) [b](#none) [c](nowhere.md) [d\nwrapped](#gone)\n\n    [e](#code)\n' >"$work/t.md"
expect_status "a broken link is found" 1 python3 tests/doc-links.py "$work" t.md
expect_grep "a missing heading is named" "t.md:3: #none: no heading #none in t.md" "$work/out"
expect_grep "a missing file is named" "t.md:3: nowhere.md: no such file" "$work/out"
expect_grep "a link wrapped over two lines is checked" "t.md:3: #gone: no heading #gone in t.md" "$work/out"
expect_grep "a link in a code block is not" "^4 links checked, 3 broken" "$work/out"
finish
