#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench contact check | rotating-edge | bench` write through the table writers
# of `ccdbench run`: every --format parses (valid JSON, CSV rows with the
# header's column count, a Markdown and a LaTeX table), csv/json/latex are the
# table alone, empty statistics are JSON null, and a bad --format is exit 2;
# `contact pipeline` gives its fixed-size contact set with checked Jacobians.
. "$CCD_SRCDIR/tests/support/lib.sh"

COPLANAR="$DEFAULT_DATA/coplanar"  # 4 VF + 4 EE queries
TOUCHING="$DEFAULT_DATA/touching"  # 6 VF + 5 EE queries
JSON_VALID="$CCD_BUILDDIR/tests/support/json_valid"

# csv_shape FILE HEADER ROWS: the header line, ROWS data rows, no ragged row.
csv_shape() {
  [ "$(head -n 1 "$1")" = "$2" ] || fail "$1: header is '$(head -n 1 "$1")'"
  awk -F, 'NR == 1 { n = NF } NF != n { exit 1 } END { exit NR != '"$(($3 + 1))"' }' "$1" ||
    fail "$1: ragged, or not $3 rows"
}

# ---- contact check: 2 kinds × (hard + 4 smoothing levels) = 10 rows
CHECK_HEADER='at,kind,routine,level,configurations,skipped,nearly_touching,nonunique,dist_max,dist_mean,dist_p99,witness_n,witness_max,witness_mean,witness_p99,angle_deg_n,angle_deg_max,angle_deg_mean,angle_deg_p99,deriv_n,deriv_max,deriv_mean,deriv_p99,deriv_every,deriv_prec,seconds'
for fmt in text markdown csv json latex; do
  expect_status 0 "$CCDBENCH" contact check --deriv-every 0 --format $fmt "$COPLANAR" "$TOUCHING"
  cp "$TMP/out" "$TMP/check.$fmt"
done
csv_shape "$TMP/check.csv" "$CHECK_HEADER" 10
awk -F, 'NR > 1 && ($1 != "0" || $5 != ($2 == "VF" ? 10 : 9) || $20 != "0" || $21 != "") { exit 1 }' \
  "$TMP/check.csv" || fail "check csv: wrong at, configurations or deriv cells"
grep -Eiq '(^|,)-?(nan|inf)(,|$)' "$TMP/check.csv" && fail "check csv: a nan or inf cell, not empty"
"$JSON_VALID" "$TMP/check.json" || fail "check json is not valid"
[ "$(grep -c '^    {"at": "0", "kind": ' "$TMP/check.json")" -eq 10 ] || fail "check json: not 10 rows"
grep -q '"deriv_n": 0, "deriv_max": null, "deriv_mean": null, "deriv_p99": null' "$TMP/check.json" ||
  fail "check json: empty derivative statistics are not null"
grep -q 'nan' "$TMP/check.json" && fail "check json: a nan"
head -n 1 "$TMP/check.text" | grep -q '^contact check at t = 0: ' || fail "check text: no preamble"
grep -Eq '^at +kind +routine +level +configs ' "$TMP/check.text" || fail "check text: no title row"
[ "$(grep -c '^|' "$TMP/check.markdown")" -eq 12 ] || fail "check markdown: not a 10-row table"
grep -q '^| at | kind | routine |' "$TMP/check.markdown" || fail "check markdown: no title row"
grep -q '^touching: ' "$TMP/check.markdown" || fail "check markdown: no footnote"
head -n 1 "$TMP/check.latex" | grep -q '^\\begin{tabular}{lllr' || fail "check latex: no tabular"
[ "$(tail -n 1 "$TMP/check.latex")" = '\end{tabular}' ] || fail "check latex: notes after the table"
[ "$(wc -l <"$TMP/check.latex")" -eq 16 ] || fail "check latex: not 10 rows"

# --at toi: non-colliding queries are counted as skipped
expect_status 0 "$CCDBENCH" contact check --at toi --deriv-every 1 --smoothing 1e-2 --format csv "$COPLANAR"
cp "$TMP/out" "$TMP/toi.csv"
awk -F, 'NR > 1 { if ($1 != "toi" || $5 + $6 != 4) exit 1; n++ } END { exit n < 2 }' "$TMP/toi.csv" ||
  fail "check --at toi csv: wrong at or configurations + skipped"

# ---- rotating edge: 6 default weights
expect_status 0 "$CCDBENCH" contact rotating-edge --steps 200 --format csv
cp "$TMP/out" "$TMP/rot.csv"
csv_shape "$TMP/rot.csv" 'lambda,routine,eps,steps,delta,slope_at_parallel,slope_max,theta_at_max,jump,fd_rel_error' 6
awk -F, 'NR == 2 && ($1 != 0 || $2 != "hard" || $3 != 0) { exit 1 }
         NR > 2 && ($2 != "smooth" || $3 != 0.1 || $4 != 200) { exit 1 }' "$TMP/rot.csv" ||
  fail "rotating-edge csv: wrong routine, eps or steps"
# FD rel. error: about 1e6 on the hard row (the central difference across the jump
# at θ = π/2: 2 / 2e-6), small on the smoothed rows; the text explains the hard one.
awk -F, 'NR > 1 && $2 == "hard" && ($10 < 0.99e6 || $10 > 1.01e6) { exit 1 }
         NR > 1 && $2 == "smooth" && $10 > 1e-3 { exit 1 }' "$TMP/out" ||
  fail "rotating-edge csv: FD rel. error not 1e6 (hard) and small (smooth)"
expect_status 0 "$CCDBENCH" contact rotating-edge --steps 200
grep -q '^FD rel. error of the hard row (about 1e6): ' "$TMP/out" ||
  fail "rotating-edge: the hard row's FD rel. error is not explained"
expect_status 0 "$CCDBENCH" contact rotating-edge --steps 200 --weights 0.1
grep -q 'FD rel. error of the hard row' "$TMP/out" && fail "rotating-edge: a note on a hard row not run"
expect_status 0 "$CCDBENCH" contact rotating-edge --steps 200 --format json
"$JSON_VALID" "$TMP/out" || fail "rotating-edge json is not valid"
[ "$(grep -c '^    {"lambda": ' "$TMP/out")" -eq 6 ] || fail "rotating-edge json: not 6 rows"

# ---- bench: 2 kinds × 4 methods × (1, 2 threads) × batches 1, 10
expect_status 0 "$CCDBENCH" contact bench --max-batch 10 --trials 3 --threads 2 --format csv
cp "$TMP/out" "$TMP/bench.csv"
csv_shape "$TMP/bench.csv" 'kind,method,threads,batch,trials,batch_seconds,batch_seconds_std,pairs_per_second,speedup_vs_ip,ip_mean_iterations,ip_max_iterations,ip_not_converged,ip_vs_hard_max_difference' 32
awk -F, 'NR > 1 && $2 == "ip" && $9 != 1 { exit 1 }' "$TMP/bench.csv" ||
  fail "bench csv: ip is not 1× itself"
awk -F, 'NR > 1 && ($5 != 3 || $7 < 0) { exit 1 }' "$TMP/bench.csv" ||
  fail "bench csv: not 3 trials with a standard deviation"
awk -F, 'NR > 1 { n[$3]++ } END { exit n[1] != 16 || n[2] != 16 }' "$TMP/bench.csv" ||
  fail "bench csv: not 16 rows on 1 and 16 on 2 threads"
# one thread: no parallel rows
expect_status 0 "$CCDBENCH" contact bench --max-batch 10 --trials 2 --threads 1 --format json
"$JSON_VALID" "$TMP/out" || fail "bench json is not valid"
[ "$(grep -c '^    {"kind": ' "$TMP/out")" -eq 16 ] || fail "bench json: not 16 rows"

expect_status 2 "$CCDBENCH" contact bench --trials 0
expect_stderr "contact bench: --trials must be in \\[1, 1000000\\]"
# every line of the help fits in 80 columns
"$CCDBENCH" contact --help | awk '{ if (length($0) > 80) exit 1 }' || fail "contact --help: a line over 80 columns"

# ---- pipeline: 4 + 4 vertex-SDF + 2 × 4 × 4 edge-edge contacts per scene; the
# dual-number pose Jacobian agrees with 256-bit MPFR central differences
PIPE_HEADER='contact,type,body,p_x,p_y,p_z,d,n_x,n_y,n_z,activity,activity_n_x,activity_n_y,activity_n_z,jacobian_rel_error,jacobian_max'
for scene in box-on-box sphere-on-plane; do
  expect_status 0 "$CCDBENCH" contact pipeline --scene $scene --format csv
  cp "$TMP/out" "$TMP/pipe.csv"
  csv_shape "$TMP/pipe.csv" "$PIPE_HEADER" 40
  awk -F, 'NR > 1 && ($15 > 1e-10 || $15 == "" || $11 < 0 || $11 > 1) { exit 1 }
           NR > 1 && $2 != (NR <= 9 ? "vertex-SDF" : "edge-edge") { exit 1 }' "$TMP/pipe.csv" ||
    fail "pipeline $scene: a Jacobian off MPFR, an activity outside [0, 1] or a wrong type"
done
# box on box: exactly the top box's four bottom corners are active, normals +z
expect_status 0 "$CCDBENCH" contact pipeline --format csv
awk -F, 'NR > 1 && $11 > 0.5 { n++; if ($2 != "vertex-SDF" || $3 != 1 || $10 < 0.999) exit 1 }
         END { exit n != 4 }' "$TMP/out" || fail "pipeline box-on-box: not 4 active corners along +z"
expect_status 0 "$CCDBENCH" contact pipeline --edge-k 2 --vertex-k 8 --format json
"$JSON_VALID" "$TMP/out" || fail "pipeline json is not valid"
[ "$(grep -c '^    {"contact": ' "$TMP/out")" -eq 24 ] || fail "pipeline json: not 8 + 8 + 8 rows"
expect_status 0 "$CCDBENCH" contact pipeline
grep -q '^contact pipeline (Beker et al., Sec. IV-A), scene box-on-box' "$TMP/out" ||
  fail "pipeline text: no preamble"
grep -q 'max over all: ' "$TMP/out" || fail "pipeline text: no Jacobian summary"
# --figure: the data (2 meshes, the 4 active contacts) and the gnuplot script;
# a gnuplot that fails is an internal failure (exit 1)
mkdir -p "$TMP/fig"
expect_status 0 "$CCDBENCH" contact pipeline --figure "$TMP/fig" --no-render
[ -s "$TMP/fig/contact-pipeline-box-on-box.gp" ] || fail "pipeline --figure: no script"
[ "$(grep -c '^[-0-9]' "$TMP/fig/contact-pipeline-box-on-box.dat")" -eq 28 ] ||
  fail "pipeline --figure: not 12 + 12 edges and 4 contacts"
grep -q "splot 'contact-pipeline-box-on-box.dat'" "$TMP/fig/contact-pipeline-box-on-box.gp" ||
  fail "pipeline --figure: the script does not plot its data"
expect_status 1 "$CCDBENCH" contact pipeline --figure "$TMP/fig" --gnuplot false
expect_stderr "^false:.*failed \\(status 1\\)"
expect_status 2 "$CCDBENCH" contact pipeline --vertex-k 9
expect_stderr "contact pipeline: box-on-box: body 0 has 8 vertices"
expect_status 2 "$CCDBENCH" contact pipeline --scene cube
expect_stderr "contact pipeline: --scene: 'cube' is not"

# ---- a bad --format is a usage error
for sub in check rotating-edge bench pipeline; do
  expect_status 2 "$CCDBENCH" contact $sub --format xml
  expect_stderr "contact $sub: --format: 'xml' is not"
done
finish
