#!/bin/sh
# site.sh - `iccsprof site` and `campaign --site` end to end: a campaign
# over the in-tree schemes on this host, a copy of its output standing for
# a second system (another host name and architecture), and the static
# site of both: its files and evidence, its refusals, tidy's validation
# of every page, and the pages as headless Chromium shows them (sections
# and tables equal to the campaign's own Markdown pages, numbers equal to
# the records', links that resolve, the system switch, the inline chart
# with its text, sorting by the inline script, no sideways scrolling at a
# phone's width or at 200 % zoom, WCAG contrast, the print rules), and a
# screenshot of a scheme page.
. "$top_srcdir/tests/lib.sh"

quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --timeout 120 --precision off"

# --- one campaign over the in-tree schemes, its site made with it ---
mkdir -p "$work/pkgs"
for p in sign-wots kem-mlwe kex-mlwe; do
    cp -RL "$top_srcdir/schemes/$p" "$work/pkgs/" || exit 1
done
chmod -R u+w "$work/pkgs"
camp=$work/camp
"$ICCSPROF" campaign -q --out "$camp" -j2 --run-flags "$quick" --site "$work/site1" \
    "$work/pkgs/sign-wots" "$work/pkgs/kem-mlwe" "$work/pkgs/kex-mlwe" >"$work/c.out" 2>&1
rc=$?
[ $rc -eq 0 ] && pass "campaign --site: exit 0" || fail "campaign --site: exit 0" "exit $rc: $(tail -n 5 "$work/c.out")"
expect_grep "campaign --site: says where the site is" \
    "^site: 3 scheme pages of 1 system in $work/site1 (open $work/site1/index.html)$" "$work/c.out"
for f in index.html method.html sign-wots.html kem-mlwe.html kex-mlwe.html; do
    [ -n "$(find "$work/site1" -mindepth 2 -maxdepth 2 -name "$f")" ] &&
        pass "campaign --site: $f written" || fail "campaign --site: $f written" "$(find "$work/site1" | head)"
done

# --- a second system: the same output under another host ---
cp -R "$camp" "$work/camp2"
rm -rf "$work/camp2/.campaign"
python3 - "$work/camp2" <<'EOS' || exit 1
import json, pathlib, sys
for p in pathlib.Path(sys.argv[1]).glob("*/*.json"):
    r = json.loads(p.read_text())
    items = r["host"]["check"]["items"]
    items["hostname"]["value"] = "arm-test"
    items["machine"]["value"] = "aarch64"
    p.write_text(json.dumps(r, indent=2))
EOS
sys1=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["host"]["check"]["items"]["hostname"]["value"])' \
    "$camp/sign-wots/WOTS-SM3-16__sign.json")
slug1=$(printf '%s' "$sys1" | tr -c 'A-Za-z0-9_-' '_')
site=$work/site
expect_status "site of two systems: exit 0" 0 "$ICCSPROF" site "$site" "$camp" "$work/camp2"
expect_grep "site: says what it wrote" \
    "^site: 6 scheme pages of 2 systems in $site (open $site/index.html)$" "$work/out"
py "site: every record copied beside its page, byte for byte" '
import filecmp, pathlib, sys
camp, site, slug = map(pathlib.Path, sys.argv[1:])
recs = sorted(camp.glob("*/*.json"))
assert len(recs) == 24, len(recs)
for r in recs:
    copy = site / slug / r.parent.name / r.name
    assert filecmp.cmp(r, copy, shallow=False), copy
' "$camp" "$site" "$slug1"
n=$(find "$site" -name '*.log' -path '*/kat/*' | wc -l)
[ "$n" -eq 12 ] && pass "site: the KAT logs copied, one per instance and system" ||
    fail "site: the KAT logs copied, one per instance and system" "$n: $(find "$site" -path '*/kat/*')"
[ -z "$(find "$site" -name '.*' ! -name .iccsprof-site.json)" ] && pass "site: no temporary file left" ||
    fail "site: no temporary file left" "$(find "$site" -name '.*')"

# --- refusals ---
mkdir -p "$work/other" && echo keep >"$work/other/notes.txt"
expect_status "site: a folder of other files refused" 2 "$ICCSPROF" site "$work/other" "$camp"
expect_grep "site: the refusal names the folder" \
    "^iccsprof site: $work/other holds files that are not a site made by iccsprof: refusing to write into it" "$work/err"
[ "$(ls "$work/other")" = notes.txt ] && pass "site: the refused folder untouched" ||
    fail "site: the refused folder untouched" "$(ls "$work/other")"
expect_status "site: one folder given twice refused" 2 "$ICCSPROF" site "$work/twice" "$camp" "$camp"
expect_grep "site: names a record held twice and the system" \
    "^iccsprof site: $camp/kem-mlwe/[^ ]*\\.json and $camp/kem-mlwe/[^ ]*\\.json both hold kem-mlwe [^ ]* [a-z]* of system $sys1: give each record once\$" "$work/err"
[ ! -e "$work/twice" ] && pass "site: nothing made when refused" || fail "site: nothing made when refused" "$(ls "$work/twice")"
expect_status "site: a site inside the records refused" 2 "$ICCSPROF" site "$camp/site" "$camp"
expect_grep "site: says the folders lie one in the other" \
    "^iccsprof site: $camp/site and the records' folder $camp lie one in the other" "$work/err"
mkdir -p "$work/empty"
expect_status "site: a folder without records refused" 2 "$ICCSPROF" site "$work/s3" "$work/empty"
expect_grep "site: says the folder is empty" "^iccsprof site: $work/empty: empty directory$" "$work/err"
expect_status "site: no results given is a usage error" 2 "$ICCSPROF" site "$work/s3"
expect_grep "site: the usage error says what is missing" "no results given" "$work/err"
expect_status "campaign merge --site refused" 2 "$ICCSPROF" campaign merge --out "$work/m" --site "$work/s4" "$camp"

# --- a what-if document beside the records: the page's What if table ---
cases=$top_srcdir/tests/report
expect_status "site with a what-if document: exit 0" 0 "$ICCSPROF" site "$work/wi" "$cases/whatif-md/input"
expect_grep "site: the What if section on the scheme's page" "<h2[^>]*>[0-9]*\. What if: another hash behind the helpers</h2>" "$work/wi/vm/sign-wots.html"
expect_grep "site: a measured candidate's row, flagged" '<td>sign</td><td><code>sm3</code></td><td class="num">700.0 k</td><td class="num">0.851</td><td class="num">680.0 k</td><td class="num">0.826</td><td class="num">+2.94 % †</td></tr>$' "$work/wi/vm/sign-wots.html"
expect_grep "site: a setting on the method page as its records hold it" \
    '^<tr><th scope="row">target_seconds</th><td>what the trials aim to take in all</td><td>0.05</td></tr>$' "$work/wi/vm/method.html"
expect_status "site: a newer what-if document refused" 2 "$ICCSPROF" site "$work/wi2" "$cases/bad-whatif-newer/input"
expect_grep "site: the document named" "^iccsprof site: $cases/bad-whatif-newer/input/whatif.json: schema \"iccsprof-whatif/3\" is newer than this iccsprof reads (up to iccsprof-whatif/2)$" "$work/err"

# --- a forged list of the site's files: a user's file is never removed ---
echo mine >"$work/wi/mine.txt"
echo mine too >"$work/wi/vm/notes.html"
python3 - "$work/wi/.iccsprof-site.json" <<'EOS'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["files"] += ["mine.txt", {"file": "vm/notes.html", "sha256": "0" * 64}]
json.dump(doc, open(sys.argv[1], "w"))
EOS
expect_status "site over a forged list: exit 0" 0 "$ICCSPROF" site "$work/wi" "$cases/whatif-md/input"
[ "$(cat "$work/wi/mine.txt" "$work/wi/vm/notes.html")" = "mine
mine too" ] && pass "site over a forged list: the files it names kept" ||
    fail "site over a forged list: the files it names kept" "$(ls -R "$work/wi")"

# --- a host named at length: its folder's name bounded, the site whole ---
mkdir -p "$work/longhost"
cp "$cases"/whatif-md/input/WOTS-SM3-16__*.json "$work/longhost/"
long=$(printf 'h%.0s' $(seq 300))
python3 - "$work/longhost" "$long" <<'EOS' || exit 1
import json, pathlib, sys
for p in pathlib.Path(sys.argv[1]).glob("*.json"):
    r = json.loads(p.read_text())
    r["host"]["check"]["items"]["hostname"]["value"] = sys.argv[2]
    p.write_text(json.dumps(r, indent=2))
EOS
expect_status "site of a host named at length: exit 0" 0 "$ICCSPROF" site "$work/longsite" "$work/longhost"
folder=$(cd "$work/longsite" && ls -d h*/)
case $folder in "$(printf 'h%.0s' $(seq 55))"-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/)
    pass "site of a host named at length: its folder cut to 64 with a hash" ;;
*) fail "site of a host named at length: its folder cut to 64 with a hash" "$folder" ;;
esac
[ -f "$work/longsite/$folder/sign-wots.html" ] && expect_grep "site of a host named at length: named in full on its page" \
    "$long" "$work/longsite/$folder/index.html" || fail "site of a host named at length: its pages" "$(ls -R "$work/longsite")"

# --- two folders of one system: merged into one system ---
mkdir -p "$work/half1" "$work/half2"
cp -R "$camp/sign-wots" "$work/half1/"
cp -R "$camp/kem-mlwe" "$camp/kex-mlwe" "$work/half2/"
expect_status "site of two folders of one system: exit 0" 0 "$ICCSPROF" site "$work/merged" "$work/half1" "$work/half2"
expect_grep "site of two folders of one system: one system" \
    "^site: 3 scheme pages of 1 system in $work/merged (open $work/merged/index.html)$" "$work/out"

# --- made again: what it measures again rewritten, the earlier pages kept ---
expect_status "site of one half: exit 0" 0 "$ICCSPROF" site "$work/grow" "$work/half1"
expect_status "site again of the other half: exit 0" 0 "$ICCSPROF" site "$work/grow" "$work/half2"
expect_grep "site again: the earlier scheme counted with the new ones" \
    "^site: 3 scheme pages of 1 system in $work/grow (open $work/grow/index.html)$" "$work/out"
[ -f "$work/grow/$slug1/sign-wots.html" ] && [ -f "$work/grow/$slug1/sign-wots/WOTS-SM3-16__sign.json" ] &&
    pass "site again: the earlier scheme's page and evidence kept" ||
    fail "site again: the earlier scheme's page and evidence kept" "$(ls "$work/grow/$slug1")"
expect_grep "site again: the system's index lists the earlier scheme" 'href="sign-wots.html"' "$work/grow/$slug1/index.html"

# --- made again over its own site: the other system and a user's file kept ---
cp -R "$site" "$work/again"
echo mine >"$work/again/README.txt"
expect_status "site again over its own site: exit 0" 0 "$ICCSPROF" site "$work/again" "$camp"
expect_grep "site again: the other system kept" \
    "^site: 6 scheme pages of 2 systems in $work/again (open $work/again/index.html)$" "$work/out"
[ -f "$work/again/arm-test/sign-wots.html" ] && pass "site again: the other system's pages kept" ||
    fail "site again: the other system's pages kept" "$(ls "$work/again")"
[ -f "$work/again/README.txt" ] && [ -f "$work/again/$slug1/sign-wots.html" ] &&
    pass "site again: a file it did not write kept, its own rewritten" ||
    fail "site again: a file it did not write kept, its own rewritten" "$(ls "$work/again")"

# --- every page valid HTML ---
pages=$(cd "$site" && find . -name '*.html' | sort)
[ "$(echo "$pages" | wc -l)" -eq 11 ] && pass "site: 11 pages" || fail "site: 11 pages" "$pages"
if command -v tidy >/dev/null; then
    bad=
    for p in $pages; do
        tidy -q -e "$site/$p" >"$work/tidy.out" 2>&1
        [ $? -ge 2 ] || grep -q 'Error:' "$work/tidy.out" && bad="$bad $p: $(grep -m1 Error: "$work/tidy.out")"
    done
    [ -z "$bad" ] && pass "tidy: no errors in any page" || fail "tidy: no errors in any page" "$bad"
else
    fail "tidy: no errors in any page" "tidy is not installed (./bootstrap installs it)"
fi

# --- the pages in a real browser ---
chrome() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$work/chromium" "$@"
}
if ! command -v chromium >/dev/null; then
    why="chromium is not installed (./bootstrap installs it)"
elif ! chrome --dump-dom about:blank >"$work/blank" 2>"$work/chromium.err" || ! grep -q '<html' "$work/blank"; then
    why="chromium cannot run here: $(grep -v -e dbus -e '^$' "$work/chromium.err" | tail -n 1)"
else
    why=
fi
if [ -n "$why" ]; then
    echo "SKIP: the browser checks: $why"
    [ "$failures" -eq 0 ] && exit 77
    finish
fi

list=
for p in "$slug1/sign-wots.html" "$slug1/kem-mlwe.html" "$slug1/kex-mlwe.html" "arm-test/sign-wots.html" \
    index.html "$slug1/index.html" "$slug1/method.html"; do
    list="$list${list:+,}file://$site/$p"
done
cp "$top_srcdir/tests/site-harness.html" "$work/harness.html"
chrome --allow-file-access-from-files --virtual-time-budget=30000 \
    --dump-dom "file://$work/harness.html?pages=$list" >"$work/dom.html" 2>"$work/chromium.err"
py "chromium: every page loaded and inspected" '
import html, json, re, sys
m = re.findall(r"<pre id=\"result\">(.*?)</pre>", open(sys.argv[1]).read(), re.S)
pages = json.loads(html.unescape(m[-1]))
assert len(pages) == 7, len(pages)
assert not [p for p in pages if "error" in p], [p for p in pages if "error" in p]
json.dump(pages, open(sys.argv[2], "w"))
' "$work/dom.html" "$work/pages.json"

# The checks read pages.json: P is the pages by their path in the site.
cat >"$work/load.py" <<'EOS'
import json, os, re, sys
site, camp, sys1, slug1 = sys.argv[1:5]
P = {p["url"][len("file://" + site) + 1:]: p for p in json.load(open(sys.argv[5]))}
scheme_pages = [slug1 + "/sign-wots.html", slug1 + "/kem-mlwe.html", slug1 + "/kex-mlwe.html",
                "arm-test/sign-wots.html"]
def md_tables(path):
    """The tables of a Markdown page: header and rows of cells as they read."""
    tables, cur = [], None
    for line in open(path).read().splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            cells = [re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", c).replace("`", "").replace("\\|", "|")
                     for c in cells]
            if cur is None:
                cur = []
                tables.append(cur)
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                cur.append([" ".join(c.split()) for c in cells])
        else:
            cur = None
    return tables
def dom_table(t):
    return [[c["text"] for c in t["head"]]] + [[c["text"] for c in r] for r in t["rows"]]
EOS
check() {
    py "$1" "exec(open('$work/load.py').read())
$2" "$site" "$camp" "$sys1" "$slug1" "$work/pages.json"
}

check "pages: sections 1-7, the symmetric primitives and the survey verdict, as the campaign's page" '
for page in scheme_pages:
    p = P[page]
    scheme = page.split("/")[1][:-5]
    md = open(os.path.join(camp, scheme, "page.md")).read()
    want = re.findall(r"^## (.*)$", md, re.M)
    got = [s["heading"] for s in p["sections"]]
    assert got == want, (page, got, want)
    for n in range(1, 8):
        assert any(h.startswith("%d. " % n) for h in got), (page, n, got)
    assert "7. Symmetric primitives" in got, got
    verdict = re.search(r"^Survey verdict: .*$", md, re.M).group(0)
    assert verdict in open(os.path.join(site, page)).read(), (page, verdict)
    assert all(s["labelled"] == s["id"] for s in p["sections"]), p["sections"]
'
check "pages: every table but the evidence index equal, cell for cell, to the campaign's page" '
for page in scheme_pages:
    scheme = page.split("/")[1][:-5]
    want = md_tables(os.path.join(camp, scheme, "page.md"))
    got = P[page]["tables"]
    assert len(got) == len(want), (page, len(got), len(want))
    for t, w in zip(got, want):
        if t["section"].endswith(". Raw evidence index"):
            continue
        if page.startswith("arm-test/") and t["section"] == "2. Assessment environment":
            continue  # the copy names another host
        assert dom_table(t) == w, (page, t["section"], dom_table(t), w)
'
check "pages: the figures equal the records (trials x calls, KAT, hash shares)" '
import glob
for path in glob.glob(os.path.join(camp, "sign-wots", "*.json")):
    r = json.load(open(path))
    inst, op = r["scheme"]["instance"], r["operation"]
    tables = {t["section"]: t for t in P[slug1 + "/sign-wots.html"]["tables"]}
    perf = {(c[0]["text"], c[1]["text"]): c for c in tables["4. Performance"]["rows"]}
    tm = r["timing"]
    # the calls timed, then the trials (the last may be shorter) and the calls per trial
    cell = perf[(inst, op)][-1]["text"]
    assert cell.split()[0] == "{:,}".format(tm["n"]) and "(%d \u00d7 " % len(tm["trials"]) in cell, (inst, op, cell, tm["n"])
    sym = {(c[0]["text"], c[1]["text"]): c for c in tables["7. Symmetric primitives"]["rows"]}
    shown = float(sym[(inst, op)][2]["text"].split()[0].rstrip("%"))
    # the share played back where the record has one, else the timed one
    want = (r["profile"].get("replay") or {}).get("share")
    want = r["profile"]["hash_share"] if want is None else want
    assert abs(shown - 100 * want) <= 0.5, (inst, op, shown, want)
    kat = {c[0]["text"]: c[-1]["text"] for c in tables["3. Functional testing (KAT)"]["rows"]}
    assert kat[inst] == r["kat"]["result"].upper(), (kat, r["kat"]["result"])
'
check "index: a row per scheme and system, its headline shares the scheme page's lowest and highest" '
idx = P["index.html"]
systems, schemes = idx["tables"]
assert [c[0]["text"] for c in systems["rows"]] == [sys1, "arm-test"], systems["rows"]
rows = schemes["rows"]
assert [(c[0]["text"], c[1]["text"]) for c in rows] == [(s, y) for y in (sys1, "arm-test") for s in ("kem-mlwe", "kex-mlwe", "sign-wots")], rows
head = [c["text"] for c in schemes["head"]]
assert head == ["scheme", "system", "function", "algorithm", "instances", "pseudohash/XOF/sm3", "DRNG"], head
for c in rows[:3]:
    page = P[slug1 + "/" + c[0]["text"] + ".html"]
    sym = [t for t in page["tables"] if t["section"] == "7. Symmetric primitives"][0]
    # the page gives a share with its standard error ("72% ±0.6"), the index the share
    shares = sorted((float(r[2]["text"].split()[0].rstrip("%")), r[2]["text"].split()[0]) for r in sym["rows"])
    want = shares[0][1] if shares[0][1] == shares[-1][1] else shares[0][1] + "\u2013" + shares[-1][1]
    assert c[5]["text"] == want, (c[0]["text"], c[5]["text"], want)
    fn = {"kem-mlwe": "key encapsulation", "kex-mlwe": "key exchange", "sign-wots": "digital signature"}
    assert c[2]["text"] == fn[c[0]["text"]], c
'
check "links: every link resolves to a file of the site, every fragment to an id; nothing fetched" '
for page, p in P.items():
    assert not any(re.match(r"[a-z]+:|//", h) for h in p["links"]), (page, p["links"])
    assert p["fetched"] == 0, page
    for h in p["links"]:
        path, _, frag = h.partition("#")
        target = os.path.normpath(os.path.join(site, os.path.dirname(page), path)) if path else os.path.join(site, page)
        assert os.path.isfile(target), (page, h)
        if frag:
            rel = os.path.relpath(target, site)
            ids = P[rel]["ids"] if rel in P else re.findall(r"id=\"([^\"]+)\"", open(target).read())
            assert frag in ids, (page, h)
    if page in scheme_pages:
        ev = [h for h in p["links"] if h.endswith(".json")]
        assert len(ev) == (3 if "sign" in page or "kem" in page else 6) * 2, (page, ev)
        assert "method.html" in p["links"], page
'
check "trail and system switch: the same scheme on the other system, the page marked" '
p = P[slug1 + "/sign-wots.html"]
assert p["trail"] == ["Performance measurements", sys1, "sign-wots"], p["trail"]
assert p["systems"] == [{"text": sys1, "href": None, "current": True},
                        {"text": "arm-test", "href": "../arm-test/sign-wots.html", "current": False}], p["systems"]
q = P["arm-test/sign-wots.html"]
assert [s["href"] for s in q["systems"]] == ["../%s/sign-wots.html" % slug1, None], q["systems"]
assert P[slug1 + "/method.html"]["trail"] == ["Performance measurements", sys1, "method"]
'
check "method: each setting as the records hold it, each value with its records; their build and tool" '
import collections, glob
recs = [json.load(open(p)) for p in sorted(glob.glob(os.path.join(camp, "*", "*.json")))]
m = P[slug1 + "/method.html"]
assert "How the %d records of system %s were measured" % (len(recs), sys1) in open(os.path.join(site, slug1, "method.html")).read()
t = {x["section"]: x for x in m["tables"]}
rows = {r[0]["text"]: r[2]["text"] for r in t["Settings of the records"]["rows"]}
keys = list(dict.fromkeys(k for r in recs for k in r["method"]))
assert list(rows) == keys, (list(rows), keys)
for k in keys:
    seen = collections.Counter("not recorded" if r["method"][k] is None else json.dumps(r["method"][k])
                               for r in recs if k in r["method"])
    each = {"%s (%d record%s)" % (v, n, "" if n == 1 else "s") for v, n in seen.items()}
    nums = [json.loads(v) for v in seen if v != "not recorded"]
    if len(seen) == 1:
        assert rows[k] == next(iter(seen)), (k, rows[k], seen)
    elif len(seen) > 4 and len(nums) == len(seen) and all(isinstance(v, (int, float)) for v in nums):
        assert rows[k] == "from %g to %g (%d values)" % (min(nums), max(nums), len(seen)), (k, rows[k])
    else:
        assert set(rows[k].split("; ")) == each, (k, rows[k], each)
facts = {r[0]["text"]: r[1]["text"] for r in t["Timer, build and tool"]["rows"]}
assert facts["compiler flags"] == recs[0]["build"]["cflags"], facts
assert facts["measured with"] == "iccsprof " + recs[0]["tool"]["version"], facts
assert facts["KAT gate"] == "run before timing", facts
pins = collections.Counter("not pinned" if r["host"].get("cpu") is None else "pinned to one core" for r in recs)
assert set(facts["measuring process"].split("; ")) == ({next(iter(pins))} if len(pins) == 1 else
    {"%s (%d record%s)" % (v, n, "" if n == 1 else "s") for v, n in pins.items()}), (facts, pins)
prose = open(os.path.join(site, slug1, "method.html")).read()
assert "pinned to one core or not, as the table below says" in prose and "own, pinned to one core" not in prose
'
check "chart: inline, an image with a title and a description, a bar per operation part" '
for page in scheme_pages:
    c = P[page]["charts"]
    assert len(c) == 1 and c[0]["role"] == "img", (page, c)
    assert c[0]["label"][0] and "on " in c[0]["label"][1], c
    assert c[0]["bars"] >= 6 and c[0]["width"] > 200, c
'
check "tables: captions, column and row header cells" '
for page, p in P.items():
    for t in p["tables"]:
        assert t["caption"], (page, t["section"])
        assert all(h["tag"] == "TH" and h["scope"] == "col" for h in t["head"]), (page, t["head"])
        assert all(r[0]["tag"] == "TH" and r[0]["scope"] == "row" for r in t["rows"]), (page, t["section"])
'
check "sorting: the script made each header a button; a click sorts by number, a second reverses" '
units = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9}
def num(s):
    m = re.match(r"([-+0-9.e]+)\s*(\S*)", s)
    return float(m.group(1)) * units.get(m.group(2), 1)
for page, p in P.items():
    assert p["buttons"] >= 2 * p["sortable"] > 0, (page, p["buttons"], p["sortable"])
    s = p["sort"]
    if s is None:
        continue
    up = [num(x) for x in s["up"]]
    assert up == sorted(up) and s["upSort"] == "ascending", (page, s)
    assert s["down"] == sorted(s["before"], key=num, reverse=True) and s["downSort"] == "descending", (page, s)
assert P[slug1 + "/sign-wots.html"]["sort"]["header"].startswith("mean ticks")
'
check "layout: no sideways scrolling at a phone width (360 px) or 200 % zoom (640 px)" '
for page, p in P.items():
    assert p["phone"] <= 0 and p["zoom200"] <= 0, (page, p["phone"], p["zoom200"])
'
check "contrast: every text at least WCAG AA against its background" '
for page, p in P.items():
    assert not p["contrast"]["low"] and p["contrast"]["min"] >= 4.5, (page, p["contrast"])
'
check "print: the trail and the title kept, the footer left out, no table cut at the edge" '
for page, p in P.items():
    pr = p["print"]
    assert pr["rules"] > 0 and pr["trail"] and pr["h1"] and not pr["footer"], (page, pr)
    assert pr["overflow"] <= 0 and pr["clipped"] == 0, (page, pr)
'

# --- a screenshot of a scheme page, as doc/guide/site.md shows it ---
shot=$top_builddir/tests/site-page.png
rm -f "$shot"
chrome --window-size=1000,1500 --screenshot="$shot" "file://$site/$slug1/sign-wots.html" >/dev/null 2>&1
py "screenshot: a PNG of the page" '
import struct, sys
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"\x89PNG\r\n\x1a\n", b[:8]
w, h = struct.unpack(">II", b[16:24])
assert (w, h) == (1000, 1500) and len(b) > 50000, (w, h, len(b))
' "$shot"

finish
