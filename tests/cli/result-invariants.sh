#!/bin/sh
# SPDX-License-Identifier: MIT
# A result file whose numbers cannot come from a run is refused (exit 2, one
# located line) by every command that reads one, here `report`: failed queries
# without a first failure (or one without any), time_min_ns above time_max_ns, a
# negative tolerance_max, and a histogram bucket repeated or out of order (it
# was counted twice).
. "$CCD_SRCDIR/tests/cli/lib.sh"

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
refused '0,/"times_negative": \[\[([0-9]+), 1\], \[[0-9]+, 1\]\]/s//"times_negative": [[\1, 1], [\1, 1]]/' \
  '"times_negative": a bucket repeated or out of order$'
finish
