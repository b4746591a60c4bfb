#!/bin/sh
# SPDX-License-Identifier: MIT
# The hand-justified labels of the shipped dataset (scripts/make-default-dataset)
# agree with the exact oracle.
. "$CCD_SRCDIR/tests/support/lib.sh"

expect_status 0 "$CCDBENCH" truth --verify "$DEFAULT_DATA"
grep -q '276 queries, 138 collide; 276 labelled, 0 disagree' "$TMP/err" ||
  fail "truth --verify summary: $(cat "$TMP/err")"
[ -s "$TMP/out" ] && fail "disagreements listed: $(cat "$TMP/out")"
finish
