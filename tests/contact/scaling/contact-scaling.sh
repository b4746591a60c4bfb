#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench contact scaling check | bench | pair` (minimum-scaling collision detection of
# Le Cleac'h et al.): every --format parses (valid JSON, CSV with one row per
# combination and rho), the check's alpha errors against the exact references
# stay within 1e-10 at rho = 0, one pair prints its closed-form reference, and
# bad shapes, shapes without interior and bad options are exit 2 with one message.
. "$CCD_SRCDIR/tests/support/lib.sh"

JSON_VALID="$CCD_BUILDDIR/tests/support/json_valid"
HEADER='a,b,rho,reference,pairs,failed,alpha_n,alpha_max,alpha_p99,phi_max,phi_p99,p_n,p_max,p_p99,normal_n,normal_max,normal_p99,dx_n,dx_max,dx_p99,ift_n,ift_max,singular,fd_n,fd_dual_max,fd_ift_max,fd_dp_max,overlap_test,overlap_n,overlap_disagree,residual_max,n_sum_max,motion_max,swap_max,scale_max,iter_mean,iter_max,over_30'

# ---- check: 44 combinations x 2 relaxation levels, 1 pair each (check_scaling
# checks 5 of each with the same thresholds); the CSV's numbers are checked, the
# other formats' shape (the text formats in the full tier: they print the CSV's rows)
formats="text markdown csv json latex"
[ "${CCD_TEST_TIER:-fast}" = full ] || formats="csv json"
for fmt in $formats; do
  expect_status 0 "$CCDBENCH" contact scaling check --pairs 1 --rho 0,1e-4 --format $fmt
  cp "$TMP/out" "$TMP/check.$fmt"
done
[ "$(head -n 1 "$TMP/check.csv")" = "$HEADER" ] || fail "check csv: header is $(head -n 1 "$TMP/check.csv")"
[ "$(wc -l <"$TMP/check.csv")" -eq 89 ] || fail "check csv: not 88 rows"
awk -F, 'NR > 1 && ($5 != 1 || $6 != 0 || $38 != 0) { exit 1 }' "$TMP/check.csv" ||
  fail "check csv: a row without its pair, with a failure or with 30 iterations"
# every referenced row at rho = 0 within 1e-10 (alpha_max; nan where no reference)
awk -F, 'NR > 1 && $3 == 0 && $4 != "none" && !($8 + 0 <= 1e-10) { exit 1 }' "$TMP/check.csv" ||
  fail "check csv: an alpha error above 1e-10 at rho = 0"
# the dual sensitivity against the references' (rows where the normal is unique)
awk -F, 'NR > 1 && $3 == 0 && $18 > 0 && !($19 + 0 <= 1e-6) { exit 1 }' "$TMP/check.csv" ||
  fail "check csv: a d(alpha)/dx error above 1e-6 at rho = 0"
awk -F, 'NR > 1 && $3 == 0 && $21 > 0 && !($22 + 0 <= 1e-6) { exit 1 }' "$TMP/check.csv" ||
  fail "check csv: an implicit-function d(alpha)/dx error above 1e-6 at rho = 0"
grep -q '^sphere,sphere,0,closed form,' "$TMP/check.csv" || fail "check csv: no sphere-sphere closed form"
grep -q '^polytope,polytope,0,exact LP,' "$TMP/check.csv" || fail "check csv: no exact LP row"
grep -q '^cone,halfspace,0.0001,closed form,' "$TMP/check.csv" || fail "check csv: no cone-halfspace"
"$JSON_VALID" "$TMP/check.json" || fail "check json is not valid"
grep -q 'nan' "$TMP/check.json" && fail "check json: a nan"
if [ "${CCD_TEST_TIER:-fast}" = full ]; then
  head -n 1 "$TMP/check.text" | grep -q "^contact scaling check (Le Cleac'h et al.): 1 random" ||
    fail "check text: no preamble"
  [ "$(grep -c '^|' "$TMP/check.markdown")" -eq 90 ] || fail "check markdown: not an 88-row table"
  head -n 1 "$TMP/check.latex" | grep -q '^\\begin{tabular}' || fail "check latex: no tabular"
fi
# the same seed gives the same table; another seed another one
expect_status 0 "$CCDBENCH" contact scaling check --pairs 1 --rho 0 --format csv
cut -d, -f1-17 "$TMP/out" >"$TMP/a"
expect_status 0 "$CCDBENCH" contact scaling check --pairs 1 --rho 0 --format csv
cut -d, -f1-17 "$TMP/out" | cmp -s - "$TMP/a" || fail "check: not reproducible"
expect_status 0 "$CCDBENCH" contact scaling check --pairs 1 --rho 0 --seed 2 --format csv
cut -d, -f1-17 "$TMP/out" | cmp -s - "$TMP/a" && fail "check: --seed changes nothing"
# the gauge reference, its central differences and the overlap cross-check
expect_status 0 "$CCDBENCH" contact scaling check --pairs 3 --rho 0 --differences 1 --format csv
python3 - "$TMP/out" <<'PY' || fail "check: gauge / differences / overlap columns"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
se = [r for r in rows if (r["a"], r["b"]) == ("sphere", "ellipsoid")][0]
assert se["reference"] == "gauge" and int(se["alpha_n"]) == 3, se
assert int(se["fd_n"]) == 1 and float(se["fd_ift_max"]) < 1e-5, se
assert all(r["overlap_disagree"] == "0" for r in rows)
assert all(r["overlap_test"] == ("none" if "halfspace" in (r["a"], r["b"]) else
           "SAT" if {r["a"], r["b"]} <= {"polytope", "box"} else "GJK") for r in rows)
PY
expect_status 2 "$CCDBENCH" contact scaling check --differences -1
expect_stderr "contact scaling check: --differences must be in"

# ---- bench: 44 combinations x 1 thread x without/with derivatives (no timing asserted)
expect_status 0 "$CCDBENCH" contact scaling bench --pairs 3 --min-time 0 --threads 1 --format csv
[ "$(head -n 1 "$TMP/out")" = "a,b,threads,derivatives,pairs,solves,seconds,solves_per_second,iter_mean,failed" ] ||
  fail "bench csv: header is $(head -n 1 "$TMP/out")"
[ "$(wc -l <"$TMP/out")" -eq 89 ] || fail "bench csv: not 88 rows"
awk -F, 'NR > 1 && ($3 != 1 || $5 != 3 || $6 != 3 || $10 != 0) { exit 1 }' "$TMP/out" ||
  fail "bench csv: wrong threads, pairs, solves or failures"
expect_status 0 "$CCDBENCH" contact scaling bench --pairs 2 --min-time 0 --format json
"$JSON_VALID" "$TMP/out" || fail "bench json is not valid"
expect_status 2 "$CCDBENCH" contact scaling bench --threads 0
expect_stderr "contact scaling bench: --threads must be in"

# ---- pair: two spheres, alpha* = |d| / (R1 + R2) = 5 / 2.5 = 2
expect_status 0 "$CCDBENCH" contact scaling pair sphere,r=1 sphere,r=1.5,x=3:4:0 --rho 0 --format csv
sed -n 2p "$TMP/out" | awk -F, '{ if ($2 != "ok" || $13 != "closed form" || $14 != 2 ||
  !($15 + 0 <= 1e-10) || ($5 - 1.2) ^ 2 + ($6 - 1.6) ^ 2 > 1e-18 || ($9 - 0.8) ^ 2 > 1e-30) exit 1 }' ||
  fail "pair: not the closed form: $(sed -n 2p "$TMP/out")"
expect_status 0 "$CCDBENCH" contact scaling pair box,h=1:1:1 halfspace,n=0:0:1,x=0:0:-3,rot=0.3:0:0
[ "$(grep -c ' exact LP ' "$TMP/out")" -eq 4 ] || fail "pair text: not 4 rows with the exact LP"
expect_status 0 "$CCDBENCH" contact scaling pair --format json cone,height=1,angle=0.4 \
  cylinder,r=0.5,len=2,x=2:0.5:0
"$JSON_VALID" "$TMP/out" || fail "pair json is not valid"

# ---- bad input: exit 2, one message
expect_status 2 "$CCDBENCH" contact scaling pair sphere,r=0 sphere,r=1,x=3:0:0
expect_stderr "contact scaling pair: A: sphere,r=0: no interior \\(Slater's condition fails\\)"
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "pair: more than one message"
expect_status 2 "$CCDBENCH" contact scaling pair capsule,len=1 sphere,r=1
expect_stderr "no interior"
expect_status 2 "$CCDBENCH" contact scaling pair sphere,r=1 blob,r=1
expect_stderr "contact scaling pair: B: unknown shape 'blob'"
expect_status 2 "$CCDBENCH" contact scaling pair sphere,r=1,x=1:2 sphere,r=1
expect_stderr "contact scaling pair: A: x: bad value '1:2'"
expect_status 2 "$CCDBENCH" contact scaling pair halfspace,n=0:0:1 halfspace,n=1:0:0
expect_stderr "two half-spaces"
expect_status 2 "$CCDBENCH" contact scaling pair sphere,r=1
expect_status 2 "$CCDBENCH" contact scaling check --pairs 0
expect_status 2 "$CCDBENCH" contact scaling check --rho -1
expect_stderr "contact scaling: --rho: bad number list '-1'"
expect_status 2 "$CCDBENCH" contact scaling check --bogus
expect_status 2 "$CCDBENCH" contact scaling frobnicate
for sub in check pair bench; do
  expect_status 2 "$CCDBENCH" contact scaling $sub --format xml
  expect_stderr "contact scaling: --format: 'xml' is not"
done
# A number beyond the solver's range (1e75) is bad input naming the shape (a box
# 1e308 long was "normal-undefined" with no alpha while its reference said 1.5)
expect_status 2 "$CCDBENCH" contact scaling pair box,h=1:1:1e308 box,h=1:1:1,x=3:0:0
expect_stderr "A: box,h=1:1:1e308: a number beyond 1e\+75 in magnitude"
expect_status 2 "$CCDBENCH" contact scaling pair sphere,r=1 sphere,r=1,x=1e80:0:0
expect_stderr "B: sphere,r=1,x=1e80:0:0: a number beyond 1e\+75"
expect_status 0 "$CCDBENCH" contact scaling --help
awk 'length > 80 { exit 1 }' "$TMP/out" || fail "scaling --help: a line over 80 columns"
finish
