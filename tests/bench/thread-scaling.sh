#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/thread-scaling on the default data: one row per thread count, the
# speed-up 1.00 at one thread, and a failing run stops it with the error (a
# smoke test; the figures are docs/performance.md's).
. "$CCD_SRCDIR/tests/support/lib.sh"

THREADS="1 2" "$CCD_SRCDIR/scripts/thread-scaling" "$CCDBENCH" "$DEFAULT_DATA" 1 \
  "--methods fprf" >"$TMP/out" 2>"$TMP/err" || fail "exit $?: $(cat "$TMP/err")"
[ "$(grep -c '^| `--methods fprf` | [12] | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* | [0-9.]* |$' \
  "$TMP/out")" -eq 2 ] || fail "not two rows: $(cat "$TMP/out")"
grep -q '^| `--methods fprf` | 1 | .* | 1.00 | [0-9.]* |$' "$TMP/out" || fail "one thread is not 1.00"
# CEILING=1: two more columns, 1.00 at one thread; at two, two one-thread runs
# at once bound to a CPU each ("-" on a machine of one CPU)
CEILING=1 THREADS="1 2" "$CCD_SRCDIR/scripts/thread-scaling" "$CCDBENCH" "$DEFAULT_DATA" 1 \
  "--methods fprf" >"$TMP/out" 2>"$TMP/err" || fail "CEILING=1: exit $?: $(cat "$TMP/err")"
grep -q '^| workload | .* | ceiling | of ceiling |$' "$TMP/out" || fail "no ceiling columns: $(cat "$TMP/out")"
grep -q '^| `--methods fprf` | 1 | .* | 1.00 | [0-9.]* | 1.00 | 1.00 |$' "$TMP/out" ||
  fail "one thread's ceiling is not 1.00: $(cat "$TMP/out")"
grep -q '^| `--methods fprf` | 2 | .* | \([0-9]*\.[0-9][0-9] | [0-9]*\.[0-9][0-9]\|- | -\) |$' "$TMP/out" ||
  fail "no ceiling at two threads: $(cat "$TMP/out")"
if THREADS=1 "$CCD_SRCDIR/scripts/thread-scaling" "$CCDBENCH" "$DEFAULT_DATA" 1 \
  "--methods nosuch" >"$TMP/out" 2>"$TMP/err"; then
  fail "an unknown method did not fail"
fi
grep -q "unknown method 'nosuch'" "$TMP/err" || fail "the error is not shown: $(cat "$TMP/err")"
finish
