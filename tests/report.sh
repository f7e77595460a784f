#!/bin/sh
# report.sh - `iccsprof report` and `iccsprof compare` on the cases under
# tests/report/.  Each case folder holds:
#   args             the command line after `iccsprof`; paths are relative to
#                    the folder (a case may read another case's input/)
#   input/           the profile records it reads (and a what-if document,
#                    whatif.json, which the tool's own reader checks)
#   expected         its standard output, byte for byte
#   expected_status  its exit status (0 when absent)
#   expected_stderr  its standard error (empty when absent)
#   invalid          input files that are deliberately not valid records
#   page-cells       rows and lines of the published pages, "section<TAB>cell
#                    <TAB>..." or "section<TAB>line": each must be a row of
#                    the Markdown tables, cell for cell, or a line of text
# Every other input file must validate against profiles/profile.schema.json
# (a /1 record against that schema as README says version 1 differs).
. "$top_srcdir/tests/lib.sh"

cases="$top_srcdir/tests/report"

if ! python3 -c 'import jsonschema' 2>/dev/null; then
    fail "python3 jsonschema" "not installed (./bootstrap installs python3-jsonschema)"
    finish
fi

# The hand-written records follow the published schema.
python3 - "$top_srcdir/profiles/profile.schema.json" "$cases" >"$work/schema" 2>&1 <<'EOS'
import copy, json, os, sys
import jsonschema

v6 = json.load(open(sys.argv[1]))

def version_5(schema):
    """Version 6 without the timing pass's cores (its trials name none) and
    without the played-back share's two ends, as profiles/README.md says."""
    s = copy.deepcopy(schema)
    s["properties"]["schema"] = {"const": "iccsprof.profile/5"}
    timing = s["properties"]["timing"]["oneOf"][1]
    for k in ("cores", "core_spread"):
        timing["required"].remove(k)
        del timing["properties"][k]
    trial = timing["properties"]["trials"]["items"]
    trial["required"].remove("cpu")
    del trial["properties"]["cpu"]
    replay = s["properties"]["profile"]["oneOf"][1]["properties"]["replay"]
    replay["then"]["required"] = ["share_stderr", "share_uncertainty"]
    for k in ("share_lower", "share_upper"):
        del replay["properties"][k]
    return s

v5 = version_5(v6)

def version_4(schema):
    """Version 5 with the overflow of the shape table instead of its grouped
    rows, no call-site or DRNG table sizes, as profiles/README.md says."""
    s = copy.deepcopy(schema)
    s["properties"]["schema"] = {"const": "iccsprof.profile/4"}
    profile = s["properties"]["profile"]["oneOf"][1]
    profile["required"][profile["required"].index("grouped")] = "overflow"
    del profile["properties"]["grouped"]
    profile["properties"]["overflow"] = {
        "type": "object", "required": ["keys", "calls", "ticks"], "additionalProperties": False,
        "properties": {"keys": {"type": "boolean"}, "calls": {"type": "integer", "minimum": 0},
                       "ticks": {"type": "number", "minimum": 0}}}
    shape = profile["properties"]["shapes"]["items"]
    for k in ("grouped", "in_bits_max", "out_bits_max"):
        shape["required"].remove(k)
        del shape["properties"][k]
    s["$defs"]["helper"]["required"].remove("grouped_calls")
    del s["$defs"]["helper"]["properties"]["grouped_calls"]
    callers = s["properties"]["callers"]["oneOf"][1]
    for k in ("table", "beyond"):
        callers["required"].remove(k)
        del callers["properties"][k]
    s["properties"]["drng"]["required"].remove("table")
    del s["properties"]["drng"]["properties"]["table"]
    return s

v4 = version_4(v5)

def version_3(schema):
    """Version 4 without pass sizes and events, per-operation distributions,
    compensation, noise and DRNG contexts, as profiles/README.md says."""
    s = copy.deepcopy(schema)
    s["properties"]["schema"] = {"const": "iccsprof.profile/3"}
    for k in ("noise", "drng"):
        s["required"].remove(k)
        del s["properties"][k]
    for section, keys in (("method", ("profile_seconds",)), ("events", ("passes",))):
        for k in keys:
            s["properties"][section]["required"].remove(k)
            del s["properties"][section]["properties"][k]
    timing = s["properties"]["timing"]["oneOf"][1]
    for k in ("trial_spread", "mean_cycles_stderr"):
        timing["required"].remove(k)
        del timing["properties"][k]
    profile = s["properties"]["profile"]["oneOf"][1]
    profile["required"].remove("compensation")
    del profile["properties"]["compensation"]
    for target in (s["$defs"]["helper"], profile["properties"]["shapes"]["items"]):
        for k in ("calls_min", "calls_max", "calls_stddev", "calls_per_op_stderr"):
            target["required"].remove(k)
            del target["properties"][k]
    return s

v3 = version_3(v4)

def version_2(schema):
    """Version 3 under the /2 name: /3 only adds key exchanges, which no /2 record holds."""
    s = copy.deepcopy(schema)
    s["properties"]["schema"] = {"const": "iccsprof.profile/2"}
    return s

v2 = version_2(v3)

def version_1(schema):
    """Version 2 without call sites, sampling and baseline, as profiles/README.md says."""
    s = copy.deepcopy(schema)
    s["properties"]["schema"] = {"const": "iccsprof.profile/1"}
    s["required"].remove("callers")
    del s["properties"]["callers"]
    profile = s["properties"]["profile"]["oneOf"][1]
    for k in ("sampling", "hash_share_stderr", "drng_share_stderr", "baseline_ticks"):
        profile["required"].remove(k)
        del profile["properties"][k]
    for k in ("timed_calls", "share_stderr"):
        s["$defs"]["helper"]["required"].remove(k)
        del s["$defs"]["helper"]["properties"][k]
    # README does not say whether /1 had these; accept them absent or present
    profile["properties"]["overhead"]["required"] = ["inner_ticks", "outer_ticks"]
    profile["properties"]["shapes"]["items"]["required"].remove("timed_calls")
    return s

validators = {"iccsprof.profile/6": jsonschema.Draft202012Validator(v6),
              "iccsprof.profile/5": jsonschema.Draft202012Validator(v5),
              "iccsprof.profile/4": jsonschema.Draft202012Validator(v4),
              "iccsprof.profile/3": jsonschema.Draft202012Validator(v3),
              "iccsprof.profile/2": jsonschema.Draft202012Validator(v2),
              "iccsprof.profile/1": jsonschema.Draft202012Validator(version_1(v2))}
bad = checked = 0
for case in sorted(os.listdir(sys.argv[2])):
    folder = os.path.join(sys.argv[2], case)
    invalid = set()
    if os.path.exists(os.path.join(folder, "invalid")):
        invalid = set(open(os.path.join(folder, "invalid")).read().split())
    for root, _, files in os.walk(os.path.join(folder, "input")):
        for name in sorted(files):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, folder)
            if not name.endswith(".json") or rel in invalid or name == "whatif.json":
                continue
            record = json.load(open(path))
            errors = list(validators[record["schema"]].iter_errors(record))
            checked += 1
            if errors:
                bad += 1
                print("%s/%s: %s at %s" % (case, rel, errors[0].message, list(errors[0].path)))
print("%d records checked" % checked)
sys.exit(1 if bad else 0)
EOS
if [ $? -eq 0 ]; then pass "input records validate ($(tail -n 1 "$work/schema"))"; else fail "input records validate" "$(cat "$work/schema")"; fi

# What made each output, made comparable: a fixed date (SOURCE_DATE_EPOCH),
# this host's name as @HOST@, and the command as each case gives it.
SOURCE_DATE_EPOCH=1790000000
export SOURCE_DATE_EPOCH
unset ICCSPROF_COMMAND
host=$(uname -n)

# normalize FILE: FILE with this host's name in the provenance @HOST@
# (the Markdown line, the SVG metadata, the JSON "made" member, the CSV
# made_host column).
normalize() {
    sed -e "s/^\(<metadata>\)\{0,1\}Made by \(iccsprof [^ ]*\) on host $host, /\1Made by \2 on host @HOST@, /" \
        -e "s/^    \"host\": \"$host\",\$/    \"host\": \"@HOST@\",/" \
        -e "s/,\(iccsprof [^,]*\),\([^,]*\),$host,/,\1,\2,@HOST@,/" "$1"
}

# section_of EXPECTED GOT: the heading of the section where GOT first
# departs from EXPECTED, so that a page's failure names its section.
section_of() {
    python3 - "$1" "$2" <<'EOS'
import sys
want = open(sys.argv[1], encoding="utf-8").read().split("\n")
got = open(sys.argv[2], encoding="utf-8").read().split("\n")
heading = "(before the first heading)"
for i, line in enumerate(want):
    if i >= len(got) or got[i] != line:
        print(heading)
        break
    if line.startswith("#"):
        heading = line.lstrip("# ")
else:
    print("(after the last line)")
EOS
}

# rows_of MARKDOWN: its table rows as "section<TAB>cell<TAB>...", and its
# lines of text and list items as "section<TAB>line".
rows_of() {
    python3 - "$1" <<'EOS'
import sys
section = None
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line.startswith("## "):
        section = line[3:]
    elif line.startswith("| ") and not line.startswith("|---"):
        print("\t".join([section] + line[2:-2].split(" | ")))
    elif line and section is not None and not line.startswith("#"):
        print("%s\t%s" % (section, line[2:] if line.startswith("- ") else line))
EOS
}

for dir in "$cases"/*/; do
    dir=${dir%/}
    case=$(basename "$dir")
    want=0
    [ -f "$dir/expected_status" ] && want=$(cat "$dir/expected_status")
    (cd "$dir" && eval "set -- $(cat args)" && exec "$ICCSPROF" "$@") >"$work/raw" 2>"$work/err"
    got=$?
    normalize "$work/raw" >"$work/out"
    if [ "$got" -eq "$want" ]; then pass "$case: exit $want"; else fail "$case: exit status" "exit $got, wanted $want; stderr: $(head -c 300 "$work/err")"; fi
    if diff -u "$dir/expected" "$work/out" >"$work/diff"; then pass "$case: output"; else fail "$case: output" "differs in section $(section_of "$dir/expected" "$work/out"): $(head -n 40 "$work/diff")"; fi
    if [ -f "$dir/expected_stderr" ]; then
        if diff -u "$dir/expected_stderr" "$work/err" >"$work/diff"; then pass "$case: errors"; else fail "$case: errors" "$(cat "$work/diff")"; fi
    elif [ -s "$work/err" ]; then
        fail "$case: no errors" "$(head -c 300 "$work/err")"
    fi
    if [ -f "$dir/page-cells" ]; then
        rows_of "$work/out" >"$work/rows"
        missing=$(grep -c -v -x -F -f "$work/rows" "$dir/page-cells")
        if [ "$missing" -eq 0 ]; then pass "$case: every page row reproduced"; else fail "$case: page rows" "$missing rows not reproduced, first: $(grep -v -x -F -f "$work/rows" "$dir/page-cells" | head -n 1)"; fi
    fi
done

# The evidence paths of a page: a KAT log and records found here are given
# from the folder the report is made in, however far up they are.
mkdir -p "$work/ev/recs" "$work/ev/build/kat" "$work/ev/page"
echo "KAT output" >"$work/ev/build/kat/plain.stdout"
python3 - "$cases/page-precision/input/WOTS-SM3-16__keygen.json" "$work/ev/recs/WOTS-SM3-16__keygen.json" \
    "$work/ev/build/kat/plain.stdout" <<'EOS'
import json, sys
record = json.load(open(sys.argv[1]))
record["kat"]["log"]["path"] = sys.argv[3]
json.dump(record, open(sys.argv[2], "w"))
EOS
(cd "$work/ev/page" && "$ICCSPROF" report "$work/ev/recs") >"$work/out" 2>"$work/err"
expect_grep "evidence: the KAT log from the report's folder" \
    "^| \`WOTS-SM3-16\` | KAT log (sha256 \`[0-9a-f]*.*\`) | \`\.\./build/kat/plain\.stdout\` |\$" "$work/out"
expect_grep "evidence: a record from the report's folder" \
    "^| \`WOTS-SM3-16\` | timing and hash profile keygen | \`\.\./recs/WOTS-SM3-16__keygen\.json\` |\$" "$work/out"
expect_grep "evidence: the command that made the page" \
    "^This page was made by iccsprof [^ ]*: \`iccsprof report $work/ev/recs\`\$" "$work/out"

# A folder with nothing in it (git keeps no empty folder, so it is made here).
mkdir "$work/empty"
expect_status "empty folder is an input error" 2 "$ICCSPROF" report "$work/empty"
expect_grep "empty folder is named" "^iccsprof report: $work/empty: empty directory$" "$work/err"
expect_status "compare refuses an empty side" 2 "$ICCSPROF" compare "$work/empty" "$cases/compare-identical/input/b"
expect_grep "compare names the empty side" "^iccsprof compare: $work/empty: empty directory$" "$work/err"
expect_status "a missing path is an input error" 2 "$ICCSPROF" report "$work/none.json"
expect_grep "a missing path gives the reason" "^iccsprof report: $work/none.json: No such file or directory$" "$work/err"

# --export-json - writes the export to stdout, and what the command prints
# there (campaign report's summary) to stderr; no file named - is made.
cd "$work" || exit 1
expect_status "campaign report --export-json -" 0 "$ICCSPROF" campaign report "$cases/page-sign-wots/input" \
    --export-json -
cd - >/dev/null || exit 1
python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["rows"]))' "$work/out" >"$work/rows" 2>&1
[ "$(cat "$work/rows")" = 6 ] && pass "--export-json -: stdout is the JSON of the 6 records" ||
    fail "--export-json -: stdout is the JSON of the 6 records" "$(head -c 300 "$work/rows")"
expect_grep "--export-json -: the summary goes to stderr" "^# Summary$" "$work/err"
[ ! -e "$work/-" ] && pass "--export-json -: no file named -" || fail "--export-json -: no file named -" "$work/- exists"

# Usage errors.
sections="$cases/sections-md/input"
expect_status "unknown section" 2 "$ICCSPROF" report --section perf,speed "$sections"
expect_grep "unknown section is named" "^iccsprof report: unknown section: speed" "$work/err"
expect_status "CSV of shapes with other sections" 2 "$ICCSPROF" report --format csv --section perf,shapes "$sections"
expect_grep "CSV mix is explained" "^iccsprof report: --format csv prints one table: give shapes or callers alone$" "$work/err"
expect_status "unknown format" 2 "$ICCSPROF" report --format xml "$sections"
expect_status "--top 0" 2 "$ICCSPROF" report --top 0 "$sections"
expect_grep "--top 0 is named" "^iccsprof report: --top: '0' is not a whole number from 1 to 1000000$" "$work/err"
expect_status "report without inputs" 2 "$ICCSPROF" report --format md
expect_status "compare with one side" 2 "$ICCSPROF" compare "$sections"
expect_grep "compare wants two sides" "^iccsprof compare: give two profile sets, A and B$" "$work/err"
expect_status "compare --format csv" 2 "$ICCSPROF" compare --format csv "$sections" "$sections"
expect_status "bad --fail-on" 2 "$ICCSPROF" compare --fail-on share=x "$sections" "$sections"
expect_grep "bad --fail-on is named" "^iccsprof compare: bad --fail-on condition: share=x" "$work/err"

# make compare wraps the command, passing FAIL_ON through.
changed="$cases/compare-changed-calls/input"
(cd "$top_builddir" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s compare A="$changed/a" B="$changed/b") >"$work/out" 2>"$work/err"
if [ $? -eq 0 ]; then pass "make compare"; else fail "make compare" "$(head -c 300 "$work/err")"; fi
expect_grep "make compare prints the comparison" "^| \`Demo-128\` | sign | drng 1.03, pseudoXOF 22.9, sm3hash 48 | drng 1.03, pseudoXOF 23.9, sm3hash 48 | \*\*differ\*\* |$" "$work/out"
(cd "$top_builddir" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s compare A="$changed/a" B="$changed/b" FAIL_ON=calls) >"$work/out" 2>"$work/err"
if [ $? -ne 0 ]; then pass "make compare FAIL_ON=calls fails"; else fail "make compare FAIL_ON=calls fails" "exit 0"; fi
expect_grep "make compare names the condition" "^iccsprof compare: --fail-on calls holds" "$work/err"
(cd "$top_builddir" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s compare A="$changed/a") >"$work/out" 2>"$work/err"
if [ $? -ne 0 ]; then pass "make compare without B fails"; else fail "make compare without B fails" "exit 0"; fi
expect_grep "make compare says what is missing" "make compare: give A=DIR and B=DIR" "$work/err"
finish
