#!/bin/sh
# SPDX-License-Identifier: MIT
# Bad input exits with status 2 and one line `path:line:column: what`; bad usage
# with status 2 and `ccdbench: what`.
. "$CCD_SRCDIR/tests/support/lib.sh"

# A malformed CSV: the second row has a non-number.
mkdir -p "$TMP/bad/s/vertex-face"
bad="$TMP/bad/s/vertex-face/q.csv"
printf '0,1,0,1,0,1,0\n1,1,x,1,0,1,0\n' >"$bad"
for cmd in run info truth; do
  expect_status 2 "$CCDBENCH" $cmd "$bad"
  expect_stderr "^$bad:2:[0-9]+: "
  [ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "$cmd: more than one line on stderr"
done

# A file that does not exist.
expect_status 2 "$CCDBENCH" run "$TMP/missing.csv"
expect_stderr "^$TMP/missing.csv: cannot open: "

# A corrupt gzip file (gzip magic, then garbage).
mkdir -p "$TMP/gz/s/edge-edge"
printf '\037\213\010\000garbage that does not inflate' >"$TMP/gz/s/edge-edge/q.csv.gz"
expect_status 2 "$CCDBENCH" run "$TMP/gz/s/edge-edge/q.csv.gz"
expect_stderr "^$TMP/gz/s/edge-edge/q.csv.gz:[0-9]+:[0-9]+: "

# Bad options.
for args in "--threads 0" "--threads x" "--format xml" "--methods nope" "--methods fprf,,exact" \
            "--bogus" "--truth maybe" "--t-max 2" "--delta -1" "--ms -1" "--eta nan" \
            "--filter fast" "--max-checks 1e9x" "--methods" "--norm 3"; do
  expect_status 2 "$CCDBENCH" run $args "$DEFAULT_DATA"
  expect_stderr '^ccdbench: '
done
expect_status 2 "$CCDBENCH" frobnicate
expect_stderr '^ccdbench: unknown command'
expect_status 2 "$CCDBENCH"
expect_status 2 "$CCDBENCH" methods extra
expect_stderr '^ccdbench: '
expect_status 2 "$CCDBENCH" truth --threads -3
expect_stderr '^ccdbench: '

# A plugin that cannot be loaded.
expect_status 2 "$CCDBENCH" run --plugin "$TMP/none.so" "$DEFAULT_DATA"
expect_stderr "^$TMP/none.so: cannot load plugin"
# `bench --help` is help, not an error; a bare `bench` is a usage error.
# A subnormal number is a number (it was "not a finite number"); an overflow is not.
expect_status 0 "$CCDBENCH" run --methods fprf --t-max 1e-320 "$DEFAULT_DATA/crossing"
expect_status 2 "$CCDBENCH" run --methods fprf --t-max 1e400 "$DEFAULT_DATA/crossing"
expect_stderr "^ccdbench: --t-max: '1e400' is not a finite number"
# Messages that name what is wrong: an option's error carries the program's prefix,
# gate names the option of the unknown method and its place in it, an empty plugin
# path says so, a directory given as a result file says why it cannot be read.
expect_status 2 "$CCDBENCH" run --sweep bogus=1,2 "$DEFAULT_DATA/crossing"
expect_stderr "^ccdbench: --sweep: at character 1: "
expect_status 2 "$CCDBENCH" gate --method fprf --reference nosuch "$DEFAULT_DATA/crossing"
expect_stderr "^ccdbench: --reference: at character 1: unknown method 'nosuch'"
expect_status 2 "$CCDBENCH" run --plugin "" "$DEFAULT_DATA/crossing"
expect_stderr "^'': cannot load plugin: an empty path"
expect_status 2 "$CCDBENCH" merge "$TMP/m.json" "$TMP"
expect_stderr "^$TMP: cannot read: Is a directory"
expect_status 2 "$CCDBENCH" gate --method fprf --baseline "$TMP" "$DEFAULT_DATA/crossing"
expect_stderr "^$TMP: cannot read: Is a directory"
expect_status 0 "$CCDBENCH" bench --help
grep -q '^Usage: ccdbench bench io' "$TMP/out" || fail "bench --help: no usage"
expect_status 2 "$CCDBENCH" bench
expect_stderr "^ccdbench: bench: expected 'bench io'"
finish
