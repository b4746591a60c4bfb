#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench bench schedule` (the run's schedule replayed from a one-thread
# --per-query result file) and `run --costs` (the slowest queries first): one
# thread replays to the work itself, more threads to at most their count in
# speed-up; files without per-query records, of other data, or bad thread counts
# are refused; and --costs changes no answer, for any thread count.
. "$CCD_SRCDIR/tests/support/lib.sh"

expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --threads 1 --per-query \
  --json "$TMP/one.json" "$DEFAULT_DATA"
grep -q '"truth_time_ns": [0-9]' "$TMP/one.json" || fail "no truth_time_ns in the records"

# One thread: the queries' work plus the reading, cutting, parsing and consuming, as
# the note says them (to the millisecond: its cutter reads every byte itself); 2 and
# 64 threads: 1 < speed-up ≤ T.
grep -q '"read_seconds": [0-9.]*, "consume_seconds": [0-9.]*, "parse_seconds": [0-9.]*, "records_seconds": [0-9.]*,' "$TMP/one.json" ||
  fail "no read_seconds, consume_seconds and parse_seconds in the result file"
bytes=$(find "$DEFAULT_DATA" -name '*.csv' ! -name '*labels*' -exec cat {} + | wc -c)
grep -q "\"load_seconds\": [0-9.]*, \"load_bytes\": $bytes," "$TMP/one.json" ||
  fail "no load_seconds, or load_bytes not the data's $bytes bytes: $(grep -o '"load_[a-z]*": [0-9.]*' "$TMP/one.json" | head -2)"
expect_status 0 "$CCDBENCH" bench schedule --threads 1,2,64 "$TMP/one.json"
parts=$(sed -n 's/^.*queries, \([0-9.]*\) s of work on one thread, reading \([0-9.]*\) s, cutting \([0-9.]*\) s, parsing \([0-9.]*\) s and consuming \([0-9.]*\) s;.*$/\1 \2 \3 \4 \5/p' "$TMP/out")
[ -n "$parts" ] || fail "no note of the work: $(cat "$TMP/out")"
awk -v parts="$parts" 'BEGIN { split(parts, p, " "); sum = p[1] + p[2] + p[3] + p[4] + p[5] }
  NF == 5 && $1 == 1 && ($2 - sum > 0.003 || sum - $2 > 0.003) { exit 1 }' "$TMP/out" ||
  fail "one thread does not replay to the work, reading, cutting, parsing and consuming ($parts): $(cat "$TMP/out")"
awk 'NF == 5 && $1 ~ /^[0-9]+$/ && $1 > 1 && !($3 > 1 && $3 <= $1 + 1e-9) { exit 1 }' "$TMP/out" ||
  fail "a speed-up out of (1, T]: $(cat "$TMP/out")"
# --records: the run itself, its records' writing (part of its consuming) added
expect_status 0 "$CCDBENCH" bench schedule --threads 1 --format csv "$TMP/one.json"
without=$(sed -n 2p "$TMP/out" | cut -d, -f2)
expect_status 0 "$CCDBENCH" bench schedule --records --threads 1 --format csv "$TMP/one.json"
with=$(sed -n 2p "$TMP/out" | cut -d, -f2)
records=$(sed -n 's/.*"records_seconds": \([0-9.]*\).*/\1/p' "$TMP/one.json" | head -1)
awk -v a="$without" -v b="$with" -v r="$records" 'BEGIN { exit !(b - a - r < 2e-6 && a + r - b < 2e-6 && r > 0) }' ||
  fail "--records does not add the records' writing ($without + $records != $with)"
expect_status 0 "$CCDBENCH" bench schedule --costs --threads 2 --format csv "$TMP/one.json"
[ "$(sed -n 1p "$TMP/out")" = "threads,seconds,speed_up,efficiency,chunks" ] ||
  fail "csv header: $(sed -n 1p "$TMP/out")"
[ "$(wc -l <"$TMP/out")" -eq 2 ] || fail "csv: not one row: $(cat "$TMP/out")"

# Refused: no per-query records, not a result file, bad thread counts.
expect_status 0 "$CCDBENCH" run --methods fprf --json "$TMP/plain.json" "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" bench schedule "$TMP/plain.json"
expect_stderr "^$TMP/plain.json: no per-query records"
printf '{"format": 1}\n' >"$TMP/bad.json"
expect_status 2 "$CCDBENCH" bench schedule "$TMP/bad.json"
expect_stderr "^$TMP/bad.json:[0-9]+:[0-9]+: "
for t in 0 1.5 x 5000; do
  expect_status 2 "$CCDBENCH" bench schedule --threads "$t" "$TMP/one.json"
  expect_stderr "^ccdbench: bench schedule: --threads"
done
expect_status 2 "$CCDBENCH" bench schedule
expect_status 2 "$CCDBENCH" bench nosuch
expect_stderr "^ccdbench: bench: expected 'bench io' or 'bench schedule'"

# run --costs: the same answers and counts, at 1 and 3 threads, also in a sweep.
for threads in 1 3; do
  expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --threads "$threads" \
    --costs "$TMP/one.json" --per-query --json "$TMP/costs.json" "$DEFAULT_DATA"
  untimed "$TMP/one.json" >"$TMP/a"
  untimed "$TMP/costs.json" >"$TMP/b"
  cmp -s "$TMP/a" "$TMP/b" || fail "--costs at $threads threads changed the result file"
done
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --sweep delta=1e-6,1e-3 --threads 2 \
  --per-query --json "$TMP/s1.json" "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --sweep delta=1e-6,1e-3 --threads 2 \
  --costs "$TMP/one.json" --per-query --json "$TMP/s2.json" "$DEFAULT_DATA"
untimed "$TMP/s1.json" >"$TMP/a"
untimed "$TMP/s2.json" >"$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "--costs changed a sweep's result file"
# of other data: refused before any work
expect_status 2 "$CCDBENCH" run --methods fprf --costs "$TMP/one.json" \
  "$DEFAULT_DATA/crossing"
expect_stderr "^$TMP/one.json: not a result of this data"
expect_status 2 "$CCDBENCH" run --methods fprf --costs "$TMP/missing.json" "$DEFAULT_DATA"
expect_stderr "^$TMP/missing.json: "

# The cost cache (the tests run with CCDBENCH_CACHE_DIR=off), on irf, whose
# queries of the default data take up to half a millisecond, more than a
# chunk's grain (tight-inclusion's take 35 µs at most): a run without
# --costs keeps its heavy queries for the next run of the same data and options,
# whatever its thread count, and the next run uses them; the answers stay; a
# corrupt cache, one that cannot be written, --costs none and off are no error
# and leave nothing.
CCDBENCH_CACHE_DIR="$TMP/cache"
export CCDBENCH_CACHE_DIR
expect_status 0 "$CCDBENCH" run --methods irf,fprf --threads 1 --per-query \
  --json "$TMP/c1.json" "$DEFAULT_DATA"
[ -z "$(cat "$TMP/err")" ] || fail "the cache wrote to stderr: $(cat "$TMP/err")"
[ "$(ls "$TMP/cache" | wc -l)" -eq 1 ] || fail "not one cache file: $(ls "$TMP/cache")"
cache=$(ls "$TMP/cache"/costs-*)
[ "$(head -1 "$cache")" = "ccdbench-costs 1" ] || fail "cache file: $(head -3 "$cache")"
grep -q "^--methods=irf,fprf$" "$cache" || fail "the key has not the methods"
heavy=$(grep -cE '^[0-9]+ [0-9]+$' "$cache")
[ "$heavy" -gt 0 ] || fail "no heavy query of irf cached"
for threads in 2 3; do
  expect_status 0 "$CCDBENCH" run --methods irf,fprf --threads "$threads" \
    --per-query --json "$TMP/c2.json" "$DEFAULT_DATA"
  untimed "$TMP/c1.json" >"$TMP/a"
  untimed "$TMP/c2.json" >"$TMP/b"
  cmp -s "$TMP/a" "$TMP/b" || fail "the cached costs changed the result file at $threads threads"
  [ "$(ls "$TMP/cache" | wc -l)" -eq 1 ] || fail "another cache file at $threads threads"
done
expect_status 0 "$CCDBENCH" run --methods fprf "$DEFAULT_DATA"
[ "$(ls "$TMP/cache" | wc -l)" -eq 2 ] || fail "other options did not make another cache file"
printf 'ccdbench-costs 1\n99999\nx\n' >"$cache"
expect_status 0 "$CCDBENCH" run --methods irf,fprf --threads 2 "$DEFAULT_DATA"
[ -z "$(cat "$TMP/err")" ] || fail "a corrupt cache wrote to stderr: $(cat "$TMP/err")"
# replaced whole (which queries are heavy depends on the times measured: not compared)
[ "$(head -1 "$cache")" = "ccdbench-costs 1" ] && grep -qE '^[0-9]+ [0-9]+$' "$cache" ||
  fail "a corrupt cache not replaced: $(head -3 "$cache")"
rm -r "$TMP/cache"
expect_status 0 "$CCDBENCH" run --methods fprf --costs none "$DEFAULT_DATA"
[ ! -e "$TMP/cache" ] || fail "--costs none wrote the cache"
expect_status 0 env CCDBENCH_CACHE_DIR=off "$CCDBENCH" run --methods fprf "$DEFAULT_DATA"
[ ! -e "$TMP/cache" ] || fail "CCDBENCH_CACHE_DIR=off wrote a cache"
expect_status 0 env CCDBENCH_CACHE_DIR=/dev/null/cache "$CCDBENCH" run --methods fprf \
  "$DEFAULT_DATA"
[ -z "$(cat "$TMP/err")" ] || fail "an unwritable cache wrote to stderr: $(cat "$TMP/err")"
finish
