#!/bin/sh
# cli.sh - the dispatcher: version, help, unknown commands.
. "$top_srcdir/tests/lib.sh"

expect_status "--version exits 0" 0 "$ICCSPROF" --version
expect_grep "--version names the tool" "^iccsprof [0-9]" "$work/out"
expect_status "help exits 0" 0 "$ICCSPROF" help
expect_grep "help lists version" "version" "$work/out"
expect_status "no command is a usage error" 2 "$ICCSPROF"
expect_status "unknown command exits 2" 2 "$ICCSPROF" frobnicate
expect_grep "unknown command is named" "^iccsprof: unknown command: frobnicate" "$work/err"
expect_status "help of unknown command exits 2" 2 "$ICCSPROF" help frobnicate
finish
