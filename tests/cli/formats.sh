#!/bin/sh
# SPDX-License-Identifier: MIT
# Every --format parses: CSV rows have the header's column count, JSON is valid,
# Markdown is a table; with --truth exact the toi columns appear.
. "$CCD_SRCDIR/tests/support/lib.sh"

for truth in labels exact; do
  expect_status 0 "$CCDBENCH" run --truth $truth --methods fprf,exact --format csv "$DEFAULT_DATA"
  awk -F, 'NR == 1 { n = NF } NF != n { exit 1 } END { exit NR != 21 }' "$TMP/out" ||
    fail "csv ($truth): ragged or wrong number of rows"
  cols=$(head -n 1 "$TMP/out" | awk -F, '{ print NF }')
  if [ $truth = exact ]; then want=18; else want=14; fi
  [ "$cols" -eq $want ] || fail "csv ($truth): $cols columns, expected $want"

  expect_status 0 "$CCDBENCH" run --truth $truth --methods fprf --format json "$DEFAULT_DATA"
  "$CCD_BUILDDIR/tests/support/json_valid" "$TMP/out" || fail "json ($truth) is not valid"

  expect_status 0 "$CCDBENCH" run --detail --truth $truth --methods fprf --format markdown "$DEFAULT_DATA"
  grep -qv '^|' "$TMP/out" && fail "markdown ($truth): a line outside the table"
  [ "$(wc -l <"$TMP/out")" -eq 12 ] || fail "markdown ($truth): expected 12 lines"
done
grep -q '| toi > exact |' "$TMP/out" || fail "markdown (exact): no toi column"
# LaTeX is a format of run too, and the help and the error for a bad format say so
expect_status 0 "$CCDBENCH" run --detail --methods fprf --format latex "$DEFAULT_DATA"
head -n 1 "$TMP/out" | grep -q '^\\begin{tabular}' || fail "run --format latex: no tabular"
expect_status 2 "$CCDBENCH" run --format xml
expect_stderr "--format: 'xml' is not text, markdown, csv, json or latex"
expect_status 0 "$CCDBENCH" run --help
grep -q 'markdown, csv, json or latex' "$TMP/out" || fail "run --help: latex not listed"
# Without --detail markdown is the summary: two tables under their headings
expect_status 0 "$CCDBENCH" run --methods fprf,exact --format markdown "$DEFAULT_DATA"
[ "$(grep -c '^### ' "$TMP/out")" -eq 2 ] || fail "markdown summary: not two headed tables"
grep -q '^| method | queries | positives | FP | FP % | FN |' "$TMP/out" || fail "markdown summary: no method table"
# FP as a count and as a rate of the queries: bsc has 8 of the 276
expect_status 0 "$CCDBENCH" run --methods bsc --format markdown "$DEFAULT_DATA"
grep -Eq '^\| bsc +\| +276 \| +138 \| +8 \| +2\.90 \| +0 \|' "$TMP/out" ||
  fail "FP rate: $(grep '^| bsc' "$TMP/out")"
finish
