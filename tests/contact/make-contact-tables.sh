#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/make-contact-tables: every contact table in one command (at --quick sizes).
. "$CCD_SRCDIR/tests/support/lib.sh"

SCRIPT="$CCD_SRCDIR/scripts/make-contact-tables"
# without shared data the witness accuracy check is skipped, the seven others run
# (full tier: about a minute; the commands it calls have tests of their own)
if [ "${CCD_TEST_TIER:-fast}" = full ]; then
  expect_status 0 env CCDBENCH="$CCDBENCH" CCD_SHARED_DATA="$TMP/no-data" "$SCRIPT" --quick "$TMP/tables"
  for t in witness-bench polyhedra-check polyhedra-bench scaling-check scaling-bench \
           potential-check potential-bench potential-bench-spheres; do
    grep -q '^|---' "$TMP/tables/$t.md" 2>/dev/null || fail "$t.md: no markdown table"
  done
  [ -s "$TMP/tables/potential-scaling.dat" ] || fail "no potential-scaling.dat"
  [ -e "$TMP/tables/witness-check.md" ] && fail "witness-check.md written without data"
  grep -q "accuracy check skipped" "$TMP/err" || fail "the skipped check is not said"
  grep -q '| sphere | ellipsoid | 0 | gauge |' "$TMP/tables/scaling-check.md" ||
    fail "scaling-check.md: no gauge reference row"
fi
# a failing command stops the script, says which table, and leaves no partial file
expect_status 2 env CCDBENCH="$TMP/none" "$SCRIPT" --quick "$TMP/t2"
expect_stderr "make-contact-tables: no ccdbench at"
printf '#!/bin/sh\nexit 1\n' >"$TMP/fails" && chmod +x "$TMP/fails"
expect_status 1 env CCDBENCH="$TMP/fails" CCD_SHARED_DATA="$TMP/no-data" "$SCRIPT" --quick "$TMP/t3"
grep -q "make-contact-tables: witness-bench failed" "$TMP/err" || fail "no message naming the table"
[ -z "$(ls "$TMP/t3")" ] || fail "a partial file was left: $(ls "$TMP/t3")"
finish
