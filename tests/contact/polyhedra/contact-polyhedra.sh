#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench contact polyhedra check | bench`: Table I (Cheng Yi & Drumwright)
# against the exact reference and the throughput table, in every --format
# (valid JSON, CSV rows with the header's column count, Markdown, LaTeX); the
# same table for 1 and 2 threads; bad options are exit 2 with one message.
. "$CCD_SRCDIR/tests/support/lib.sh"

JSON_VALID="$CCD_BUILDDIR/tests/support/json_valid"

csv_shape() { # FILE HEADER ROWS
  [ "$(head -n 1 "$1")" = "$2" ] || fail "$1: header is '$(head -n 1 "$1")'"
  awk -F, 'NR == 1 { n = NF } NF != n { exit 1 } END { exit NR != '"$(($3 + 1))"' }' "$1" ||
    fail "$1: ragged, or not $3 rows"
}

CHECK_HEADER='range,method,poses,values,disjoint,no_contact,failed,gate_wrong,err_min,err_max,err_mean,err_std,normal_max_deg'
# every format in the full tier; the fast one (docs/testing.md) checks the CSV's
# numbers and the JSON's syntax, the text formats print the same rows
formats="text markdown csv json latex"
[ "${CCD_TEST_TIER:-fast}" = full ] || formats="csv json"
for fmt in $formats; do
  expect_status 0 "$CCDBENCH" contact polyhedra check --poses 40 --seed 3 --format $fmt
  cp "$TMP/out" "$TMP/check.$fmt"
done
csv_shape "$TMP/check.csv" "$CHECK_HEADER" 6
awk -F, 'NR == 2 && ($1 != "Penetrating_BB" || $2 != "libccd GJK+EPA" || $3 != 40 || $4 != 40) { exit 1 }
         NR == 5 && ($1 != "Apart_BB" || $5 != 40 || $9 != "") { exit 1 }
         NR == 7 && ($1 != "Apart_BB" || $2 != "SAT (ours)" || $4 != 40 || $10 > 1e-14) { exit 1 }' "$TMP/check.csv" ||
  fail "check csv: wrong rows"
"$JSON_VALID" "$TMP/check.json" || fail "check json is not valid"
grep -q '"err_min": null' "$TMP/check.json" || fail "check json: empty statistic is not null"
if [ "${CCD_TEST_TIER:-fast}" = full ]; then
  grep -q 'Published for reference' "$TMP/check.text" || fail "check text: no published row"
  grep -q '^| range | method |' "$TMP/check.markdown" || fail "check markdown: no title row"
  head -n 1 "$TMP/check.latex" | grep -q '^\\begin{tabular}' || fail "check latex: no tabular"
fi
# the table does not depend on the thread count
expect_status 0 "$CCDBENCH" contact polyhedra check --poses 40 --seed 3 --threads 1 --format csv
cp "$TMP/out" "$TMP/t1.csv"
expect_status 0 "$CCDBENCH" contact polyhedra check --poses 40 --seed 3 --threads 2 --format csv
cmp -s "$TMP/t1.csv" "$TMP/out" || fail "check: 1 and 2 threads differ"
cmp -s "$TMP/t1.csv" "$TMP/check.csv" || fail "check: default threads differ"

BENCH_HEADER='scene,vertices,method,threads,pairs,values,seconds,pairs_per_second,ns_per_query,ratio'
for fmt in text csv json; do
  expect_status 0 "$CCDBENCH" contact polyhedra bench --pairs 20 --min-time 0 --threads 1,2 --format $fmt
  cp "$TMP/out" "$TMP/bench.$fmt"
done
csv_shape "$TMP/bench.csv" "$BENCH_HEADER" 18
awk -F, 'NR > 1 && ($5 != 20 || $6 != 20) { exit 1 }' "$TMP/bench.csv" || fail "bench csv: pairs"
grep -q '^sphere182-sphere182,182x182,libccd MPR,2,' "$TMP/bench.csv" || fail "bench csv: no sphere row"
grep -q '^sphere182-sphere182,182x182,SAT (ours),2,20,20,' "$TMP/bench.csv" || fail "bench csv: no SAT row"
"$JSON_VALID" "$TMP/bench.json" || fail "bench json is not valid"

# bad usage: exit 2, one message
expect_status 2 "$CCDBENCH" contact polyhedra check --poses 0
expect_stderr 'contact polyhedra check: --poses must be in'
expect_status 2 "$CCDBENCH" contact polyhedra check --seed -1
expect_stderr "--seed: '-1' is not a non-negative integer"
expect_status 2 "$CCDBENCH" contact polyhedra check --format xml
expect_stderr "--format: 'xml' is not"
expect_status 2 "$CCDBENCH" contact polyhedra bench --threads 1,,2
expect_stderr 'contact polyhedra bench: --threads: bad list'
expect_status 2 "$CCDBENCH" contact polyhedra bench --bogus
expect_stderr "option '--bogus' is unknown"
expect_status 2 "$CCDBENCH" contact polyhedra frobnicate
expect_stderr "unknown command 'frobnicate'"
expect_status 2 "$CCDBENCH" contact polyhedra check extra
expect_stderr "unexpected argument 'extra'"
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "more than one line on stderr"
expect_status 0 "$CCDBENCH" contact polyhedra --help
grep -q 'contact polyhedra COMMAND' "$TMP/out" || fail "--help"
awk 'length($0) > 80 { exit 1 }' "$TMP/out" || fail "--help wider than 80 columns"
finish
