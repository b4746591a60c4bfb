#!/bin/sh
# SPDX-License-Identifier: MIT
# `run --sweep`: one run per value (log-spaced, inclusive), a table row per value
# and method, one result-file run per value; bad specs are usage errors.
. "$CCD_SRCDIR/tests/support/lib.sh"

expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --sweep delta=1e-8:1:3 --format csv \
  --json "$TMP/sweep.json" "$DEFAULT_DATA"
[ "$(sed -n 1p "$TMP/out")" = "dataset,value,method,queries,mean_us,min_us,max_us,fp,fn,early_termination_pct,tolerance_mean,tolerance_max" ] ||
  fail "sweep header: $(sed -n 1p "$TMP/out")"
cut -d, -f1-4 "$TMP/out" | sed 1d >"$TMP/rows"
printf '%s\n' default,1e-08,tight-inclusion,276 default,1e-08,fprf,276 \
  default,0.0001,tight-inclusion,276 default,0.0001,fprf,276 default,1,tight-inclusion,276 \
  default,1,fprf,276 >"$TMP/want"
cmp -s "$TMP/rows" "$TMP/want" || fail "sweep rows: $(cat "$TMP/rows")"
# fprf has no delta: stderr says so once; tight-inclusion has one: nothing said.
[ "$(grep -c '^ccdbench: --sweep delta: fprf has no option delta ' "$TMP/err")" = 1 ] ||
  fail "sweep: not one note that fprf ignores delta: $(cat "$TMP/err")"
grep -q 'tight-inclusion has no option' "$TMP/err" && fail "sweep: tight-inclusion said to ignore delta"
[ "$(grep -c '"sweep_value": ' "$TMP/sweep.json")" = 3 ] || fail "three runs in the result file"
grep -q '"sweep": "delta"' "$TMP/sweep.json" || fail "sweep name"
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --sweep max-checks=1e2,1e3 "$DEFAULT_DATA"
grep -q 'has no option' "$TMP/err" && fail "sweep max-checks: tight-inclusion said to ignore it"
expect_status 0 "$CCDBENCH" report "$TMP/sweep.json"
grep -q '^Sweep over delta' "$TMP/out" || fail "report of a sweep"

for spec in delta=0:1:3 delta=1e-8:1:0 delta=1e-8:1:1 delta=1e-8:1 nope=1 delta= delta=1,,2 max-checks=1.5 ms=-1; do
  expect_status 2 "$CCDBENCH" run --sweep "$spec" "$DEFAULT_DATA"
  expect_stderr "^ccdbench: --sweep: at character [0-9]+: "
done
expect_status 2 "$CCDBENCH" run --sweep delta=1e-8:1:1 "$DEFAULT_DATA"
expect_stderr '^ccdbench: --sweep: at character 14: N = 1 gives LO only, not HI'
expect_status 2 "$CCDBENCH" run --preset paper-table1 --sweep delta=1,2 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" run --preset nope "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" run --per-query "$DEFAULT_DATA"
finish
