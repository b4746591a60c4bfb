#!/bin/sh
# SPDX-License-Identifier: MIT
# Edges of DATA: empty directories (no qsort of NULL: run under the sanitizer
# build too); the same data named twice counts once, with a note; two inputs with
# one truth file are an error before any work; queries without a label are said,
# and `truth --verify` with nothing to compare fails; FIFOs and devices inside a
# directory are skipped with a note, and are an error when named; a broken link
# not named .csv is passed over (one named .csv is an error); a labels file that
# is a directory or a FIFO is an error, not a missing labels file; of two files
# whose labels files hold a label too many, the first is named (read in pieces,
# the second file's error must not take the first one's place).
. "$CCD_SRCDIR/tests/support/lib.sh"

CROSSING="$DEFAULT_DATA/crossing/vertex-face/queries.csv" # 93 labelled VF queries
Q=93

# has_line REGEX: some line of the last command's stderr matches.
has_line() {
  grep -Eq -- "$1" "$TMP/err" || fail "no stderr line matches /$1/: $(cat "$TMP/err")"
}
# lines REGEX N: exactly N lines of the last command's stderr match.
lines() {
  n=$(grep -Ec -- "$1" "$TMP/err")
  [ "$n" -eq "$2" ] || fail "$n stderr lines match /$1/, expected $2: $(cat "$TMP/err")"
}
# queries_info: the query count `info` printed.
queries_info() { awk '$1 == "queries" { print $2 }' "$TMP/out"; }

cd "$TMP" || exit 1

# ---- empty directories: an empty mma_bool/ and an empty sub-folder
mkdir -p d/empty d/mma_bool sc/scene/queries sc/scene/mma_bool
cp "$CROSSING" d/xvf.csv
cp "$CROSSING" sc/scene/queries/1vf.csv
expect_status 0 "$CCDBENCH" info d
[ "$(queries_info)" = $Q ] || fail "info d: $(queries_info) queries, expected $Q"
expect_status 0 "$CCDBENCH" info sc
expect_status 0 "$CCDBENCH" truth d sc

# ---- the same data named twice counts once, with a note naming both
expect_status 0 "$CCDBENCH" info d ./d
[ "$(queries_info)" = $Q ] || fail "info d ./d: $(queries_info) queries, expected $Q"
has_line '^ccdbench: \./d: same directory as d, counted once$'
expect_status 0 "$CCDBENCH" info d/xvf.csv ./d/xvf.csv
[ "$(queries_info)" = $Q ] || fail "info d/xvf.csv ./d/xvf.csv: $(queries_info) queries"
has_line '^ccdbench: \./d/xvf\.csv: same file as d/xvf\.csv, counted once$'
expect_status 0 "$CCDBENCH" info d d/xvf.csv
[ "$(queries_info)" = $Q ] || fail "info d d/xvf.csv: $(queries_info) queries"
has_line '^ccdbench: d/xvf\.csv: named twice, counted once$'
ln -s d link
ln d/xvf.csv hard-xvf.csv
expect_status 0 "$CCDBENCH" info d link hard-xvf.csv
[ "$(queries_info)" = $Q ] || fail "info through links: $(queries_info) queries"
has_line '^ccdbench: link: same directory as d, counted once$'
has_line '^ccdbench: hard-xvf\.csv: same file as d/xvf\.csv, counted once$'
rm link hard-xvf.csv
# run and truth count each query once too
expect_status 0 "$CCDBENCH" run --methods fprf --format csv d ./d
awk -F, 'NR == 2 { print $5 }' "$TMP/out" >"$TMP/n"
[ "$(cat "$TMP/n")" = $Q ] || fail "run d ./d: $(cat "$TMP/n") queries, expected $Q"
has_line 'same directory as d, counted once'
expect_status 0 "$CCDBENCH" truth d/xvf.csv ./d/xvf.csv
has_line "^truth: $Q queries,"
has_line 'same file as d/xvf\.csv, counted once'

# ---- two inputs with one truth file: exit 2 naming both, before any work
mkdir a b
cp "$CROSSING" a/xvf.csv
cp "$CROSSING" b/xvf.csv
expect_status 2 "$CCDBENCH" truth --output OUT a/xvf.csv b/xvf.csv
expect_stderr '^OUT/xvf\.truth\.csv: the truth file of both a/xvf\.csv and b/xvf\.csv'
lines . 1
[ -e OUT ] && fail "truth --output: OUT created although nothing can be written"
gzip -c "$CROSSING" >a/xvf.csv.gz
expect_status 2 "$CCDBENCH" truth --output OUT a
expect_stderr '^OUT/xvf\.truth\.csv: the truth file of both a/xvf\.csv and a/xvf\.csv\.gz'
[ -e OUT ] && fail "truth --output a: OUT created although nothing can be written"
# run --truth-dir reads them by the same names: just as ambiguous
expect_status 0 "$CCDBENCH" truth --output T1 b
expect_status 2 "$CCDBENCH" run --methods fprf --truth-dir T1 a/xvf.csv b/xvf.csv
expect_stderr '^T1/xvf\.truth\.csv: the truth file of both a/xvf\.csv and b/xvf\.csv'
rm a/xvf.csv.gz

# ---- queries without a label: said once per set; --verify fails on nothing
mkdir -p u/scene/queries
cut -d, -f1-6 "$CROSSING" >u/scene/queries/1vf.csv # 6 columns, no mma_bool/
expect_status 1 "$CCDBENCH" truth --verify u
has_line "^ccdbench: set u: $Q queries have no label; not verified$"
has_line '^truth: --verify: no query has a label, nothing was compared$'
expect_status 1 "$CCDBENCH" truth --verify u/scene/queries/1vf.csv
has_line "^ccdbench: set u: $Q queries have no label; not verified$"
has_line 'no query has a label'
# labelled and unlabelled sets: the labelled ones are verified, the rest said
expect_status 0 "$CCDBENCH" truth --verify d u
has_line "; $Q labelled, 0 disagree$"
has_line "^ccdbench: set u: $Q queries have no label; not verified$"
lines 'no label' 1
# run: once per run, even over a sweep
expect_status 0 "$CCDBENCH" run --methods fprf u d
has_line "^ccdbench: set u: $Q queries have no label; the exact oracle decides them$"
lines 'no label' 1
cp u/scene/queries/1vf.csv u/scene/queries/2vf.csv
expect_status 0 "$CCDBENCH" run --methods fprf --sweep delta=1e-3,1e-6 u
has_line "^ccdbench: set u: $((2 * Q)) queries have no label; the exact oracle decides them$"
lines 'no label' 1
expect_status 0 "$CCDBENCH" gate --method fprf u
has_line "^ccdbench: set u: $((2 * Q)) queries have no label; the exact oracle decides them$"
# not when the labels are not the truth
expect_status 0 "$CCDBENCH" run --methods fprf --truth exact u
lines 'no label' 0
expect_status 0 "$CCDBENCH" truth u
lines 'no label' 0

# ---- FIFOs and devices: skipped with a note inside a directory, an error by name
mkfifo d/yvf.csv
ln -s /dev/null d/zvf.csv
expect_status 0 "$CCDBENCH" info d
[ "$(queries_info)" = $Q ] || fail "info d with a FIFO: $(queries_info) queries"
has_line '^ccdbench: d/yvf\.csv: skipped \(not a regular file: a FIFO\)$'
has_line '^ccdbench: d/zvf\.csv: skipped \(not a regular file: a character device\)$'
expect_status 0 "$CCDBENCH" truth d
has_line 'd/yvf\.csv: skipped'
expect_status 2 "$CCDBENCH" info d/yvf.csv
expect_stderr '^d/yvf\.csv: not a regular file or directory \(a FIFO\)$'
expect_status 2 "$CCDBENCH" run --methods fprf d/zvf.csv
expect_stderr '^d/zvf\.csv: not a regular file or directory \(a character device\)$'

# ---- broken links: passed over unless named .csv
mkdir -p b
cp "$CROSSING" b/xvf.csv
ln -s "$TMP/nowhere" b/notes.txt
expect_status 0 "$CCDBENCH" info b
[ "$(queries_info)" = $Q ] || fail "info b with a broken notes.txt: $(queries_info) queries"
ln -s "$TMP/nowhere" b/lostvf.csv
expect_status 2 "$CCDBENCH" info b
expect_stderr '^b/lostvf\.csv: cannot open: No such file or directory$'

# ---- a Scalable-CCD labels file that is a directory or a FIFO
for kind in directory FIFO; do
  rm -rf lb && mkdir -p lb/scene/queries lb/scene/mma_bool
  cp "$CROSSING" lb/scene/queries/1vf.csv
  if [ $kind = directory ]; then mkdir lb/scene/mma_bool/1vf_mma_bool.json
  else mkfifo lb/scene/mma_bool/1vf_mma_bool.json; fi
  expect_status 2 "$CCDBENCH" info lb
  expect_stderr "^lb/scene/mma_bool/1vf_mma_bool\.json: the labels of lb/scene/queries/1vf\.csv are a $kind, not a regular file\$"
done

# ---- two labels files with a label too many, in one batch: the first named
rm -rf ll && mkdir -p ll/scene/queries ll/scene/mma_bool
for step in 1 2; do
  cut -d, -f1-6 "$CROSSING" >ll/scene/queries/${step}vf.csv
  awk -v q=$Q 'BEGIN { printf "["; for (i = 0; i <= q; i++) printf "%strue", i ? ", " : ""; print "]" }' \
    >ll/scene/mma_bool/${step}vf_mma_bool.json
done
for threads in 1 2; do
  expect_status 2 "$CCDBENCH" run --methods fprf --threads $threads ll
  expect_stderr "^ll/scene/mma_bool/1vf_mma_bool\.json:1:[0-9]+: more labels than queries: the CSV holds $Q queries"
done

finish
