#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench report` on a fixed result file (tests/report/synthetic.json): every
# table format is byte-identical to its golden file; figures are written with
# their data and scripts; malformed result files are exit 2 with path:line:column.
. "$CCD_SRCDIR/tests/support/lib.sh"

cd "$CCD_SRCDIR/tests/report" || exit 1
for fmt in text markdown json latex; do
  expect_status 0 "$CCDBENCH" report --by-family --format $fmt synthetic.json
  cmp -s "$TMP/out" "golden.$fmt" || fail "report --format $fmt differs from tests/report/golden.$fmt:
$(diff "golden.$fmt" "$TMP/out" | head -10)"
done
# JSON is one document holding every table
expect_status 0 "$CCDBENCH" report --by-family --format json synthetic.json
python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
assert [t["name"] for t in d["tables"]] == ["table1", "table1-families", "stats"], d' \
  "$TMP/out" || fail "report --format json: not one document with the three tables"
# CSV is one table: --table chooses it (golden.csv: the three, one after the other)
expect_status 2 "$CCDBENCH" report --by-family --format csv synthetic.json
expect_stderr "report: csv holds one table: choose it with --table NAME \(table1, table1-families, stats\)"
: >"$TMP/csv"
for t in table1 table1-families stats; do
  expect_status 0 "$CCDBENCH" report --by-family --format csv --table $t synthetic.json
  [ $t = table1 ] || echo >>"$TMP/csv"
  cat "$TMP/out" >>"$TMP/csv"
done
cmp -s "$TMP/csv" golden.csv || fail "report --table T --format csv differs from golden.csv:
$(diff golden.csv "$TMP/csv" | head -10)"
expect_status 2 "$CCDBENCH" report --table table9 synthetic.json
expect_stderr "report: --table: no table 'table9' in these files \(table1, stats\)"
expect_status 2 "$CCDBENCH" report --table stats --output-dir "$TMP/x" synthetic.json
expect_stderr "report: --table prints one table"
expect_status 0 "$CCDBENCH" report --table stats synthetic.json
head -n 1 "$TMP/out" | grep -q "^Statistics beyond the paper" || fail "--table stats: $(head -n 1 "$TMP/out")"

expect_status 0 "$CCDBENCH" report --no-render --output-dir "$TMP/r" synthetic.json
for f in table1.txt table1.md table1.csv table1.json table1.tex stats.txt fig1.dat fig1.gp \
  fig7-fprf.dat fig7-fprf.gp; do
  [ -s "$TMP/r/$f" ] || fail "report --output-dir: no $f"
done
cmp -s "$TMP/r/table1.csv" golden-table1.csv || fail "table1.csv differs from golden-table1.csv"
if command -v gnuplot >/dev/null 2>&1; then
  expect_status 0 "$CCDBENCH" report --output-dir "$TMP/g" synthetic.json
  for f in fig1.svg fig1.png fig7-fprf.svg fig7-fprf.png; do
    [ -s "$TMP/g/$f" ] || fail "report: gnuplot did not draw $f"
  done
else
  echo "SKIP figures: no gnuplot" >&2
fi

# Malformed result files: exit 2, "path:line:column: what".
bad() { # bad NAME CONTENT REGEX
  printf '%s' "$2" >"$TMP/$1.json"
  expect_status 2 "$CCDBENCH" report "$TMP/$1.json"
  expect_stderr "^$TMP/$1.json:$3"
}
bad trunc '{"format": "ccdbench-result",
 "version": 1,
 "tool": "x"' '3:13: expected .,. or .}.'
bad notjson 'hello' '1:1: expected a value'
bad format '{"format": "other", "version": 1}' '1:12: format "other" is not "ccdbench-result"'
bad version '{"format": "ccdbench-result", "version": 7}' '1:42: version: unsupported version'
bad missing '{"format": "ccdbench-result", "version": 1}' '1:1: missing member "tool"'
bad dup '{"format": "ccdbench-result", "format": 1}' '1:39: duplicate member name'
bad string '{"format": "ccdbench-result
"}' '1:28: control character in a string'
# A histogram that does not add up to the counts (edit a real file).
sed 's/"queries": 4,/"queries": 5,/' synthetic.json >"$TMP/counts.json"
expect_status 2 "$CCDBENCH" report "$TMP/counts.json"
expect_stderr "^$TMP/counts.json:[0-9]+:[0-9]+: fprf: the time histograms do not add up"
expect_status 2 "$CCDBENCH" report "$TMP/nonexistent.json"
expect_stderr "^$TMP/nonexistent.json: cannot open"
expect_status 2 "$CCDBENCH" report
finish
