# schemes-lib.sh - helpers of the scheme build tests.  Sourced after
# lib.sh, not run.

# The fixture packages, copied with the files their links name: iccsprof
# follows no link out of the package it builds, and the fixtures share
# the toy scheme's files by links.
PKGS=$work/fixture-pkgs
cp -RL "$top_srcdir/tests/fixtures/packages" "$PKGS" && chmod -R u+w "$PKGS"
CC_CMD=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
# Where plan.sh points duplicate-symbol errors when there is no descriptor.
TREE_CONF_DIR=$(cd -P "$top_srcdir" && pwd)/schemes

# pmake ARGS: the top Makefile run as a user runs it (not as a part of the
# make running the tests), with the scheme builds under $work/build.
pmake() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -C "$top_builddir" \
        SCHEME_BUILDDIR="$work/build" "$@"
}

# expect_make NAME WANT ARGS: pmake ARGS must exit with WANT; its output
# is left in $work/out and $work/err.
expect_make() {
    name=$1 want=$2
    shift 2
    expect_status "$name" "$want" pmake "$@"
}

# expect_same NAME WANT-FILE GOT-FILE: the two files must be equal.
expect_same() {
    if diff -u "$2" "$3" >"$work/diff"; then pass "$1"; else fail "$1" "$(head -c 1500 "$work/diff")"; fi
}

# expect_py NAME ARGS: the Python checks on stdin, run with ARGS, must pass.
expect_py() {
    name=$1
    shift
    if python3 - "$@" >"$work/py" 2>&1; then pass "$name"; else fail "$name" "$(tail -c 800 "$work/py")"; fi
}

# tree_listing DIR: every entry under DIR with its type, size and
# modification time, and the same through symlinks.
tree_listing() {
    (cd "$1" && find . -printf '%p %y %s %T@ %l\n' && find -L . -printf '%p %y %s %T@\n') | sort
}

# slow_compiler: $work/slowcc, the compiler that notes its pid in
# $work/slowcc.pids and waits 30 s before each compilation (not before
# --version), so that a test can interrupt a build while compilers run.
slow_compiler() {
    cat >"$work/slowcc" <<EOS
#!/bin/sh
case "\$*" in *--version*) exec $CC_CMD "\$@" ;; esac
echo \$\$ >>"$work/slowcc.pids"
sleep 30
exec $CC_CMD "\$@"
EOS
    chmod +x "$work/slowcc"
}

# wait_compilers N: wait (30 s at most) until N slow compilers have started.
wait_compilers() {
    i=0
    while [ $i -lt 300 ] && [ "$( (wc -l <"$work/slowcc.pids") 2>/dev/null || echo 0)" -lt "$1" ]; do
        sleep 0.1
        i=$((i + 1))
    done
}

# compilers_stopped NAME: no slow compiler that started is still running.
compilers_stopped() {
    alive=
    for p in $(cat "$work/slowcc.pids"); do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
    if [ -z "$alive" ]; then pass "$1"; else fail "$1" "still running:$alive"; fi
}

# profile_quick NAME PKG [OPTIONS...]: iccsprof profile on fixture PKG
# with no descriptor and quick settings into $work/prof/PKG, exit 0.
profile_quick() {
    name=$1 pkg=$2
    shift 2
    expect_status "$name: iccsprof profile, no descriptor" 0 "$ICCSPROF" profile "$PKGS/$pkg" \
        --builddir "$work/build" --profile-dir "$work/prof/$pkg" -j 2 --trials 2 \
        --target-seconds 0.02 --run-flags "--min-calls 5 --profile-seconds 0.02 --max-seconds 30 --precision off" "$@"
}

# exact_calls NAME PKG INSTANCE [SIGN-HELPER BITS]: the toy scheme's
# calls in every record of $work/prof/PKG: keygen draws 128 DRNG bits and
# expands them with pseudoXOF, sign and verify hash the key and the
# message once (sm3hash to 256 bits, or the package's own helper).
exact_calls() {
    expect_py "$1: exact calls" "$work/prof/$2" "$3" "${4:-sm3hash}" "${5:-256}" <<'EOS'
import glob, sys
from records import check, load, shapes
folder, inst, helper, bits = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
files = sorted(glob.glob(folder + "/*.json"))
check([f.split("/")[-1] for f in files] == [f"{inst}__{op}.json" for op in ("keygen", "sign", "verify")],
      str(files))
for path in files:
    r = load(path)
    op, n = r["operation"], r["profile"]["calls"]
    m = 8 * (32 + r["inputs"]["message_bytes"])
    want = {"keygen": {("get_random_number", 0, 128): n, ("pseudoXOF", 128, 256): n},
            "sign": {(helper, m, bits): n}, "verify": {(helper, m, bits): n}}[op]
    check(n > 0 and shapes(r) == want, f"{op}: {shapes(r)} for {n} operations, want {want}")
    check(r["status"]["state"] == "complete", f"{op}: {r['status']}")
EOS
}
