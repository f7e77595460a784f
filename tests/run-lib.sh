# run-lib.sh - helpers of the end-to-end tests of `iccsprof run` on the
# stand-in schemes of tests/fixtures/run.  Sourced after lib.sh, not run.

fix="$top_builddir/tests/fixtures/run/.libs"
PYTHONPATH="$top_srcdir/tests${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH

# run_fix NAME DIR [OPTIONS...]: measure the signature fixture into DIR,
# the exit status expected in $want (0 by default).
run_fix() {
    name=$1 dir=$2
    shift 2
    mkdir -p "$dir"
    expect_status "$name" "${want:-0}" "$ICCSPROF" run --plain "$fix/libsigfix.so" \
        --profiled "$fix/libsigfix_prof.so" --out-dir "$dir" "$@"
}

# Settings that make a measurement quick and its counts exact.
quick="--trials 2 --min-calls 3 --target-seconds 0.01 --profile-seconds 0.01 --max-seconds 5 --precision off"
