#!/bin/sh
# SPDX-License-Identifier: MIT
# `run --json FILE` whose FILE cannot be created or written: one message, exit
# status 2 or 1, and no crash (the runs' statistics were freed past the end of
# their array) nor leak (the last run's statistics when the final write failed;
# seen by the sanitizer build).
. "$CCD_SRCDIR/tests/support/lib.sh"

data="$DEFAULT_DATA/crossing"
expect_status 2 "$CCDBENCH" run --methods fprf --json "$TMP/nowhere/x.json" "$data"
expect_stderr "^$TMP/nowhere/x.json: cannot create"
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "more than one line on stderr: $(cat "$TMP/err")"
expect_status 2 "$CCDBENCH" run --methods fprf,exact --sweep delta=1e-6,1e-4 \
  --json "$TMP/nowhere/x.json" "$data"
expect_stderr "^$TMP/nowhere/x.json: cannot create"

# The result file outgrows a file-size limit (4 KiB): the final write fails.
# SIGXFSZ ignored (inherited by the program), so the write returns EFBIG.
mkdir "$TMP/o"
(trap '' XFSZ; ulimit -f 4; exec "$CCDBENCH" run --methods fprf --per-query \
  --json "$TMP/o/x.json" "$data") >"$TMP/out" 2>"$TMP/err"
got=$?
# (1 or 2: how a failed write is classed is the output files' business.)
[ "$got" -eq 1 ] || [ "$got" -eq 2 ] ||
  fail "file-size limit: exit status $got, expected 1 or 2: $(cat "$TMP/err")"
expect_stderr "^$TMP/o/x.json: cannot write"
# One line: a leak report of the sanitizer build would add more.
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "file-size limit: not one line: $(cat "$TMP/err")"
[ -z "$(ls -A "$TMP/o")" ] || fail "files left behind: $(ls -A "$TMP/o")"
finish
