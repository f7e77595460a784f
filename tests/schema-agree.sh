#!/bin/sh
# schema-agree.sh - the strict record reader (record-read.c) and the
# record schema (profiles/profile.schema.json, by python3-jsonschema)
# agree on every record of a corpus of mutated records made from real
# ones (tests/schema_agree.py).
. "$top_srcdir/tests/lib.sh"

fix="$top_builddir/tests/fixtures/run/.libs"
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --precision off"

# a signature's record with call sites and a KAT result, a KEM's made by
# a Slurm array task, a key
# exchange's, a failed one and one without a profile pass
mkdir -p "$work/recs" "$work/inst" "$work/mut"
printf '{"scheme": "fix-sig", "algorithm": "FixSig", "instance": "S-1"}\n' >"$work/inst/build.json"
cat >"$work/inst/kat.json" <<'EOJ'
{"result": "fail", "detail": "S-1.rsp line 5: differs", "driver": "KAT_SIG.c",
 "responses": ["S-1.rsp"], "seconds": 0.25, "timeout_seconds": 600, "profiled": "identical",
 "profiled_detail": ""}
EOJ
ok=yes
"$ICCSPROF" run --plain "$fix/libsitesfix.so" --profiled "$fix/libsitesfix_prof.so" --op sign \
    --callers=2 --build-info "$work/inst/build.json" --out "$work/recs/sig.json" $quick >/dev/null || ok=no
# (the KEM's as a Slurm array task would make it: host.scheduler)
SLURM_JOB_ID=4127 SLURM_ARRAY_JOB_ID=4120 SLURM_ARRAY_TASK_ID=7 \
    "$ICCSPROF" run --plain "$fix/libkemfix.so" --profiled "$fix/libkemfix_prof.so" --op dec \
    --out "$work/recs/kem.json" $quick >/dev/null || ok=no
"$ICCSPROF" run --plain "$fix/libkexfix.so" --profiled "$fix/libkexfix_prof.so" --op all \
    --out-dir "$work/recs" $quick >/dev/null || ok=no
ICCSPROF_FIXTURE=segv-sign "$ICCSPROF" run --plain "$fix/libsigfix.so" --no-profile --op sign \
    --out "$work/recs/failed.json" $quick >/dev/null 2>&1
"$ICCSPROF" run --plain "$fix/libsigfix.so" --no-profile --op keygen \
    --out "$work/recs/plain.json" $quick >/dev/null || ok=no
[ "$ok" = yes ] && [ -f "$work/recs/failed.json" ] && pass "the records to mutate" ||
    fail "the records to mutate" "a run failed"
if python3 "$top_srcdir/tests/schema_agree.py" "$top_builddir/tests/record-verdict" "$work/mut" \
    "$work/recs/sig.json" "$work/recs/kem.json" "$work/recs/kexfix__pass2_b.json" \
    "$work/recs/failed.json" "$work/recs/plain.json" >"$work/agree" 2>&1; then
    pass "reader and schema agree on every mutated record"
else
    fail "reader and schema agree on every mutated record" "$(cat "$work/agree")"
fi
cat "$work/agree"
finish
