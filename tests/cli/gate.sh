#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench gate`: exit 0 on pass, 1 on too many FN / FP or a slowdown, 2 on bad usage.
. "$CCD_SRCDIR/tests/cli/lib.sh"

always="$PLUGIN_DIR/always_collides.so"
never="$PLUGIN_DIR/never_collides.so"
baseline="$CCD_SRCDIR/tests/report/synthetic.json"

expect_status 0 "$CCDBENCH" gate --method tight-inclusion --max-fn 0 --junit "$TMP/pass.xml" "$DEFAULT_DATA"
grep -q '^gate PASS: tight-inclusion on 276 queries: FN 0 <= 0' "$TMP/out" || fail "pass verdict: $(cat "$TMP/out")"
grep -q 'failures="0"' "$TMP/pass.xml" || fail "junit of a pass: $(cat "$TMP/pass.xml")"

# A method that never collides has false negatives.
expect_status 1 "$CCDBENCH" gate --plugin "$never" --method test-never-collides --junit "$TMP/fn.xml" "$DEFAULT_DATA"
grep -q '^gate FAIL: test-never-collides on 276 queries: FN [1-9][0-9]* > 0' "$TMP/out" || fail "FN verdict: $(cat "$TMP/out")"
grep -q 'failures="1"' "$TMP/fn.xml" && grep -q '<failure message="FN' "$TMP/fn.xml" || fail "junit of an FN failure"
expect_status 0 "$CCDBENCH" gate --plugin "$never" --method test-never-collides --max-fn 1000 "$DEFAULT_DATA"

# A method that always collides: FP thresholds as a count and a percentage.
expect_status 1 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp 10 "$DEFAULT_DATA"
grep -q '^gate FAIL: .*FP [0-9]* > 10' "$TMP/out" || fail "FP verdict: $(cat "$TMP/out")"
expect_status 1 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp 5% "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp 100% "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" gate --plugin "$always" --method test-always-collides --max-fp 276 "$DEFAULT_DATA"

# Slowdown against a baseline result file (limits far from any real ratio).
expect_status 1 "$CCDBENCH" gate --method fprf --baseline "$baseline" --max-slowdown 1e-9 "$DEFAULT_DATA"
grep -q '^gate FAIL: fprf .*x the baseline' "$TMP/out" || fail "slowdown verdict: $(cat "$TMP/out")"
expect_status 0 "$CCDBENCH" gate --method fprf --baseline "$baseline" --max-slowdown 1e9 "$DEFAULT_DATA"

# Usage and input errors.
expect_status 2 "$CCDBENCH" gate "$DEFAULT_DATA"
expect_stderr "--method M is required"
expect_status 2 "$CCDBENCH" gate --method fprf --max-slowdown 2 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" gate --method nope "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" gate --method irf --baseline "$baseline" --max-slowdown 2 "$DEFAULT_DATA"
expect_stderr "^$baseline: the baseline has no method 'irf'"
printf '{"format": "ccdbench-result",\n "version": 1,\n "tool": 3}\n' >"$TMP/bad.json"
expect_status 2 "$CCDBENCH" gate --method fprf --baseline "$TMP/bad.json" --max-slowdown 2 "$DEFAULT_DATA"
expect_stderr "^$TMP/bad.json:3:10: \"tool\": expected a string"
finish
