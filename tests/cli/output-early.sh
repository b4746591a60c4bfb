#!/bin/sh
# SPDX-License-Identifier: MIT
# Every output is checked before any work: an output that cannot be written is
# reported first (not after the benchmark ran, and not masked by the error of
# the data the work would have read), and a failed command leaves no directory
# it created empty behind.
. "$CCD_SRCDIR/tests/cli/lib.sh"

Q="$DEFAULT_DATA/touching/vertex-face/queries.csv"
# bad/: one file whose first query is truncated (read as the first thing of any work)
mkdir -p "$TMP/bad/s/vertex-face"
head -n 3 "$Q" >"$TMP/bad/s/vertex-face/b.csv"
: >"$TMP/file"
echo '{' >"$TMP/bad.json"

expect_status 2 "$CCDBENCH" run --output "$TMP/nowhere/x.txt" "$TMP/bad"
expect_stderr "^$TMP/nowhere/x.txt: cannot create"
expect_status 2 "$CCDBENCH" gate --method fprf --junit "$TMP/nowhere/j.xml" "$TMP/bad"
expect_stderr "^$TMP/nowhere/j.xml: cannot create"
expect_status 2 "$CCDBENCH" gate --method fprf --json "$TMP/nowhere/g.json" "$TMP/bad"
expect_stderr "^$TMP/nowhere/g.json: cannot create"
expect_status 2 "$CCDBENCH" truth --output "$TMP/file/t" "$TMP/bad"
expect_stderr "^$TMP/file(/t)?: cannot create"
expect_status 2 "$CCDBENCH" report --output-dir "$TMP/nowhere/r" "$TMP/bad.json"
expect_stderr "^$TMP/nowhere/r: cannot create"
expect_status 2 "$CCDBENCH" merge "$TMP/nowhere/m.json" "$TMP/bad.json" "$TMP/bad.json"
expect_stderr "^$TMP/nowhere/m.json: cannot create"

# gen: the second family's file cannot be written (a directory is in its way),
# so the first family's file is not written either.
mkdir -p "$TMP/g/near-miss/vertex-face/data.csv"
expect_status 2 "$CCDBENCH" gen --family random,near-miss --count 2 --seed 1 --output "$TMP/g"
expect_stderr "near-miss/vertex-face/data.csv: cannot create"
[ -e "$TMP/g/random/vertex-face/data.csv" ] && fail "gen wrote files before failing"

# truth --output: bad input leaves no empty directory behind.
mkdir -p "$TMP/two/s/vertex-face" "$TMP/two/t/vertex-face"
cp "$Q" "$TMP/two/s/vertex-face/a.csv"
head -n 12 "$Q" >"$TMP/two/t/vertex-face/b.csv" # truncated in its second query
expect_status 2 "$CCDBENCH" truth --output "$TMP/o" "$TMP/two"
expect_stderr "b.csv:[0-9]+:[0-9]+: "
[ -z "$(find "$TMP/o" -type d -empty 2>/dev/null)" ] ||
  fail "truth left empty directories: $(find "$TMP/o" -type d -empty)"
expect_status 2 "$CCDBENCH" truth --output "$TMP/fresh" "$TMP/bad"
[ -e "$TMP/fresh" ] && fail "truth left the empty directory it created: $(find "$TMP/fresh")"
finish
