#!/bin/sh
# whatif-matrix.sh - iccsprof whatif end to end: placeholder records of
# the in-tree schemes against libcrypto's candidates, the toy hash package
# and a package whose KAT fails, in a folder; the matrix's exact rows,
# the refused package named, the control projected to ratio 1, the CSV
# and JSON fields, --measure with its works verdict, and the errors.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/schemes-lib.sh"

HASHES=$work/hashes
mkdir "$HASHES"
cp -RL "$top_srcdir/tests/fixtures/hashes/toyhash" "$HASHES/toyhash"
cp -RL "$top_srcdir/tests/fixtures/hashes/toyhash" "$HASHES/badkat"
chmod -R u+w "$HASHES"
sed -i '4s/^Dst = B/Dst = C/' \
    "$HASHES/badkat/ToyHash/Implementations/Reference_Implementation/ToyHash256/KAT/KAT_2_12_ToyHash256.txt"
# The control's projected ratio stays within this of 1: the placeholder
# and the control are one function timed twice, interleaved.
TOLERANCE=0.10

# prof NAME SCHEME DIR [OPTIONS...]: a quick placeholder profile.
prof() {
    name=$1 scheme=$2 dir=$3
    shift 3
    expect_status "$name" 0 "$ICCSPROF" profile -q --schemes-dir "$top_srcdir/schemes" \
        --scheme "$scheme" --builddir "$work/build" --profile-dir "$dir" --trials 2 \
        --target-seconds 0.05 --kat off \
        --run-flags "--min-calls 5 --profile-seconds 0.02 --max-seconds 30 --precision off" "$@"
}
prof "sign-wots: placeholder records" sign-wots "$work/wots" --instances WOTS-SM3-16
prof "kem-mlwe: placeholder records" kem-mlwe "$work/kem" --instances MLWE-KEM-512
prof "selftest: placeholder record" t-selftest "$work/self" --op verify "$PKGS/selftest"

# --- the matrix: every record and operation against every candidate ---
mkdir "$work/outdir"
expect_status "whatif over two folders of records and a folder of packages" 0 "$ICCSPROF" whatif \
    --hashes "$HASHES" --candidate sm3 --candidate shake256 --format json \
    --export-csv "$work/m.csv" --export-json "$work/m.json" --out "$work/outdir" \
    --export-svg "$work/m.svg" --export-md "$work/m.md" "$work/wots" "$work/kem"
cp "$work/out" "$work/stdout.json"
expect_grep "--export-svg: the heat map, a cell per record and candidate" \
    '<title>sign-wots WOTS-SM3-16 sign with sm3: projected ' "$work/m.svg"
expect_grep "--export-md: the Markdown table" '^| sign-wots | WOTS-SM3-16 | sign | sm3 |' "$work/m.md"
expect_grep "the package whose KAT fails is named with its reason" \
    "^iccsprof whatif: candidate pkg:ToyHash256 refused: KAT_2_12_ToyHash256.txt: line 1: its digest of the 0-bit message differs from Dst\$" \
    "$work/err"
[ "$(grep -c refused "$work/err")" -eq 1 ] && pass "the package is built and refused once" ||
    fail "the package is built and refused once" "$(cat "$work/err")"
cmp -s "$work/stdout.json" "$work/m.json" && cmp -s "$work/m.json" "$work/outdir/whatif.json" &&
    pass "stdout, --export-json and --out DIR/whatif.json hold one document" ||
    fail "stdout, --export-json and --out DIR/whatif.json hold one document" "they differ"
expect_py "the document: exact candidates, rows in order, projections" "$work/m.json" "$HASHES" \
    "$TOLERANCE" <<'EOS'
import json, sys
doc = json.load(open(sys.argv[1]))
hashes, tol = sys.argv[2], float(sys.argv[3])
def check(cond, what):
    if not cond:
        sys.exit("assertion failed: " + str(what))
check(list(doc) == ["schema", "tool", "created", "command", "host", "method", "candidates",
                    "refused", "rows"], list(doc))
check(doc["refused"] == [{"name": "badkat", "path": hashes + "/badkat", "reason":
    "candidate pkg:ToyHash256 refused: KAT_2_12_ToyHash256.txt: line 1: its digest of the 0-bit "
    "message differs from Dst"}], doc["refused"])
check(doc["schema"] == "iccsprof-whatif/2" and doc["tool"]["name"] == "iccsprof", doc["tool"])
check(doc["method"]["flag_percent"] == 2.0 and "calls per operation" in doc["method"]["projection"],
      doc["method"])
check(set(doc["host"]) == {"name", "cpu", "emulated"}, doc["host"])
check(doc["candidates"] == [
    {"name": "iccs", "kind": "control"},
    {"name": "sm3", "kind": "libcrypto"},
    {"name": "shake256", "kind": "libcrypto"},
    {"name": "toyhash", "kind": "package", "path": hashes + "/toyhash", "instance": "ToyHash256",
     "digest_bits": 256, "kat": "pass: 6 vectors"}], doc["candidates"])
want = [(s, i, o, c) for s, i, ops in (("sign-wots", "WOTS-SM3-16", ("keygen", "sign", "verify")),
                                       ("kem-mlwe", "MLWE-KEM-512", ("keygen", "enc", "dec")))
        for o in ops for c in ("iccs", "sm3", "shake256", "toyhash")]
got = [(r["scheme"], r["instance"], r["operation"], r["candidate"]) for r in doc["rows"]]
check(got == want, got)
for r in doc["rows"]:
    keys = ["scheme", "instance", "operation", "candidate", "method", "placeholder_cycles",
            "projected", "measured", "difference_percent", "flagged", "placeholder_cost",
            "cycles_source", "calls_depend_on_hash"]
    check(list(r) == keys + (["calls_why"] if r["calls_depend_on_hash"] else []), r)
    # every library is there and every operation repeats itself: played back
    check(r["method"] == "replay" and r["placeholder_cost"] == "replay", r)
    rec = json.load(open(f"{sys.argv[1].rsplit('/', 1)[0]}/"
                         f"{'wots' if r['scheme'] == 'sign-wots' else 'kem'}/"
                         f"{r['instance']}__{r['operation']}.json"))
    check(r["placeholder_cycles"] == rec["timing"]["mean_cycles"], r)
    check(r["cycles_source"] == rec["host"]["cycles_source"], r)
    p = r["projected"]
    check(p.keys() == {"cycles", "ratio", "half_width", "approximate", "as_all_helpers"} and
          p["approximate"] is False and p["as_all_helpers"] is False and
          0 <= p["half_width"] < 0.2, r)
    check(abs(p["cycles"] - p["ratio"] * r["placeholder_cycles"]) <= 1e-6 * p["cycles"], r)
    check(r["measured"] is None and r["difference_percent"] is None and r["flagged"] is False, r)
    if r["candidate"] == "iccs":
        check(abs(p["ratio"] - 1) <= tol and r["calls_depend_on_hash"] is False, ("control", r))
    else:
        check(p["ratio"] > 0, r)
# WOTS+ signing and verifying run their chains as far as the digest's
# digits say: other calls with another hash; key generation and the KEM
# do not
for r in doc["rows"]:
    depends = r["scheme"] == "sign-wots" and r["operation"] != "keygen" and r["candidate"] != "iccs"
    check(r["calls_depend_on_hash"] is depends, r)
    check(not depends or r["calls_why"].endswith(" with the placeholder"), r)
EOS
expect_py "the CSV: a line per projected figure, exact columns" "$work/m.csv" "$work/m.json" <<'EOS'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
doc = json.load(open(sys.argv[2]))
def check(cond, what):
    if not cond:
        sys.exit("assertion failed: " + str(what))
# records timed by the tick counter hold ticks, and the column says so
unit = "ticks" if all(r["cycles_source"] == "ticks" for r in doc["rows"]) else "cycles"
check(list(rows[0]) == ["scheme", "instance", "operation", "candidate", unit, "ratio",
                        "source", "difference_percent", "flag", "made_by", "made_date",
                        "made_host", "made_command"], list(rows[0]))
check(len(rows) == len(doc["rows"]) == 24, len(rows))
for line, r in zip(rows, doc["rows"]):
    check([line[k] for k in ("scheme", "instance", "operation", "candidate")] ==
          [r[k] for k in ("scheme", "instance", "operation", "candidate")], (line, r))
    check(float(line[unit]) == r["projected"]["cycles"], (line, r))
    check(float(line["ratio"]) == r["projected"]["ratio"], (line, r))
    flag = "±%.2f%%" % (100 * r["projected"]["half_width"])
    if r["calls_depend_on_hash"]:
        flag += "; calls depend on the hash: measure"
    check(line["source"] == "projected" and line["difference_percent"] == "" and
          line["flag"] == flag, (line, flag))
EOS
expect_status "the Markdown table" 0 "$ICCSPROF" whatif -q --candidate sha256 "$work/wots/WOTS-SM3-16__sign.json"
expect_grep "a row per figure, ratio to the placeholder, its half-width, the calls' dependence" \
    '^| sign-wots | WOTS-SM3-16 | sign | sha256 | [0-9.]* [kM]* | [0-9]\.[0-9][0-9][0-9] | projected |  | ±[0-9]*\.[0-9][0-9]%; calls depend on the hash: measure |$' \
    "$work/out"
expect_py "the Markdown table heads the figures by what the record counts" "$work/out" \
    "$work/wots/WOTS-SM3-16__sign.json" <<'EOS'
import json, sys
md = open(sys.argv[1]).read()
ticks = json.load(open(sys.argv[2]))["host"]["cycles_source"] == "ticks"
unit = "ticks" if ticks else "cycles"
head = f"| scheme | instance | operation | candidate | {unit} | ratio | source | difference | flag |"
if head not in md.splitlines():
    sys.exit(f"no header {head!r} in:\n{md}")
note = "ticks, not cycles: no hardware cycle counter where the records were measured"
if (note in md) != ticks:
    sys.exit(f"the ticks note is {'missing' if ticks else 'there'}:\n{md}")
EOS

# --- --measure: the substituted run beside the projection ---
expect_status "--measure on a scheme whose self-test needs SM3" 0 "$ICCSPROF" whatif -q --measure \
    --candidate sm3 --candidate sha3-256 --format json \
    --run-flags "--trials 2 --target-seconds 0.05 --min-calls 5 --profile-seconds 0.02 --precision off" \
    "$work/self/Selftest-1__verify.json"
expect_py "--measure: measured cells, the works verdict, differences" "$work/out" <<'EOS'
import json, sys
doc = json.load(open(sys.argv[1]))
def check(cond, what):
    if not cond:
        sys.exit("assertion failed: " + str(what))
rows = {r["candidate"]: r for r in doc["rows"]}
check(list(rows) == ["iccs", "sm3", "sha3-256"], list(rows))
# each run on the basis of the control's: the same library and shims
control = rows["iccs"]["measured"]
check(control["ratio"] == 1.0 and control["basis"] == "control", control)
for name in ("iccs", "sm3"):
    r = rows[name]
    m = r["measured"]
    check(m["works"] is True and m["cycles"] > 0 and m["run_cycles"] > 0, r)
    check(m["basis"] == "control" and m["calls_differ"] is False, r)
    check(abs(m["ratio"] - m["run_cycles"] / control["run_cycles"]) <= 1e-9 * m["ratio"], r)
    check(abs(m["ratio"] - m["cycles"] / r["placeholder_cycles"]) <= 1e-9 * m["ratio"], r)
    d = 100 * (r["projected"]["cycles"] - m["cycles"]) / m["cycles"]
    check(abs(r["difference_percent"] - d) <= 1e-9 * max(1, abs(d)), r)
    check(r["flagged"] == (abs(d) > 2.0), r)
r = rows["sha3-256"]
check(r["measured"] == {"cycles": None, "ratio": None, "works": False}, r)
check(r["difference_percent"] is None and r["flagged"] is False, r)
check(r["projected"] is not None, r)
EOS
# Without --run-flags the run measures as the record was measured: its
# trials, limits, targets, precision (off) and inputs, not the defaults.
cat >"$work/logged-measure" <<EOF
#!/bin/sh
printf '%s\n' "\$2" >>"$work/measure.cfg"
exec "$top_builddir/src/iccsprof-measure" "\$@"
EOF
chmod +x "$work/logged-measure"
ICCSPROF_MEASURE=$work/logged-measure expect_status "--measure alone" 0 "$ICCSPROF" whatif -q --measure \
    --candidate sm3 "$work/self/Selftest-1__verify.json"
expect_py "--measure alone: every run with the record's own settings" "$work/measure.cfg" \
    "$work/self/Selftest-1__verify.json" <<'EOS'
import json, sys
# the measuring processes of the runs' passes (the others play the
# operation back for the projection)
cfgs = [c for c in map(json.loads, open(sys.argv[1])) if "op" in c and "request" not in c]
rec = json.load(open(sys.argv[2]))
m, i = rec["method"], rec["inputs"]
subst = {s["candidate"] for c in cfgs for s in c.get("substitute", [])}
if subst != {"iccs", "sm3"}:
    sys.exit(f"runs with {subst}, wanted the control (iccs) and sm3")
for c in cfgs:
    want = {"trials": 2, "min_calls": 5, "target_seconds": 0.05, "max_seconds": 30,
            "profile_seconds": 0.02, "precision": 0, "max_sign_attempts": m["max_sign_attempts"],
            "seed": i["seed"], "message_bytes": i["message_bytes"]}
    got = {k: c.get(k) for k in want}
    if got != want or m["trials"] != 2 or m["precision"] is not None:
        sys.exit(f"run settings {got}, wanted {want}; record's method {m}")
EOS
expect_grep "--measure alone: the table says the measured figure is scaled to the record" \
    "^- measured \\(cycles\\|ticks\\): the run's ratio to the control run (\`iccs\`, measured alike) times the record's \\(cycles\\|ticks\\): scaled to the record\$" \
    "$work/out"

# WOTS+ chains run as far as the message digest's digits say: another
# hash, other digits, other calls per signature
expect_status "--measure: a count that depends on the hash" 0 "$ICCSPROF" whatif -q --measure \
    --candidate shake128 \
    --run-flags "--trials 2 --target-seconds 0.05 --min-calls 5 --profile-seconds 0.02 --precision off" \
    "$work/wots/WOTS-SM3-16__sign.json"
expect_grep "--measure: the calls that differ are said in the flag column" \
    '^| sign-wots | WOTS-SM3-16 | sign | shake128 | .* | measured | .*calls per operation differ from the placeholder.s |$' \
    "$work/out"
expect_status "--measure: the table shows the failing works-check" 0 "$ICCSPROF" whatif -q \
    --measure --candidate sha3-256 \
    --run-flags "--trials 2 --target-seconds 0.05 --min-calls 5 --profile-seconds 0.02 --precision off" \
    "$work/self/Selftest-1__verify.json"
expect_grep "--measure: not timed, said in the flag column" \
    '^| t-selftest | Selftest-1 | verify | sha3-256 | n/a | n/a | measured |  | works-check failed: not timed |$' \
    "$work/out"

# --- --measure stopped by Ctrl-C: exit 130 and one line, wherever it lands ---
# (early: among the candidates' setup, between or in the substituted runs)
for delay in 0.05 0.3 1.2; do
    mkdir -p "$work/int-$delay"
    python3 -c '
import signal, subprocess, sys, time
p = subprocess.Popen(sys.argv[2:], preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                     stdout=subprocess.DEVNULL, stderr=open(sys.argv[1] + "/err", "w"))
time.sleep(float(sys.argv[1].rsplit("-", 1)[1]))
p.send_signal(signal.SIGINT)
print(p.wait())
' "$work/int-$delay" "$ICCSPROF" whatif --measure --candidate sm3 --candidate sha3-256 --out "$work/int-$delay" \
        --run-flags "--trials 20 --target-seconds 0.5 --min-calls 5 --profile-seconds 0.02 --precision off" \
        "$work/wots" >"$work/rc"
    [ "$(cat "$work/rc")" = 130 ] && pass "--measure, SIGINT after $delay s: exit 130" ||
        fail "--measure, SIGINT after $delay s: exit 130" "$(cat "$work/rc"): $(tail -n 3 "$work/int-$delay/err")"
    [ "$(tail -n 1 "$work/int-$delay/err")" = "iccsprof whatif: interrupted by SIGINT: no document written" ] &&
        pass "--measure, SIGINT after $delay s: said last" ||
        fail "--measure, SIGINT after $delay s: said last" "$(tail -n 3 "$work/int-$delay/err")"
    [ ! -e "$work/int-$delay/whatif.json" ] && pass "--measure, SIGINT after $delay s: no document" ||
        fail "--measure, SIGINT after $delay s: no document" "written"
done

# --- profile --substitute: one build of a package for every instance ---
expect_status "profile --substitute with a package over two instances" 0 "$ICCSPROF" profile -q \
    --schemes-dir "$top_srcdir/schemes" --scheme sign-wots --builddir "$work/build1" \
    --profile-dir "$work/one-build" --trials 2 --target-seconds 0.02 --kat off --op keygen \
    --run-flags "--min-calls 5 --profile-seconds 0.02 --max-seconds 30 --precision off" \
    --substitute "pseudoXOF=pkg:$HASHES/toyhash"
[ "$(find "$work/build1" -name libcrypthash.so | wc -l)" -eq 1 ] &&
    [ -f "$work/build1/sign-wots/whatif/hash/toyhash/ToyHash256/libcrypthash.so" ] &&
    [ "$(ls "$work/one-build" | wc -l)" -eq 2 ] &&
    pass "the package is built once, under the scheme's build folder" ||
    fail "the package is built once, under the scheme's build folder" \
        "$(find "$work/build1" -name libcrypthash.so; ls "$work/one-build")"

# --- the placeholder in situ (its library gone), grouped shape classes ---
python3 - "$work/wots/WOTS-SM3-16__sign.json" "$work/gone.json" <<'EOS'
import json, sys
r = json.load(open(sys.argv[1]))
r["build"]["profiled"]["path"] = "/nonexistent/libWOTS-SM3-16.prof.so"
json.dump(r, open(sys.argv[2], "w"))
EOS
expect_status "a record whose profiled library is gone" 0 "$ICCSPROF" whatif --candidate sha256 \
    --format json "$work/gone.json"
expect_py "the placeholder's cost in situ: approximate, the control exactly the record" "$work/out" <<'EOS'
import json, sys
doc = json.load(open(sys.argv[1]))
def check(cond, what):
    if not cond:
        sys.exit("assertion failed: " + str(what))
rows = doc["rows"]
check([r["candidate"] for r in rows] == ["iccs", "sha256"], rows)
for r in rows:
    check(r["placeholder_cost"] == "in-situ" and r["projected"]["approximate"] is True, r)
check(rows[0]["projected"]["ratio"] == 1.0 and
      rows[0]["projected"]["cycles"] == rows[0]["placeholder_cycles"], rows[0])
EOS
FIX=$top_builddir/tests/fixtures/run/.libs
mkdir "$work/grouped"
ICCSPROF_FIXTURE=shapes expect_status "a record of more shapes than the wrappers' table" 0 \
    "$ICCSPROF" run -q --plain "$FIX/libsigfix.so" --profiled "$FIX/libsigfix_prof.so" \
    --out-dir "$work/grouped" --op keygen --instance sigfix --sample 8 --trials 2 \
    --target-seconds 0.05 --min-calls 5 --profile-seconds 0.05 --precision off
expect_status "whatif over grouped shapes" 0 "$ICCSPROF" whatif --candidate sm3 --format json \
    "$work/grouped/sigfix__keygen.json"
expect_py "grouped shapes: played back, the shapes not needed" "$work/out" \
    "$work/grouped/sigfix__keygen.json" <<'EOS'
import json, sys
doc = json.load(open(sys.argv[1]))
rec = json.load(open(sys.argv[2]))
def check(cond, what):
    if not cond:
        sys.exit("assertion failed: " + str(what))
check(any(s["grouped"] for s in rec["profile"]["shapes"]), "the record has grouped rows")
check([r["candidate"] for r in doc["rows"]] == ["iccs", "sm3"], doc["rows"])
for r in doc["rows"]:
    check(r["method"] == "replay" and r["projected"]["approximate"] is False, r)
check("midpoint of its lengths in whole bytes" in doc["method"]["projection"], doc["method"])
EOS

# --- interrupted while the candidates are timed: 130, nothing left ---
# The measuring program is held at its start (a marker, then a long
# sleep) so that the interruption lands while whatif waits for it,
# whatever the machine's speed.
mkdir "$work/tmp" "$work/int"
cat >"$work/held-measure" <<EOF
#!/bin/sh
: >"$work/measuring"
sleep 120
exec "$top_builddir/src/iccsprof-measure" "\$@"
EOF
chmod +x "$work/held-measure"
ICCSPROF_MEASURE=$work/held-measure TMPDIR=$work/tmp sigint_default "$ICCSPROF" whatif -q \
    --candidate sm3 --out "$work/int" "$work/grouped/sigfix__keygen.json" >"$work/out" \
    2>"$work/err" &
interrupt_after "$work/measuring" $!
[ "$rc" -eq 130 ] && [ -z "$(ls -A "$work/int")$(ls -A "$work/tmp")" ] && [ ! -s "$work/out" ] &&
    pass "an interrupted whatif exits 130 and leaves nothing" ||
    fail "an interrupted whatif exits 130 and leaves nothing" \
        "exit $rc; $(ls -A "$work/int")$(ls -A "$work/tmp"); $(head -c 300 "$work/err")"

# --- the measuring program refuses what it does not understand ---
LIBS=$work/build/sign-wots/WOTS-SM3-16
expect_py "protocol: an unknown substitution member, another version, an unknown request" \
    "$top_builddir/src/iccsprof-measure" "$LIBS/libWOTS-SM3-16.so" "$LIBS/libWOTS-SM3-16.prof.so" <<'EOS'
import json, os, re, subprocess, sys
measure, plain, profiled = sys.argv[1:4]
with open(os.path.join(os.environ["top_srcdir"], "src", "measure", "protocol.h")) as f:
    proto = int(re.search(r"#define PROTOCOL_VERSION (\d+)", f.read()).group(1))
def ask(cfg):
    r, w = os.pipe()
    p = subprocess.Popen([measure, str(w), json.dumps(cfg)], pass_fds=(w,),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    lines = os.fdopen(r).read().splitlines()
    p.wait()
    return p.returncode, json.loads(lines[-1])
base = {"protocol": proto, "plain": plain, "profiled": profiled, "op": "sign", "seed": "00" * 48,
        "message_bytes": 64, "trials": 1, "min_calls": 1, "max_sign_attempts": 10, "first_n": 64,
        "callers": 0, "sample": 1, "target_seconds": 0.01, "max_seconds": 5,
        "profile_seconds": 0.01, "precision": 0,
        "substitute": [{"helper": "pseudoXOF", "candidate": "sm3", "kind": "openssl",
                        "length": "native"}]}
def check(cond, what):
    if not cond:
        sys.exit("assertion failed: " + str(what))
rc, msg = ask(base)
check(rc == 2 and msg["error"] == {"kind": "input", "message": 'configuration: substitution member "length" is not understood by this measuring program'}, (rc, msg))
rc, msg = ask(dict(base, protocol=proto - 1))
check(rc == 2 and "speaks protocol %d" % proto in msg["error"]["message"], (rc, msg))
rc, msg = ask({"protocol": proto, "request": "costs?", "profiled": None})
check(rc == 2 and msg["error"]["message"] == "configuration: a request this measuring program does not know", (rc, msg))
EOS

# --- errors: one line, an exit status, nothing written ---
mkdir "$work/empty" "$work/noshapes" "$work/e"
expect_status "a missing record" 2 "$ICCSPROF" whatif --candidate sm3 --out "$work/e" "$work/none.json"
expect_grep "a missing record: named" "^iccsprof whatif: $work/none.json: No such file or directory\$" "$work/err"
expect_status "a folder with no package" 2 "$ICCSPROF" whatif --hashes "$work/empty" \
    --out "$work/e" "$work/wots"
expect_grep "a folder with no package: named" \
    "^iccsprof whatif: --hashes $work/empty: no hash package (no folder below it holds CryptHash_AlgorithmInstance.h)\$" \
    "$work/err"
expect_status "a candidate libcrypto does not have" 2 "$ICCSPROF" whatif --candidate md5 \
    --out "$work/e" "$work/wots"
expect_grep "a candidate libcrypto does not have: named" \
    "^iccsprof whatif: --candidate: md5: no candidate 'md5' (sm3, sha256, sha3-256, sha3-512, shake128, shake256, iccs, or pkg:PATH\[:INSTANCE\])\$" \
    "$work/err"
expect_status "a package folder that is not there" 2 "$ICCSPROF" whatif \
    --candidate "pkg:$work/nothere" --out "$work/e" "$work/wots"
expect_grep "a package folder that is not there: the option named as given" \
    "^iccsprof whatif: --candidate: pkg:$work/nothere: $work/nothere is not a folder\$" "$work/err"
expect_status "a named package that cannot serve" 1 "$ICCSPROF" whatif \
    --candidate "pkg:$HASHES/badkat" --out "$work/e" "$work/wots"
expect_grep "a named package that cannot serve: why" "^iccsprof whatif: candidate pkg:ToyHash256 refused: " "$work/err"
"$ICCSPROF" run -q --plain "$work/build/sign-wots/WOTS-SM3-16/libWOTS-SM3-16.so" --no-profile \
    --op sign --out "$work/noshapes/sign.json" --trials 2 --target-seconds 0.02 --min-calls 5 \
    --precision off >/dev/null 2>&1
expect_status "a record without shapes" 1 "$ICCSPROF" whatif --candidate sm3 --out "$work/e" \
    --export-json "$work/e/x.json" "$work/wots" "$work/noshapes/sign.json"
expect_grep "a record without shapes: named" \
    "^iccsprof whatif: $work/noshapes/sign.json: WOTS-SM3-16 sign has no shapes (the profile pass did not run), so nothing can be projected\$" \
    "$work/err"
[ -z "$(ls -A "$work/e")" ] && pass "nothing written after an error" ||
    fail "nothing written after an error" "$(ls -A "$work/e")"
finish
