#!/bin/sh
# aarch64.sh - an aarch64 build's own check, run by .ci/aarch64 under
# qemu-user (make check TESTS=tests/aarch64.sh in a build configured with
# --host=aarch64-linux-gnu): one in-tree scheme's whole `iccsprof profile`
# (instances built by the configured cross compiler, KAT gate, measurement,
# report), whose records must give exactly the calls per operation of
# tests/intree_expected.py, as on x86-64, name cntvct_el0 at the rate
# cntfrq_el0 states, and say the emulation `iccsprof host` finds.
. "$top_srcdir/tests/lib.sh"

# elf_machine FILE: the ELF e_machine of FILE (183: AArch64).
elf_machine() {
    python3 -c 'import struct, sys; print(struct.unpack("<H", open(sys.argv[1], "rb").read(20)[18:20])[0])' "$1"
}

if [ "$(elf_machine "$ICCSPROF")" != 183 ]; then
    echo "skip: $ICCSPROF is not an aarch64 program (this script checks the aarch64 build .ci/aarch64 makes)"
    exit 77
fi
# the machine's own architecture: this shell's uname is a native program
[ "$(uname -m)" = aarch64 ] && emulated=False || emulated=True
cc=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
unset ICCSPROF_CC

# --- iccsprof host: the emulation, the counter and its rate ---
"$ICCSPROF" host >"$work/host.txt"
"$ICCSPROF" host --json >"$work/host.json"
if [ $emulated = True ]; then
    expect_grep "host: emulated, not ready" \
        "^  emulation  *NOT READY  emulated: timings not meaningful (an aarch64 program on the x86 CPUs of /proc/cpuinfo; MIDR_EL1 is QEMU's 'max' CPU)$" \
        "$work/host.txt"
    expect_grep "host: no perf_event_open under qemu-user" \
        "^  hardware_cycles  *NOT READY  not readable: no perf_event_open system call" "$work/host.txt"
else
    expect_grep "host: native" "^  emulation  *ready  *native (an aarch64 program on Arm CPUs)$" "$work/host.txt"
fi
expect_grep "host: cntvct_el0 at cntfrq_el0's rate" "^  ticks  *cntvct_el0 at [1-9][0-9]* Hz (cntfrq_el0)$" "$work/host.txt"
hz=$(sed -n 's/^  ticks  *cntvct_el0 at \([0-9]*\) Hz.*/\1/p' "$work/host.txt")

# --- the whole profile of the default scheme, short ---
# (named in the tree's schemes folder, as make profile does: the in-tree
# packages link the ICCS files they share from schemes/iccs)
expect_status "profile sign-wots under emulation" 0 "$ICCSPROF" profile \
    --schemes-dir "$top_srcdir/schemes" --scheme sign-wots --builddir "$work/build" \
    --profile-dir "$work/prof" --trials 2 --target-seconds 0.05 -j 2
cp "$work/out" "$work/report.md"
cp "$work/err" "$work/profile.err"
python3 "$top_srcdir/tests/intree_expected.py" --list | grep '^sign-wots ' >"$work/list"
[ "$(wc -l <"$work/list")" -eq 6 ] && pass "six instance operations" || fail "six instance operations" "$(cat "$work/list")"
while read -r scheme inst op; do
    name="$inst $op"
    python3 "$top_srcdir/tests/intree_expected.py" "$scheme" "$inst" "$op" | LC_ALL=C sort >"$work/want"
    if ! python3 - "$work/prof/${inst}__$op.json" "$hz" "$emulated" "$cc" >"$work/got" 2>"$work/py.err" <<'EOS'; then
import struct, sys
from records import formula_lines, load
r = load(sys.argv[1])
hz, emulated, cc = float(sys.argv[2]), sys.argv[3] == "True", sys.argv[4]
h, b = r["host"], r["build"]
assert r["status"]["state"] == "complete", r["status"]
assert h["tick_source"] == "cntvct_el0" and h["tick_hz"] == hz, (h["tick_source"], h["tick_hz"], hz)
assert h["emulated"] is emulated, h.get("emulated")
if emulated:
    assert "an aarch64 program on the x86 CPUs of /proc/cpuinfo" in h["emulation"], h["emulation"]
    assert h["cycles_source"] == "ticks" and h["hardware_cycles"] is False, h
    assert "emulation" in h["check"]["not_ready"], h["check"]["not_ready"]
# built by the configured cross compiler, with the guide flags: nothing
# in the defaults is for one architecture only
assert b["compiler"].startswith(cc + " "), (b["compiler"], cc)
assert b["fallback"] is None, b["fallback"]
assert b["cflags"] == ("-std=c99 -Wpedantic -Wall -Wextra -O2 -Werror=implicit-function-declaration "
                       "-Werror=implicit-int -Werror=int-conversion -Werror=incompatible-pointer-types "
                       "-fPIC -g"), b["cflags"]
for lib in (b["plain"]["path"], b["profiled"]["path"]):
    assert struct.unpack("<H", open(lib, "rb").read(20)[18:20])[0] == 183, lib
assert r["kat"]["result"] == "pass" and r["kat"]["profiled"] == "identical", r["kat"]
print("\n".join(formula_lines(r)))
EOS
        fail "$name: the record" "$(tail -c 400 "$work/py.err")"
        continue
    fi
    LC_ALL=C sort "$work/got" -o "$work/got"
    if [ -s "$work/want" ] && cmp -s "$work/want" "$work/got"; then
        pass "$name: calls per operation exact, as the formulas give"
    else
        fail "$name: calls per operation exact, as the formulas give" "$(diff "$work/want" "$work/got" | head -n 12)"
    fi
done <"$work/list"
expect_grep "report: the counter's rate" "cntvct_el0 counts [0-9.]* [GM]Hz" "$work/report.md"
if [ $emulated = True ]; then
    expect_grep "report: emulated records marked" "^- \`WOTS-SM3-16\` keygen: emulated: timings not meaningful" "$work/report.md"
fi

# --- call sites: libunwind's chains on AArch64, resolved by libdw ---
inst=$work/build/sign-wots/WOTS-SM3-16
expect_status "run --callers=2" 0 "$ICCSPROF" run --plain "$inst/libWOTS-SM3-16.so" \
    --profiled "$inst/libWOTS-SM3-16.prof.so" --op verify --out "$work/sites.json" \
    --no-plain --profile-seconds 0.01 --min-calls 3 --callers=2
python3 - "$work/sites.json" >"$work/py.out" 2>&1 <<'EOS'
import json, sys
c = json.load(open(sys.argv[1]))["callers"]
assert c["depth"] == 2 and c["sites"], c
assert all(len(s["frames"]) == 2 and s["frames"][0]["line"] for s in c["sites"]), c["sites"]
chains = {(s["helper"], s["frames"][0]["function"], s["frames"][1]["function"]) for s in c["sites"]}
assert ("sm3hash", "wots_hash_f", "wots_verify") in chains, chains
assert ("pseudohash", "wots_hash_digest", "wots_verify") in chains, chains
EOS
[ $? -eq 0 ] && pass "call sites: helper <- wots_hash_* <- wots_verify, with lines" ||
    fail "call sites: helper <- wots_hash_* <- wots_verify, with lines" "$(tail -c 600 "$work/py.out")"
finish
