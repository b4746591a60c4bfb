#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench run` with no data uses the shipped dataset and prints the table;
# --help and --version work for every command.
. "$CCD_SRCDIR/tests/support/lib.sh"

# From a directory where the source tree's datasets/ is not reachable by a relative path.
cd "$TMP" || exit 1
# The bare `run` (the shipped data, the default methods) is tests/cli/default-run-bare.sh,
# in the full tier; here the same with two fast methods: the shipped data, scored
# against the shipped truth, the summary in 100 columns.
expect_status 0 env -u CCD_DATADIR -u CCD_TRUTHDIR "$CCDBENCH" run --methods exact,fprf
awk '!/^exact truth from / && length > 100 { exit 1 }' "$TMP/out" ||
  fail "run: a line over 100 columns: $(awk 'length > 100' "$TMP/out")"
head -n 1 "$TMP/out" | grep -q '^Per method, all queries$' || fail "run: no per-method summary first"
grep -q '^exact  *3636  .*1.00×$' "$TMP/out" || fail "run: exact is not the reference"
grep -q '^3636 queries; truth from labels for 0, exact for 3636; ' "$TMP/out" ||
  fail "run: not all exact truth: $(tail -n 3 "$TMP/out")"
grep -q '^exact truth from the shipped truth files .*/ground_truth$' "$TMP/out" ||
  fail "run: not scored against the shipped truth: $(tail -n 3 "$TMP/out")"
# With --ms the separation-only methods join the default list; named, they run anyway.
expect_status 0 "$CCDBENCH" run --ms 1e-2 "$CCD_SRCDIR/datasets/default/crossing"
grep -q ' msrf ' "$TMP/out" || fail "run --ms: msrf left out"
grep -q 'msrf not run' "$TMP/out" && fail "run --ms: msrf said to be left out"
expect_status 0 "$CCDBENCH" run "$CCD_SRCDIR/datasets/default/crossing"
grep -q ' msrf ' "$TMP/out" && fail "plain run with DATA ran msrf"
# One default list whatever the data: with DATA too the slow irf, uirf and additive-ccd
# run only when named (they made a first `run ../shared/data` take 25 minutes), and
# the closing lines say so.
grep -Eq '^(irf|uirf|additive-ccd|tight-inclusion-scalar) ' "$TMP/out" &&
  fail "run DATA ran irf, uirf, additive-ccd or tight-inclusion-scalar"
grep -q '^not run unless named or with --methods all: irf, uirf, additive-ccd (minutes' "$TMP/out" ||
  fail "run DATA: no note on the methods left out"
grep -q 'tight-inclusion-scalar (tight-inclusion.s answers' "$TMP/out" ||
  fail "run DATA: no note on tight-inclusion-scalar"
grep -q '^tight-inclusion ' "$TMP/out" || fail "run DATA: tight-inclusion not run"
expect_status 0 "$CCDBENCH" run --methods uirf,fprf "$CCD_SRCDIR/datasets/default/crossing"
grep -q '^uirf ' "$TMP/out" || fail "run --methods uirf did not run it"
grep -q '^not run unless named' "$TMP/out" && fail "run --methods: a note on methods not asked for"
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
