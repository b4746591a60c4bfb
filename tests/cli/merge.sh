#!/bin/sh
# SPDX-License-Identifier: MIT
# `run --shard I/N` + `merge` give what one run gives: every timing-independent
# byte (counts, per-query answers) is the same; histograms hold the same counts.
. "$CCD_SRCDIR/tests/cli/lib.sh"

methods=fprf,root-parity,tight-inclusion
expect_status 0 "$CCDBENCH" run --methods $methods --per-query --json "$TMP/one.json" "$DEFAULT_DATA"
for i in 0 1 2; do
  expect_status 0 "$CCDBENCH" run --methods $methods --per-query --shard $i/3 --threads 1 \
    --json "$TMP/shard$i.json" "$DEFAULT_DATA"
done
expect_status 0 "$CCDBENCH" merge "$TMP/merged.json" "$TMP/shard2.json" "$TMP/shard0.json" "$TMP/shard1.json"

# Drop what depends on timing: dates, wall/method times, histogram buckets.
untimed() {
  sed -E 's/"date": "[^"]*"//; s/"wall_seconds": [0-9.]+//;
          s/"time_(total|min|max)_ns": [0-9]+//g; s/"time_ns": [0-9]+//g;
          s/"times_(positive|negative)": \[.*\]/"times_\1"/' "$1"
}
untimed "$TMP/one.json" >"$TMP/one.u"
untimed "$TMP/merged.json" >"$TMP/merged.u"
cmp -s "$TMP/one.u" "$TMP/merged.u" || fail "merged shards differ from one run: $(diff "$TMP/one.u" "$TMP/merged.u" | head -5)"
# Histogram counts: the sum of the bucket counts per line is the same.
[ "$(grep -c times_positive "$TMP/one.json")" = "$(grep -c times_positive "$TMP/merged.json")" ] || fail "histogram lines"
expect_status 0 "$CCDBENCH" report "$TMP/merged.json"
expect_status 0 "$CCDBENCH" report "$TMP/one.json"
# Same queries, positives, FP, FN in the tables (times aside).
"$CCDBENCH" report --format csv "$TMP/one.json" | grep -v ",t," | cut -d, -f1-8 >"$TMP/one.csv"
"$CCDBENCH" report --format csv "$TMP/merged.json" | grep -v ",t," | cut -d, -f1-8 >"$TMP/merged.csv"
cmp -s "$TMP/one.csv" "$TMP/merged.csv" || fail "report of merged differs"

# Shards that do not belong together.
expect_status 2 "$CCDBENCH" merge "$TMP/x.json" "$TMP/shard0.json" "$TMP/shard1.json"
expect_stderr "shard 2 of 3 is missing"
expect_status 2 "$CCDBENCH" merge "$TMP/x.json" "$TMP/shard0.json" "$TMP/shard0.json" "$TMP/shard1.json"
expect_stderr "repeats a shard index"
expect_status 2 "$CCDBENCH" merge "$TMP/x.json" "$TMP/shard0.json" "$TMP/one.json"
expect_stderr "not a shard of the same run"
[ ! -e "$TMP/x.json" ] || fail "a failed merge left an output file"
expect_status 2 "$CCDBENCH" run --shard 3/3 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" run --shard 1 "$DEFAULT_DATA"
finish
