#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench gen`: bad options exit with status 2; the output is the same whatever
# the thread count, its labels agree with `ccdbench truth --verify`, and the
# shipped datasets/generated and ground_truth/generated are what
# scripts/make-datasets writes.
. "$CCD_SRCDIR/tests/support/lib.sh"

if ! "$CCDBENCH" gen --help >/dev/null 2>&1; then
  echo "SKIP: this ccdbench has no 'gen' command" >&2
  exit 77
fi

# ---------------------------------------------------------------- usage errors
G="$CCDBENCH gen --family all --count 2 --seed 1 --output $TMP/x"
expect_status 2 "$CCDBENCH" gen --count 2 --seed 1 --output "$TMP/x"
expect_stderr 'family is required'
expect_status 2 "$CCDBENCH" gen --family all --seed 1 --output "$TMP/x"
expect_stderr 'count is required'
expect_status 2 "$CCDBENCH" gen --family all --count 2 --output "$TMP/x"
expect_stderr 'seed is required'
expect_status 2 "$CCDBENCH" gen --family all --count 2 --seed 1
expect_stderr 'output is required'
expect_status 2 $G --kind sideways
expect_stderr "kind: 'sideways'"
expect_status 2 "$CCDBENCH" gen --family random,nope --count 2 --seed 1 --output "$TMP/x"
expect_stderr "unknown family 'nope'"
expect_status 2 "$CCDBENCH" gen --family all --count 0 --seed 1 --output "$TMP/x"
expect_stderr 'count'
expect_status 2 "$CCDBENCH" gen --family all --count 2 --seed -1 --output "$TMP/x"
expect_stderr 'seed'
expect_status 2 $G --scale 0
expect_stderr 'scale'
expect_status 2 $G --scale 1e-6x
expect_stderr 'scale'
expect_status 2 $G --translate 1,2
expect_stderr 'translate'
expect_status 2 $G --rationals float
expect_stderr 'rationals'
expect_status 2 $G --no-such-option
expect_stderr 'no-such-option'
expect_status 2 $G --scale 1e400
expect_stderr 'range of doubles'
if [ -d "$TMP/x" ] && find "$TMP/x" -name '*.tmp.*' | grep -q .; then
  fail "a failed gen left temporary files behind"
fi
: >"$TMP/file"
expect_status 2 "$CCDBENCH" gen --family all --count 2 --seed 1 --output "$TMP/file"
expect_stderr 'not a directory'
expect_status 0 "$CCDBENCH" gen --list
grep -q '^near-miss ' "$TMP/out" || fail "--list does not name near-miss"

# ---------------------------------------------------------------- determinism
expect_status 0 "$CCDBENCH" gen --family all --count 25 --seed 5 --threads 1 --output "$TMP/a"
expect_status 0 "$CCDBENCH" gen --family all --count 25 --seed 5 --threads 2 --output "$TMP/b"
diff -r "$TMP/a" "$TMP/b" >/dev/null || fail "output depends on the thread count"
expect_status 0 "$CCDBENCH" gen --family all --count 25 --seed 6 --output "$TMP/c"
diff -r "$TMP/a" "$TMP/c" >/dev/null && fail "seeds 5 and 6 give the same output"
n=$(find "$TMP/a" -name data.csv | wc -l)
[ "$n" -eq 22 ] || fail "expected 22 files (11 families x 2 kinds), got $n"
# 8 rows of 7 columns per query, labels 0/1 equal on the 8 rows
awk -F, 'NF != 7 || ($7 != 0 && $7 != 1) { bad = 1 }
         (NR - 1) % 8 == 0 { label = $7 } $7 != label { bad = 1 }
         END { exit bad || NR != 200 }' "$TMP/a/near-miss/edge-edge/data.csv" ||
  fail "near-miss/edge-edge/data.csv is not 25 labelled queries"

# ---------------------------------------------------------------- labels
expect_status 0 "$CCDBENCH" truth --verify "$TMP/a"
expect_status 0 "$CCDBENCH" gen --family scaled,rational,tangent --count 20 --seed 9 --gzip \
  --kind ee --scale 1/3 --translate 1e5,-2,0.5 --rationals double --output "$TMP/d"
[ -f "$TMP/d/scaled/edge-edge/data.csv.gz" ] || fail "--gzip did not write data.csv.gz"
[ -e "$TMP/d/scaled/vertex-face" ] && fail "--kind ee wrote vertex-face queries"
expect_status 0 "$CCDBENCH" truth --verify "$TMP/d"

# ------------------------------------------- tight-inclusion's exclude=adaptive
# The separating directions in the earliest-first search only drop boxes with no
# root: on the degenerate families (grazing, scaled, several roots) against the
# exact truth, no false negative, no toi after the exact one, and no more false
# positives than the axes alone.
expect_status 0 "$CCDBENCH" gen --family tangent,scaled,multi-root --count 200 --seed 7 \
  --output "$TMP/ex" --threads 2
for ex in axes adaptive; do
  expect_status 0 "$CCDBENCH" run --methods tight-inclusion --param "tight-inclusion.exclude=$ex" \
    --truth exact --detail --format csv --threads 2 "$TMP/ex"
  # columns: 7 fp, 8 fn, 15 toi > exact
  awk -F, -v ex="$ex" 'NR > 1 { fp += $7; if ($8 != 0 || $15 != 0) { print ex ": " $0; bad = 1 } }
    END { print fp > "/dev/stderr"; exit bad }' "$TMP/out" 2>"$TMP/fp_$ex" ||
    fail "exclude=$ex: a false negative or a late toi"
done
[ "$(cat "$TMP/fp_adaptive")" -le "$(cat "$TMP/fp_axes")" ] ||
  fail "exclude=adaptive: FP $(cat "$TMP/fp_adaptive") > axes $(cat "$TMP/fp_axes")"

# ---------------------------------------------------------------- shipped data
if [ -d "$CCD_SRCDIR/datasets/generated" ]; then
  CCDBENCH="$CCDBENCH" "$CCD_SRCDIR/scripts/make-datasets" "$TMP/gd" "$TMP/gt" 2>"$TMP/err" ||
    fail "scripts/make-datasets failed: $(cat "$TMP/err")"
  diff -r "$CCD_SRCDIR/datasets/generated" "$TMP/gd" >/dev/null ||
    fail "datasets/generated differs from scripts/make-datasets (regenerate it)"
  diff -r "$CCD_SRCDIR/ground_truth/generated" "$TMP/gt" >/dev/null ||
    fail "ground_truth/generated differs from scripts/make-datasets (regenerate it)"
  # the minimum-separation truth of both sets (d = 1e-2, 1e-8; L-inf and L2)
  for d in 1e-2-inf 1e-2-2 1e-8-inf 1e-8-2; do
    diff -r "$CCD_SRCDIR/ground_truth/ms/$d" "$TMP/ms/$d" >/dev/null ||
      fail "ground_truth/ms/$d differs from a fresh computation (scripts/make-datasets)"
  done
  [ "$(find "$CCD_SRCDIR/ground_truth/ms" -name '*.truth.csv' | wc -l)" -eq 152 ] ||
    fail "ground_truth/ms: not 4 x 38 truth files"
  # every shipped truth file is in ground_truth/local.mk (installed and distributed)
  (cd "$CCD_SRCDIR" && find ground_truth -name '*.truth.csv' | LC_ALL=C sort) >"$TMP/shipped"
  sed -n 's/^\t\(ground_truth\/[^ ]*\).*/\1/p' "$CCD_SRCDIR/ground_truth/local.mk" >"$TMP/listed"
  diff "$TMP/shipped" "$TMP/listed" >/dev/null ||
    fail "ground_truth/local.mk does not list the shipped truth files (scripts/make-datasets)"
fi
finish
