#!/bin/sh
# layers.sh - the includes of src/ obey the layers of doc/architecture.md
# (tests/layers.py), and the check fails, naming file, line and include,
# on a tree that breaks each rule (tests/fixtures/layers).
. "$top_srcdir/tests/lib.sh"

check="$top_srcdir/tests/layers.py"

expect_status "src/ includes only its own and lower layers, in no circle" 0 \
    python3 "$check" "$top_srcdir/doc/architecture.md" "$top_srcdir/src"
[ -s "$work/out" ] && cat "$work/out"

fix="$top_srcdir/tests/fixtures/layers"
expect_status "a tree that breaks the layers fails" 1 \
    python3 "$check" "$fix/architecture.md" "$fix/src"
cat >"$work/want" <<'EOT'
src/stray.c: only main lies outside the stage folders
src/high/c.c:3: #include "side/d.h": high may not include side, a layer beside it
src/mid/b.c:3: #include "high/c.h": mid may not include high, a higher layer
src/mid/e.c:2: #include "x.h": name its folder: "mid/x.h"
src/mid/g.c:2: #include "low/f-stages.h": low's own header, not for mid
src/stray/h.c: folder stray is on no layer
include circle src/mid/x -> src/mid/y -> src/mid/x: src/mid/x.h:2: #include "mid/y.h"; src/mid/y.h:2: #include "mid/x.h"
EOT
if cmp -s "$work/want" "$work/out"; then
    pass "each fault named with its file, line and include"
else
    fail "each fault named with its file, line and include" "$(diff "$work/want" "$work/out")"
fi

expect_status "a document without a layers block is an error" 2 \
    python3 "$check" "$top_srcdir/tests/fixtures/layers/src/low/a.h" "$fix/src"
expect_grep "which says so" "no \`\`\`layers block" "$work/err"

finish
