#!/bin/sh
# SPDX-License-Identifier: MIT
# The output of the `ccdbench contact` commands (issue 33, "Output"): machine
# formats at %.17g, the help of every command, messages that name the command,
# results with a status where a quantity does not exist (exit 0), and the
# --figure directory made when missing.
. "$CCD_SRCDIR/tests/support/lib.sh"

JSON_VALID="$CCD_BUILDDIR/tests/support/json_valid"

# every number of a CSV body prints back identically under %.17g (a %.9g
# value such as 2.06501483e-13 does not; text fields and empty cells pass)
full_precision() {
  awk -F, 'NR > 1 { for (i = 1; i <= NF; i++)
      if ($i ~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ && sprintf("%.17g", $i + 0) != $i) {
        print "field " i " of line " NR ": " $i; bad = 1 } }
    END { exit bad }' "$1"
}
for cmd in "scaling pair sphere,r=1 box,h=1:1:1,x=3:0:0" \
    "polyhedra pair box:1,1,1 box:1,1,1 --pose-b 0.9,0.3,0.2,0.1,0.5,0.3,2.9" \
    "polyhedra pair box:1,1,1 box:1,1,1 --pose-b 0.9,0.3,0.2,0.1,0.5,0.3,2.9 --jacobian" \
    "potential eval box:0.5,0.5,0.5 box:0.5,0.5,0.5 --pose-b 1,0,0,0,0,0,2" \
    "rotating-edge --steps 50" "pipeline" "check $DEFAULT_DATA" \
    "bench --max-batch 10 --trials 2" "scaling check --pairs 3 --differences 1" \
    "polyhedra check --poses 20"; do
  # shellcheck disable=SC2086
  expect_status 0 "$CCDBENCH" contact $cmd --format csv
  full_precision "$TMP/out" >"$TMP/digits" || fail "contact $cmd: csv not at %.17g: $(head -n 1 "$TMP/digits")"
done
expect_status 0 "$CCDBENCH" contact scaling pair sphere,r=1 box,h=1:1:1,x=3:0:0 --rho 1e-6 --format json
"$JSON_VALID" "$TMP/out" || fail "scaling pair json is not valid"
grep -q '"alpha": 1.50000[0-9]\{11\}' "$TMP/out" || fail "scaling pair json: alpha not at 17 digits"

# help: `contact --help` lists `potential eval`; `scaling pair --help` is the pair's own
expect_status 0 "$CCDBENCH" contact --help
grep -q 'potential eval' "$TMP/out" || fail "contact --help omits potential eval"
expect_status 0 "$CCDBENCH" contact scaling pair --help
head -n 1 "$TMP/out" | grep -q '^Usage: ccdbench contact scaling pair A B' ||
  fail "contact scaling pair --help: $(head -n 1 "$TMP/out")"
awk 'length > 80 { exit 1 }' "$TMP/out" || fail "contact scaling pair --help wider than 80 columns"

# polyhedra pair: the text table ends with its rows (no stray status line);
# "no contact" keeps its reason under the table
expect_status 0 "$CCDBENCH" contact polyhedra pair box:1,1,1 box:1,1,1 --pose-b 1,0,0,0,0.5,0.3,1.9
[ "$(tail -n 1 "$TMP/out" | cut -c 1-8)" = "contact " ] || fail "polyhedra pair: stray line '$(tail -n 1 "$TMP/out")'"
expect_status 0 "$CCDBENCH" contact polyhedra pair box:1,1,1 box:1,1,1
tail -n 1 "$TMP/out" | grep -q '^no contact: equal minimal axes' || fail "no contact: no reason"

# messages name the command; a non-finite pose number says so and where
expect_status 2 "$CCDBENCH" contact polyhedra pair box:1,1 box:1,1,1
expect_stderr '^ccdbench: contact polyhedra pair: box:1,1: expected box:HX,HY,HZ'
expect_status 2 "$CCDBENCH" contact potential eval box:1,1 box:1,1,1
expect_stderr '^ccdbench: contact potential eval: box:1,1: expected box:HX'
expect_status 2 "$CCDBENCH" contact polyhedra pair box:1,1,1 box:1,1,1 --pose-a 1,0,nan,0,0,0,0
expect_stderr "^ccdbench: contact polyhedra pair: --pose-a: at character 5: 'nan' .* is not finite"
expect_status 2 "$CCDBENCH" contact potential eval box:1,1,1 box:1,1,1 --pose-b 1,0,0,0,0,0,inf
expect_stderr "^ccdbench: contact potential eval: --pose-b: at character 13: 'inf' .* is not finite"

# --jacobian where the derivative does not exist (face on face): a result, exit 0
for fmt in csv json; do
  expect_status 0 "$CCDBENCH" contact polyhedra pair box:1,1,1 box:1,1,1 \
    --pose-b 1,0,0,0,0.5,0.3,1.9 --jacobian --format $fmt
  cp "$TMP/out" "$TMP/nojac.$fmt"
done
[ "$(head -n 1 "$TMP/nojac.csv" | cut -d, -f2)" = status ] || fail "jacobian csv: no status column"
awk -F, 'NR > 1 && $2 != "no-derivative" { exit 1 } END { exit NR != 5 }' "$TMP/nojac.csv" ||
  fail "face-face jacobian csv: not 4 no-derivative rows"
"$JSON_VALID" "$TMP/nojac.json" || fail "face-face jacobian json is not valid"
[ "$(grep -c '"status": "no-derivative", "d_wAx": null' "$TMP/nojac.json")" -eq 4 ] ||
  fail "face-face jacobian json: not 4 no-derivative rows with null derivatives"
expect_status 0 "$CCDBENCH" contact polyhedra pair box:1,1,1 box:1,1,1 \
  --pose-b 0.9,0.3,0.2,0.1,0.5,0.3,2.9 --jacobian --format csv
awk -F, 'NR > 1 && $2 != "ok" { exit 1 } END { exit NR != 5 }' "$TMP/out" ||
  fail "vertex-face jacobian csv: not 4 ok rows"

# concentric spheres: the normal is undefined, and the status says so
expect_status 0 "$CCDBENCH" contact scaling pair sphere,r=1 sphere,r=1 --format csv
awk -F, 'NR > 1 && ($2 != "normal-undefined" || $8 != "") { exit 1 } END { exit NR != 5 }' \
  "$TMP/out" || fail "concentric spheres: $(sed -n 2p "$TMP/out")"
expect_status 0 "$CCDBENCH" contact scaling pair sphere,r=1 box,h=1:1:1,x=3:0:0 --format csv
awk -F, 'NR > 1 && $2 != "ok" { exit 1 }' "$TMP/out" || fail "sphere-box: status not ok"

# the alpha error is one kind, absolute, and named so
head -n 1 "$TMP/out" | grep -q ',alpha_abs_error$' || fail "scaling pair csv: $(head -n 1 "$TMP/out")"
expect_status 0 "$CCDBENCH" contact scaling pair sphere,r=1 sphere,r=1 --rho 0.01 --format csv
awk -F, 'NR == 2 { d = $3 - $14; if (d < 0) d = -d; exit !(d == $15 || d - $15 < 1e-15 && $15 - d < 1e-15) }' \
  "$TMP/out" || fail "concentric alpha error is not |alpha - alpha*|: $(sed -n 2p "$TMP/out")"

# pipeline --figure DIR: DIR is made when missing
expect_status 0 "$CCDBENCH" contact pipeline --figure "$TMP/new/fig" --no-render
[ -f "$TMP/new/fig/contact-pipeline-box-on-box.dat" ] || fail "pipeline --figure: no .dat in a new directory"

# methods --details: the filter note points at a file that exists
expect_status 0 "$CCDBENCH" methods --details
for f in $(grep -o '[A-Za-z0-9_/.-]*tight_inclusion_filter\.md' "$TMP/out" | sort -u); do
  [ -f "$CCD_SRCDIR/$f" ] || fail "methods --details names $f, not a file of the tree"
done
grep -q 'tight_inclusion_filter\.md' "$TMP/out" || fail "methods --details: no filter note"
finish
