#!/bin/sh
# host.sh - `iccsprof host` on fixture /sys and /proc trees, the check at
# the start of every run and its record, --require-quiet-host, and
# --cpu: the measuring process's own /proc/self/status says where it ran.
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
hosts="$top_srcdir/tests/fixtures/host"
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --precision off"

# --- iccsprof host on fixture trees ---
ICCSPROF_HOST_ROOT=$hosts/quiet expect_status "host: a prepared host pinned to its isolated core" 0 \
    "$ICCSPROF" host --cpu 1
expect_grep "host: the verdict first" "^host: ready for a published measurement$" "$work/out"
expect_grep "host: an item a line" "^  governor  *ready  *performance$" "$work/out"
expect_grep "host: the host's name" "^  hostname  *bench-1$" "$work/out"
expect_grep "host: its architecture" "^  machine  *x86_64$" "$work/out"
expect_grep "host: its operating system" "^  os  *Debian GNU/Linux 13 (trixie)$" "$work/out"
expect_grep "host: its memory" "^  memory  *31788 MiB$" "$work/out"
ICCSPROF_HOST_ROOT=$hosts/bare expect_status "host: a tree that says little" 1 "$ICCSPROF" host --json
py "host: what a tree does not say is not known" '
import json, sys
items = json.load(open(sys.argv[1]))["items"]
for k in ("hostname", "machine", "os", "memory"):
    assert items[k] == {"state": "info", "value": "not known", "needs": "reported with the results", "fix": ""}, items[k]
' "$work/out"
ICCSPROF_HOST_ROOT=$hosts/busy expect_status "host: an unprepared host" 1 "$ICCSPROF" host
expect_grep "host: every failed item named" \
    "^host: not ready for a published measurement (pinning, isolated, governor, turbo, smt, perf_event_paranoid, load)$" \
    "$work/out"
expect_grep "host: the fix under the item" "fix:   echo off > /sys/devices/system/cpu/smt/control" "$work/out"
ICCSPROF_HOST_ROOT=$hosts/busy expect_status "host --json" 1 "$ICCSPROF" host --json --cpu 4
py "host --json: the record's check object" '
import json, sys
c = json.load(open(sys.argv[1]))
assert c["ready"] is False and c["cpu"] == 4, c
assert c["not_ready"] == ["isolated", "governor", "turbo", "smt", "perf_event_paranoid", "load"], c["not_ready"]
assert c["items"]["governor"] == {"state": "not_ready", "value": "schedutil", "needs": "performance",
                                  "fix": "cpupower -c 4 frequency-set -g performance"}, c["items"]["governor"]
' "$work/out"
ICCSPROF_HOST_ROOT=$hosts/busy expect_status "host: a core not allowed" 2 "$ICCSPROF" host --cpu 2
expect_grep "host: a core not allowed, named" \
    "^iccsprof host: --cpu 2: not a CPU this process may run on (allowed: 0-1,4)$" "$work/err"
"$ICCSPROF" host --json >"$work/live.json"
py "host: the live check reads this machine" '
import json, sys
c = json.load(open(sys.argv[1]))
assert c["items"]["pinning"]["state"] == "not_ready" and c["cpu"] is None
assert c["items"]["hardware_cycles"]["state"] in ("ready", "not_ready")
assert c["items"]["emulation"]["state"] == "ready", c["items"]["emulation"]
assert c["items"]["emulation"]["value"].startswith("native (an "), c["items"]["emulation"]
' "$work/live.json"

# --- the check at the start of a run ---
mkdir "$work/busy" "$work/quiet"
ICCSPROF_HOST_ROOT=$hosts/busy expect_status "run --require-quiet-host refuses a busy host" 2 \
    "$ICCSPROF" run --plain "$fix/libsigfix.so" --profiled "$fix/libsigfix_prof.so" --op keygen \
    --out-dir "$work/busy" --cpu 1 --require-quiet-host $quick
want="iccsprof run: --require-quiet-host: the host is not ready: isolated none (needs the measuring core isolated from the scheduler); turbo on (cpufreq boost 1) (needs off); smt on (control on) (needs off); perf_event_paranoid 3 (needs 2 or less (user-mode counters of one's own process)); load 9.50 (needs 1-minute load below the 8 CPUs online)"
[ "$(cat "$work/err")" = "$want" ] && pass "run --require-quiet-host: one line naming what failed" ||
    fail "run --require-quiet-host: one line naming what failed" "$(cat "$work/err")"
[ -z "$(ls -A "$work/busy")" ] && pass "run --require-quiet-host: nothing written" ||
    fail "run --require-quiet-host: nothing written" "$(ls "$work/busy")"
ICCSPROF_HOST_ROOT=$hosts/busy expect_status "run on a busy host without the requirement" 0 \
    "$ICCSPROF" run --plain "$fix/libsigfix.so" --profiled "$fix/libsigfix_prof.so" --op keygen \
    --out-dir "$work/busy" $quick
ICCSPROF_HOST_ROOT=$hosts/quiet expect_status "run --require-quiet-host on a quiet host" 0 \
    "$ICCSPROF" run --plain "$fix/libsigfix.so" --profiled "$fix/libsigfix_prof.so" --op keygen \
    --out-dir "$work/quiet" --cpu 1 --require-quiet-host $quick
py "records: what was not ready, and the core" '
import json, sys
busy = json.load(open(sys.argv[1] + "/busy/sigfix__keygen.json"))["host"]
quiet = json.load(open(sys.argv[1] + "/quiet/sigfix__keygen.json"))["host"]
assert busy["cpu"] is None and busy["check"]["ready"] is False, busy
assert busy["check"]["not_ready"] == ["pinning", "isolated", "governor", "turbo", "smt", "perf_event_paranoid", "load"], busy["check"]["not_ready"]
assert quiet["cpu"] == 1 and quiet["check"]["ready"] is True and quiet["check"]["cpu"] == 1, quiet
# emulation is a fact of the process, not of the fixture tree: native here
assert busy["emulated"] is False and "emulation" not in busy, busy
' "$work"
# the page's title and Assessment environment, from the record's host check
expect_status "report of the quiet host's record" 0 "$ICCSPROF" report "$work/quiet"
expect_grep "page: the title names the host" "^# sigfix — performance on x86-64 (host bench-1)$" "$work/out"
expect_grep "page: the core measured on" "^| processor | .* (CPU 1, one core) |$" "$work/out"
expect_grep "page: the clock" "^| clock | max 2.10 GHz, governor performance, turbo off, SMT off |$" "$work/out"
expect_grep "page: the memory" "^| memory | 31788 MiB |$" "$work/out"
expect_grep "page: the operating system" "^| OS / kernel | Debian GNU/Linux 13 (trixie) / .* |$" "$work/out"
expect_grep "page: the host check" "^| host check | ready |$" "$work/out"
expect_status "report of the busy host's record" 0 "$ICCSPROF" report "$work/busy"
expect_grep "page: a host not pinned" "^| processor | .* (not pinned) |$" "$work/out"
expect_grep "page: what was not ready" "^| host check | not ready: pinning, isolated, governor, turbo, smt, perf_event_paranoid, load |$" "$work/out"
if python3 -c 'import jsonschema' 2>/dev/null; then
    py "records: valid against the schema" '
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
for f in sys.argv[2:]:
    jsonschema.validate(json.load(open(f)), schema)
' "$top_srcdir/profiles/profile.schema.json" "$work/busy/sigfix__keygen.json" "$work/quiet/sigfix__keygen.json"
fi

# --- pinning: the measuring process reports its own allowed CPUs ---
for cpu in 0 1; do
    mkdir "$work/pin$cpu"
    ICCSPROF_FIXTURE=cpus expect_status "run --cpu $cpu" 0 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
        --profiled "$fix/libsigfix_prof.so" --op keygen --out-dir "$work/pin$cpu" --cpu $cpu $quick
    got=$(sort -u "$work/pin$cpu/sigfix__keygen.log")
    want=$(printf 'Cpus_allowed_list:\t%s' $cpu)
    [ "$got" = "$want" ] && pass "run --cpu $cpu: the measuring process may run on core $cpu only" ||
        fail "run --cpu $cpu: the measuring process may run on core $cpu only" "log: $got"
    py "run --cpu $cpu: the record says which core" '
import json, sys
h = json.load(open(sys.argv[1]))["host"]
assert h["cpu"] == int(sys.argv[2]) and h["check"]["cpu"] == int(sys.argv[2]), h
' "$work/pin$cpu/sigfix__keygen.json" $cpu
done
mkdir "$work/bad"
expect_status "run --cpu: a core that does not exist" 2 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --op keygen --out-dir "$work/bad" --cpu 1000 $quick
[ "$(cat "$work/err")" = "iccsprof run: --cpu 1000: not a CPU this process may run on (allowed: $(python3 -c 'import os; s=sorted(os.sched_getaffinity(0)); print(",".join(map(str,s)) if len(s)<2 or s!=list(range(s[0],s[-1]+1)) else f"{s[0]}-{s[-1]}")'))" ] &&
    pass "run --cpu: the error names the option and the allowed CPUs" ||
    fail "run --cpu: the error names the option and the allowed CPUs" "$(cat "$work/err")"
[ -z "$(ls -A "$work/bad")" ] && pass "run --cpu: nothing written" || fail "run --cpu: nothing written" "$(ls "$work/bad")"
expect_status "run --cpu: not a number" 2 "$ICCSPROF" run --plain "$fix/libsigfix.so" \
    --profiled "$fix/libsigfix_prof.so" --op keygen --out-dir "$work/bad" --cpu x
finish
