#!/bin/sh
# pictures.sh - the share charts of report and compare read as SVG (parsed
# as XML, bar by bar, and rendered where a renderer is installed), and the
# folded call stacks read as flame-graph tools read them.
. "$top_srcdir/tests/lib.sh"

cases="$top_srcdir/tests/report"
expect_status "report --format svg exits 0" 0 "$ICCSPROF" report --format svg "$cases/sections-md/input"
cp "$work/out" "$work/report.svg"
expect_status "compare --format svg exits 0" 0 "$ICCSPROF" compare --format svg \
    "$cases/compare-changed-calls/input/a" "$cases/compare-changed-calls/input/b"
cp "$work/out" "$work/compare.svg"

# check_svg NAME FILE BARS_PER_GROUP: the document is SVG 1.1, every bar's
# three parts fill the bar's width, each group has its bars, and the shares
# written beside the bars are the records' (as the Markdown report rounds).
check_svg() {
    if python3 - "$2" "$3" >"$work/svg-check" 2>&1 <<'EOS'
import re, sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
per_group = int(sys.argv[2])
assert root.tag == ns + "svg", root.tag
assert root.get("version") == "1.1" and root.get("viewBox"), root.attrib
assert not list(root.iter(ns + "script")) and not list(root.iter(ns + "image")), "script or image"
parts = [r for r in root.iter(ns + "rect") if r.find(ns + "title") is not None]
rows = {}
for r in parts:
    rows.setdefault(r.get("y"), []).append(r)
for y, bar in rows.items():
    names = [r.find(ns + "title").text.split(":")[0] for r in bar]
    assert names == ["hash helpers", "DRNG", "rest"], names
    width = sum(float(r.get("width")) for r in bar)
    assert abs(width - 400) < 0.05, (y, width)
    xs = [float(r.get("x")) for r in bar]
    assert all(abs(xs[i] + float(bar[i].get("width")) - xs[i + 1]) < 0.05 for i in range(2)), xs
texts = [t.text for t in root.iter(ns + "text")]
figures = [t for t in texts if t and t.startswith("hash ") and ", DRNG " in t]
none = [t for t in texts if t and t.startswith("no profile")]
assert len(figures) == len(rows), (figures, len(rows))
tags = [t for t in texts if t in ("A", "B")]
if per_group == 2:
    assert tags == ["A", "B"] * (len(tags) // 2) and len(tags) == len(rows) + len(none), tags
print(len(rows), "bars,", len(none), "without a profile;", " | ".join(figures))
EOS
    then pass "$1 ($(cat "$work/svg-check"))"; else fail "$1" "$(tail -n 3 "$work/svg-check")"; fi
}
check_svg "report's chart is well-formed SVG with whole bars" "$work/report.svg" 1
grep -o 'hash [^<]*' "$work/report.svg" >"$work/figures"
expect_grep "report's chart gives Demo-128 sign's shares" "^hash 75%, DRNG 0.0%$" "$work/figures"
expect_grep "report's chart gives Kyb-512 keygen's shares" "^hash 19%, DRNG 2.0%$" "$work/figures"
expect_grep "a failed record has no bar but a note" ">no profile (failed)<" "$work/report.svg"
check_svg "compare's chart is well-formed SVG with A and B bars" "$work/compare.svg" 2
expect_grep "compare's chart names both sides" "A = .*compare-changed-calls/input/a, B = " "$work/compare.svg"

# A renderer, where one is installed, draws both charts.
if command -v rsvg-convert >/dev/null 2>&1; then
    for chart in report compare; do
        if rsvg-convert -o "$work/$chart.png" "$work/$chart.svg" 2>"$work/err" && [ -s "$work/$chart.png" ]; then
            pass "rsvg-convert renders $chart's chart"
        else
            fail "rsvg-convert renders $chart's chart" "$(head -c 300 "$work/err")"
        fi
    done
else
    echo "# rsvg-convert (librsvg2-bin) is not installed: the charts were parsed, not rendered"
fi

# Folded stacks: "frame;frame;... count", the count a whole number.
expect_status "report --format folded exits 0" 0 "$ICCSPROF" report --format folded "$cases/sections-md/input"
if grep -v -E '^[^ ;]+(;[^ ;]+)+ [0-9]+$' "$work/out" >"$work/odd"; then
    fail "every folded line is frames and a count" "$(head -n 3 "$work/odd")"
else
    pass "every folded line is frames and a count"
fi
expect_status "folded without call sites exits 0" 0 "$ICCSPROF" report --format folded "$cases/sections-md/input/kem-demo"
expect_grep "and says there are none" "^iccsprof: note: no record has call sites (iccsprof run --callers)$" "$work/err"
expect_status "--section with svg is a usage error" 2 "$ICCSPROF" report --format svg --section perf "$cases/sections-md/input"
expect_grep "and says why" "^iccsprof report: --format svg draws no sections: drop --section$" "$work/err"
finish
