#!/bin/sh
# SPDX-License-Identifier: MIT
# --output files appear whole or not at all: no file and no temporary is left
# behind when the run fails.
. "$CCD_SRCDIR/tests/support/lib.sh"

mkdir -p "$TMP/data/s/vertex-face" "$TMP/o"
cp "$DEFAULT_DATA/touching/vertex-face/queries.csv" "$TMP/data/s/vertex-face/a.csv"
# b.csv (read after a.csv) is truncated in its second query.
head -n 12 "$DEFAULT_DATA/touching/vertex-face/queries.csv" >"$TMP/data/s/vertex-face/b.csv"

expect_status 2 "$CCDBENCH" run --output "$TMP/o/report.csv" --format csv "$TMP/data"
expect_stderr "b.csv:[0-9]+:[0-9]+: "
[ -z "$(ls -A "$TMP/o")" ] || fail "run left files behind: $(ls -A "$TMP/o")"

expect_status 2 "$CCDBENCH" truth --output "$TMP/o" "$TMP/data"
[ -e "$TMP/o/s/vertex-face/b.truth.csv" ] && fail "truth wrote the failing file"
ls -A "$TMP/o/s/vertex-face" 2>/dev/null | grep -q 'tmp' && fail "truth left a temporary"

rm -f "$TMP/data/s/vertex-face/b.csv"
expect_status 0 "$CCDBENCH" run --output "$TMP/o/report.csv" --format csv "$TMP/data"
[ -s "$TMP/o/report.csv" ] || fail "no report written"
[ -s "$TMP/out" ] && fail "report also went to stdout"
ls -A "$TMP/o" | grep -q 'tmp' && fail "a temporary is left: $(ls -A "$TMP/o")"
# Writing into a directory that does not exist is an input error.
expect_status 2 "$CCDBENCH" run --output "$TMP/nowhere/report.csv" "$TMP/data"
expect_stderr "^$TMP/nowhere/report.csv: "
finish
