#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench show`: exact coordinates, exact truth and exact closest points of single
# queries, checked against values worked out by hand; JSON validity; errors.
. "$CCD_SRCDIR/tests/support/lib.sh"

# expect_line TEXT: the last command's stdout has a line equal to TEXT.
expect_line() {
  grep -Fxq -- "$1" "$TMP/out" || fail "missing line '$1' in: $(cat "$TMP/out")"
}

coplanar_vf="$DEFAULT_DATA/coplanar/vertex-face/queries.csv"
coplanar_ee="$DEFAULT_DATA/coplanar/edge-edge/queries.csv"

# Coplanar VF, query 0 (see scripts/make-default-dataset): the vertex slides from
# (-1, 1/4, 0) to (1/4, 1/4, 0) and meets the edge x = 0 at t = 4/5.
expect_status 0 "$CCDBENCH" show "$coplanar_vf"
expect_line "query 0 (VF, vertex-face) at $coplanar_vf:1"
expect_line "  label in the file      1 (collides)"
expect_line "  v at t0, line 1        exact  (-1, 1/4, 0)"
expect_line "                         double (-1, 0.25, 0)"
expect_line "  f2 at t1, line 8       exact  (0, 1, 0)"
expect_line "  exact truth            collides, toi = 4/5 exactly = 8.0000000000000000000e-01"
# Query 1 starts on line 9 and does not collide.
expect_status 0 "$CCDBENCH" show --index 1 "$coplanar_vf"
expect_line "query 1 (VF, vertex-face) at $coplanar_vf:9"
expect_line "  exact truth            does not collide"
# Coplanar EE, query 0: toi 2/3 (rounded to 20 digits: ...667).
expect_status 0 "$CCDBENCH" show "$coplanar_ee"
expect_line "  exact truth            collides, toi = 2/3 exactly = 6.6666666666666666667e-01"
# A range prints each query once, in order.
expect_status 0 "$CCDBENCH" show --index 1:4 "$coplanar_vf"
[ "$(grep -c '^query ' "$TMP/out")" -eq 3 ] || fail "--index 1:4 should print 3 queries"
[ "$(grep '^query ' "$TMP/out" | cut -d' ' -f2 | tr '\n' ' ')" = "1 2 3 " ] ||
  fail "--index 1:4 printed queries $(grep '^query ' "$TMP/out" | cut -d' ' -f2)"

# Minimum separation d = 1/10 in L2: x(t) = -1 + 5t/4 reaches -1/10 at t = 18/25 (the
# oracle's interval holds it; show proves it rational).  At --at toi (plain CCD, 4/5)
# the vertex touches the edge: distance 0 at (0, 1/4, 0), (u, v) = (0, 1/4).
expect_status 0 "$CCDBENCH" show --ms 1/10 --norm 2 --at toi "$coplanar_vf"
expect_line "  truth at d = 1/10 (L2) collides, toi = 18/25 exactly = 7.2000000000000000000e-01"
expect_line "  distance at t = toi    4/5 = 8.0000000000000000000e-01"
expect_line "    squared distance     0 = 0.0000000000000000000e+00"
expect_line "    pb (on the face)     exact  (0, 1/4, 0)"
expect_line "    (u, v) of pb         exact  (0, 1/4)"

# Hand-made VF queries (rows: v, f0, f1, f2 at t0, then at t1; 7th column: label).
#  0: vertex (0,0,1) resting over the triangle (0,0,0),(1,0,0),(0,1,0): distance 1
#     to the corner f0, (u, v) = (0, 0).
#  1: vertex (1/4,1/4,1) falling to (1/4,1/4,-1) through the same triangle: at
#     t = 1/4 it is at z = 1/2, distance² 1/4 to (1/4,1/4,0), (u, v) = (1/4, 1/4).
#  2: vertex at z = 1 + 5e-20 (a tie at the 21st digit) over the triangle.
mkdir -p "$TMP/d"
{
  printf '0,1,0,1,1,1,0\n0,1,0,1,0,1,0\n1,1,0,1,0,1,0\n0,1,1,1,0,1,0\n'
  printf '0,1,0,1,1,1,0\n0,1,0,1,0,1,0\n1,1,0,1,0,1,0\n0,1,1,1,0,1,0\n'
  printf '1,4,1,4,1,1,1\n0,1,0,1,0,1,1\n1,1,0,1,0,1,1\n0,1,1,1,0,1,1\n'
  printf '1,4,1,4,-1,1,1\n0,1,0,1,0,1,1\n1,1,0,1,0,1,1\n0,1,1,1,0,1,1\n'
  for i in 1 2; do
    printf '1,4,1,4,100000000000000000005,100000000000000000000,0\n'
    printf '0,1,0,1,0,1,0\n1,1,0,1,0,1,0\n0,1,1,1,0,1,0\n'
  done
} >"$TMP/d/handvf.csv"
expect_status 0 "$CCDBENCH" show --distance --at 0 "$TMP/d/handvf.csv"
expect_line "  label in the file      0 (does not collide)"
expect_line "  exact truth            does not collide"
expect_line "  distance at t          0 = 0.0000000000000000000e+00"
expect_line "    squared distance     1 = 1.0000000000000000000e+00"
expect_line "    distance             1.0000000000000000000e+00"
expect_line "    pa (the vertex)      exact  (0, 0, 1)"
expect_line "    pb (on the face)     exact  (0, 0, 0)"
expect_line "    (u, v) of pb         exact  (0, 0)"
expect_line "                         double (0, 0)"
expect_status 0 "$CCDBENCH" show --index 1 --at 1/4 "$TMP/d/handvf.csv"
expect_line "  exact truth            collides, toi = 1/2 exactly = 5.0000000000000000000e-01"
expect_line "  distance at t          1/4 = 2.5000000000000000000e-01"
expect_line "    squared distance     1/4 = 2.5000000000000000000e-01"
expect_line "    distance             5.0000000000000000000e-01"
expect_line "    pa (the vertex)      exact  (1/4, 1/4, 1/2)"
expect_line "    pb (on the face)     exact  (1/4, 1/4, 0)"
expect_line "                         double (0.25, 0.25, 0)"
expect_line "    (u, v) of pb         exact  (1/4, 1/4)"
# The same time written as a decimal, and at the toi.
expect_status 0 "$CCDBENCH" show --index 1 --at 0.25 "$TMP/d/handvf.csv"
expect_line "    squared distance     1/4 = 2.5000000000000000000e-01"
expect_status 0 "$CCDBENCH" show --index 1 --at toi "$TMP/d/handvf.csv"
expect_line "    squared distance     0 = 0.0000000000000000000e+00"
# Ties at the 21st significant digit go to even: distance 1.00000000000000000005
# rounds down to ...000, its square 1.0000000000000000001000...025 rounds to ...001.
expect_status 0 "$CCDBENCH" show --index 2 --distance "$TMP/d/handvf.csv"
expect_line "    squared distance     400000000000000000040000000000000000001/400000000000000000000000000000000000000 = 1.0000000000000000001e+00"
expect_line "    distance             1.0000000000000000000e+00"
expect_line "    pa (the vertex)      exact  (1/4, 1/4, 20000000000000000001/20000000000000000000)"
expect_line "                         double (0.25, 0.25, 1)"

# Hand-made EE queries (rows: ea0, ea1, eb0, eb1 at t0, then at t1), not moving.
#  0: a = (0,0,0)-(2,0,0), b = (1,-1,3)-(1,1,3): closest (1,0,0), (1,0,3), distance 3,
#     (s_a, s_b) = (1/2, 1/2).
#  1: a = (0,0,0)-(1,0,0), b = (3,-1,4)-(3,1,4): closest (1,0,0) (end of a) and
#     (3,0,4), distance² 4 + 16 = 20, √20 = 4.47213595499957939282...
{
  for i in 1 2; do printf '0,1,0,1,0,1\n2,1,0,1,0,1\n1,1,-1,1,3,1\n1,1,1,1,3,1\n'; done
  for i in 1 2; do printf '0,1,0,1,0,1\n1,1,0,1,0,1\n3,1,-1,1,4,1\n3,1,1,1,4,1\n'; done
} >"$TMP/d/handee.csv"
expect_status 0 "$CCDBENCH" show --distance "$TMP/d/handee.csv"
expect_line "query 0 (EE, edge-edge) at $TMP/d/handee.csv:1"
expect_line "  label in the file      none"
expect_line "    squared distance     9 = 9.0000000000000000000e+00"
expect_line "    distance             3.0000000000000000000e+00"
expect_line "    pa (on edge a)       exact  (1, 0, 0)"
expect_line "    pb (on edge b)       exact  (1, 0, 3)"
expect_line "    (s_a, s_b)           exact  (1/2, 1/2)"
expect_status 0 "$CCDBENCH" show --index 1 --at 1 "$TMP/d/handee.csv"
expect_line "    squared distance     20 = 2.0000000000000000000e+01"
expect_line "    distance             4.4721359549995793928e+00"
expect_line "    pa (on edge a)       exact  (1, 0, 0)"
expect_line "    pb (on edge b)       exact  (3, 0, 4)"
expect_line "    (s_a, s_b)           exact  (1, 1/2)"

# The same query from a gzip file, and from the Scalable-CCD layout with JSON labels.
if command -v gzip >/dev/null 2>&1; then
  gzip -c "$TMP/d/handee.csv" >"$TMP/d/handee.csv.gz"
  expect_status 0 "$CCDBENCH" show --index 1 --at 1 "$TMP/d/handee.csv.gz"
  expect_line "    distance             4.4721359549995793928e+00"
fi
mkdir -p "$TMP/s/scene/queries" "$TMP/s/scene/mma_bool"
cp "$TMP/d/handee.csv" "$TMP/s/scene/queries/7ee.csv"
printf '[false, true]\n' >"$TMP/s/scene/mma_bool/7ee_mma_bool.json"
expect_status 0 "$CCDBENCH" show --index 0:2 "$TMP/s/scene/queries/7ee.csv"
expect_line "  label in the file      0 (does not collide)"
expect_line "  label in the file      1 (collides)"

# JSON: one valid document with the same facts.
expect_status 0 "$CCDBENCH" show --format json --ms 1e-1 --norm 2 --at toi "$coplanar_vf"
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/out" || fail "show --format json is not valid JSON"
grep -q '"ms_truth": {"d": "1/10", "norm": "2", "collides": true, .*"toi_exact": "18/25"' "$TMP/out" ||
  fail "json: ms_truth"
expect_status 0 "$CCDBENCH" show --format json --index 0:2 --ms 1/10 --at 1/2 "$coplanar_vf"
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/out" || fail "show --format json is not valid JSON"
grep -q '"toi_exact": "4/5"' "$TMP/out" || fail "json: toi_exact 4/5 missing"
grep -q '"index": 1, "kind": "VF", "line": 9, "label": 0' "$TMP/out" || fail "json: query 1 header"
grep -q '"collides": false, "toi_lo": null' "$TMP/out" || fail "json: non-colliding truth"
expect_status 0 "$CCDBENCH" show --format json --index 1 --at 1/4 "$TMP/d/handvf.csv"
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/out" || fail "show --format json is not valid JSON"
grep -q '"squared": "1/4", "squared_decimal": "2.5000000000000000000e-01", "distance_decimal": "5.0000000000000000000e-01"' \
  "$TMP/out" || fail "json: distance at 1/4"
grep -q '"parameters": {"names": \["u", "v"\], "value": {"exact": \["1/4", "1/4"\], "double": \[0.25, 0.25\]}}' \
  "$TMP/out" || fail "json: parameters"

# The methods' answers, one line each after the truth, [FN]/[FP] when wrong:
# parallel EE query 0 collides at 1/2; fprf misses it (its FN in `wrong`).
parallel_ee="$DEFAULT_DATA/parallel/edge-edge/queries.csv"
expect_status 0 "$CCDBENCH" show --methods fprf,exact,root-parity "$parallel_ee"
expect_line "  fprf: no [FN]"
expect_line "  exact: collides (toi 0.5)"
expect_line "  root-parity: collides"
[ "$(grep -c '^  [a-z-]*: ' "$TMP/out")" -eq 3 ] || fail "--methods of three: not three answers"
grep -A3 '^  exact truth' "$TMP/out" | tail -n 3 | cut -d: -f1 | tr -d ' ' | tr '\n' ' ' |
  grep -qx 'fprf exact root-parity ' || fail "answers not after the truth, in --methods order"
# coplanar EE query 3 does not collide; fprf says it does at t = 0 (its FP).
expect_status 0 "$CCDBENCH" show --index 3 --methods fprf "$coplanar_ee"
expect_line "  fprf: collides (toi 0) [FP]"
# The default list: run's (no irf, uirf, additive-ccd, tight-inclusion-scalar; msrf only with --ms).
expect_status 0 "$CCDBENCH" show "$parallel_ee"
expect_line "  tight-inclusion: collides (toi 0.49999999999999634)"
for m in irf uirf additive-ccd tight-inclusion-scalar msrf; do
  grep -q "^  $m: " "$TMP/out" && fail "show: $m is in the default list"
done
expect_status 0 "$CCDBENCH" show --ms 1e-2 "$parallel_ee"
expect_line "  msrf: no [FN]"
expect_line "  truth at d = 1/100 (L-inf) collides, toi = 99/200 exactly = 4.9500000000000000000e-01"
expect_status 0 "$CCDBENCH" show --methods none "$parallel_ee"
grep -q '^  [a-z-]*: ' "$TMP/out" && fail "--methods none printed answers"
expect_status 0 "$CCDBENCH" show --plugin "$PLUGIN_DIR/always_collides.so" \
  --methods test-always-collides --index 1 "$parallel_ee"
expect_line "  test-always-collides: collides (toi 0) [FP]"
expect_status 0 "$CCDBENCH" show --format json --methods fprf,exact "$parallel_ee"
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/out" || fail "show --format json is not valid JSON"
grep -q '"answers": \[{"method": "fprf", "collides": false, "toi": null, "wrong": "fn", "failure": null},' \
  "$TMP/out" || fail "json: fprf's answer"
grep -q '{"method": "exact", "collides": true, "toi": 0.5, "wrong": null, "failure": null}\]' \
  "$TMP/out" || fail "json: exact's answer"
expect_status 2 "$CCDBENCH" show --methods nosuch "$parallel_ee"
expect_stderr "^ccdbench: show: --methods: .*unknown method 'nosuch'"
[ -s "$TMP/out" ] && fail "stdout not empty after an error"

# Errors: one line on stderr, exit status 2, nothing on stdout.
expect_status 2 "$CCDBENCH" show --index 4 "$coplanar_vf"
expect_stderr "^$coplanar_vf: query 4: out of range \\(the file has 4 queries\\)\$"
[ -s "$TMP/out" ] && fail "stdout not empty after an error"
expect_status 2 "$CCDBENCH" show --index 2:9 "$coplanar_vf"
expect_stderr "^$coplanar_vf: query 4: out of range \\(the file has 4 queries\\)\$"
[ -s "$TMP/out" ] && fail "stdout not empty after an error"
expect_status 2 "$CCDBENCH" show --index 1 --at toi "$coplanar_vf"
expect_stderr "^$coplanar_vf:9:0: query 1 does not collide"
for at in 2 -1/2 abc 1/0 ""; do
  expect_status 2 "$CCDBENCH" show --at "$at" "$coplanar_vf"
  expect_stderr "^ccdbench: show: --at: '$at' is not toi or an exact number in \\[0, 1\\]\$"
done
for index in -1 3:3 4:2 x 1:2:3 ""; do
  expect_status 2 "$CCDBENCH" show --index "$index" "$coplanar_vf"
  expect_stderr "^ccdbench: show: --index: '$index' is not I or I:J"
done
expect_status 2 "$CCDBENCH" show --ms -1 "$coplanar_vf"
expect_stderr "^ccdbench: show: --ms:"
expect_status 2 "$CCDBENCH" show --format csv "$coplanar_vf"
expect_stderr "^ccdbench: show: --format:"
expect_status 2 "$CCDBENCH" show "$TMP/missing-vf.csv"
expect_stderr "^$TMP/missing-vf.csv: cannot open"
expect_status 2 "$CCDBENCH" show "$DEFAULT_DATA/coplanar"
expect_stderr "^$DEFAULT_DATA/coplanar: not a query file"
expect_status 2 "$CCDBENCH" show
expect_stderr "^ccdbench: show: expected one query FILE"
expect_status 2 "$CCDBENCH" show --bogus "$coplanar_vf"
expect_stderr "^ccdbench: show: option '--bogus'"
# A bad number in the file: path:line:column from the reader.
sed '10s/.*/0,1,x,1,0,1,0/' "$TMP/d/handvf.csv" >"$TMP/d/badvf.csv"
expect_status 2 "$CCDBENCH" show --index 1 "$TMP/d/badvf.csv"
expect_stderr "^$TMP/d/badvf.csv:10:5: "
[ -s "$TMP/out" ] && fail "stdout not empty after an error"

expect_status 0 "$CCDBENCH" show --help
grep -q '^Usage: ccdbench show' "$TMP/out" || fail "show --help"
expect_status 0 "$CCDBENCH" --help
grep -q '^  show ' "$TMP/out" || fail "ccdbench --help does not list show"
finish
