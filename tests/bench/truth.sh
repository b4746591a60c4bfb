#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench truth`: --output writes exact labels and toi bounds mirroring the input
# tree; --verify lists disagreements and exits with status 1.
. "$CCD_SRCDIR/tests/support/lib.sh"

expect_status 0 "$CCDBENCH" truth --threads 2 --output "$TMP/gt" "$DEFAULT_DATA"
f="$TMP/gt/crossing/vertex-face/queries.truth.csv"
[ -f "$f" ] || fail "missing $f"
[ "$(head -n 1 "$f")" = "index,collides,toi_lo,toi_hi" ] || fail "header of $f"
[ "$(wc -l <"$f")" -eq 94 ] || fail "$f: expected 93 rows"
# Every crossing vertex falls through the triangle at exactly t = 1/2.
awk -F, 'NR > 1 && !($2 == 1 && $3 == "1/2" && $4 == "1/2") { bad = 1 } END { exit bad }' "$f" ||
  fail "crossing VF toi is not exactly 1/2"
g="$TMP/gt/separated/edge-edge/queries.truth.csv"
awk -F, 'NR > 1 && !($2 == 0 && $3 == "" && $4 == "") { bad = 1 } END { exit bad }' "$g" ||
  fail "separated EE should have no collision and empty toi"
# Coplanar VF, query 0: contact at t = 4/5 (not a double: an interval of width <= 2^-64).
awk -F, 'NR == 2 { split($3, lo, "/"); split($4, hi, "/");
                   if (!(lo[1] / lo[2] <= 0.8 && 0.8 <= hi[1] / hi[2])) exit 1 }' \
  "$TMP/gt/coplanar/vertex-face/queries.truth.csv" || fail "coplanar VF toi is not 4/5"
[ "$(find "$TMP/gt" -name '*.truth.csv' | wc -l)" -eq 10 ] || fail "expected 10 truth files"
# The committed ground truth is up to date.
diff -r "$CCD_SRCDIR/ground_truth/default" "$TMP/gt" >&2 ||
  fail "ground_truth/default differs from \`ccdbench truth --output\` (regenerate it)"

# A wrong label: flip query 0 of touching VF (a contact at t = 0) to 0.
mkdir -p "$TMP/w/s/vertex-face"
awk -F, 'BEGIN { OFS = "," } NR <= 8 { $7 = 0 } { print }' \
  "$DEFAULT_DATA/touching/vertex-face/queries.csv" >"$TMP/w/s/vertex-face/q.csv"
expect_status 1 "$CCDBENCH" truth --verify "$TMP/w"
grep -q "^$TMP/w/s/vertex-face/q.csv:1: query 0: label 0, exact 1\$" "$TMP/out" ||
  fail "disagreement not listed: $(cat "$TMP/out")"
[ "$(wc -l <"$TMP/out")" -eq 1 ] || fail "expected exactly one disagreement"
finish
