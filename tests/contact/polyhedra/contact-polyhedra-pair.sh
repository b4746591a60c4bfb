#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench contact polyhedra pair`: the face–face box contact gives 4 points in
# every format (valid JSON, CSV with the header's column count), "no contact"
# carries its reason, the Jacobian is printed with its MPFR difference, and bad
# bodies, poses, files and options are exit 2 with one message.
. "$CCD_SRCDIR/tests/support/lib.sh"

JSON_VALID="$CCD_BUILDDIR/tests/support/json_valid"
PAIR="contact polyhedra pair"
HEADER='status,intersecting,phi,nx,ny,nz,plane_d,point,x,y,z'

for fmt in text markdown csv json latex; do
  expect_status 0 "$CCDBENCH" $PAIR box:1,1,1 box:1,1,1 --pose-a 1,0,0,0,0.5,1.9,0.3 \
    --format $fmt
  cp "$TMP/out" "$TMP/pair.$fmt"
done
[ "$(head -n 1 "$TMP/pair.csv")" = "$HEADER" ] || fail "csv header: $(head -n 1 "$TMP/pair.csv")"
awk -F, 'NR > 1 && ($1 != "contact" || $2 != 1 || $3 != -0.10000000000000009 && $3 != -0.1 ||
  $5 != 1 || $8 != NR - 1) { exit 1 } END { exit NR != 5 }' "$TMP/pair.csv" ||
  fail "csv: not 4 contact rows with phi -0.1 and normal +y"
"$JSON_VALID" "$TMP/pair.json" || fail "json is not valid"
[ "$(grep -c '"status": "contact"' "$TMP/pair.json")" -eq 4 ] || fail "json: not 4 rows"
tail -n 1 "$TMP/pair.text" | grep -q '^contact  *1 ' || fail "text: not ending with a contact row"
grep -q '^| status | intersecting |' "$TMP/pair.markdown" || fail "markdown: no title row"
head -n 1 "$TMP/pair.latex" | grep -q '^\\begin{tabular}' || fail "latex: no tabular"

# identical poses: the minimal axes tie, no contact with the reason (null points in JSON)
expect_status 0 "$CCDBENCH" $PAIR box:1,1,1 box:1,1,1 --format json
"$JSON_VALID" "$TMP/out" || fail "no-contact json is not valid"
grep -q '"status": "equal-minima".*"point": 0, "x": null' "$TMP/out" ||
  fail "identical poses: no equal-minima row with null point"

# the 98-vertex sphere 0.001 into a box: one point under the pole
expect_status 0 "$CCDBENCH" $PAIR sphere:98 box:50,50,50 --pose-a 1,0,0,0,0,0.999,0 \
  --pose-b 1,0,0,0,0,-50,0 --format csv
awk -F, 'NR == 2 && $5 == 1 && $8 == 1 && $9 == 0 && $11 == 0 { ok = 1 } END { exit !ok }' \
  "$TMP/out" || fail "sphere on box: $(sed -n 2p "$TMP/out")"

# the Jacobian of a vertex–face contact, within 1e-12 of the MPFR reference
expect_status 0 "$CCDBENCH" $PAIR box:1,1,1 box:0.7,1.3,0.9 \
  --pose-a 0.9,0.2,0.3,0.1,0.4,2.1,0.2 --jacobian --format csv
awk -F, 'NR > 1 && !($14 < 1e-12) { exit 1 } END { exit NR != 5 }' "$TMP/out" ||
  fail "jacobian: not 4 rows within 1e-12 of MPFR"
# … and, at a face–face contact, a result: status no-derivative, the reason under the table
expect_status 0 "$CCDBENCH" $PAIR box:1,1,1 box:1,1,1 --pose-a 1,0,0,0,0.5,1.9,0.3 --jacobian
grep -q '^phi  *no-derivative  *nan ' "$TMP/out" || fail "face-face jacobian: no no-derivative row"
grep -q '^no derivative: .*kink' "$TMP/out" || fail "face-face jacobian: no reason"

# files: an OFF tetrahedron works; a bad coordinate and a non-convex OBJ are exit 2
printf 'OFF\n4 4 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n' >"$TMP/t.off"
expect_status 0 "$CCDBENCH" $PAIR "$TMP/t.off" box:1,1,1 --pose-a 1,0,0,0,0,3,0
printf 'OFF\n4 4 6\n0 0 0\n1 x 0\n' >"$TMP/bad.off"
expect_status 2 "$CCDBENCH" $PAIR "$TMP/bad.off" box:1,1,1
expect_stderr "^$TMP/bad.off:4:3: "
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "bad file: not exactly one message"
printf 'v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0.1 0.1 0.1\n' >"$TMP/dent.obj"
expect_status 2 "$CCDBENCH" $PAIR "$TMP/dent.obj" box:1,1,1
expect_stderr "^$TMP/dent.obj:5:1: .*not convex"
expect_status 2 "$CCDBENCH" $PAIR "$TMP/missing.off" box:1,1,1
expect_stderr "^$TMP/missing.off: cannot open"

# bad bodies, poses and options
expect_status 2 "$CCDBENCH" $PAIR box:1,1 box:1,1,1
expect_stderr '^ccdbench: contact polyhedra pair: box:1,1: expected box:HX,HY,HZ'
# the accepted scales (CCD_POLYH_MAX_SCALE, CCD_POLYH_MIN_SCALE): a half extent of
# 1e308 died of SIGFPE, 1e-200 printed status contact with a NaN normal, a position of
# 1e80 ran the arithmetic beyond its range
expect_status 2 "$CCDBENCH" $PAIR box:1e308,1,1 box:1,1,1
expect_stderr "box: point 1 has a coordinate -1e\+308 beyond 1e\+75 in magnitude"
expect_status 2 "$CCDBENCH" $PAIR box:1e-200,1,1 box:1,1,1
expect_stderr "box: an edge is 2e-200 long, shorter than 1e-75"
expect_status 2 "$CCDBENCH" $PAIR box:1,1,1 box:1,1,1 --pose-a 1,0,0,0,1e80,0,0
expect_stderr "pose-a: at character 9: '1e80' \(number 5 of W,X,Y,Z,PX,PY,PZ\) is beyond 1e\+75"
expect_status 2 "$CCDBENCH" $PAIR box:1e75,1,1 box:1,1,1 --pose-a 1,0,0,0,1e75,0,0
expect_stderr "the pair's scale \(radius \+ \|position\|\) 2e\+75 is beyond 1e\+75"
printf 'OFF\n4 4 0\n0 0 0\n1e160 0 0\n0 1e160 0\n0 0 1e160\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n' >"$TMP/huge.off"
expect_status 2 "$CCDBENCH" $PAIR "$TMP/huge.off" box:1,1,1
expect_stderr "huge.off: point 2 has a coordinate 1e\+160 beyond 1e\+75"
expect_status 0 "$CCDBENCH" $PAIR box:1e-70,1,1 box:1e70,1,1
# NUL bytes: /dev/zero was read as blank lines forever; a NUL inside a line is
# named at its column (it was "line longer than 4095 characters")
expect_status 2 timeout 60 "$CCDBENCH" $PAIR /dev/zero box:1,1,1
expect_stderr "^/dev/zero:1:1: a NUL byte \(not a text file\)"
printf 'v 0 0 0\nv 1 0\000 0\n' >"$TMP/nul.obj"
expect_status 2 "$CCDBENCH" $PAIR "$TMP/nul.obj" box:1,1,1
expect_stderr "nul.obj:2:6: a NUL byte"
printf 'OFF\n4 4 0\n0 0 0\n\000\n' >"$TMP/nul.off"
expect_status 2 "$CCDBENCH" $PAIR "$TMP/nul.off" box:1,1,1
expect_stderr "nul.off:4:1: a NUL byte"
expect_status 2 "$CCDBENCH" $PAIR sphere:100 box:1,1,1
expect_stderr '50, 98 or 182'
expect_status 2 "$CCDBENCH" $PAIR box:1,1,1 box:1,1,1 --pose-a 1,0,0
expect_stderr 'pose-a: expected W,X,Y,Z,PX,PY,PZ'
expect_status 2 "$CCDBENCH" $PAIR box:1,1,1 box:1,1,1 --pose-b 0,0,0,0,0,0,0
expect_stderr 'quaternion is zero'
expect_status 2 "$CCDBENCH" $PAIR box:1,1,1
expect_stderr 'expected two bodies'
expect_status 2 "$CCDBENCH" $PAIR box:1,1,1 box:1,1,1 --format yaml
expect_stderr "--format: 'yaml'"
expect_status 2 "$CCDBENCH" $PAIR box:1,1,1 box:1,1,1 --bogus
expect_status 0 "$CCDBENCH" $PAIR --help
awk 'length > 80 { exit 1 }' "$TMP/out" || fail "--help wider than 80 columns"
finish
