#!/bin/sh
# SPDX-License-Identifier: MIT
# The speed column compares with a stable reference, named under the table:
# tight-inclusion when it ran (not whatever conservative method is listed first),
# --reference M on run and on report --format html, one message for an unknown one.
. "$CCD_SRCDIR/tests/support/lib.sh"

always="$PLUGIN_DIR/always_collides.so"
data="$DEFAULT_DATA/crossing"

# A plugin listed first (it claims conservative): the reference stays tight-inclusion.
expect_status 0 "$CCDBENCH" run --plugin "$always" --methods test-always-collides,bsc,tight-inclusion "$data"
grep -q '^speed: mean time of tight-inclusion / mean time of the method (2.00×: twice as fast)\.$' \
  "$TMP/out" || fail "default reference: $(grep speed "$TMP/out")"
grep -Eq '^tight-inclusion +.* 1\.00×$' "$TMP/out" || fail "tight-inclusion's own speed: $(cat "$TMP/out")"

# Without tight-inclusion: the first conservative method, and the note says why.
expect_status 0 "$CCDBENCH" run --plugin "$always" --methods test-always-collides,bsc "$data"
grep -q '^speed: mean time of test-always-collides / mean time of the method' "$TMP/out" &&
  grep -q '^The reference, test-always-collides: tight-inclusion did not run: the first conservative method\.$' \
    "$TMP/out" || fail "fallback reference: $(grep -A1 '^speed' "$TMP/out")"

# --reference names it.
expect_status 0 "$CCDBENCH" run --plugin "$always" --methods test-always-collides,bsc,tight-inclusion \
  --reference bsc "$data"
grep -q '^speed: mean time of bsc / mean time of the method (2.00×: twice as fast)\.$' "$TMP/out" ||
  fail "--reference bsc: $(grep speed "$TMP/out")"
grep -Eq '^bsc +.* 1\.00×$' "$TMP/out" || fail "bsc's own speed: $(cat "$TMP/out")"
expect_status 0 "$CCDBENCH" run --methods bsc,exact --reference exact --format markdown "$data"
grep -q '^speed: mean time of exact / mean time' "$TMP/out" || fail "markdown note: $(cat "$TMP/out")"

# An unknown reference: exit 2, one message, before any work.
expect_status 2 "$CCDBENCH" run --methods bsc,exact --reference fprf "$data"
expect_stderr "^ccdbench: --reference: 'fprf' is not one of the methods run$"
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "more than one line: $(cat "$TMP/err")"
[ ! -s "$TMP/out" ] || fail "output before the error: $(cat "$TMP/out")"

# The HTML report.
expect_status 0 "$CCDBENCH" run --plugin "$always" --methods test-always-collides,bsc,tight-inclusion \
  --json "$TMP/r.json" "$data"
expect_status 0 "$CCDBENCH" report --format html --no-render "$TMP/r.json"
grep -q 'speed: mean time of tight-inclusion / mean time of the method' "$TMP/out" ||
  fail "html default reference: $(grep -o 'speed:[^<]*' "$TMP/out")"
expect_status 0 "$CCDBENCH" report --format html --no-render --reference bsc "$TMP/r.json"
grep -q 'speed: mean time of bsc / mean time of the method' "$TMP/out" ||
  fail "html --reference bsc: $(grep -o 'speed:[^<]*' "$TMP/out")"
expect_status 2 "$CCDBENCH" report --format html --no-render --reference fprf "$TMP/r.json"
expect_stderr "^ccdbench: --reference: 'fprf' is not one of the methods of these files$"
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "report: more than one line: $(cat "$TMP/err")"
expect_status 2 "$CCDBENCH" report --reference bsc "$TMP/r.json"
expect_stderr "^ccdbench: report: --reference sets the speed column of the HTML report's summary"
finish
