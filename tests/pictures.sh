#!/bin/sh
# pictures.sh - the share charts of report and compare read as a paper's
# reader reads them (parsed as SVG, row by row: the axis, the legend, the
# parts of each bar, the figures and marks beside it, the notes), sized
# for a printed page and rendered; and the folded call stacks read as
# flame-graph tools read them.
. "$top_srcdir/tests/lib.sh"

cases="$top_srcdir/tests/report"
expect_status "report --format svg exits 0" 0 "$ICCSPROF" report --format svg "$cases/sections-md/input"
cp "$work/out" "$work/report.svg"
expect_status "compare --format svg exits 0" 0 "$ICCSPROF" compare --format svg \
    "$cases/compare-threshold/input/a" "$cases/compare-threshold/input/b"
cp "$work/out" "$work/compare.svg"
# a noisy record, as the trials of a busy machine make one
expect_status "report --format svg of a noisy record exits 0" 0 "$ICCSPROF" report --format svg \
    "$cases/campaign-summary-notes/input/Rej-1__sign.json"
cp "$work/out" "$work/noisy.svg"
# a record measured under qemu-user beside a native one
expect_status "report --format svg of an emulated record exits 0" 0 "$ICCSPROF" report --format svg "$cases/emulated/input"
cp "$work/out" "$work/emulated.svg"
# four schemes measured on two days: more names than the line under the title holds
expect_status "report --format svg of four schemes exits 0" 0 "$ICCSPROF" report --format svg \
    "$cases/sections-md/input" "$cases/grouped-md/input" "$cases/campaign-summary-notes/input/Rej-1__sign.json"
cp "$work/out" "$work/many.svg"

# check_chart NAME FILE CHECKS: the chart parsed into rows, then the
# python CHECKS (a statement list using page, rows, texts, notes).
check_chart() {
    if python3 - "$2" "$3" >"$work/svg-check" 2>&1 <<'EOS'
import re, sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == ns + "svg" and root.get("version") == "1.1", root.attrib
assert not list(root.iter(ns + "script")) and not list(root.iter(ns + "image")), "script or image"
# the page: one user unit is one point, the text 8 pt and up
vb = [float(v) for v in root.get("viewBox").split()]
width_mm = float(root.get("width").removesuffix("mm"))
assert abs(width_mm / vb[2] - 25.4 / 72) < 0.002, (width_mm, vb)
assert float(root.get("font-size")) >= 8, root.get("font-size")
sizes = [float(s) for s in re.findall(r"font-size:([0-9.]+)px", root.find(ns + "style").text)]
assert all(s >= 8 for s in sizes), sizes
assert not [e for e in root.iter() if e.get("font-size") and float(e.get("font-size")) < 8]
page = {"width": vb[2], "height": vb[3]}

def text(e):
    return "".join(e.itertext())

texts = [(e.get("class"), text(e)) for e in root.iter(ns + "text")]
notes = [t for c, t in texts if c == "note"]
# rows: a scheme's heading, an instance's name, then each operation with
# what is drawn after it, in document order
rows, group, instance, row = [], None, None, None
for e in root:
    cls = e.get("class")
    if e.tag == ns + "text" and e.find(ns + "tspan") is not None:
        group = text(e.find(ns + "tspan"))
    elif e.tag == ns + "text" and cls == "instance":
        instance = text(e)
    elif e.tag == ns + "text" and cls is None and row is not None or \
            e.tag == ns + "text" and cls is None and group is not None:
        row = {"group": group, "instance": instance, "op": text(e), "bars": [], "texts": [], "diff": None}
        rows.append(row)
    elif row is not None and e.tag == ns + "rect" and e.find(ns + "title") is not None and cls is None:
        name, share = e.find(ns + "title").text.split(": ")
        if not row["bars"] or len(row["bars"][-1]) == 5:
            row["bars"].append([])
        row["bars"][-1].append((name, float(share.removesuffix(" %")), float(e.get("x")), float(e.get("width"))))
    elif row is not None and e.tag == ns + "rect" and cls == "frame":
        row.setdefault("frames", []).append(float(e.get("width")))
    elif row is not None and e.tag == ns + "rect" and cls in ("diff", "diffnoise"):
        row["diff"] = (cls, float(e.get("width")))
    elif row is not None and e.tag == ns + "text":
        row["texts"].append((cls, text(e)))
    elif e.tag == ns + "line" and cls == "rule":
        row = None
# every bar: its five parts in order, side by side, filling its frame
# as its shares say
for r in rows:
    for bar, frame in zip(r["bars"], r.get("frames", [])):
        assert [p[0] for p in bar] == ["pseudohash", "pseudoXOF", "sm3hash", "DRNG", "other code"], bar
        assert abs(sum(p[3] for p in bar) - frame) < 0.05, (r, frame)
        assert all(abs(bar[i][2] + bar[i][3] - bar[i + 1][2]) < 0.05 for i in range(4)), bar
        assert all(abs(p[3] - frame * p[1] / 100) < 0.05 for p in bar[:4]), (bar, frame)
def find(group, instance, op):
    got = [r for r in rows if (r["group"], r["instance"], r["op"]) == (group, instance, op)]
    assert len(got) == 1, (group, instance, op, [(r["group"], r["instance"], r["op"]) for r in rows])
    return got[0]
def share(row, bar, part):
    return [p[1] for p in row["bars"][bar] if p[0] == part][0]
# the axis says a full bar is the whole operation
assert [t for c, t in texts if c == "axis"][:1] != [], texts
assert any(c == "axis" and "(full bar: 100 %)" in t for c, t in texts), texts
assert [t for c, t in texts if c == "axis" and t in ("0", "25", "50", "75", "100")][:5] == ["0", "25", "50", "75", "100"], texts
# the legend names the parts as the tooltips do, under the heading "hash"
legend = [t for c, t in texts if c is None and t in ("hash:", "pseudohash", "pseudoXOF", "sm3hash", "DRNG", "other code")]
assert legend == ["hash:", "pseudohash", "pseudoXOF", "sm3hash", "DRNG", "other code"], legend
exec(open(sys.argv[2]).read() if sys.argv[2].endswith(".py") else sys.argv[2])
print(len(rows), "rows,", sum(len(r["bars"]) for r in rows), "bars, page", page["width"], "x", round(page["height"], 1), "pt")
EOS
    then pass "$1 ($(tail -n 1 "$work/svg-check"))"; else fail "$1" "$(tail -n 4 "$work/svg-check")"; fi
}

check_chart "report's chart: the page, the axis, the legend, whole bars" "$work/report.svg" '
meta = [t for c, t in texts if c == "meta"]
assert meta[:2] == ["sign-demo, kem-demo; measured 2026-09-26; drawn by iccsprof '"$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' "$top_builddir/config.h")"'",
                    "host: 12th Gen Intel(R) Core(TM) i7-12700"], meta
assert page["width"] == 340, page
assert [t for c, t in texts if c == "head"] == ["hash", "DRNG", "time/op"], texts
# a group per scheme, under a rule, its instances named once
assert sorted({r["group"] for r in rows}) == ["kem-demo", "sign-demo"], rows
assert [(r["instance"], r["op"]) for r in rows if r["group"] == "sign-demo"] == [
    ("Demo-128", "keygen"), ("Demo-128", "sign"), ("Demo-128", "verify"), ("Demo-256", "keygen"), ("Demo-1024", "sign")]
assert [t for c, t in texts if c == "instance"] == ["Demo-128", "Demo-256", "Demo-1024", "Kyb-512"], texts
sign = find("sign-demo", "Demo-128", "sign")
# the hash split into its helpers, as the record gives them
assert (share(sign, 0, "pseudoXOF"), share(sign, 0, "sm3hash"), share(sign, 0, "pseudohash")) == (55.0, 20.0, 0.0), sign
assert [t for c, t in sign["texts"] if c == "fig"] == ["75%", "0.0%", "1.21 ms"], sign
assert ("mark", "\u2020") in sign["texts"], sign
kyb = find("kem-demo", "Kyb-512", "keygen")
assert [t for c, t in kyb["texts"] if c == "fig"] == ["19%", "2.0%", "42.9 \u00b5s"], kyb
assert not [t for c, t in kyb["texts"] if c == "mark"], kyb
failed = find("sign-demo", "Demo-256", "keygen")
assert failed["bars"] == [] and failed["texts"] == [("none", "no profile (failed)")], failed
assert notes[0].startswith("time/op: the mean time of one operation"), notes
assert any(n.startswith("\u2020 partial record") for n in notes) and not any(n.startswith("*") for n in notes), notes
'
check_chart "a noisy record is marked, and the mark explained" "$work/noisy.svg" '
row = find("sign-rej", "Rej-1", "sign")
assert ("mark", "*") in row["texts"], row
assert any(n.startswith("* noisy timing") for n in notes), notes
'
check_chart "an emulated record is marked, and the mark explained" "$work/emulated.svg" '
heap, rej = find("sign-rej", "Heap-1", "keygen"), find("sign-rej", "Rej-1", "sign")
assert [t for c, t in heap["texts"] if c == "mark"] == ["\u2021"], heap
assert [t for c, t in rej["texts"] if c == "mark"] == ["*"], rej
assert any(n.startswith("\u2021 emulated: timings not meaningful") for n in notes), notes
'
check_chart "a chart of many schemes counts them on the line under the title, which keeps its dates and version" "$work/many.svg" '
meta = [t for c, t in texts if c == "meta"]
assert meta[0] == "4 schemes; measured 2026-09-26 to 2026-12-03; drawn by iccsprof '"$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' "$top_builddir/config.h")"'", meta
assert sorted({r["group"] for r in rows}) == ["kem-demo", "sign-demo", "sign-grp", "sign-rej"], rows
'
check_chart "compare's chart: A and B bars, and the difference with its uncertainty" "$work/compare.svg" '
meta = [t for c, t in texts if c == "meta"]
assert meta[0].startswith("A: ") and meta[0].endswith("compare-threshold/input/a") and meta[1].endswith("input/b"), meta
for r in rows:
    assert len(r["bars"]) == 2 and [t for c, t in r["texts"] if c == "tag"] == ["A", "B"], r
# the scale of the panel: the largest difference and its margin, rounded up
scale = [t for c, t in texts if c == "axis" and t.startswith("+")]
assert scale == ["+5"], scale
sign = find("sign-demo", "Demo-128", "sign")
assert share(sign, 0, "pseudoXOF") == 55.0 and share(sign, 1, "pseudoXOF") == 57.0, sign
assert ("fig", "+2.0") in sign["texts"] and sign["diff"][0] == "diff", sign
# 2 pp on a panel of 50 pt for 5 pp either side: 10 pt
assert abs(sign["diff"][1] - 10.0) < 0.01, sign
assert [t for c, t in sign["texts"] if c == "fig"] == ["1.21 ms", "1.21 ms", "+2.0"], sign
keygen = find("sign-demo", "Demo-128", "keygen")
assert ("within", "+0.6\u00b10.8") in keygen["texts"] and keygen["diff"][0] == "diffnoise", keygen
assert any(n.startswith("\u0394 hash: B") for n in notes), notes
'

# A renderer draws each chart at its printed size: 72 dpi is a pixel a point.
if command -v rsvg-convert >/dev/null 2>&1; then
    for chart in report compare noisy many emulated; do
        if rsvg-convert -d 72 -p 72 -o "$work/$chart.png" "$work/$chart.svg" 2>"$work/err" &&
            width=$(python3 -c 'import struct, sys; print(struct.unpack(">I", open(sys.argv[1], "rb").read()[16:20])[0])' "$work/$chart.png") &&
            [ "$width" -ge 339 ] && [ "$width" -le 360 ]; then
            pass "rsvg-convert renders $chart's chart at 120 mm ($width pt)"
        else
            fail "rsvg-convert renders $chart's chart at 120 mm" "${width:-no width} $(head -c 300 "$work/err")"
        fi
    done
else
    fail "rsvg-convert renders the charts" "not installed (./bootstrap installs librsvg2-bin)"
fi

# Folded stacks: "frame;frame;... count", the count a whole number, each
# stack rooted at the operation's API function and given once.
expect_status "report --format folded exits 0" 0 "$ICCSPROF" report --format folded "$cases/sections-md/input" "$cases/report-folded-cut/input"
if grep -v -E '^[^ ;]+(;[^ ;]+)+ [0-9]+$' "$work/out" >"$work/odd"; then
    fail "every folded line is frames and a count" "$(head -n 3 "$work/odd")"
else
    pass "every folded line is frames and a count"
fi
if grep -v -E '^[^;]+;[^;]+;(sig_|kem_|kex_)' "$work/out" >"$work/odd"; then
    fail "every stack starts at the API function" "$(head -n 3 "$work/odd")"
else
    pass "every stack starts at the API function"
fi
if grep -E 'profile_|op_call|main;|__libc' "$work/out" >"$work/odd"; then
    fail "no stack holds the measuring program's frames" "$(head -n 3 "$work/odd")"
else
    pass "no stack holds the measuring program's frames"
fi
if [ -z "$(sed 's/ [0-9]*$//' "$work/out" | sort | uniq -d)" ]; then
    pass "every stack is given once"
else
    fail "every stack is given once" "$(sed 's/ [0-9]*$//' "$work/out" | sort | uniq -d | head -n 3)"
fi
expect_status "folded without call sites exits 0" 0 "$ICCSPROF" report --format folded "$cases/sections-md/input/kem-demo"
expect_grep "and says there are none" "^iccsprof report: note: no record has call sites (iccsprof run --callers)$" "$work/err"
expect_status "--section with svg is a usage error" 2 "$ICCSPROF" report --format svg --section perf "$cases/sections-md/input"
expect_grep "and says why" "^iccsprof report: --format svg draws no sections: drop --section$" "$work/err"
finish
