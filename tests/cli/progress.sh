#!/bin/sh
# SPDX-License-Identifier: MIT
# The progress of `ccdbench run` on a terminal stderr, also when stdout is piped:
# the bar with the share done, the time left and the family at hand, and (CCD_ESTIMATE_ABOVE=0: for
# any run; by default for runs expected to take more than 10 s) one line that
# names the methods, counts the queries and files and estimates the time.  Not on
# a stderr that is not a terminal.  The terminal is script(1)'s.
. "$CCD_SRCDIR/tests/support/lib.sh"

command -v script >/dev/null 2>&1 || { echo "SKIP: no script(1) for a terminal" >&2; exit 77; }
SPIN="$PLUGIN_DIR/spin.so"
# test-spin: about 4 ns a step here, 276 queries: a run of a few seconds
cmd="stty cols 70; CCD_ESTIMATE_ABOVE=0 '$CCDBENCH' run --plugin '$SPIN' --methods test-spin,exact,fprf,bsc \
  --param test-spin.work=3000000 --threads 1 '$DEFAULT_DATA' | cat >'$TMP/stdout'"
script -qec "$cmd" "$TMP/typescript" >/dev/null 2>&1 </dev/null || fail "run under script: exit $?"
tr '\r' '\n' <"$TMP/typescript" >"$TMP/tty"
grep -q '^Per method, all queries' "$TMP/stdout" || fail "stdout: not the table"
grep -q 'ccdbench: run: 4 methods (test-spin, exact, fprf +1) on 276 queries in 10 files: about [0-9].* in all' \
  "$TMP/tty" || fail "no estimate line: $(grep -a ccdbench "$TMP/tty" | head -3)"
grep -Eq '^run \[#* *\] +[0-9]+%  [0-9]+ s, [0-9]+ s left' "$TMP/tty" ||
  fail "no bar with the time left: $(grep -a '^run' "$TMP/tty" | head -3)"
# the bar names the family and kind at hand (the default data's), within the
# terminal's 70 columns less one (the erase-to-end sequence aside)
sed 's/\x1b\[K//g' "$TMP/tty" >"$TMP/bars"
grep -Eq '^run \[#* *\] +[0-9]+%  [0-9]+ s.*  default/[a-z-]+ (VF|EE)$' "$TMP/bars" ||
  fail "the bar does not name the family at hand: $(grep -a '^run' "$TMP/bars" | head -3)"
awk '/^run \[/ && length > 69 { exit 1 }' "$TMP/bars" ||
  fail "a bar wider than the terminal: $(awk '/^run \[/ && length > 69' "$TMP/bars" | head -2)"
grep -q 'Per method' "$TMP/tty" && fail "the table went to the terminal, not to the pipe"
# stderr not a terminal: neither the bar nor the estimate
expect_status 0 env CCD_ESTIMATE_ABOVE=0 "$CCDBENCH" run --plugin "$SPIN" --methods test-spin \
  --param test-spin.work=3000000 --threads 1 "$DEFAULT_DATA"
[ -s "$TMP/err" ] && fail "stderr not a terminal: $(head -c 300 "$TMP/err")"
finish
