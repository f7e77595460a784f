#!/bin/sh
# kat.sh - the KAT gate (`iccsprof kat`) on the in-tree MLWE KEM, as the
# test build links it: a driver and response file that agree (pass, the
# profiled build identical), a library that is not the one the responses
# were made with (fail, naming the first differing line), no response file
# (not available), a driver that hangs (timeout); the result carried into
# the records by `iccsprof run` and shown by `iccsprof report --section kat`.
. "$top_srcdir/tests/lib.sh"

. "$top_srcdir/tests/kat-lib.sh"

# --- driver and responses agree; the profiled build writes the same ---
build_json "$work/pass" "$src" KAT_KEM.c
expect_status "pass: exit 0" 0 "$ICCSPROF" kat --build-info "$work/pass/build.json" \
    --plain "$libs/libmlwe512.so" --profiled "$libs/libmlwe512_prof.so"
expect_grep "pass: summary" "^MLWE-KEM-512: kat: pass$UNCONFINED; profiled build: identical$" "$work/out"
python3 - "$work/pass/kat.json" >"$work/py" 2>&1 <<'EOS'
import json, sys
k = json.load(open(sys.argv[1]))
assert k["result"] == "pass" and k["driver"] == "KAT_KEM.c", k
assert k["detail"] == "" or k["detail"].startswith("the driver ran unconfined ("), k
assert k["responses"] == ["MLWE-KEM-512.rsp"] and k["profiled"] == "identical", k
assert k["timeout_seconds"] == 600 and k["seconds"] >= 0, k
EOS
[ $? -eq 0 ] && pass "pass: kat.json exact" || fail "pass: kat.json exact" "$(cat "$work/py")"

# --- another library than the responses': the first differing line ---
build_json "$work/fail" "$src" KAT_KEM.c
expect_status "fail: exit 1" 1 "$ICCSPROF" kat --build-info "$work/fail/build.json" \
    --plain "$libs/libmlwe768.so" --profiled "$libs/libmlwe512_prof.so"
expect_grep "fail: the first differing line and its record" \
    '^MLWE-KEM-512: kat: fail (MLWE-KEM-512.rsp line 5 (record count = 0): MLWE-KEM-512.rsp has "pk = 1F219B72CB79560283488' "$work/out"
expect_grep "fail: the profiled build differs from the plain one" \
    "; profiled build: differs (the plain build's output line 5 (record count = 0): " "$work/out"

# --- no response file ---
cp -RL "$src" "$work/norsp"
rm "$work/norsp/MLWE-KEM-512.rsp"
build_json "$work/none" "$work/norsp" KAT_KEM.c
expect_status "not available: exit 0" 0 "$ICCSPROF" kat --build-info "$work/none/build.json" \
    --plain "$libs/libmlwe512.so"
expect_grep "not available: why" \
    "^MLWE-KEM-512: kat: not available (no response file (\*.rsp beside KAT_KEM.c, in the instance folder or in a KAT folder))$" \
    "$work/out"

# --- a driver that never ends ---
mkdir -p "$work/hang"
printf '#include <unistd.h>\nint main(void)\n{\n    for (;;)\n        pause();\n}\n' >"$work/hang/KAT_HANG.c"
echo "count = 0" >"$work/hang/KAT_HANG.rsp"
build_json "$work/hangb" "$work/hang" KAT_HANG.c
expect_status "timeout: exit 1" 1 "$ICCSPROF" kat --build-info "$work/hangb/build.json" \
    --plain "$libs/libmlwe512.so" --timeout 0.5
expect_grep "timeout: said so" "^MLWE-KEM-512: kat: timeout (the KAT driver did not finish within 0.5 s$UNCONFINED_TOO)$" "$work/out"

# --- a driver is run as the measuring process is: whatever it starts ends with it ---
mkdir -p "$work/daemon"
cat >"$work/daemon/KAT_DAEMON.c" <<'EOC'
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void)
{
    pid_t pid = fork(), daemon;

    if (pid == 0) {
        setsid(); /* a daemon: a session and a group of its own */
        if ((daemon = fork()) == 0) {
            sleep(60);
            _exit(0);
        }
        /* its pid where the gate keeps it: the driver's stderr */
        fprintf(stderr, "%d\n", (int)daemon);
        _exit(0);
    }
    waitpid(pid, NULL, 0);
    printf("count = 0\n");
    return 0;
}
EOC
echo "count = 0" >"$work/daemon/KAT_DAEMON.rsp"
build_json "$work/daemonb" "$work/daemon" KAT_DAEMON.c
expect_status "daemon: exit 0" 0 timeout 60 "$ICCSPROF" kat --build-info "$work/daemonb/build.json" \
    --plain "$libs/libmlwe512.so" --timeout 20
expect_grep "daemon: the driver passes" "^MLWE-KEM-512: kat: pass$UNCONFINED$" "$work/out"
dpid=$(cat "$work/daemonb/kat/plain.stderr" 2>/dev/null)
if [ -n "$dpid" ] && ! kill -0 "$dpid" 2>/dev/null; then pass "daemon: killed and reaped with the driver"; else
    fail "daemon: killed and reaped with the driver" "pid '$dpid' still running"
    [ -n "$dpid" ] && kill -9 "$dpid"
fi

# --- a driver printing without end is stopped at twice the largest response ---
mkdir -p "$work/chatty"
cat >"$work/chatty/KAT_CHATTY.c" <<'EOC'
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
    static char line[65536];

    memset(line, 'x', sizeof line);
    printf("count = 0\n");
    for (;;) {
        fwrite(line, 1, sizeof line, stdout);
        usleep(1000);
    }
}
EOC
echo "count = 0" >"$work/chatty/KAT_CHATTY.rsp"
build_json "$work/chattyb" "$work/chatty" KAT_CHATTY.c
expect_status "endless output: exit 1" 1 timeout 60 "$ICCSPROF" kat --build-info "$work/chattyb/build.json" \
    --plain "$libs/libmlwe512.so" --timeout 1
expect_grep "endless output: stopped, said so" \
    "^MLWE-KEM-512: kat: fail (the driver wrote more than 1048576 bytes to one file (twice the largest response file, at least 1 MiB) and was stopped$UNCONFINED_TOO)$" "$work/out"
size=$(stat -c %s "$work/chattyb/kat/plain.stdout")
[ "$size" -le 1048576 ] && pass "endless output: at most 1 MiB kept" || fail "endless output: at most 1 MiB kept" "$size bytes"

# --- the result in the records and the report's section ---
expect_status "run reads kat.json beside the build description" 0 "$ICCSPROF" run \
    --plain "$libs/libmlwe512.so" --no-profile --op keygen --out "$work/fail/r.json" \
    --build-info "$work/fail/build.json" --trials 2 --min-calls 3 --target-seconds 0.01 --max-seconds 5 --precision off
cp "$work/fail/r.json" "$work/r-fail.json"
"$ICCSPROF" run --plain "$libs/libmlwe512.so" --no-profile --op keygen --out "$work/r-pass.json" \
    --build-info "$work/pass/build.json" --trials 2 --min-calls 3 --target-seconds 0.01 \
    --max-seconds 5 --precision off --scheme kem-mlwe-2 >/dev/null
expect_status "report --section kat" 0 "$ICCSPROF" report --section kat "$work/r-fail.json" "$work/r-pass.json"
# a page per scheme (kem-mlwe, then kem-mlwe-2), each with its KAT section
cat >"$work/want" <<'EOM'
## 3. Functional testing (KAT)
Each library was checked against the package's KAT responses before timing, and the profiled library's output against the plain one's.
| instance | build flags | KAT |
| `MLWE-KEM-512` | guide | CRYPTOFAIL \[1\] |
## 3. Functional testing (KAT)
Each library was checked against the package's KAT responses before timing, and the profiled library's output against the plain one's.
| instance | build flags | KAT |
| `MLWE-KEM-512` | guide | PASS |
EOM
grep -v '^$\|^|---\|^- \|^Made by \|^# \|^Measured by \|^## [0-9]*\. Terms$' "$work/out" >"$work/got"
if cmp -s "$work/want" "$work/got"; then pass "report: the published layout"; else fail "report: the published layout" "$(diff "$work/want" "$work/got")"; fi
expect_grep "report: the cause in a numbered note" '^- \\\[1\\\] CRYPTOFAIL: MLWE-KEM-512.rsp line 5 (record count = 0): ' "$work/out"
expect_grep "report: the profiled build's difference in the note" "^- \\\\\\[1\\\\\\] the profiled build's output differs from the plain one's: " "$work/out"
expect_status "report: the KAT log in the evidence" 0 "$ICCSPROF" report --section evidence "$work/r-fail.json"
python3 - "$work/out" "$work/r-fail.json" <<'EOS' && pass "report: the KAT log and its SHA-256" || fail "report: the KAT log and its SHA-256" "$(cat "$work/out")"
import hashlib, json, os, sys
log = json.load(open(sys.argv[2]))["kat"]["log"]
digest = hashlib.sha256(open(log["path"], "rb").read()).hexdigest()
assert log["path"].endswith("/plain.stdout") and log["sha256"] == digest, log
# the path from the folder the report was made in, where they share one
top = lambda p: os.path.realpath(p).split("/")[1]
shown = os.path.relpath(os.path.realpath(log["path"])) if top(log["path"]) == top(".") else log["path"]
row = "| `MLWE-KEM-512` | KAT log (sha256 `%s\u2026`) | `%s` |" % (digest[:16], shown)
assert row in open(sys.argv[1], encoding="utf-8").read().split("\n"), row
EOS

# --- the compiler: a command of several words, and in `iccsprof profile`
# the one that built the instance ($ICCSPROF_CC here), not $CC ---
for log in cc other; do
    cat >"$work/${log}cc" <<EOF
#!/bin/sh
echo "\$*" >>"$work/$log.log"
exec "\$@"
EOF
    chmod +x "$work/${log}cc"
done
build_json "$work/words" "$src" KAT_KEM.c
expect_status "--cc of several words" 0 "$ICCSPROF" kat --build-info "$work/words/build.json" \
    --plain "$libs/libmlwe512.so" --cc "$work/cccc $CC"
expect_grep "--cc of several words: a pass" "^MLWE-KEM-512: kat: pass$UNCONFINED$" "$work/out"
expect_grep "--cc of several words: the driver built by it" "KAT_KEM.c" "$work/cc.log"
# a build's flags are all passed, however many (a package's defines)
rm -f "$work/cc.log"
build_json "$work/manyflags" "$src" KAT_KEM.c "$(seq -f '-DPAD_%g' 1 100 | tr '\n' ' ')"
expect_status "a hundred flags: exit 0" 0 "$ICCSPROF" kat --build-info "$work/manyflags/build.json" \
    --plain "$libs/libmlwe512.so" --cc "$work/cccc $CC"
expect_grep "a hundred flags: the last one reaches the compiler" " -DPAD_100 .*KAT_KEM.c" "$work/cc.log"
pkg="$work/katcc"
cp -RL "$top_srcdir/tests/fixtures/packages/levelmake" "$pkg" && chmod -R u+w "$pkg"
# the toy KAT driver prints the verification's result: the response it must match
echo "verify: 0" >"$pkg/Lvl/Implementations/Reference_Implementation/Lvl-128/Lvl-128.rsp"
rm -f "$work/cc.log"
real_cc=$CC
CC="$work/othercc $real_cc" ICCSPROF_CC="$work/cccc $real_cc" expect_status "profile: the gate with ICCSPROF_CC" 0 \
    "$ICCSPROF" profile "$pkg" --scheme katcc --builddir "$work/build" --profile-dir "$work/katcc-prof" \
    --op keygen --run-flags "--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01"
expect_grep "profile: the gate passes" '"result": "pass"' "$work/build/katcc/Lvl-128/kat.json"
# (the instance build compiles KAT_SIG.c too, before leaving it out)
driver='KAT_SIG\.c .*-o [^ ]*/kat-plain$'
expect_grep "profile: the driver built with ICCSPROF_CC" "$driver" "$work/cc.log"
if grep -q "$driver" "$work/other.log" 2>/dev/null; then
    fail "profile: the driver not built with \$CC" "$(grep "$driver" "$work/other.log")"
else
    pass "profile: the driver not built with \$CC"
fi
finish
