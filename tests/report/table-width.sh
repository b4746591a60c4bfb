#!/bin/sh
# SPDX-License-Identifier: MIT
# Every line of every text output fits 100 columns (UTF-8: µ, ∂, α are one
# column each): wide tables are split into panels, not cut, so every number
# the table holds is still printed.  A two-query dataset keeps it quick.
. "$CCD_SRCDIR/tests/support/lib.sh"

DATA="$TMP/tiny"
for k in vertex-face edge-edge; do
  mkdir -p "$DATA/crossing/$k"
  head -n 16 "$DEFAULT_DATA/crossing/$k/queries.csv" >"$DATA/crossing/$k/queries.csv"
done

# fits NAME FILE: no line of FILE wider than 100 columns
fits() {
  LC_ALL=C awk -v name="$1" '{ line = $0; gsub(/[\200-\277]/, "", line) }
    length(line) > 100 { printf "%s: line %d is %d columns\n", name, NR, length(line); bad = 1 }
    END { exit bad }' "$2" >"$TMP/wide" || fail "$(head -n 1 "$TMP/wide")"
}
# cells FILE: the number of numeric cells in a text table (each number is shown once)
numbers() {
  tr -s ' ' '\n' <"$1" | grep -Ec '^-?[0-9][0-9.]*(e[-+]?[0-9]+)?$'
}

expect_status 0 "$CCDBENCH" run "$DATA"
fits "run" "$TMP/out"
expect_status 0 "$CCDBENCH" run --detail "$DATA"
fits "run --detail" "$TMP/out"
expect_status 0 "$CCDBENCH" run --preset ms-sweep "$DATA"
fits "run --preset ms-sweep" "$TMP/out"
expect_status 0 "$CCDBENCH" run --sweep delta=1e-3,1e-6 --methods tight-inclusion,fprf "$DATA"
fits "run --sweep" "$TMP/out"
expect_status 0 "$CCDBENCH" run --json "$TMP/run.json" "$DATA"
expect_status 0 "$CCDBENCH" report "$TMP/run.json"
fits "report" "$TMP/out"
expect_status 0 "$CCDBENCH" report --by-family "$TMP/run.json"
fits "report --by-family" "$TMP/out"
expect_status 0 "$CCDBENCH" report --table stats "$TMP/run.json"
fits "report --table stats" "$TMP/out"
# the split keeps every number: the CSV of the same table holds as many
expect_status 0 "$CCDBENCH" report --table stats --format csv "$TMP/run.json"
tr ',' ' ' <"$TMP/out" >"$TMP/stats.csv"
expect_status 0 "$CCDBENCH" report --table stats "$TMP/run.json"
sed 1,2d "$TMP/out" >"$TMP/stats.text"
[ "$(numbers "$TMP/stats.text")" -ge "$(numbers "$TMP/stats.csv")" ] ||
  fail "report stats text: $(numbers "$TMP/stats.text") numbers, csv $(numbers "$TMP/stats.csv")"

# the contact commands' tables
expect_status 0 "$CCDBENCH" contact scaling pair sphere,r=1 box,h=1:1:1,x=3:0:0
fits "contact scaling pair" "$TMP/out"
expect_status 0 "$CCDBENCH" contact scaling check --pairs 3 --differences 1
fits "contact scaling check" "$TMP/out"
expect_status 0 "$CCDBENCH" contact polyhedra pair box:1,1,1 box:1,1,1 \
  --pose-b 0.9,0.3,0.2,0.1,0.5,0.3,2.9 --jacobian
fits "contact polyhedra pair --jacobian" "$TMP/out"
expect_status 0 "$CCDBENCH" contact check "$DATA"
fits "contact check" "$TMP/out"
expect_status 0 "$CCDBENCH" contact pipeline
fits "contact pipeline" "$TMP/out"
expect_status 0 "$CCDBENCH" contact potential eval box:0.5,0.5,0.5 box:0.5,0.5,0.5 \
  --pose-b 1,0,0,0,0,0,2 --hessian
fits "contact potential eval" "$TMP/out"
finish
