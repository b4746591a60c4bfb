#!/bin/sh
# SPDX-License-Identifier: MIT
# `report` on several result files: a shard is refused (merge it first), files
# with the same rows (set, family, kind, method) are refused naming both, a row
# never mixes different queries, a method split over two files is one column,
# and nothing printed depends on the order of the files.
. "$CCD_SRCDIR/tests/support/lib.sh"

d=$DEFAULT_DATA
run() { # run OUT METHODS DATA...
  out=$1 methods=$2; shift 2
  expect_status 0 "$CCDBENCH" run --methods "$methods" --json "$TMP/$out" "$@"
}
run full.json fprf,root-parity "$d"
run again.json root-parity,tight-inclusion "$d"
run ti.json tight-inclusion "$d"
run cross-fprf.json fprf "$d/crossing"
run rest-fprf.json fprf "$d/coplanar" "$d/parallel" "$d/separated" "$d/touching"
run cross-ti.json tight-inclusion "$d/crossing"
for i in 0 1; do
  run s$i.json fprf,root-parity --shard $i/2 "$d"
done

# A shard alone, or both shards: merge them first.
expect_status 2 "$CCDBENCH" report "$TMP/s1.json"
expect_stderr "^$TMP/s1.json: shard 1/2 of a run: merge the shards first \(ccdbench merge\)$"
expect_status 2 "$CCDBENCH" report "$TMP/s1.json" "$TMP/s0.json"
expect_stderr "^$TMP/s0.json: shard 0/2 of a run: merge the shards first \(ccdbench merge\)$"
expect_status 2 "$CCDBENCH" report "$TMP/full.json" "$TMP/s0.json"
expect_stderr "^$TMP/s0.json: shard 0/2 of a run: merge the shards first"
expect_status 0 "$CCDBENCH" merge "$TMP/merged.json" "$TMP/s0.json" "$TMP/s1.json"
expect_status 0 "$CCDBENCH" report "$TMP/merged.json"

# Overlapping files: the same rows twice (root-parity in both; one file twice).
expect_status 2 "$CCDBENCH" report "$TMP/again.json" "$TMP/full.json"
expect_stderr "^$TMP/full.json: overlaps $TMP/again.json: both have default [a-z]+ (VF|EE) rows of root-parity"
expect_status 2 "$CCDBENCH" report "$TMP/full.json" "$TMP/merged.json"
expect_stderr "^$TMP/merged.json: overlaps $TMP/full.json: both have"
expect_status 2 "$CCDBENCH" report "$TMP/full.json" "$TMP/full.json"
expect_stderr "^$TMP/full.json: overlaps $TMP/full.json"

# A row of Table 1 is the same queries in every column: tight-inclusion on one
# family beside fprf on all of them would compare different queries.
expect_status 2 "$CCDBENCH" report "$TMP/full.json" "$TMP/cross-ti.json"
expect_stderr "^$TMP/cross-ti.json: tight-inclusion has default crossing (VF|EE) rows but none of default [a-z]+ (VF|EE), which $TMP/full.json has: the default (VF|EE) row would compare different queries$"
# ... and one group of different sizes (a query less) cannot share a row.
mkdir -p "$TMP/small/default"
cp -R "$d/crossing" "$TMP/small/default/"
head -n 736 "$d/crossing/vertex-face/queries.csv" >"$TMP/small/default/crossing/vertex-face/queries.csv"
run small.json tight-inclusion "$TMP/small/default/crossing"
expect_status 2 "$CCDBENCH" report "$TMP/small.json" "$TMP/cross-fprf.json"
expect_stderr "^$TMP/small.json: its default crossing VF rows are [0-9]+ queries, those of $TMP/cross-fprf.json [0-9]+: not the same data"

# One method over two files of disjoint data is one column, with the counts of
# one run over all of it.
table1() { # Table 1 of the last report (CSV), times aside, first method only
  awk '/^$/ { exit } !/,t,/' "$TMP/out" | cut -d, -f1-3
}
expect_status 0 "$CCDBENCH" report --format csv --table table1 "$TMP/full.json"
table1 >"$TMP/one.csv"
grep -q '^default VF (200),FP,0$' "$TMP/one.csv" || fail "unexpected Table 1: $(cat "$TMP/one.csv")"
expect_status 0 "$CCDBENCH" report --format csv --table table1 "$TMP/cross-fprf.json" "$TMP/rest-fprf.json"
table1 >"$TMP/two.csv"
cmp -s "$TMP/one.csv" "$TMP/two.csv" || fail "fprf split over two files differs from one run:
$(diff "$TMP/one.csv" "$TMP/two.csv" | head -10)"

# The order of the files changes nothing, byte for byte.
for fmt in text csv json; do
  for pair in "full.json ti.json" "cross-fprf.json rest-fprf.json" "cross-fprf.json cross-ti.json"; do
    set -- $pair
    one=""; [ $fmt = csv ] && one="--table table1-families" # csv: one table
    expect_status 0 "$CCDBENCH" report --by-family --format $fmt $one "$TMP/$1" "$TMP/$2"
    mv "$TMP/out" "$TMP/ab"
    expect_status 0 "$CCDBENCH" report --by-family --format $fmt $one "$TMP/$2" "$TMP/$1"
    cmp -s "$TMP/ab" "$TMP/out" || fail "report $pair --format $fmt depends on the order:
$(diff "$TMP/ab" "$TMP/out" | head -6)"
  done
done
grep -q '(0)' "$TMP/out" && fail "a dataset row claims 0 queries: $(grep '(0)' "$TMP/out")"
finish
