# schemes-lib.sh - helpers of the scheme build tests.  Sourced after
# lib.sh, not run.

# The fixture packages, copied with the files their links name: iccsprof
# follows no link out of the package it builds, and the fixtures share
# the toy scheme's files by links.
PKGS=$work/pkgs
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
