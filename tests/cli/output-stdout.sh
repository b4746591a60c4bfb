#!/bin/sh
# SPDX-License-Identifier: MIT
# A full, closed or size-limited stdout is an error of every command: the
# message "stdout: <why>" and exit status 1 (never 0 with the output lost).
. "$CCD_SRCDIR/tests/support/lib.sh"

TOUCHING="$DEFAULT_DATA/touching"
VF="$DEFAULT_DATA/coplanar/vertex-face/queries.csv"
"$CCDBENCH" run --methods fprf --json "$TMP/r.json" "$TOUCHING" >/dev/null 2>&1 ||
  fail "cannot make a result file"

# full CMD...: CMD with stdout on /dev/full exits 1 and says why.
full() {
  "$@" >/dev/full 2>"$TMP/err"
  got=$?
  [ "$got" -eq 1 ] || fail "exit status $got, expected 1, with stdout on /dev/full: $*"
  grep -qx 'stdout: No space left on device' "$TMP/err" ||
    fail "no 'stdout: No space left on device' from: $* (stderr: $(cat "$TMP/err"))"
}

full "$CCDBENCH" --help
full "$CCDBENCH" --version
full "$CCDBENCH" run --methods fprf "$TOUCHING"
full "$CCDBENCH" run --methods fprf --format csv "$TOUCHING"
full "$CCDBENCH" run --help
full "$CCDBENCH" info "$TOUCHING"
full "$CCDBENCH" methods
full "$CCDBENCH" show "$VF"
full "$CCDBENCH" report "$TMP/r.json"
full "$CCDBENCH" gate --method fprf "$TOUCHING"
full "$CCDBENCH" bench io --queries 200
full "$CCDBENCH" truth --help
full "$CCDBENCH" merge --help
full "$CCDBENCH" contact rotating-edge --steps 20 --format csv
full "$CCDBENCH" gen --list

# A closed stdout: the same, with its own reason; nothing is written elsewhere.
"$CCDBENCH" methods >&- 2>"$TMP/err"
got=$?
[ "$got" -eq 1 ] || fail "methods with stdout closed: exit status $got, expected 1"
grep -qx 'stdout: Bad file descriptor' "$TMP/err" ||
  fail "methods with stdout closed: $(cat "$TMP/err")"

# A file-size limit (ulimit -f, in blocks of 512 or 1024 bytes): the write fails
# with EFBIG (the program does not die of SIGXFSZ) and is reported.
(ulimit -f 1 && exec "$CCDBENCH" run --methods fprf,exact --format csv "$DEFAULT_DATA") \
  >"$TMP/big" 2>"$TMP/err"
got=$?
[ "$got" -eq 1 ] || fail "run past a file-size limit: exit status $got, expected 1"
grep -qx 'stdout: File too large' "$TMP/err" ||
  fail "run past a file-size limit: $(cat "$TMP/err")"
finish
