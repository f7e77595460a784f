#!/bin/sh
# totals.sh - helper totals exact past the wrappers' shape table, end to
# end: the signature fixture's key generation makes 5000 more pseudoXOF
# calls of 5000 output lengths (ICCSPROF_FIXTURE=shapes), its twin the same
# calls in one shape (one-shape).  Calls per operation are exact, the
# shape rows sum to the helpers' totals, the shares are taken of every
# call's estimated time, the rows past the table are grouped and the
# report says so in their cells.  Whether the two shares agree is a timing
# claim: `make bench` compares them.
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --precision off"

# run NAME DIR BEHAVIOUR [OPTIONS...]: profile the fixture's keygen into DIR.
run() {
    name=$1 dir=$2 behaviour=$3
    shift 3
    mkdir -p "$dir"
    ICCSPROF_FIXTURE=$behaviour expect_status "$name" 0 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
        --profiled "$fix/libsigfix_prof.so" --out-dir "$dir" --op keygen --instance sigfix $quick "$@"
}

# The rows of a record sum to its helpers' totals (calls and timed calls
# exactly, the estimated ticks as the record adds them), whatever the rows.
rows_sum='
def rows_sum_to_totals(p):
    for name, h in p["helpers"].items():
        rows = [s for s in p["shapes"] if s["helper"] == name]
        check(sum(s["calls"] for s in rows) == h["calls"], f"{name}: calls")
        check(sum(s["timed_calls"] for s in rows) == h["timed_calls"], f"{name}: timed calls")
        est = sum(s["ticks"] / s["timed_calls"] * s["calls"] for s in rows if s["timed_calls"])
        check(abs(est - h["ticks"]) <= 1e-9 * max(1.0, h["ticks"]), f"{name}: ticks {est} {h}")
        check(sum(s["calls"] for s in rows if s["grouped"]) == h["grouped_calls"], f"{name}: grouped")

# The shares rest on every call: each is the estimated ticks of its helpers
# less the inner cost of each of their calls, over the baseline (or, when
# the compensation is not applied, the raw ticks over those measured).
def clamp(x):
    return min(max(x, 0.0), 1.0)

def share_of(p, names):
    ticks = sum(p["helpers"][n]["ticks"] for n in names)
    calls = sum(p["helpers"][n]["calls"] for n in names)
    if not p["compensation"]["applied"]:
        return clamp(ticks / (p["ticks"] - p["preempted"]["ticks"]))
    return clamp((ticks - calls * p["overhead"]["inner_ticks"]) / p["baseline_ticks"])

def shares_rest_on_every_call(p):
    for name, h in p["helpers"].items():
        check(abs(h["share"] - share_of(p, [name])) <= 1e-9, f"{name}: share {h} {share_of(p, [name])}")
    got, want = p["hash_share"], share_of(p, ["pseudohash", "pseudoXOF", "sm3hash"])
    check(abs(got - want) <= 1e-9, f"hash share {got} {want}")
'

# --- 5000 output lengths, sampled: calls exact, rows grouped past the table ---
run "5000 shapes: profiled, sampled" "$work/shapes" shapes --sample 8
py "5000 shapes: calls per operation exact, rows sum to the totals" "
import sys
from records import check, load
$rows_sum
r = load(sys.argv[1] + '/sigfix__keygen.json')
p = r['profile']
n = p['calls']
x = p['helpers']['pseudoXOF']
check(x['calls'] == 5001 * n and x['calls_per_op'] == 5001, str(x))
check(x['calls_min'] == x['calls_max'] == 5001 and x['calls_per_op_stderr'] == 0, str(x))
check(p['helpers']['sm3hash']['calls'] == n and p['helpers']['get_random_number']['calls'] == n, 'others')
check(p['sampling']['k'] == 8 and x['timed_calls'] < x['calls'], str(p['sampling']))
rows_sum_to_totals(p)
shares_rest_on_every_call(p)
# the first 256 keys exact (DRNG, two keygen calls, 253 lengths), the
# other 4747 lengths in the 5 classes of out bits from 256 to 8191
check(sum(1 for s in p['shapes'] if not s['grouped']) == 256, 'exact rows')
check(p['grouped'] == {'rows': 5, 'calls': 4747 * n, 'table_shapes': 256, 'table_classes': 256}, str(p['grouped']))
for s in p['shapes']:
    if s['grouped']:
        check(s['helper'] == 'pseudoXOF' and (s['in_bits'], s['in_bits_max']) == (256, 511), str(s))
        check(s['out_bits_max'] == 2 * s['out_bits'] - 1 and s['calls_min'] == s['calls_max'], str(s))
" "$work/shapes"
expect_status "5000 shapes: report" 0 "$ICCSPROF" report --section symmetric,shapes "$work/shapes"
expect_grep "5000 shapes: calls per operation on the page" \
    '| `sigfix` | keygen | [0-9]*%[^|]* | 0.0% | drng 1, pseudoXOF 5,001, sm3hash 1 |' "$work/out"
expect_grep "5000 shapes: a grouped row says so in its cells" \
    '| `sigfix` | keygen | pseudoXOF, grouped | 256–511 | 4,096–8,191 | 1,5[0-9][0-9] | [0-9.]*% | ' "$work/out"
expect_grep "5000 shapes: the grouped rows are explained" "^- grouped: the keys met once" "$work/out"
expect_status "5000 shapes: CSV of shapes" 0 "$ICCSPROF" report --format csv --section shapes "$work/shapes"
py "5000 shapes: the CSV marks the grouped rows and keeps exact counts" "
import csv, sys
from records import check
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
grouped = [r for r in rows if r['grouped'] == 'true']
check(len(rows) == 261 and len(grouped) == 5, str(len(rows)))
check(sorted(int(r['out_bits_max']) for r in grouped) == [511, 1023, 2047, 4095, 8191], 'bounds')
check(sum(int(r['calls']) for r in rows if r['helper'] == 'pseudoXOF') % 5001 == 0, 'calls')
" "$work/out"

# --- the twin: the same calls in one shape ---
run "one shape: profiled" "$work/one" one-shape
py "one shape: the same calls, nothing grouped" "
import sys
from records import check, load
$rows_sum
p = load(sys.argv[1] + '/sigfix__keygen.json')['profile']
x = p['helpers']['pseudoXOF']
check(x['calls'] == 5001 * p['calls'] and x['grouped_calls'] == 0, str(x))
check(p['grouped']['rows'] == 0 and len(p['shapes']) == 4, str(p['shapes']))
check(p['sampling']['k'] == 1 and x['timed_calls'] + x['outlier_calls'] == x['calls'], str(x))
rows_sum_to_totals(p)
shares_rest_on_every_call(p)
" "$work/one"
expect_status "compare: the same calls per operation" 0 \
    "$ICCSPROF" compare --fail-on calls --format json "$work/shapes" "$work/one"
py "compare: exact counts in the JSON" "
import json, sys
from records import check, load
c = json.load(open(sys.argv[1]))['records'][0]
a = load(sys.argv[2] + '/sigfix__keygen.json')['profile']
b = load(sys.argv[3] + '/sigfix__keygen.json')['profile']
check(c['pseudoXOF_calls_a'] == a['helpers']['pseudoXOF']['calls'], str(c))
check(c['pseudoXOF_calls_b'] == b['helpers']['pseudoXOF']['calls'], str(c))
check((c['profile_calls_a'], c['profile_calls_b']) == (a['calls'], b['calls']), str(c))
check(c['calls_in_no_helper_a'] == 0 and not c['calls_differ'], str(c))
" "$work/out" "$work/shapes" "$work/one"
finish
