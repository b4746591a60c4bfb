#!/bin/sh
# SPDX-License-Identifier: MIT
# The timing gate under CPU load (docs/gate.md#noise): identical gates give one
# verdict, PASS, 20 tries of two under more busy loops than cores, for a method
# of long queries (tight-inclusion, whose elapsed times lost whole time slices
# to the load) and a fast one (fprf); and a plugin run in child processes
# (test-spin) made three times slower than its baseline fails, so the check can
# fail.
#
# It asserts on measured times, so it is not part of `make check`: run it with
# `make check-timing` (about 2 minutes) on a build without sanitizers.
. "$CCD_SRCDIR/tests/support/lib.sh"

spin="$PLUGIN_DIR/spin.so"
# The first 2 queries of every shipped file but coplanar edge-edge (18):
# tight-inclusion's include queries of 10-40 ms (coplanar vertex-face, parallel
# edge-edge) and of 1-10 us.  Coplanar edge-edge's first queries take 0.3 s
# each, which would make 40 gates of 3 repeats last minutes.
mkdir -p "$TMP/data"
(cd "$DEFAULT_DATA" && find . -name queries.csv) | while read -r f; do
  case $f in ./coplanar/edge-edge/*) continue ;; esac
  mkdir -p "$TMP/data/$(dirname "$f")"
  cp "$DEFAULT_DATA/$f" "$TMP/data/$f"
done
CCDBENCH="$CCDBENCH" "$CCD_SRCDIR/scripts/gate-noise" --tries 20 --queries 2 --repeat 3 \
  --data "$TMP/data" tight-inclusion fprf >"$TMP/noise" 2>&1
status=$?
for method in tight-inclusion fprf; do
  grep -q "^$method: 40 PASS, 0 FAIL; 0 of 20 tries disagree" "$TMP/noise" ||
    fail "$method under load: $(grep "^$method" "$TMP/noise")"
done
[ "$status" -eq 0 ] || fail "scripts/gate-noise: exit status $status: $(cat "$TMP/noise")"
cat "$TMP/noise"

# A real slowdown under the same load: a baseline of test-spin with work W, the
# gate with 3W (only time decides: test-spin answers "collides" to everything,
# which the default FP limit fails).
expect_status 0 "$CCDBENCH" gate --plugin "$spin" --method test-spin --threads 1 --max-fp none \
  --param test-spin.work=10000 --json "$TMP/spin.json" "$DEFAULT_DATA"
cores=$(nproc 2>/dev/null || echo 2)
load_pids=
for i in $(seq $((2 * cores))); do
  ( while :; do :; done ) &
  load_pids="$load_pids $!"
done
for i in 1 2 3; do
  expect_status 1 "$CCDBENCH" gate --plugin "$spin" --method test-spin --threads 1 --max-fp none \
    --param test-spin.work=30000 --baseline "$TMP/spin.json" --max-slowdown 1.5 --repeat 3 \
    "$DEFAULT_DATA"
  grep -q "^gate FAIL: test-spin .*slowdown [0-9.]*x > 1.5x (CPU time / exact's" "$TMP/out" ||
    fail "a 3x slowdown under load: $(cat "$TMP/out")"
done
kill $load_pids 2>/dev/null
wait 2>/dev/null
sed -n 's/.*\(slowdown [^;]*\).*/3x work: \1/p' "$TMP/out"
finish
