#!/bin/sh
# SPDX-License-Identifier: MIT
# Running out of memory is a resource failure, exit status 1 and "out of memory"
# on stderr, never the exit status 2 of bad input.  Memory is limited with
# ulimit -v, stepping the limit up from where the program cannot even load its
# libraries to where it has enough: at every step where it runs out, it must say
# so and exit 1.  Skipped where no step reaches our own out-of-memory paths (a
# sanitizer build cannot start under ulimit -v at all).
. "$CCD_SRCDIR/tests/support/lib.sh"

TOUCHING="$DEFAULT_DATA/touching"
VF="$DEFAULT_DATA/coplanar/vertex-face/queries.csv"
hits=0
for cmd in "info $TOUCHING" "show $VF" "methods" "run --threads 1 --methods fprf $TOUCHING"; do
  kb=3000
  while [ $kb -le 20000 ]; do
    # shellcheck disable=SC2086 # cmd is split on purpose
    (ulimit -v $kb && exec "$CCDBENCH" $cmd) >/dev/null 2>"$TMP/err"
    got=$?
    if grep -q 'out of memory' "$TMP/err"; then
      hits=$((hits + 1))
      [ "$got" -eq 1 ] || fail "ulimit -v $kb, $cmd: out of memory exits $got, expected 1: $(cat "$TMP/err")"
    fi
    [ "$got" -eq 0 ] && break # enough memory from here on
    kb=$((kb + 125))
  done
done
if [ "$hits" -eq 0 ]; then
  echo "SKIP: no memory limit reached an out-of-memory path here" >&2
  exit 77
fi
finish
