#!/bin/sh
# SPDX-License-Identifier: MIT
# A method that cannot answer a query (an error status, or a result that breaks
# what it declares: tests/plugin/bad_results.c) loses that query, not the run:
# a "failed" count and the first reason in every format and in the result file,
# a line on stderr, exit 0 unless --fail-on-method-error, and a failing gate.
. "$CCD_SRCDIR/tests/support/lib.sh"

so="$PLUGIN_DIR/bad_results.so"
data="$DEFAULT_DATA/crossing"   # one VF file (93 queries) and one EE file (31)
bad="test-collides_7,test-nan_toi,test-toi_5,test-upper_below,test-negative_checks,test-input_error"

# Each bad method fails on query 1 of each file: failed = 1 per row; the rest scored.
expect_status 0 "$CCDBENCH" run --plugin "$so" --methods "fprf,$bad" --format csv "$data"
head -n 1 "$TMP/out" | grep -q ',failed,first_failure$' || fail "csv: no failure columns"
awk -F, 'NR > 1 && $4 != "fprf" && ($15 != 1 || $5 + 1 != ($3 == "VF" ? 93 : 31)) { bad = 1 }
         NR > 1 && $4 == "fprf" && ($15 != 0 || $5 != ($3 == "VF" ? 93 : 31)) { bad = 1 }
         END { exit bad || NR != 15 }' "$TMP/out" || fail "csv: wrong counts: $(cat "$TMP/out")"
for why in 'collides = 7, not 0 or 1' 'toi = nan, not in \[0, 1\]' 'toi = 5, not in \[0, 1\]' \
  'toi_upper = 0.25, not >= toi = 0.5' 'checks = -3, negative' \
  'test-input_error cannot take query 1 of [^ ]*/crossing/edge-edge/queries.csv \(status 2'; do
  grep -Eq "query 1 of [^ ]*queries.csv: $why|$why" "$TMP/out" || fail "csv: no reason /$why/"
  grep -Eq "^ccdbench: test-[a-z_0-9]+ failed on 2 of 124 queries, not counted; first: .*$why" \
    "$TMP/err" || fail "stderr: no line for /$why/: $(cat "$TMP/err")"
done
# The run's summary counts every query once, answered or not.
expect_status 0 "$CCDBENCH" run --detail --plugin "$so" --methods "fprf,test-nan_toi" "$data"
grep -q '^124 queries;' "$TMP/out" || fail "text: query count: $(tail -n 2 "$TMP/out")"
grep -q '^default crossing VF test-nan_toi: first failure: test-nan_toi gave an invalid result on query 1 of ' \
  "$TMP/out" || fail "text: no failure note: $(cat "$TMP/out")"
for fmt in markdown json; do
  expect_status 0 "$CCDBENCH" run --detail --plugin "$so" --methods "fprf,test-nan_toi" --format $fmt "$data"
  grep -q 'toi = nan' "$TMP/out" || fail "$fmt: no reason"
done
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/out" || fail "json: invalid"
grep -q '"failed": 1, "first_failure": "test-nan_toi gave' "$TMP/out" || fail "json: no failed"

# Without a failure the tables are as before (no failure columns).
expect_status 0 "$CCDBENCH" run --methods fprf --format csv "$data"
grep -q 'failed' "$TMP/out" && fail "failure columns without failures"

expect_status 1 "$CCDBENCH" run --detail --plugin "$so" --methods "fprf,test-toi_5" \
  --fail-on-method-error "$data"
grep -q '^default  *crossing  *EE  *fprf  *31 ' "$TMP/out" ||
  fail "--fail-on-method-error: the table is lost: $(cat "$TMP/out")"
expect_stderr "^ccdbench: test-toi_5 failed on 2 of 124 queries"

# The result file keeps the count and the first failure; report reads it back
# (every format), merge of shards keeps the earliest.
expect_status 0 "$CCDBENCH" run --plugin "$so" --methods "fprf,test-nan_toi" \
  --json "$TMP/r.json" --per-query "$data"
grep -q '"failed": 2, "first_failure": {"file": 0, "query": 1, "reason": "test-nan_toi gave an invalid result on query 1 of ' \
  "$TMP/r.json" && fail "result file: failures not per group"
grep -q '"failed": 1, "first_failure": {"file": 0, "query": 1, "reason": "test-nan_toi gave' \
  "$TMP/r.json" || fail "result file: no failure: $(grep failed "$TMP/r.json" | head -n 3)"
grep -q '"failed": 1}' "$TMP/r.json" || fail "result file: per-query record not marked"
for fmt in text csv markdown json latex; do
  expect_status 0 "$CCDBENCH" report --format $fmt --table stats "$TMP/r.json"
  grep -q 'toi = nan' "$TMP/out" || fail "report --format $fmt: no reason"
done
for i in 0 1; do
  expect_status 0 "$CCDBENCH" run --plugin "$so" --methods "fprf,test-nan_toi" --shard $i/2 \
    --json "$TMP/s$i.json" "$data"
done
expect_status 0 "$CCDBENCH" merge "$TMP/m.json" "$TMP/s0.json" "$TMP/s1.json"
expect_status 0 "$CCDBENCH" report --format csv --table stats "$TMP/m.json"
[ "$(grep -c 'test-nan_toi,\(30\|92\),.*,1,"test-nan_toi gave an invalid result on query 1 of' "$TMP/out")" -eq 2 ] ||
  fail "merge: failures lost: $(cat "$TMP/out")"

# gate: a method that fails on a query cannot pass, whatever FN and FP say.
expect_status 1 "$CCDBENCH" gate --plugin "$so" --method test-nan_toi --junit "$TMP/j.xml" "$data"
grep -q '^gate FAIL: test-nan_toi on 124 queries: .*failed on 2 queries (first: test-nan_toi gave an invalid result' \
  "$TMP/out" || fail "gate: $(cat "$TMP/out")"
grep -q 'name="method-failures">' "$TMP/j.xml" || fail "gate: junit has no failures check"
expect_status 0 "$CCDBENCH" gate --method fprf --junit "$TMP/j.xml" "$data"
grep -q 'failed on 0 queries' "$TMP/j.xml" || fail "gate: junit has no failures check on a pass"

# A query outside a built-in method's documented range: tight-inclusion on a
# coordinate near the largest double.  The others are scored, the reason says so.
mkdir -p "$TMP/huge/s/vertex-face"
big=179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368
{ echo "$big,1,1,16,16,16,1"; sed -n '2,16p' "$DEFAULT_DATA/crossing/vertex-face/queries.csv"; } \
  >"$TMP/huge/s/vertex-face/a.csv"
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,exact --format csv "$TMP/huge"
grep -q '^huge,s,VF,exact,2,' "$TMP/out" || fail "huge: exact lost: $(cat "$TMP/out")"
grep -q '^huge,s,VF,tight-inclusion,1,.*,1,tight-inclusion cannot take query 0 of .*a.csv (status 2: outside its documented range: finite coordinates of magnitude at most 2^1000' \
  "$TMP/out" || fail "huge: no documented-range reason: $(cat "$TMP/out")"
expect_status 1 "$CCDBENCH" run --detail --methods tight-inclusion,exact --fail-on-method-error "$TMP/huge"
expect_stderr "^ccdbench: tight-inclusion failed on 1 of 2 queries, not counted; first: "
finish
