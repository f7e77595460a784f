#!/bin/sh
# installcheck.sh - the installed tree alone profiles a package: the
# installed iccsprof (BINDIR), its measuring program and libiccswrap.a,
# run on an in-tree scheme and on a package whose Makefile chooses its
# sources, each copied to a temporary folder, from a folder
# outside the source and build trees, with an environment that names
# neither.  Nothing it writes or records may point into either tree.
# Usage (make installcheck): installcheck.sh BINDIR SRCDIR BUILDDIR
set -u
bindir=$1 srcdir=$(cd -P "$2" && pwd) builddir=$(cd -P "$3" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/iccsprof-installcheck.XXXXXX")
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
failures=0

# fail WHAT: say what went wrong.
fail() { echo "installcheck: $*" >&2; failures=$((failures + 1)); }

cp -RL "$srcdir/schemes/sign-wots" "$work/pkg" && chmod -R u+w "$work/pkg" || exit 1
mkdir "$work/run"
cd "$work/run" || exit 1
env -i PATH=/usr/bin:/bin HOME="$work/home" "$bindir/iccsprof" profile "$work/pkg" \
    --instances WOTS-SM3-16 --op keygen --trials 2 --target-seconds 0.02 -j 2 \
    --run-flags "--min-calls 5 --profile-seconds 0.02 --max-seconds 60 --precision off" \
    >"$work/report.md" 2>"$work/progress" || fail "iccsprof profile failed: $(tail -n 5 "$work/progress")"
rec=profiles/pkg/WOTS-SM3-16__keygen.json
[ -f "$rec" ] || fail "no record $rec"
grep -q '"state": "complete"' "$rec" || fail "the record is not complete"
grep -q '^## [0-9]*\. Symmetric primitives$' "$work/report.md" || fail "no report on stdout"
[ -f "$work/home/.cache/iccsprof/pkg/WOTS-SM3-16/libWOTS-SM3-16.prof.so" ] ||
    fail "no profiled library under the default build folder"
# A package whose own Makefile chooses the library's sources: the
# installed tool reads it, and says so.
cp -RL "$srcdir/tests/fixtures/packages/twomake" "$work/twomake" && chmod -R u+w "$work/twomake" ||
    exit 1
env -i PATH=/usr/bin:/bin HOME="$work/home" "$bindir/iccsprof" profile "$work/twomake" \
    --op sign --kat off --trials 2 --target-seconds 0.02 \
    --run-flags "--min-calls 5 --profile-seconds 0.02 --max-seconds 60 --precision off" \
    >"$work/twomake.md" 2>"$work/twomake.err" ||
    fail "iccsprof profile of a package with build files failed: $(tail -n 5 "$work/twomake.err")"
grep -q "^iccsprof profile: Tw-128: sources, -I and -D from api_pkc/Makefile, target tw_kat_api\$" \
    "$work/twomake.err" || fail "the package's Makefile did not decide its sources"
grep -q '"state": "complete"' profiles/twomake/Tw-128__sign.json 2>/dev/null ||
    fail "no complete record of the package with build files"
# (the installed tree itself may lie below the source tree, as in make
# distcheck: its own paths do not count)
prefix=$(cd -P "$bindir/.." && pwd)
leaks=$(grep -rhIF -e "$srcdir" -e "$builddir" "$work/run" "$work/home" "$work/progress" \
    "$work/twomake.err" 2>/dev/null |
    grep -vF "$prefix/" | head -n 3)
[ -z "$leaks" ] || fail "the installed tree used the source or build tree: $leaks"
[ $failures -eq 0 ] &&
    echo "installcheck: the installed iccsprof profiled a copied scheme and a package with build files"
exit $((failures > 0))
