#!/bin/sh
# catalog.sh - the official catalog (iccsprof catalog, --version, the
# manual page) and packages found the way evaluators hold them: archives
# built here from the in-tree schemes (a signature, a KEM, a key
# exchange) found by id, by name, by a descriptor line and, renamed, by
# their SHA-256; unknown ids answered with the nearest; hostile archives
# refused before anything is written; make profile on an archive.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

# no packages folder of the user's: only what the test names
HOME=$work/home
export HOME
unset ICCSPROF_PACKAGES ICCSPROF_CATALOG
mkdir -p "$HOME"
PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH

# expect_lines NAME WANT FILE: FILE must have WANT lines.
expect_lines() {
    got=$(wc -l <"$3")
    if [ "$got" -eq "$2" ]; then pass "$1"; else fail "$1" "$got lines: $(head -c 300 "$3")"; fi
}

# expect_no_entry NAME PATH: nothing was made at PATH.
expect_no_entry() {
    if [ -e "$2" ]; then fail "$1" "$(find "$2" | head -c 300)"; else pass "$1"; fi
}

# --- the catalog ---
expect_status "catalog lists every submission" 0 "$ICCSPROF" catalog
expect_lines "catalog: 119 submissions" 119 "$work/out"
expect_grep "catalog: sign-29 is Tins, in Tins/" "^sign-29   Tins  *Tins\$" "$work/out"
expect_status "catalog --category kex" 0 "$ICCSPROF" catalog --category kex
expect_lines "catalog --category kex: 9 key exchanges" 9 "$work/out"
expect_grep "catalog --category kex: kex-02 AFS-KEX" "^kex-02    AFS-KEX     AFS-KEX\$" "$work/out"
expect_status "catalog 'sign-2*'" 0 "$ICCSPROF" catalog 'sign-2*'
expect_lines "catalog 'sign-2*': sign-20 to sign-29" 10 "$work/out"
expect_status "catalog luan: a part of a name, letter case aside" 0 "$ICCSPROF" catalog luan
expect_grep "catalog luan: Qing Luan" "^sign-20   QingLuan  Qing Luan\$" "$work/out"
expect_status "catalog -v uhash" 0 "$ICCSPROF" catalog -v uhash
expect_grep "catalog -v: the official archive's SHA-256" "^hash-05   uHash  c398e49530510c9aa1deffd617855f9b8db448b4e30a35953d88ea0373c7d8e5  Cryptographic Hash Algorithm uHash\$" "$work/out"
expect_status "catalog of nothing fails" 1 "$ICCSPROF" catalog --category kem tins
expect_grep "catalog of nothing says so" "^iccsprof catalog: no submission of category kem matches tins\$" "$work/err"
expect_status "--version" 0 "$ICCSPROF" --version
expect_grep "--version names the catalog" "^catalog: NGCC Round 1, 119 submissions (34 sign, 41 kem, 9 kex, 35 hash), from .*/data/ngcc-catalog.tsv\$" "$work/out"
expect_status "the manual page" 0 "$ICCSPROF" help --man
expect_grep "the manual page names the catalog" "ngcc\\\\-catalog.tsv" "$work/out"
printf 'id\tcategory\tname\tfolder\tzip_sha256\nsign-01\tsign\tA\tA\tnothex\n' >"$work/bad.tsv"
expect_status "a broken catalog is refused" 2 env ICCSPROF_CATALOG="$work/bad.tsv" "$ICCSPROF" catalog
expect_grep "a broken catalog: file, line and fault" "^iccsprof catalog: $work/bad.tsv:2: the SHA-256 is not 64 lower-case hex digits\$" "$work/err"

# --- archives as downloaded, from the in-tree schemes ---
# pack SRC DEST TOP: the package SRC as the archive DEST (.zip, .tar.gz or
# .tar.xz) with one top folder TOP, its sources only, links followed
pack() {
    python3 - "$@" <<'EOS'
import os, sys, tarfile, zipfile
src, dest, top = sys.argv[1:4]
files = []
for root, dirs, names in os.walk(src, followlinks=True):
    dirs[:] = sorted(d for d in dirs if not d.startswith("."))
    for n in sorted(names):
        if not n.startswith(".") and n.endswith((".c", ".h", ".md", "Makefile")):
            path = os.path.join(root, n)
            files.append((path, os.path.join(top, os.path.relpath(path, src))))
if dest.endswith(".zip"):
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for path, name in files:
            z.write(path, name)
else:
    with tarfile.open(dest, "w:xz" if dest.endswith(".xz") else "w:gz", dereference=True) as t:
        for path, name in files:
            t.add(path, name)
EOS
}
pk=$work/ngcc
mkdir -p "$pk"
pack "$top_srcdir/schemes/sign-wots" "$pk/Tins.zip" Tins
pack "$top_srcdir/schemes/kem-mlwe" "$pk/Amoeba.tar.xz" Amoeba
cp -RL "$top_srcdir/schemes/kex-mlwe" "$pk/my-kex"
find "$pk/my-kex" \( -name '*.o' -o -name '*.lo' -o -name '.*' \) -prune -exec rm -rf {} +
echo "id = kex-02" >"$pk/my-kex/scheme.conf"
plan() { expect_status "$@" --builddir "$work/b" --no-build-files; }

plan "sign-29 found by id" 0 "$ICCSPROF" plan sign-29 --packages "$pk"
expect_grep "sign-29: the submission" "^  submission   sign-29 Tins\$" "$work/out"
expect_grep "sign-29: the archive is not the official one" "^  archive      Tins.zip (SHA-256 differs from the official archive of sign-29: measured as given)\$" "$work/out"
expect_grep "sign-29: the official name is the algorithm" "^  algorithm    Tins (the catalog: sign-29)\$" "$work/out"
expect_grep "sign-29: unpacked in the build folder" "^iccsprof plan: $pk/Tins.zip: unpacked into $work/b/sign-29/.archive/[0-9a-f]\{16\}\$" "$work/err"
expect_grep "sign-29: the package is the archive's top folder" "^  package      $work/b/sign-29/.archive/[0-9a-f]\{16\}/Tins\$" "$work/out"
if [ "$(ls "$pk")" = "$(printf 'Amoeba.tar.xz\nTins.zip\nmy-kex')" ]; then pass "nothing unpacked beside the archives"; else fail "nothing unpacked beside the archives" "$(ls "$pk")"; fi
first=$(ls "$work/b/sign-29/.archive")
plan "sign-29 again" 0 "$ICCSPROF" plan sign-29 --packages "$pk"
expect_grep "an unchanged archive is not unpacked again" "^iccsprof plan: $pk/Tins.zip: unchanged, as unpacked in $work/b/sign-29/.archive/$first\$" "$work/err"
plan "Tins found by name, letter case aside" 0 "$ICCSPROF" plan tins --packages "$pk"
expect_grep "Tins: the id is the catalog's" "^scheme sign-29\$" "$work/out"
echo "/* changed */" >"$work/extra.h"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1], "a").write(sys.argv[2], "Tins/extra.h")' "$pk/Tins.zip" "$work/extra.h"
plan "a changed archive" 0 "$ICCSPROF" plan sign-29 --packages "$pk"
expect_grep "a changed archive is unpacked again" "^iccsprof plan: $pk/Tins.zip: unpacked into $work/b/sign-29/.archive/[0-9a-f]\{16\}\$" "$work/err"
if [ "$(ls "$work/b/sign-29/.archive")" != "$first" ] && [ "$(ls "$work/b/sign-29/.archive" | wc -l)" -eq 1 ]; then
    pass "the changed archive replaces the old one"
else
    fail "the changed archive replaces the old one" "$(ls "$work/b/sign-29/.archive")"
fi
plan "kem-02 found by its archive's name (.tar.xz)" 0 "$ICCSPROF" plan kem-02 --packages "$pk"
expect_grep "kem-02: a KEM" "^  submission   kem-02 Amoeba\$" "$work/out"
expect_grep "kem-02: its verdict" "^  archive      Amoeba.tar.xz (SHA-256 differs from the official archive of kem-02: measured as given)\$" "$work/out"
plan "kex-02 found by a descriptor line id = kex-02" 0 "$ICCSPROF" plan kex-02 --packages "$pk"
expect_grep "kex-02: the folder" "^  package      $pk/my-kex\$" "$work/out"
expect_grep "kex-02: the official name" "^  algorithm    AFS-KEX (the catalog: kex-02)\$" "$work/out"

# renamed: found by SHA-256, in a catalog that lists these archives
mkdir -p "$work/renamed"
cp "$pk/Tins.zip" "$work/renamed/download (1).zip"
sum=$(sha256sum "$pk/Tins.zip" | cut -c1-64)
printf 'id\tcategory\tname\tfolder\tzip_sha256\nsign-01\tsign\tWinternitz\tWinternitz\t%s\n' "$sum" >"$work/cat.tsv"
plan "a renamed archive found by SHA-256" 0 env ICCSPROF_CATALOG="$work/cat.tsv" "$ICCSPROF" plan sign-01 --packages "$work/renamed"
expect_grep "renamed: the official archive" "^  archive      download (1).zip (official Round 1 archive, SHA-256 matches sign-01)\$" "$work/out"
plan "ICCSPROF_PACKAGES names the folder" 0 env ICCSPROF_PACKAGES="$work/renamed" ICCSPROF_CATALOG="$work/cat.tsv" "$ICCSPROF" plan Winternitz
expect_grep "ICCSPROF_PACKAGES: found" "^scheme sign-01\$" "$work/out"
plan "an archive given as the package" 0 env ICCSPROF_CATALOG="$work/cat.tsv" "$ICCSPROF" plan "$work/renamed/download (1).zip"
expect_grep "an archive given: known by its SHA-256" "^  submission   sign-01 Winternitz\$" "$work/out"

# an archive known by nothing but the name the planner gives its package
mkdir -p "$work/dl"
cp "$pk/Tins.zip" "$work/dl/download.zip"
# a member named beyond ASCII, as Chinese packages have
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1], "a").writestr("Tins/\u8bf4\u660e.txt", "x")' "$work/dl/download.zip"
plan "an archive named by its package's folder" 0 "$ICCSPROF" plan "$work/dl/download.zip"
expect_grep "by its package's folder: the catalog's id" "^scheme sign-29\$" "$work/out"
expect_grep "by its package's folder: the algorithm" "^  algorithm    Tins (the catalog: sign-29)\$" "$work/out"
if [ "$(find "$work/b/download/.archive" -name '*.txt' | sed 's|.*/||')" = "$(printf '\350\257\264\346\230\216.txt')" ]; then
    pass "a member's UTF-8 name unpacked as it is"
else
    fail "a member's UTF-8 name unpacked as it is" "$(find "$work/b/download/.archive" -name '*.txt')"
fi
expect_grep "by its package's folder: judged against sign-29" "^  archive      download.zip (SHA-256 differs from the official archive of sign-29: measured as given)\$" "$work/out"

# --- what is not found ---
plan "an id not in the catalog" 2 "$ICCSPROF" plan sign-35 --packages "$pk"
expect_grep "an id not in the catalog: the nearest" "^iccsprof plan: no scheme 'sign-35': not in the catalog (nearest: sign-34, sign-33, sign-32), nothing named sign-35 in $pk\$" "$work/err"
plan "a submission not in the folder" 2 "$ICCSPROF" plan Origami --packages "$pk"
expect_grep "not in the folder: where and what was looked for" "^iccsprof plan: sign-18 (Origami): not found in $pk: no folder Origami or sign-18, no archive Origami.zip, Origami.tar.gz or Origami.tar.xz, no descriptor id = sign-18, no archive of SHA-256 e34f18832e96...\$" "$work/err"
plan "--packages not a folder" 2 "$ICCSPROF" plan sign-29 --packages "$work/none"
expect_grep "--packages not a folder: named" "^iccsprof plan: --packages $work/none: not a folder\$" "$work/err"

# --- hostile archives: refused whole, nothing written ---
mkdir -p "$work/hostile"
python3 - "$work/hostile" <<'EOS'
import io, os, stat, sys, tarfile, zipfile
d = sys.argv[1]
def zipped(name, members):
    with zipfile.ZipFile(os.path.join(d, name), "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in members:
            z.writestr(info, data)
def tarred(name, kind, link=""):
    with tarfile.open(os.path.join(d, name), "w:gz") as t:
        t.addfile(tarfile.TarInfo("Pkg/a.c"), io.BytesIO())
        i = tarfile.TarInfo("Pkg/x")
        i.type, i.linkname = kind, link
        t.addfile(i)
zipped("absolute.zip", [("Pkg/a.c", "int a;"), ("/tmp/evil.c", "x")])
zipped("dotdot.zip", [("Pkg/a.c", "int a;"), ("Pkg/../../evil.c", "x")])
link = zipfile.ZipInfo("Pkg/link")
link.create_system, link.external_attr = 3, (stat.S_IFLNK | 0o777) << 16
zipped("symlink.zip", [("Pkg/a.c", "int a;"), (link, "../../etc")])
zipped("bomb.zip", [("Pkg/zeros", b"\0" * (3 << 20))])
zipped("members.zip", [("Pkg/f%d.c" % i, "") for i in range(5)])
tarred("device.tar.gz", tarfile.CHRTYPE)
tarred("fifo.tar.gz", tarfile.FIFOTYPE)
tarred("hardlink.tar.gz", tarfile.LNKTYPE, "../../etc/passwd")
EOS
h=$work/hostile
while read -r file limit why; do
    name=${file%%.*}
    [ "$limit" != - ] || limit=
    # shellcheck disable=SC2086
    expect_status "hostile $file refused" 2 "$ICCSPROF" plan "$h/$file" --builddir "$work/hb" $limit
    expect_grep "hostile $file: the reason" "^iccsprof plan: $h/$file: $why (nothing of it unpacked)\$" "$work/err"
    expect_no_entry "hostile $file: nothing written" "$work/hb/$name"
done <<EOS
absolute.zip - member '/tmp/evil.c' refused: an absolute path
dotdot.zip - member 'Pkg/../../evil.c' refused: a \.\. in its path
symlink.zip - member 'Pkg/link' refused: a link leaving the package
device.tar.gz - member 'Pkg/x' refused: a device
fifo.tar.gz - member 'Pkg/x' refused: a fifo
hardlink.tar.gz - member 'Pkg/x' refused: a hard link out of the package
bomb.zip --unpack-max-mib=1 refused as a bomb: its members unpack to more than 1 MiB (at 'Pkg/zeros'; --unpack-max-mib)
members.zip --unpack-max-members=4 refused as a bomb: more than 4 members (--unpack-max-members)
EOS

# --- a campaign over a folder of archives and folders ---
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 30 --timeout 300 --precision off"
cp "$pk/Tins.zip" "$pk/Origami.zip"
expect_status "campaign --packages --only sign-18,kem-*" 0 "$ICCSPROF" campaign --out "$work/camp" \
    --packages "$pk" --only 'sign-18,kem-*' --kat off --run-flags "$quick"
grep '^campaign: building ' "$work/out" >"$work/built"
printf 'campaign: building %s\ncampaign: building %s\n' "$pk/Origami.zip" "$pk/Amoeba.tar.xz" >"$work/want"
expect_same "campaign --only: the packages selected by id, in the catalog's order" "$work/want" "$work/built"
grep '^## ' "$work/out" >"$work/heads"
printf '## sign-18 Origami\n## kem-02 Amoeba\n' >"$work/want"
expect_same "campaign: the summary by id and name, in the catalog's order" "$work/want" "$work/heads"
expect_status "campaign --only matching nothing" 2 "$ICCSPROF" campaign --out "$work/camp2" --packages "$pk" --only 'hash-*'
expect_grep "campaign --only matching nothing: said" "^iccsprof campaign: --packages $pk: no package matches --only hash-\*\$" "$work/err"
expect_status "campaign --only without --packages" 2 "$ICCSPROF" campaign --out "$work/camp2" --only 'sign-*' "$pk"
expect_grep "campaign --only without --packages: said" "^iccsprof campaign: --only selects among --packages DIR\$" "$work/err"
rm "$pk/Origami.zip"

# --- make profile SCHEME=sign-29 PACKAGES=...: the evaluator's path ---
expect_make "make profile SCHEME=sign-29 PACKAGES=" 0 profile SCHEME=sign-29 PACKAGES="$pk" \
    PROFILE_DIR="$work/prof" TRIALS=2 TARGET_SECONDS=0.02 KAT=off \
    RUN_FLAGS="--min-calls 5 --profile-seconds 0.02 --max-seconds 30 --precision off"
expect_grep "make profile: the page titled with id and name" "^# sign-29 Tins — performance on " "$work/out"
expect_grep "make profile: the page names the archive" "^- Package archive: Tins.zip, SHA-256 [0-9a-f]\{64\} (SHA-256 differs from the official archive of sign-29: measured as given)\$" "$work/out"
expect_py "make profile: the records carry id, name and the archive's verdict" "$work/prof" "$(sha256sum "$pk/Tins.zip" | cut -c1-64)" <<'EOS'
import glob, json, sys
from records import check
recs = [json.load(open(p)) for p in sorted(glob.glob(sys.argv[1] + "/*.json"))]
check(len(recs) == 6, str(len(recs)))
for r in recs:
    s = r["scheme"]
    check(s["id"] == "sign-29" and s["algorithm"] == "Tins", str(s))
    check(s["archive"] == {"name": "Tins.zip", "sha256": sys.argv[2], "official": False,
                           "verdict": "SHA-256 differs from the official archive of sign-29: "
                                      "measured as given"}, str(s))
EOS

finish
