#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench run` with no data uses the shipped dataset and prints the table;
# --help and --version work for every command.
. "$CCD_SRCDIR/tests/cli/lib.sh"

# From a directory where the source tree's datasets/ is not reachable by a relative path.
cd "$TMP" || exit 1
# Bare `ccdbench run`: every built-in method but irf, uirf, additive-ccd (minutes) and msrf
# (minimum separation only) on both shipped sets (default: 5 families, generated:
# 14; both kinds), scored against the shipped truth.
expect_status 0 env -u CCD_DATADIR -u CCD_TRUTHDIR "$CCDBENCH" run
# The default output is the summary: it fits in 100 columns, opens with one row
# per method, then one block per set and kind, and explains its columns.
# (the line naming the truth files holds a path, as long as the installation's)
awk '!/^exact truth from / && length > 100 { exit 1 }' "$TMP/out" ||
  fail "bare run: a line over 100 columns: $(awk 'length > 100' "$TMP/out")"
head -n 1 "$TMP/out" | grep -q '^Per method, all queries$' || fail "bare run: no per-method summary first"
grep -q '^method  *queries  *positives  *FP  *FN  *mean µs  *median µs  *p99 µs  *speed$' "$TMP/out" ||
  fail "bare run: not the summary's columns"
grep -q '^tight-inclusion  *3636  .*1.00×$' "$TMP/out" || fail "bare run: tight-inclusion is not the reference"
grep -q '^Per set and kind$' "$TMP/out" || fail "bare run: no per-set block"
ran=$(awk '/^method / { h = 1; next } h && /^$/ { exit } h { n++ } END { print n + 0 }' "$TMP/out")
[ "$ran" -ge 5 ] || fail "bare run: $ran methods in the summary"
[ "$(grep -c '^\(default\|generated\)  *\(VF\|EE\)  ' "$TMP/out")" -eq $((4 * ran)) ] ||
  fail "bare run: not one row per set, kind and method"
grep -q '^speed: the mean time of tight-inclusion' "$TMP/out" || fail "bare run: speed not explained"
expect_status 0 env -u CCD_DATADIR -u CCD_TRUTHDIR "$CCDBENCH" run --detail
methods=$(($("$CCDBENCH" methods | tail -n +2 | grep -c '^[^ ]') - 4)) # a row per method
# the table is split into panels of at most 100 columns, each with every row:
# count the rows of the first
awk '/^set / { on++ } on == 1 && /^$/ { exit } on == 1' "$TMP/out" >"$TMP/panel1"
[ "$(grep -c '^default ' "$TMP/panel1")" -eq $((10 * methods)) ] ||
  fail "bare run: not one row per default family, kind and method"
[ "$(grep -c '^generated ' "$TMP/panel1")" -eq $((28 * methods)) ] ||
  fail "bare run: not one row per generated family, kind and method"
grep -Eq '^(default|generated) .* (irf|uirf|additive-ccd) ' "$TMP/out" && fail "bare run ran irf, uirf or additive-ccd"
grep -q '^3636 queries; truth from labels for 0, exact for 3636; ' "$TMP/out" ||
  fail "bare run: not all exact truth: $(tail -n 3 "$TMP/out")"
grep -q '^exact truth from the shipped truth files .*/ground_truth$' "$TMP/out" ||
  fail "bare run: not scored against the shipped truth: $(tail -n 3 "$TMP/out")"
grep -q '^toi > exact: reported toi after the exact one' "$TMP/out" || fail "--detail: toi columns not explained"
grep -q '^irf, uirf and additive-ccd not run' "$TMP/out" || fail "bare run: no note on irf, uirf, additive-ccd"
grep -Eq '^(default|generated) .* msrf ' "$TMP/out" && fail "bare run ran msrf"
grep -q '^msrf not run: minimum separation only' "$TMP/out" || fail "bare run: no note on msrf"
grep -q 'toi > exact' "$TMP/out" || fail "bare run: no toi columns"
# The exact method is exact: no FP, FN or toi violation (columns FP, FN of the
# first panel; "toi > exact" in the panel that has it, its number right-aligned
# under the title's end)
awk '$4 == "exact" && ($7 != 0 || $8 != 0) { bad = 1 } END { exit bad }' "$TMP/panel1" ||
  fail "bare run: the exact method disagrees with the shipped truth"
LC_ALL=C awk '/^set / { h = $0; gsub(/[\200-\277]/, "", h); p = index(h, "toi > exact")
    e = p ? p + 10 : 0; found += e > 0; next }
  /^$/ { e = 0 }
  e && $4 == "exact" { n = split(substr($0, 1, e), f, " "); if (f[n] != 0) bad = 1; rows++ }
  END { exit bad || !found || !rows }' "$TMP/out" ||
  fail "bare run: the exact method has toi violations (or no 'toi > exact' column)"
# With --ms the separation-only methods join the default list; named, they run anyway.
expect_status 0 "$CCDBENCH" run --ms 1e-2 "$CCD_SRCDIR/datasets/default/crossing"
grep -q ' msrf ' "$TMP/out" || fail "run --ms: msrf left out"
grep -q 'msrf not run' "$TMP/out" && fail "run --ms: msrf said to be left out"
expect_status 0 "$CCDBENCH" run "$CCD_SRCDIR/datasets/default/crossing"
grep -q ' msrf ' "$TMP/out" && fail "plain run with DATA ran msrf"
expect_status 0 "$CCDBENCH" run --methods msrf,fprf "$CCD_SRCDIR/datasets/default/crossing"
grep -q ' msrf ' "$TMP/out" || fail "run --methods msrf did not run it"
expect_status 0 env -u CCD_DATADIR -u CCD_TRUTHDIR "$CCDBENCH" run --detail --methods fprf,exact
grep -q 'median µs' "$TMP/out" || fail "no table header"
for family in coplanar crossing parallel separated touching; do
  for kind in VF EE; do
    for m in fprf exact; do
      grep -Eq "^default +$family +$kind +$m " "$TMP/out" || fail "no row $family $kind $m"
    done
  done
done
# The exact method has no false positives or negatives on labelled data (columns FP,
# FN of the first panel).
awk '/^set / { on++ } on == 1 && /^$/ { exit } on == 1 && $4 == "exact" && ($7 != 0 || $8 != 0) {
  bad = 1 } END { exit bad }' "$TMP/out" ||
  fail "exact method disagrees with the labels"

# CCD_DATADIR points at another datasets directory.
mkdir -p "$TMP/data/default/x/vertex-face"
cp "$DEFAULT_DATA/touching/vertex-face/queries.csv" "$TMP/data/default/x/vertex-face/"
expect_status 0 env CCD_DATADIR="$TMP/data" "$CCDBENCH" run --methods fprf --format csv
[ "$(wc -l <"$TMP/out")" -eq 2 ] || fail "CCD_DATADIR: expected one row"
grep -q '^default,x,VF,fprf,6,4,' "$TMP/out" || fail "CCD_DATADIR: wrong row: $(cat "$TMP/out")"
# Every set under CCD_DATADIR is used, not only default/, and --help says so.
mkdir -p "$TMP/data/more/y/vertex-face"
cp "$DEFAULT_DATA/touching/vertex-face/queries.csv" "$TMP/data/more/y/vertex-face/"
expect_status 0 env CCD_DATADIR="$TMP/data" "$CCDBENCH" run --methods fprf --format csv
grep -q '^default,x,VF,fprf,' "$TMP/out" && grep -q '^more,y,VF,fprf,' "$TMP/out" ||
  fail "CCD_DATADIR: not every set used: $(cat "$TMP/out")"
expect_status 0 "$CCDBENCH" --help
grep -q 'CCD_DATADIR/default' "$TMP/out" && fail "--help: says \$CCD_DATADIR/default is used"
tr '\n' ' ' <"$TMP/out" | grep -q 'every set under \$CCD_DATADIR' ||
  fail "--help: does not say every set under \$CCD_DATADIR is used"

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
