#!/bin/sh
# SPDX-License-Identifier: MIT
# A result file whose numbers cannot come from a run is refused (exit 2, one
# located line) by every command that reads one, here `report`: failed queries
# without a first failure (or one without any), time_min_ns above time_max_ns, a
# negative tolerance_max or time of the pass (wall, read, consume, parse,
# records), a histogram bucket repeated or out of order (it was
# counted twice), and sums over the groups past 2^64 - 1.  And a result file is JSON whatever the data's file names
# (a name in Latin-1 was written raw: invalid UTF-8, invalid JSON), and the name
# reads back bit for bit.
. "$CCD_SRCDIR/tests/support/lib.sh"

expect_status 0 "$CCDBENCH" run --methods fprf --json "$TMP/r.json" "$DEFAULT_DATA/touching"
expect_status 0 "$CCDBENCH" report "$TMP/r.json"

# refused SED WHAT: the file edited by the sed script is refused, saying WHAT
refused() {
  sed -E "$1" "$TMP/r.json" >"$TMP/bad.json"
  cmp -s "$TMP/r.json" "$TMP/bad.json" && fail "the edit '$1' changed nothing"
  expect_status 2 "$CCDBENCH" report "$TMP/bad.json"
  expect_stderr "^$TMP/bad.json:[0-9]+:[0-9]+: $2"
}
refused '0,/"failed": 0, "first_failure": null/s//"failed": 1, "first_failure": null/' \
  'fprf: failed queries but "first_failure" is null$'
refused '0,/"failed": 0, "first_failure": null/s//"failed": 0, "first_failure": {"file": 0, "query": 1, "reason": "x"}/' \
  'fprf: a "first_failure" but no failed query$'
refused '0,/"time_min_ns": [0-9]+/s//"time_min_ns": 99999999999/' \
  'fprf: "time_min_ns" is above "time_max_ns"$'
refused '0,/"tolerance_max": [0-9.e+-]+/s//"tolerance_max": -1/' \
  'fprf: "tolerance_max" and "toi_gap_max" are never negative$'
for t in wall read consume parse records load; do
  refused "0,/\"${t}_seconds\": [0-9.e+-]+/s//\"${t}_seconds\": -0.5/" \
    "\"${t}_seconds\" is never negative\$"
done
# load_bytes: a count (an integer, not negative)
refused '0,/"load_bytes": [0-9]+/s//"load_bytes": -3/' '"load_bytes"'
refused '0,/"load_bytes": [0-9]+/s//"load_bytes": 1.5/' '"load_bytes"'
# two groups whose times sum past 2^64 - 1: one run cannot have written them, and
# report summed them saturating, without a word
refused 's/"time_total_ns": [0-9]+/"time_total_ns": 9223372036854775813/g' \
  'fprf: the counts or times over the groups pass 2\^64 - 1$'
# a data file named in Latin-1: the result file is still valid JSON, the byte as
# the lone surrogate \udce9, which merge reads back as the byte and writes again
mkdir "$TMP/latin1"
cp "$DEFAULT_DATA/touching/vertex-face/queries.csv" "$TMP/latin1/$(printf 'caf\351')vf.csv"
expect_status 0 "$CCDBENCH" run --methods fprf --json "$TMP/l.json" "$TMP/latin1"
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/l.json" || fail "a Latin-1 file name made invalid JSON"
if command -v python3 >/dev/null 2>&1; then # a strict reader: UTF-8, and the name's bytes back
  python3 -c 'import json, os, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert any(os.fsencode(f).endswith(b"/caf\xe9vf.csv") for f in d["files"]), d["files"]' \
    "$TMP/l.json" ||
    fail "python3 cannot read the result file of a Latin-1 file name"
fi
grep -q 'caf\\udce9vf\.csv' "$TMP/l.json" || fail "the name is not written as caf\\udce9vf.csv"
expect_status 0 "$CCDBENCH" report "$TMP/l.json"
for i in 0 1; do
  expect_status 0 "$CCDBENCH" run --methods fprf --shard $i/2 --json "$TMP/s$i.json" "$TMP/latin1"
done
expect_status 0 "$CCDBENCH" merge "$TMP/m.json" "$TMP/s0.json" "$TMP/s1.json"
grep -q 'caf\\udce9vf\.csv' "$TMP/m.json" || fail "merge did not keep the name's byte"
expect_status 0 "$CCDBENCH" report --format html --output "$TMP/l.html" "$TMP/l.json"
if grep -q "$(printf '\351')" "$TMP/l.html"; then fail "a raw Latin-1 byte in the HTML report"; fi
refused '0,/"times_negative": \[\[([0-9]+), 1\], \[[0-9]+, 1\]\]/s//"times_negative": [[\1, 1], [\1, 1]]/' \
  '"times_negative": a bucket repeated or out of order$'
finish
