#!/bin/sh
# SPDX-License-Identifier: MIT
# `run --shard I/N` + `merge` give what one run gives: every timing-independent
# byte (counts, per-query answers) is the same; histograms hold the same counts.
. "$CCD_SRCDIR/tests/support/lib.sh"

methods=fprf,root-parity,tight-inclusion
expect_status 0 "$CCDBENCH" run --methods $methods --per-query --json "$TMP/one.json" "$DEFAULT_DATA"
for i in 0 1 2; do
  expect_status 0 "$CCDBENCH" run --methods $methods --per-query --shard $i/3 --threads 1 \
    --json "$TMP/shard$i.json" "$DEFAULT_DATA"
done
expect_status 0 "$CCDBENCH" merge "$TMP/merged.json" "$TMP/shard2.json" "$TMP/shard0.json" "$TMP/shard1.json"

# Drop what depends on timing: dates, wall/method times, histogram buckets.
untimed() {
  sed -E 's/"date": "[^"]*"//; s/"(wall|read|consume|parse|records|load)_seconds": [0-9.]+,?//g; s/"load_bytes": [0-9]+,?//;
          s/"(time_(total|min|max)|cpu_total)_ns": [0-9]+//g; s/"(truth_)?time_ns": [0-9]+//g;
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

# The order of the shard files changes nothing: the date and machine are shard
# 0's (shard 1 claims another date and machine here), wall_seconds adds up in one
# order.
sed 's/"date": "[^"]*"/"date": "2000-01-01T00:00:00Z"/; s/"cpu": "[^"]*"/"cpu": "other"/' \
  "$TMP/shard1.json" >"$TMP/other1.json"
expect_status 0 "$CCDBENCH" merge "$TMP/m1.json" "$TMP/other1.json" "$TMP/shard2.json" "$TMP/shard0.json"
expect_status 0 "$CCDBENCH" merge "$TMP/m2.json" "$TMP/shard0.json" "$TMP/other1.json" "$TMP/shard2.json"
cmp -s "$TMP/m1.json" "$TMP/m2.json" || fail "merge depends on the order of the shards:
$(diff "$TMP/m1.json" "$TMP/m2.json" | head -6)"
grep -q '"cpu": "other"' "$TMP/m1.json" && fail "merge took the machine of shard 1, not shard 0"

# Per-query records that do not add up: one deleted, one twice, one replaced by
# {}, ill-typed or out of its shard.  Each is exit 2 at the record, for merge and
# for every other reader, and nothing is written.
first=$(grep -n -m 1 '^        {"file"' "$TMP/shard0.json" | cut -d: -f1)
second=$((first + 1))
mutant() { # mutant NAME SED-SCRIPT REGEX
  sed "$2" "$TMP/shard0.json" >"$TMP/$1.json"
  cmp -s "$TMP/shard0.json" "$TMP/$1.json" && fail "$1: the edit changed nothing"
  expect_status 2 "$CCDBENCH" merge "$TMP/x.json" "$TMP/$1.json" "$TMP/shard1.json" "$TMP/shard2.json"
  expect_stderr "^$TMP/$1.json:[0-9]+:[0-9]+: $3"
  expect_status 2 "$CCDBENCH" report "$TMP/$1.json"
  expect_stderr "^$TMP/$1.json:[0-9]+:[0-9]+: $3"
}
mutant deleted "${second}d" '"queries": [0-9]+ (VF|EE) records for the [0-9]+ (VF|EE) queries'
mutant twice "${second}p" "per-query record: query [0-9]+ of file [0-9]+ is already recorded at line $second"
mutant empty "${second}s/{\"file\".*}/{}/" 'per-query record: missing member "file"'
mutant truth "${second}s/\"truth\": [01]/\"truth\": \"yes\"/" 'per-query record: "truth": expected a number'
mutant flag "${second}s/\"hit_max_checks\": 0/\"hit_max_checks\": 2/" 'per-query record: "hit_max_checks": expected 0 or 1'
mutant results "${second}s/\"results\": \[{[^}]*}, /\"results\": [/" 'per-query record: "results": expected one entry per method'
mutant shard "${first}s/\"index\": \([0-9]*\)/\"index\": 1\1/" "per-query record: its query is not in this file's shard"
[ ! -e "$TMP/x.json" ] || fail "a merge of bad records left an output file"

expect_status 2 "$CCDBENCH" run --shard 3/3 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" run --shard 1 "$DEFAULT_DATA"

# OUT being one of the shards is refused before anything is written: the shard
# stays as it was (by another name too: the same file).
cp "$TMP/shard0.json" "$TMP/keep.json"
expect_status 2 "$CCDBENCH" merge "$TMP/shard0.json" "$TMP/shard0.json" "$TMP/shard1.json" \
  "$TMP/shard2.json"
expect_stderr "^$TMP/shard0.json: is also an input \\($TMP/shard0.json\\): the merged file must be a new one"
cmp -s "$TMP/shard0.json" "$TMP/keep.json" || fail "merge OUT = a shard changed the shard"
ln -s "$TMP/shard1.json" "$TMP/alias.json"
expect_status 2 "$CCDBENCH" merge "$TMP/alias.json" "$TMP/shard0.json" "$TMP/shard1.json" \
  "$TMP/shard2.json"
expect_stderr "is also an input \\($TMP/shard1.json\\)"

# Sums past 2^64 - 1 are refused, not wrapped (2^63 + 5 twice merged to 10).
for i in 0 1 2; do
  sed '0,/"time_total_ns": *[0-9]*/s//"time_total_ns": 9223372036854775813/' \
    "$TMP/shard$i.json" >"$TMP/big$i.json"
done
expect_status 2 "$CCDBENCH" merge "$TMP/big.json" "$TMP/big0.json" "$TMP/big1.json" "$TMP/big2.json"
expect_stderr "^$TMP/big1.json: with the shards before it, a count or time of default/[a-z-]* passes 2\\^64 - 1\$"
[ -e "$TMP/big.json" ] && fail "merge wrote a file whose sums wrapped"
finish
