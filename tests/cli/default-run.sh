#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench run` with no data uses the shipped dataset and prints the table;
# --help and --version work for every command.
. "$CCD_SRCDIR/tests/cli/lib.sh"

# From a directory where the source tree's datasets/ is not reachable by a relative path.
cd "$TMP" || exit 1
# Bare `ccdbench run`: every built-in method on the shipped dataset.
expect_status 0 env -u CCD_DATADIR "$CCDBENCH" run
[ "$(grep -c '^default ' "$TMP/out")" -eq $((10 * $("$CCDBENCH" methods | tail -n +2 | wc -l))) ] ||
  fail "bare run: not one row per family, kind and method"
expect_status 0 env -u CCD_DATADIR "$CCDBENCH" run --methods fprf,exact
grep -q 'median µs' "$TMP/out" || fail "no table header"
for family in coplanar crossing parallel separated touching; do
  for kind in VF EE; do
    for m in fprf exact; do
      grep -Eq "^default +$family +$kind +$m " "$TMP/out" || fail "no row $family $kind $m"
    done
  done
done
# The exact method has no false positives or negatives on labelled data (columns FP, FN).
awk '$4 == "exact" && ($7 != 0 || $8 != 0) { bad = 1 } END { exit bad }' "$TMP/out" ||
  fail "exact method disagrees with the labels"

# CCD_DATADIR points at another datasets directory.
mkdir -p "$TMP/data/default/x/vertex-face"
cp "$DEFAULT_DATA/touching/vertex-face/queries.csv" "$TMP/data/default/x/vertex-face/"
expect_status 0 env CCD_DATADIR="$TMP/data" "$CCDBENCH" run --methods fprf --format csv
[ "$(wc -l <"$TMP/out")" -eq 2 ] || fail "CCD_DATADIR: expected one row"
grep -q '^default,x,VF,fprf,6,4,' "$TMP/out" || fail "CCD_DATADIR: wrong row: $(cat "$TMP/out")"

expect_status 0 "$CCDBENCH" --version
grep -q '^ccdbench ' "$TMP/out" || fail "--version"
expect_status 0 "$CCDBENCH" --help
for cmd in run info methods truth show gen report gate merge contact; do
  expect_status 0 "$CCDBENCH" "$cmd" --help
  grep -q "^Usage: ccdbench $cmd" "$TMP/out" || fail "$cmd --help"
done

expect_status 0 "$CCDBENCH" methods
grep -Eq '^fprf +toi ' "$TMP/out" || fail "methods: no fprf row"

expect_status 0 "$CCDBENCH" info "$DEFAULT_DATA"
grep -Eq '^queries +276 \(vertex-face 200, edge-edge 76\)' "$TMP/out" || fail "info: queries"
grep -Eq '^labelled +276 \(positives 138\)' "$TMP/out" || fail "info: positives"
grep -Eq '^non-double coordinates +8$' "$TMP/out" || fail "info: non-double coordinates"
finish
