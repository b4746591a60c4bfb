#!/bin/sh
# SPDX-License-Identifier: MIT
# The include rule of docs/architecture.md (scripts/check-includes): on the tree
# as it is, no folder includes one on its floor or above and no units call each
# other in a circle but the known ones; and the check sees an offence of each
# kind planted in a copy of the tree.
. "$CCD_SRCDIR/tests/support/lib.sh"

CHECK="$CCD_SRCDIR/scripts/check-includes"
expect_status 0 "$CHECK" "$CCD_SRCDIR" "$CCD_BUILDDIR"
[ -s "$TMP/out" ] && fail "the tree breaks the include rule: $(cat "$TMP/out")"

# A copy of src/ and docs/architecture.md with a planted offence each time.
copy() {
  rm -rf "$TMP/tree" && mkdir -p "$TMP/tree/docs"
  cp -R "$CCD_SRCDIR/src" "$TMP/tree/src"
  cp "$CCD_SRCDIR/docs/architecture.md" "$TMP/tree/docs/"
}
# core (floor 0) includes bench (floor 4): upward
copy
printf '#include "bench/runner.h"\n' >>"$TMP/tree/src/core/clock.c"
expect_status 1 "$CHECK" "$TMP/tree"
grep -q '^src/core/clock.c:[0-9]*: includes bench/runner.h: core (floor 0) may include only lower floors' \
  "$TMP/out" || fail "an upward include not seen: $(cat "$TMP/out")"
# two folders of one floor: contact/scaling includes contact/polyhedra
copy
printf '#include "contact/polyhedra/polyhedra_internal.h"\n' >>"$TMP/tree/src/contact/scaling/scaling_ipm.c"
expect_status 1 "$CHECK" "$TMP/tree"
grep -q '^src/contact/scaling/scaling_ipm.c:[0-9]*: includes contact/polyhedra/polyhedra_internal.h' \
  "$TMP/out" || fail "an include across one floor not seen: $(cat "$TMP/out")"
# a folder that is on no floor
copy
mkdir -p "$TMP/tree/src/newmodule"
printf '#include "core/error.h"\n' >"$TMP/tree/src/newmodule/a.c"
expect_status 1 "$CHECK" "$TMP/tree"
grep -q '^src/newmodule/a.c:1: its folder has no floor' "$TMP/out" ||
  fail "a folder without a floor not seen: $(cat "$TMP/out")"
# a circle of calls is reported: two units of a copy that call each other, their
# objects in a build directory of their own
copy
printf 'int ring_b(int);\nint ring_a(int n) { return n ? ring_b(n - 1) : 0; }\n' \
  >"$TMP/tree/src/core/ring_a.c"
printf 'int ring_a(int);\nint ring_b(int n) { return n ? ring_a(n - 1) : 1; }\n' \
  >"$TMP/tree/src/core/ring_b.c"
mkdir -p "$TMP/build/src/core"
for u in ring_a ring_b; do
  ${CC:-cc} -c "$TMP/tree/src/core/$u.c" -o "$TMP/build/src/core/$u.o" || fail "cc $u.c"
done
expect_status 1 "$CHECK" "$TMP/tree" "$TMP/build"
grep -q '^src/: a circle of calls: core/ring_a core/ring_b' "$TMP/out" ||
  fail "a circle of calls not seen: $(cat "$TMP/out")"
# and listed as known, it passes
sed -i 's/^<!-- known-circles -->$/&\n```\ncircle: core\/ring_a core\/ring_b\n```/' \
  "$TMP/tree/docs/architecture.md"
expect_status 0 "$CHECK" "$TMP/tree" "$TMP/build"
# a known circle that is not one any more must leave the list
copy
sed -i 's/^<!-- known-circles -->$/&\n```\ncircle: core\/clock core\/error\n```/' \
  "$TMP/tree/docs/architecture.md"
expect_status 1 "$CHECK" "$TMP/tree" "$CCD_BUILDDIR"
grep -q 'known circle core/clock core/error is gone' "$TMP/out" ||
  fail "a stale known circle not reported: $(cat "$TMP/out")"
finish
