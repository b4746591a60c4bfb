#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench contact potential check | bench`: every check passes, every --format
# parses, the scaling table has one row per size up to --max-triangles, and bad
# options are exit 2 with one message.
. "$CCD_SRCDIR/tests/cli/lib.sh"

JSON_VALID="$CCD_BUILDDIR/tests/cli/json_valid"

for fmt in text markdown csv json latex; do
  expect_status 0 "$CCDBENCH" contact potential check --format $fmt
  cp "$TMP/out" "$TMP/check.$fmt"
done
[ "$(head -n 1 "$TMP/check.csv")" = "check,measured,bound,pass" ] || fail "check csv: header"
[ "$(grep -c ',1$' "$TMP/check.csv")" -eq 13 ] || fail "check csv: not 13 passing checks"
"$JSON_VALID" "$TMP/check.json" || fail "check json is not valid"
grep -q '^coincident vertices r=9' "$TMP/check.text" || fail "check text: no closed-form row"

expect_status 0 "$CCDBENCH" contact potential bench --max-triangles 600 --format csv
[ "$(head -n 1 "$TMP/out")" = \
  "triangles,bsh_seconds,brute_seconds,ratio,exact_pairs,centred_pairs,rel_difference" ] ||
  fail "bench csv: header"
[ "$(wc -l <"$TMP/out")" -eq 2 ] || fail "bench csv: not one size below 600 triangles"
awk -F, 'NR == 2 && $1 != 576 { exit 1 }' "$TMP/out" || fail "bench csv: not 576 triangles"
expect_status 0 "$CCDBENCH" contact potential bench --max-triangles 600 --format json
"$JSON_VALID" "$TMP/out" || fail "bench json is not valid"

expect_status 2 "$CCDBENCH" contact potential bench --eps 0
expect_status 2 "$CCDBENCH" contact potential bench --format yaml
expect_status 2 "$CCDBENCH" contact potential check --max-triangles 10
expect_status 2 "$CCDBENCH" contact potential frobnicate
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "bad command: not exactly one message"
finish
