#!/bin/sh
# SPDX-License-Identifier: MIT
# Plugin methods run in child processes by default: one that crashes, aborts,
# loops or calls exit (tests/plugin/misbehaving.c, on query 1 of every file) fails
# on that query only, named with the query and file; the child is restarted for
# the next query, and every other method's results survive.
. "$CCD_SRCDIR/tests/support/lib.sh"

so="$PLUGIN_DIR/misbehaving.so"
data="$DEFAULT_DATA/crossing"   # one VF file (93 queries) and one EE file (31)
all="fprf,test-crash,test-abort,test-loop,test-exit3,test-exit0"

expect_status 0 "$CCDBENCH" run --plugin "$so" --methods "$all" --query-timeout 0.5 \
  --threads 2 --format csv "$data"
awk -F, 'NR > 1 && $4 != "fprf" && ($15 != 1 || $5 + 1 != ($3 == "VF" ? 93 : 31)) { bad = 1 }
         NR > 1 && $4 == "fprf" && ($15 != 0 || $5 != ($3 == "VF" ? 93 : 31)) { bad = 1 }
         END { exit bad || NR != 13 }' "$TMP/out" || fail "wrong counts: $(cat "$TMP/out")"
for kind in vertex-face edge-edge; do
  for why in 'plugin test-crash crashed on query 1 of [^ ]*/'$kind'/queries.csv \(signal 11: ' \
    'plugin test-abort crashed on query 1 of [^ ]*/'$kind'/queries.csv \(signal 6: ' \
    'plugin test-loop timed out on query 1 of [^ ]*/'$kind'/queries.csv \(limit 0.5 s\)' \
    'plugin test-exit3 exited with status 3 on query 1 of [^ ]*/'$kind'/queries.csv' \
    'plugin test-exit0 exited with status 0 on query 1 of [^ ]*/'$kind'/queries.csv'; do
    grep -Eq "$why" "$TMP/out" || fail "no reason /$why/: $(cat "$TMP/out")"
  done
done
grep -Eq '^ccdbench: test-crash failed on 2 of 124 queries, not counted; first: plugin test-crash crashed on query 1 of ' \
  "$TMP/err" || fail "stderr: $(cat "$TMP/err")"
cut -d, -f1-8,14-16 "$TMP/out" >"$TMP/two"

# The same counts and reasons with one child process as with two.
expect_status 0 "$CCDBENCH" run --plugin "$so" --methods "$all" --query-timeout 0.5 \
  --threads 1 --format csv "$data"
cut -d, -f1-8,14-16 "$TMP/out" >"$TMP/one"
cmp -s "$TMP/one" "$TMP/two" || fail "threads 1 and 2 differ: $(diff "$TMP/one" "$TMP/two")"

# A configuration of a plugin's method (M@NAME) is isolated as the method is.
expect_status 0 "$CCDBENCH" run --plugin "$so" --methods fprf,test-crash@other --format csv "$data"
grep -Eq 'plugin test-crash@other crashed on query 1 of [^ ]*/vertex-face/queries.csv' "$TMP/out" ||
  fail "M@NAME of a plugin: not isolated: $(cat "$TMP/out" "$TMP/err")"

# A result file with per-query records, and --fail-on-method-error.
expect_status 1 "$CCDBENCH" run --plugin "$so" --methods fprf,test-crash --per-query \
  --json "$TMP/r.json" --fail-on-method-error "$data"
grep -q '"reason": "plugin test-crash crashed on query 1 of' "$TMP/r.json" ||
  fail "result file: no reason"
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/r.json" || fail "result file: invalid JSON"

# gate on a crashing plugin: FAIL, named; not a dead harness.
expect_status 1 "$CCDBENCH" gate --plugin "$so" --method test-exit0 "$data"
grep -q '^gate FAIL: test-exit0 on 124 queries: .*failed on 2 queries (first: plugin test-exit0 exited with status 0 on query 1 of ' \
  "$TMP/out" || fail "gate: $(cat "$TMP/out")"

# --no-isolate: in this process, as before (a plugin returning an error status is
# still a method failure, not bad input).
expect_status 0 "$CCDBENCH" run --plugin "$PLUGIN_DIR/bad_results.so" --no-isolate \
  --methods test-input_error --format csv "$data"
grep -q 'test-input_error cannot take query 1 of' "$TMP/out" || fail "--no-isolate: no reason"
expect_status 2 "$CCDBENCH" run --query-timeout -1 "$data"
expect_stderr "^ccdbench: --query-timeout: "
finish
