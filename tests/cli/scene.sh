#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench scene run` and `scene export`: a hand-made two-frame OBJ with a known
# answer (triangle B falls through triangle A at t = 1/2), the Scalable-CCD
# layout, frames of different meshes refused, and the cloth-funnel step when the
# shared data is there (its exact earliest toi, and no false negative of the
# conservative methods).
. "$CCD_SRCDIR/tests/cli/lib.sh"

mkdir -p "$TMP/scene/frames"
printf 'v 0 0 0\nv 4 0 0\nv 0 4 0\nv 1 1 1\nv 2 1 1\nv 1 2 1\nf 1 2 3\nf 4 5 6\n' \
  >"$TMP/scene/frames/7.obj"
printf 'v 0 0 0\nv 4 0 0\nv 0 4 0\nv 1 1 -1\nv 2 1 -1\nv 1 2 -1\nf 1 2 3\nf 4 5 6\n' \
  >"$TMP/scene/frames/8.obj"

expect_status 0 "$CCDBENCH" scene run --methods exact,tight-inclusion --threads 1 \
  --json "$TMP/step.json" "$TMP/scene/frames/7.obj" "$TMP/scene/frames/8.obj"
grep -q 'broad phase:  3 VF + 3 EE candidates' "$TMP/out" || fail "candidates: $(cat "$TMP/out")"
grep -q 'exact:        3 VF + 0 EE positives, earliest toi 0.5 (VF candidate 0)' "$TMP/out" ||
  fail "exact: $(cat "$TMP/out")"
grep -Eq '^  exact +3 +0 +0 +0 +0.5 +ok ' "$TMP/out" || fail "exact method row: $(cat "$TMP/out")"
grep -Eq '^  tight-inclusion +3 +0 +0 +0 .* ok ' "$TMP/out" || fail "tight-inclusion row"
grep -q '"exact_toi_lo": 0.5, "exact_toi_hi": 0.5' "$TMP/step.json" || fail "json: $(cat "$TMP/step.json")"

# the directory layout: one step, 7 -> 8
expect_status 0 "$CCDBENCH" scene run --methods exact "$TMP/scene"
grep -q '^step 7: 6 vertices, 6 edges, 2 faces' "$TMP/out" || fail "layout: $(cat "$TMP/out")"

# export: the candidates as queries that `ccdbench run` reads, and box id pairs
expect_status 0 "$CCDBENCH" scene export "$TMP/scene/frames/7.obj" "$TMP/scene/frames/8.obj" "$TMP/exp"
[ "$(wc -l <"$TMP/exp/queries/7vf.csv")" -eq 24 ] || fail "7vf.csv: not 3 queries"
[ "$(tr -d ' \n' <"$TMP/exp/boxes/7vf.json")" = '[[3,12],[4,12],[5,12]]' ] ||
  fail "7vf.json: $(cat "$TMP/exp/boxes/7vf.json")"
expect_status 0 "$CCDBENCH" run --methods exact --truth exact "$TMP/exp/queries/7vf.csv"

# frames of two meshes, a directory without frames, bad usage
printf 'v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\n' >"$TMP/one.obj"
expect_status 2 "$CCDBENCH" scene run "$TMP/scene/frames/7.obj" "$TMP/one.obj"
expect_stderr "one.obj: 3 vertices, but .*7.obj has 6"
expect_status 2 "$CCDBENCH" scene run "$TMP"
expect_stderr "no frames directory"
expect_status 2 "$CCDBENCH" scene run --ms -1 "$TMP/scene"
expect_status 2 "$CCDBENCH" scene export --methods exact "$TMP/scene/frames/7.obj" "$TMP/scene/frames/8.obj" "$TMP/x"

data=${CCD_SHARED_DATA:-}/scalable-ccd/cloth-funnel
if [ -d "$data/frames" ]; then
  expect_status 0 "$CCDBENCH" scene run --methods exact,tight-inclusion --threads 2 "$data"
  # 27 VF + 107 EE positives are the published pairs' (mma_bool); the broad
  # phase finds no more colliding pairs than those
  grep -q 'exact:        27 VF + 107 EE positives' "$TMP/out" || fail "cloth-funnel: $(cat "$TMP/out")"
  grep -Eq '^  tight-inclusion +[0-9]+ +[0-9]+ +0 +0 ' "$TMP/out" || fail "tight-inclusion FN"
else
  echo "SKIP: cloth-funnel: shared data not found"
fi
finish
