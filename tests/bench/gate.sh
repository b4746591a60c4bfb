#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench gate`: exit 0 on pass, 1 on too many FN / FP or a slowdown, 2 on bad usage.
. "$CCD_SRCDIR/tests/support/lib.sh"

always="$PLUGIN_DIR/always_collides.so"
never="$PLUGIN_DIR/never_collides.so"
baseline="$CCD_SRCDIR/tests/report/synthetic.json"

expect_status 0 "$CCDBENCH" gate --method tight-inclusion --max-fn 0 --junit "$TMP/pass.xml" "$DEFAULT_DATA"
grep -q "^gate PASS: tight-inclusion on 276 queries: FN 0 <= 0; FP 0 (0.00%) <= 5.80% (2 x bsc's" "$TMP/out" ||
  fail "pass verdict: $(cat "$TMP/out")"
grep -q 'failures="0"' "$TMP/pass.xml" || fail "junit of a pass: $(cat "$TMP/pass.xml")"

# A method that never collides has false negatives.
expect_status 1 "$CCDBENCH" gate --plugin "$never" --method test-never-collides --junit "$TMP/fn.xml" "$DEFAULT_DATA"
grep -q '^gate FAIL: test-never-collides on 276 queries: FN [1-9][0-9]* > 0' "$TMP/out" || fail "FN verdict: $(cat "$TMP/out")"
grep -q 'failures="1"' "$TMP/fn.xml" && grep -q '<failure message="FN' "$TMP/fn.xml" || fail "junit of an FN failure"
expect_status 0 "$CCDBENCH" gate --plugin "$never" --method test-never-collides --max-fn 1000 "$DEFAULT_DATA"

# The default FP limit: twice the FP rate of the loosest of tight-inclusion and bsc
# on the same data (bsc: 8 of the 276).  A method that always answers "collides"
# (no false negative) fails it; tight-inclusion and bsc pass it; --max-fp none lifts it.
expect_status 1 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --junit "$TMP/fp.xml" \
  "$DEFAULT_DATA"
grep -q "^gate FAIL: test-always-collides on 276 queries: FN 0 <= 0; FP 138 (50.00%) > 5.80% (2 x bsc's 2.90%)" \
  "$TMP/out" || fail "default FP limit: $(cat "$TMP/out")"
grep -q '<failure message="FP 138 (50.00%)' "$TMP/fp.xml" || fail "junit of an FP failure"
expect_status 0 "$CCDBENCH" gate --method bsc "$DEFAULT_DATA"
grep -q "^gate PASS: bsc on 276 queries: FN 0 <= 0; FP 8 (2.90%) <= 5.80% (2 x bsc's 2.90%)" "$TMP/out" ||
  fail "bsc under the default FP limit: $(cat "$TMP/out")"
expect_status 0 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp none \
  "$DEFAULT_DATA"
grep -q "FP 138 (50.00%) (no limit)" "$TMP/out" || fail "--max-fp none: $(cat "$TMP/out")"

# A method that always collides: FP thresholds as a count and a percentage.
expect_status 1 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp 10 "$DEFAULT_DATA"
grep -q '^gate FAIL: .*FP [0-9]* ([0-9.]*%) > 10' "$TMP/out" || fail "FP verdict: $(cat "$TMP/out")"
expect_status 1 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp 5% "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp 100% "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp 276 "$DEFAULT_DATA"

# Slowdown against a baseline result file (limits far from any real ratio); the
# synthetic baseline has no reference method, no CPU times (an older ccdbench
# wrote it) nor these data: all three are said.
expect_status 1 "$CCDBENCH" gate --method fprf --baseline "$baseline" --max-slowdown 1e-9 "$DEFAULT_DATA"
grep -q '^gate FAIL: fprf .*slowdown [0-9.e+]*x > 1e-09x (mean elapsed time' "$TMP/out" ||
  fail "slowdown verdict: $(cat "$TMP/out")"
grep -q "warning: .* has no method 'exact': the slowdown compares absolute times" "$TMP/err" ||
  fail "no warning for a baseline without the reference"
grep -q "warning: .* has no CPU times (an older ccdbench wrote it): the slowdown compares elapsed" \
  "$TMP/err" || fail "no warning for a baseline without CPU times: $(cat "$TMP/err")"
# fprf misses 2 contacts of the default data at eta = 0, as the original does (docs/baselines.md, "fprf")
expect_status 0 "$CCDBENCH" gate --method fprf --max-fn 2 --baseline "$baseline" --max-slowdown 1e9 "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" gate --method fprf --max-fn 2 --baseline "$baseline" --max-slowdown 1e9 \
  "$DEFAULT_DATA/coplanar"
grep -q "warning: .* timed fprf on 276 queries, this run on [0-9]*: the data differ" "$TMP/err" ||
  fail "no warning for a baseline of other data"

# A baseline from this gate's --json holds the reference: the slowdown is relative
# to it, measured in the same runs.
expect_status 0 "$CCDBENCH" gate --method tight-inclusion --json "$TMP/base.json" "$DEFAULT_DATA"
grep -q '"cpu_total_ns": [0-9]' "$TMP/base.json" || fail "no CPU times in the baseline"
expect_status 0 "$CCDBENCH" gate --method tight-inclusion --baseline "$TMP/base.json" \
  --max-slowdown 1e9 --repeat 2 "$DEFAULT_DATA"
grep -q "slowdown [0-9.]*x <= 1e+09x (CPU time / exact's: .* noise [0-9]*% over 2 runs)" "$TMP/out" ||
  fail "relative slowdown: $(cat "$TMP/out")"
[ ! -s "$TMP/err" ] || fail "warnings for a matching baseline: $(cat "$TMP/err")"
expect_status 0 "$CCDBENCH" gate --method tight-inclusion --baseline "$TMP/base.json" \
  --reference none --max-slowdown 1e9 "$DEFAULT_DATA"
grep -q "slowdown [0-9.]*x <= 1e+09x (mean CPU time .* over 5 runs)" "$TMP/out" ||
  fail "--reference none: $(cat "$TMP/out")"

# Under CPU load: tests/bench/gate-load.sh.

# Usage and input errors.
expect_status 2 "$CCDBENCH" gate "$DEFAULT_DATA"
expect_stderr "--method M is required"
expect_status 2 "$CCDBENCH" gate --method fprf --max-slowdown 2 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" gate --method nope "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" gate --method fprf --reference nope "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" gate --method fprf --repeat 0 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" gate --method irf --baseline "$baseline" --max-slowdown 2 "$DEFAULT_DATA"
expect_stderr "^$baseline: the baseline has no method 'irf'"
printf '{"format": "ccdbench-result",\n "version": 1,\n "tool": 3}\n' >"$TMP/bad.json"
expect_status 2 "$CCDBENCH" gate --method fprf --baseline "$TMP/bad.json" --max-slowdown 2 "$DEFAULT_DATA"
expect_stderr "^$TMP/bad.json:3:10: \"tool\": expected a string"
finish
