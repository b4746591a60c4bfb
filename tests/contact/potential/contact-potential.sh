#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench contact potential eval | check | bench`: every check passes, every
# --format parses, eval gives the potential of two meshes (built in or from a
# file) with mu scaling, +inf on contact and the brute-force column, the
# scaling table has one row per size up to --max-triangles and its figure is
# written, and bad options are exit 2 with one message.
. "$CCD_SRCDIR/tests/support/lib.sh"

JSON_VALID="$CCD_BUILDDIR/tests/support/json_valid"

# check: the slowest part (256-bit references), once per kind of output, in the
# full tier alone (docs/testing.md): check_potential runs the same checks in both
formats="text csv json"
[ "${CCD_TEST_TIER:-fast}" = full ] || formats=""
for fmt in $formats; do
  expect_status 0 "$CCDBENCH" contact potential check --format $fmt
  cp "$TMP/out" "$TMP/check.$fmt"
done
if [ -n "$formats" ]; then
  [ "$(head -n 1 "$TMP/check.csv")" = "check,measured,bound,pass" ] || fail "check csv: header"
  rows=$(($(wc -l <"$TMP/check.csv") - 1))
  [ "$rows" -ge 23 ] || fail "check csv: $rows checks, expected at least 23"
  [ "$(grep -c ',1$' "$TMP/check.csv")" -eq "$rows" ] || fail "check csv: a check failed"
  "$JSON_VALID" "$TMP/check.json" || fail "check json is not valid"
  for row in '^coincident vertices r=9' '^exact term: Hessian vs MPFR' '^hierarchy total: Hessian vs MPFR' \
             '^blended leaf pair: gradient vs MPFR' '^Lemma A.3' '^Voronoi' '^d1, d2, cut'; do
    grep -q "$row" "$TMP/check.text" || fail "check text: no row $row"
  done
fi

# bench: one size below 600 triangles per scene, and the figure's files
expect_status 0 "$CCDBENCH" contact potential bench --scene spheres --max-triangles 600 --format csv
[ "$(head -n 1 "$TMP/out")" = \
  "triangles,bsh_seconds,brute_seconds,ratio,exact_pairs,centred_pairs,bsh_value,brute_value" ] ||
  fail "bench csv: header"
[ "$(wc -l <"$TMP/out")" -eq 2 ] || fail "bench csv: not one size below 600 triangles"
awk -F, 'NR == 2 && $1 != 576 { exit 1 }' "$TMP/out" || fail "bench csv: not 576 triangles"
mkdir "$TMP/fig"
expect_status 0 "$CCDBENCH" contact potential bench --max-triangles 600 --format json \
  --figure "$TMP/fig" --no-render
"$JSON_VALID" "$TMP/out" || fail "bench json is not valid"
grep -q '"triangles": 600' "$TMP/out" || fail "bench json: the boxes are not 600 triangles"
[ -s "$TMP/fig/potential-scaling.dat" ] && [ -s "$TMP/fig/potential-scaling.gp" ] ||
  fail "bench --figure: no .dat or .gp"
grep -q '^600 ' "$TMP/fig/potential-scaling.dat" || fail "bench --figure: no data row"
[ ! -e "$TMP/fig/potential-scaling.svg" ] || fail "bench --no-render: an image was drawn"
expect_status 2 "$CCDBENCH" contact potential bench --figure "$TMP/nowhere" --max-triangles 600
grep -q "nowhere/potential-scaling.dat" "$TMP/err" || fail "bench --figure: bad directory not named"

# eval: a box on a sphere (file), mu scaling, brute force, Hessian rows
cat >"$TMP/tet.obj" <<'OBJ'
v 0 0 0
v 1 0 0
v 0 1 0
v 0 0 1
f 1 3 2
f 1 2 4
f 1 4 3
f 2 3 4
OBJ
expect_status 0 "$CCDBENCH" contact potential eval box:0.5,0.5,0.25,2 "$TMP/tet.obj" \
  --pose-a 1,0,0,0,0,0,-0.4 --brute --format csv
cp "$TMP/out" "$TMP/eval1.csv"
[ "$(head -n 1 "$TMP/eval1.csv")" = "quantity,hierarchy,brute_force" ] || fail "eval csv: header"
[ "$(wc -l <"$TMP/eval1.csv")" -eq 17 ] || fail "eval csv: not 16 quantities"
grep -q '^dP/d(dw_B.z),' "$TMP/eval1.csv" || fail "eval csv: no gradient row"
expect_status 0 "$CCDBENCH" contact potential eval box:0.5,0.5,0.25,2 "$TMP/tet.obj" \
  --pose-a 1,0,0,0,0,0,-0.4 --mu 1e-6 --format csv
awk -F, 'NR == FNR && $1 == "P" { p = $2 } NR != FNR && $1 == "P" { q = $2 }
         END { r = q / (1e-6 * p); exit !(r > 1 - 1e-12 && r < 1 + 1e-12) }' \
  "$TMP/eval1.csv" "$TMP/out" || fail "eval --mu: P is not scaled"
# The range of the potential's arithmetic: a mesh coordinate or a position beyond
# 1e75 is refused (a box of half extent 1e300 gave P = NaN, boxes 1e301 apart P = 12)
expect_status 2 "$CCDBENCH" contact potential eval box:1e300,1,1 box:1,1,1
expect_stderr "mesh: vertex 1 has a coordinate 1e\+300 beyond 1e\+75"
expect_status 2 "$CCDBENCH" contact potential eval box:1,1,1 box:1,1,1 --pose-b 1,0,0,0,1e301,0,0
expect_stderr "pose-b: at character 9: '1e301' \(number 5 of W,X,Y,Z,PX,PY,PZ\) is beyond 1e\+75"

# NUL bytes in a mesh file (the potential's reader): an error at their place
expect_status 2 timeout 60 "$CCDBENCH" contact potential eval /dev/zero box:1,1,1
expect_stderr "^/dev/zero:1:1: a NUL byte \(not a text file\)"

# A quaternion is normalised whatever its scale: components of 1e-320 (their squares
# underflowed: φ = inf, P = NaN) or 1e300 give the pose of (1, 0, 0, 1).
expect_status 0 "$CCDBENCH" contact potential eval box:0.5,0.5,0.5 box:0.5,0.5,0.5 \
  --pose-b 1,0,0,1,3,0,0 --format csv
cp "$TMP/out" "$TMP/q1.csv"
for q in 1e-320,0,0,1e-320 1e300,0,0,1e300; do
  expect_status 0 "$CCDBENCH" contact potential eval box:0.5,0.5,0.5 box:0.5,0.5,0.5 \
    --pose-b $q,3,0,0 --format csv
  cmp -s "$TMP/out" "$TMP/q1.csv" || fail "quaternion $q: not the pose of 1,0,0,1: $(head -3 "$TMP/out")"
done

# The OBJ reader: a UTF-8 byte order mark is skipped (it hid the first `v`, so that
# every index shifted), a subnormal coordinate is a number, a number glued to other
# text is an error at its column (it was read as the number).
{ printf '\357\273\277'; cat "$TMP/tet.obj"; } >"$TMP/bom.obj"
expect_status 0 "$CCDBENCH" contact potential eval box:0.5,0.5,0.25,2 "$TMP/bom.obj" \
  --pose-a 1,0,0,0,0,0,-0.4 --brute --format csv
cmp -s "$TMP/out" "$TMP/eval1.csv" || fail "eval: an OBJ with a byte order mark differs"
sed '2s/.*/v 1 0 1e-320/' "$TMP/tet.obj" >"$TMP/sub.obj"
expect_status 0 "$CCDBENCH" contact potential eval box:0.5,0.5,0.25,2 "$TMP/sub.obj" \
  --pose-a 1,0,0,0,0,0,-0.4 --format csv
sed '4s/.*/v 0 0 1abc/' "$TMP/tet.obj" >"$TMP/glued.obj"
expect_status 2 "$CCDBENCH" contact potential eval box:0.5,0.5,0.25,2 "$TMP/glued.obj"
expect_stderr "^$TMP/glued.obj:4:7: expected a finite coordinate"
expect_status 0 "$CCDBENCH" contact potential eval sphere:0.5,8 sphere:0.5,8 \
  --pose-b 1,0,0,0,1.2,0,0 --hessian --format json
"$JSON_VALID" "$TMP/out" || fail "eval json is not valid"
[ "$(grep -c '"quantity": "d2P/d' "$TMP/out")" -eq 144 ] || fail "eval --hessian: not 144 entries"
# touching boxes: +inf (null in JSON), no derivative, status in the closing note
expect_status 0 "$CCDBENCH" contact potential eval box:0.5,0.5,0.5 box:0.5,0.5,0.5 \
  --pose-b 1,0,0,0,0,0,0.5
grep -q '^P  *inf$' "$TMP/out" || fail "eval: touching boxes are not +inf"
grep -q '^status: contact' "$TMP/out" || fail "eval: no contact status"

expect_status 2 "$CCDBENCH" contact potential bench --eps 0
# a number that does not parse is bad usage too (it printed its message, then exit 0)
expect_status 2 "$CCDBENCH" contact potential eval box:1,1,1 box:1,1,1 --pose-b 1,0,0,0,3,0,0 --eps nan
expect_stderr "^ccdbench: --eps: 'nan' is not a finite number"
expect_status 2 "$CCDBENCH" contact potential eval box:1,1,1 box:1,1,1 --pose-b 1,0,0,0,3,0,0 --mu abc
expect_status 2 "$CCDBENCH" contact potential bench --max-triangles abc
expect_stderr "^ccdbench: --max-triangles: 'abc' is not an integer"
[ -s "$TMP/out" ] && fail "bench --max-triangles abc printed a table"
expect_status 2 "$CCDBENCH" contact potential bench --format yaml
expect_status 2 "$CCDBENCH" contact potential bench --scene cubes
expect_status 2 "$CCDBENCH" contact potential check --max-triangles 10
expect_status 2 "$CCDBENCH" contact potential check --mu 2
expect_status 2 "$CCDBENCH" contact potential eval box:1,1,1
expect_status 2 "$CCDBENCH" contact potential eval box:1,1 box:1,1,1
grep -q '^ccdbench: contact potential eval: box:1,1: expected box:HX,HY,HZ' "$TMP/err" || fail "eval: bad spec message"
expect_status 2 "$CCDBENCH" contact potential eval box:1,1,1 "$TMP/missing.obj"
expect_status 2 "$CCDBENCH" contact potential eval box:1,1,1 box:1,1,1 --mu -1
expect_status 2 "$CCDBENCH" contact potential eval box:1,1,1 box:1,1,1 --pose-a 0,0,0,0,1,2,3
# the subdivision a user can ask for is bounded before any work (box:1,1,1,800
# asked for 7.7 M triangles and ran past 100 s at 1.1 GB; the grid took 4096)
expect_status 2 timeout 60 "$CCDBENCH" contact potential eval box:1,1,1,800 box:1,1,1
expect_stderr "grid N in 1..128"
expect_status 2 timeout 60 "$CCDBENCH" contact potential eval sphere:1,4096 box:1,1,1
expect_stderr "segments in 4..512"
# --brute over more pairs than it can sum in about 30 s is refused, not started
expect_status 2 timeout 60 "$CCDBENCH" contact potential eval box:1,1,1,32 box:1,1,1,32 --brute
expect_stderr "^ccdbench: contact potential eval: --brute: 12288 x 12288 triangle pairs"
[ -s "$TMP/out" ] && fail "eval --brute over too many pairs printed a table"
expect_status 2 "$CCDBENCH" contact potential frobnicate
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "bad command: not exactly one message"
finish
