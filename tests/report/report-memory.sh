#!/bin/sh
# SPDX-License-Identifier: MIT
# `report` and `merge` read a --per-query result file in memory proportional to
# its size: under an address-space limit of 64 MiB (some 500 times the 130 KB of
# the file; reading it once cost hundreds of megabytes when every JSON string
# reserved the rest of the file) both still work.  Not a timing test.
. "$CCD_SRCDIR/tests/support/lib.sh"

methods=fprf,root-parity,tight-inclusion
expect_status 0 "$CCDBENCH" run --methods $methods --per-query --json "$TMP/one.json" "$DEFAULT_DATA"
for i in 0 1; do
  expect_status 0 "$CCDBENCH" run --methods $methods --per-query --shard $i/2 --threads 1 \
    --json "$TMP/s$i.json" "$DEFAULT_DATA"
done
limit_kib=65536
# Sanitizer builds reserve terabytes of shadow memory: they cannot run under any
# such limit, so nothing can be measured this way there.
if ! (ulimit -v $limit_kib && "$CCDBENCH" --help) >/dev/null 2>&1; then
  echo "SKIP: ccdbench cannot start under ulimit -v $limit_kib (sanitizer build?)" >&2
  finish
fi
limited() { (ulimit -v $limit_kib && exec "$@"); }
expect_status 0 limited "$CCDBENCH" report "$TMP/one.json"
expect_status 0 limited "$CCDBENCH" report --format json "$TMP/one.json"
expect_status 0 limited "$CCDBENCH" merge "$TMP/merged.json" "$TMP/s0.json" "$TMP/s1.json"
[ -s "$TMP/merged.json" ] || fail "merge under the memory limit wrote nothing"
finish
