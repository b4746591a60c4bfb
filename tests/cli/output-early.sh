#!/bin/sh
# SPDX-License-Identifier: MIT
# Every output is checked before any work: an output that cannot be written is
# reported first (not after the benchmark ran, and not masked by the error of
# the data the work would have read), and a failed command leaves no directory
# it created empty behind.
. "$CCD_SRCDIR/tests/support/lib.sh"

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
expect_stderr "^$TMP/file(/t)?: (cannot create|exists and is not a directory)"
expect_status 2 "$CCDBENCH" report --output-dir "$TMP/nowhere/r" "$TMP/bad.json"
expect_stderr "^$TMP/nowhere/r: cannot create"
expect_status 2 "$CCDBENCH" merge "$TMP/nowhere/m.json" "$TMP/bad.json" "$TMP/bad.json"
expect_stderr "^$TMP/nowhere/m.json: cannot create"

# A file whose directory takes no new file (/proc): said so, not "No such file or
# directory" of a file that exists; before any work
if [ -f /proc/self/status ]; then
  expect_status 2 "$CCDBENCH" run --methods fprf --output /proc/self/status "$DEFAULT_DATA/touching"
  expect_stderr "^/proc/self/status: cannot replace: no new file can be made in its directory"
fi

# An empty path names no file: exit 2 before any work (run, gate and merge wrote
# everything and failed at the end with 1; truth --output '' and contact potential
# bench --figure '' wrote under the file-system root).  From a directory of its own,
# so that nothing can land anywhere but there.
mkdir "$TMP/cwd" && cd "$TMP/cwd" || exit 1
D="$DEFAULT_DATA/touching"
for args in "run --output" "run --json" "gate --method fprf --json" "gate --method fprf --junit"; do
  # shellcheck disable=SC2086 # the words of the command
  expect_status 2 "$CCDBENCH" $args "" "$D"
  expect_stderr "^'': cannot create: an empty path"
done
expect_status 2 "$CCDBENCH" merge "" "$TMP/bad.json" "$TMP/bad.json"
expect_stderr "^'': cannot create: an empty path"
expect_status 2 "$CCDBENCH" truth --output "" "$D"
expect_stderr "^ccdbench: --output: an empty directory name"
expect_status 2 "$CCDBENCH" report --output-dir "" "$TMP/bad.json"
expect_stderr "^ccdbench: --output-dir: an empty directory name"
expect_status 2 "$CCDBENCH" run --json x.json --checkpoint "" "$D"
expect_stderr "^ccdbench: --checkpoint: an empty directory name"
expect_status 2 "$CCDBENCH" contact potential bench --max-triangles 600 --figure ""
expect_stderr "^ccdbench: --figure: an empty directory name"
expect_status 2 "$CCDBENCH" contact pipeline --figure ""
expect_stderr "^ccdbench: --figure: an empty directory name"
[ -z "$(ls -A "$TMP/cwd")" ] || fail "an empty path left files: $(ls -A "$TMP/cwd")"
cd "$TMP" || exit 1

# gen: all or nothing.  A coordinate of the second family overflows at this scale:
# nothing is written, no directory it made is left, no table row is printed, and
# the message names the file (it left g/random/* and an empty g/scaled/).
expect_status 2 "$CCDBENCH" gen --family random,scaled --count 3 --seed 1 --scale 1e305 \
  --output "$TMP/g0"
expect_stderr "^$TMP/g0/scaled/vertex-face/data.csv: scaled: vertex-face query 2: a coordinate exceeds"
[ -e "$TMP/g0" ] && fail "gen left $(find "$TMP/g0")"
expect_status 2 "$CCDBENCH" gen --family random,scaled --count 3 --seed 1 --scale 1e305 \
  --output "$TMP/g2/deeper/out"
[ -e "$TMP/g2" ] && fail "gen left the parents it made: $(find "$TMP/g2")"
[ -s "$TMP/out" ] && fail "gen printed rows of files it did not write: $(cat "$TMP/out")"
mkdir "$TMP/g1" && : >"$TMP/g1/mine"
expect_status 2 "$CCDBENCH" gen --family random,scaled --count 3 --seed 1 --scale 1e305 \
  --output "$TMP/g1"
[ "$(ls -A "$TMP/g1")" = mine ] || fail "gen: an existing directory not as it was: $(ls -A "$TMP/g1")"

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
