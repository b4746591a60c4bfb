#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench scene run` and `scene export`: a hand-made two-frame OBJ with a known
# answer (triangle B falls through triangle A at t = 1/2), the Scalable-CCD
# layout, frames of different meshes refused, method options, the check
# against published data (a hand-made set for the falling triangle: boxes,
# queries, mma_bool and a roots archive with WXF files written here; then the
# same with a flipped label, a wrong root, a missing pair, and malformed files),
# and the cloth-funnel step when the shared data is there (its exact earliest
# toi and published pairs, labels and roots, and no false negative of the
# conservative methods).
. "$CCD_SRCDIR/tests/support/lib.sh"

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

# A method result that `run` refuses (collides with toi NaN, toi 5 outside [0, 1]) is a
# failure in `scene run` too, through the same check (it was counted as reported).
# bad_results answers query 1 of each kind wrongly, the others "no" (so, declaring
# itself conservative, it misses the step's contacts: exit 1, LATER!).
expect_status 1 "$CCDBENCH" scene run --plugin "$PLUGIN_DIR/bad_results.so" \
  --methods exact,test-nan_toi,test-toi_5 "$TMP/scene/frames/7.obj" "$TMP/scene/frames/8.obj"
grep -Eq '^  test-nan_toi +0 +0 +2 +2 ' "$TMP/out" || fail "NaN toi not a failure: $(cat "$TMP/out")"
grep -Eq '^  test-toi_5 +0 +0 +2 +2 ' "$TMP/out" || fail "toi 5 not a failure: $(cat "$TMP/out")"

# the directory layout: one step, 7 -> 8
expect_status 0 "$CCDBENCH" scene run --methods exact "$TMP/scene"
grep -q '^step 7: 6 vertices, 6 edges, 2 faces' "$TMP/out" || fail "layout: $(cat "$TMP/out")"

# without published data, one line says so
grep -q '^  published data: none for step 7 (no boxes/7{vf,ee}.json)' "$TMP/out" ||
  fail "no published data: $(cat "$TMP/out")"

# method options, parsed as run parses them
expect_status 0 "$CCDBENCH" scene run --methods tight-inclusion --param tight-inclusion.delta=1e-3 \
  --max-checks 100 --eta 1e-3 "$TMP/scene"
grep -Eq '^  tight-inclusion +3 +0 +0 +0 ' "$TMP/out" || fail "--param: $(cat "$TMP/out")"
expect_status 2 "$CCDBENCH" scene run --param nosuch.delta=1 "$TMP/scene"
expect_status 2 "$CCDBENCH" scene run --delta 0 "$TMP/scene"
expect_stderr "delta"
expect_status 2 "$CCDBENCH" scene run --param tight-inclusion.nokey=1 "$TMP/scene"

# export: the candidates as queries that `ccdbench run` reads, and box id pairs
expect_status 0 "$CCDBENCH" scene export "$TMP/scene/frames/7.obj" "$TMP/scene/frames/8.obj" "$TMP/exp"
[ "$(wc -l <"$TMP/exp/queries/7vf.csv")" -eq 24 ] || fail "7vf.csv: not 3 queries"
[ "$(tr -d ' \n' <"$TMP/exp/boxes/7vf.json")" = '[[3,12],[4,12],[5,12]]' ] ||
  fail "7vf.json: $(cat "$TMP/exp/boxes/7vf.json")"
expect_status 0 "$CCDBENCH" run --methods exact --truth exact "$TMP/exp/queries/7vf.csv"

# Published data for step 7 (the Scalable-CCD layout): the exported pairs and
# queries, Mathematica's labels (B's three corners pass through A; no EE pair
# collides) and roots, one WXF file {{t -> 1/2}} per colliding VF query.
# wxf_t P Q: the WXF bytes of {{t -> Rational[P, Q]}} (P, Q < 8).
wxf_t() {
  printf "8:f\\001s\\004Listf\\001s\\004Listf\\002s\\004Rules\\001tf\\002s\\010RationalC\\00$1C\\00$2"
}
if command -v tar >/dev/null 2>&1; then
  pub=$TMP/pub
  mkdir -p "$pub/frames" "$pub/mma_bool" "$pub/roots/vf" "$pub/roots/ee"
  cp "$TMP/scene/frames/7.obj" "$TMP/scene/frames/8.obj" "$pub/frames/"
  cp -r "$TMP/exp/queries" "$TMP/exp/boxes" "$pub/"
  printf '[true, true, true]\n' >"$pub/mma_bool/7vf_mma_bool.json"
  printf '[false, false, false]\n' >"$pub/mma_bool/7ee_mma_bool.json"
  for q in 0 1 2; do wxf_t 1 2 >"$pub/roots/vf/7vf_q${q}_roots.wxf"; done
  (cd "$pub/roots/vf" && tar -czf ../7vf_roots.tar.gz 7vf_q0_roots.wxf 7vf_q1_roots.wxf 7vf_q2_roots.wxf)
  (cd "$pub/roots/ee" && tar -czf ../7ee_roots.tar.gz .)
  expect_status 0 "$CCDBENCH" scene run --methods exact --json "$TMP/pub.json" "$pub"
  grep -q '^    VF pairs:     3 published, all among the candidates (0 candidates more)' "$TMP/out" ||
    fail "published VF pairs: $(cat "$TMP/out")"
  grep -q '^    VF queries:   3 equal to the published rows' "$TMP/out" || fail "published queries"
  grep -q '^    VF labels:    exact = mma_bool on all 3 pairs (3 collide)' "$TMP/out" ||
    fail "published VF labels: $(cat "$TMP/out")"
  grep -q '^    EE labels:    exact = mma_bool on all 3 pairs (0 collide)' "$TMP/out" ||
    fail "published EE labels: $(cat "$TMP/out")"
  grep -q '^    earliest toi: exact = least published root to within 2^-200: 0.5 (7vf_roots.tar.gz: 7vf_q' \
    "$TMP/out" || fail "published toi: $(cat "$TMP/out")"
  grep -q '^    roots files:  3 VF + 0 EE (3 + 0 roots t)' "$TMP/out" || fail "roots files"
  grep -q '"toi_check": "equal"' "$TMP/pub.json" || fail "json: $(cat "$TMP/pub.json")"
  # with --ms the published data (for d = 0) is not compared
  expect_status 0 "$CCDBENCH" scene run --methods exact --ms 1e-3 "$pub"
  grep -q '^  published data: not compared' "$TMP/out" || fail "--ms: $(cat "$TMP/out")"

  # differences: exit 1, the first one named
  cp -r "$pub" "$TMP/bad"
  printf '[false, true, true]\n' >"$TMP/bad/mma_bool/7vf_mma_bool.json"
  expect_status 1 "$CCDBENCH" scene run --methods exact "$TMP/bad"
  grep -q '^    VF labels:    exact DIFFERS from mma_bool on 1 of 3 pairs, the first query 0 (exact 1, mma_bool 0)' \
    "$TMP/out" || fail "flipped label: $(cat "$TMP/out")"
  expect_stderr "differs from the published data"
  cp "$pub/mma_bool/7vf_mma_bool.json" "$TMP/bad/mma_bool/"
  wxf_t 1 3 >"$pub/roots/vf/7vf_q1_roots.wxf"
  (cd "$pub/roots/vf" && tar -czf "$TMP/bad/roots/7vf_roots.tar.gz" 7vf_q0_roots.wxf 7vf_q1_roots.wxf)
  expect_status 1 "$CCDBENCH" scene run --methods exact "$TMP/bad"
  grep -q '^    earliest toi: exact DIFFERS from the least published root 0.333333333333333333333333333333 (7vf_roots.tar.gz: 7vf_q1_roots.wxf) by -0.1666666666666666' \
    "$TMP/out" || fail "wrong root: $(cat "$TMP/out")"
  cp "$pub/roots/7vf_roots.tar.gz" "$TMP/bad/roots/"
  printf '[[0, 13], [4, 12], [5, 12]]\n' >"$TMP/bad/boxes/7vf.json" # vertex 0 is far from face 1
  expect_status 1 "$CCDBENCH" scene run --methods exact "$TMP/bad"
  grep -q '^    VF pairs:     3 published, 1 NOT among the candidates, the first pair 0 \[0, 13\]' \
    "$TMP/out" || fail "missing pair: $(cat "$TMP/out")"

  # malformed published files: exit 2, "path:line:column: what" or, in the
  # binary archives, "path[:member]:offset: what"
  printf '[[3,12],[4 12]]\n' >"$TMP/bad/boxes/7vf.json"
  expect_status 2 "$CCDBENCH" scene run --methods exact "$TMP/bad"
  expect_stderr "boxes/7vf.json:1:12: '1' where ',' was expected"
  printf '[[3, 12], [4, 12]]\n' >"$TMP/bad/boxes/7vf.json"
  expect_status 2 "$CCDBENCH" scene run --methods exact "$TMP/bad"
  expect_stderr "queries/7vf.csv: more than 2 queries, but .*7vf.json has 2 pairs"
  cp "$pub/boxes/7vf.json" "$TMP/bad/boxes/"
  head -c 40 "$pub/roots/7vf_roots.tar.gz" >"$TMP/bad/roots/7vf_roots.tar.gz"
  expect_status 2 "$CCDBENCH" scene run --methods exact "$TMP/bad"
  expect_stderr "roots/7vf_roots.tar.gz:[0-9]+: (corrupt or )?truncated"
  printf '8:f\001s\004ListQ' >"$pub/roots/vf/7vf_q1_roots.wxf"
  (cd "$pub/roots/vf" && tar -czf "$TMP/bad/roots/7vf_roots.tar.gz" 7vf_q0_roots.wxf 7vf_q1_roots.wxf)
  expect_status 2 "$CCDBENCH" scene run --methods exact "$TMP/bad"
  expect_stderr "roots/7vf_roots.tar.gz:7vf_q1_roots.wxf:10: unknown or unsupported WXF token 'Q'"
  rm "$TMP/bad/roots/7vf_roots.tar.gz"
  expect_status 2 "$CCDBENCH" scene run --methods exact "$TMP/bad"
  expect_stderr "roots/7vf_roots.tar.gz: No such file or directory \(boxes/7vf.json is published\)"
else
  echo "SKIP: published data of the hand-made scene: no tar"
fi

# frames of two meshes, a directory without frames, bad usage
printf 'v 0 0 0\nv 4 0 0\nv 0 4 0\nf 1 2 3\n' >"$TMP/one.obj"
expect_status 2 "$CCDBENCH" scene run "$TMP/scene/frames/7.obj" "$TMP/one.obj"
expect_stderr "one.obj:3:1: 3 vertices, but .*7.obj has 6"
# the first difference at its line: a face of an ascii PLY, an OFF's extra
# triangle, an OFF's counts line
printf 'ply\nformat ascii 1.0\nelement vertex 6\nproperty double x\nproperty double y\nproperty double z\nelement face 2\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n4 0 0\n0 4 0\n1 1 -1\n2 1 -1\n1 2 -1\n3 0 1 2\n3 3 5 4\n' \
  >"$TMP/turned.ply"
expect_status 2 "$CCDBENCH" scene run "$TMP/scene/frames/7.obj" "$TMP/turned.ply"
expect_stderr "turned.ply:17:1: triangle 1 is \(3, 5, 4\), but in .*7.obj \(3, 4, 5\)"
printf 'OFF\n6 3 0\n0 0 0\n4 0 0\n0 4 0\n1 1 -1\n2 1 -1\n1 2 -1\n3 0 1 2\n3 3 4 5\n3 0 1 3\n' >"$TMP/more.off"
expect_status 2 "$CCDBENCH" scene run "$TMP/scene/frames/7.obj" "$TMP/more.off"
expect_stderr "more.off:11:1: 3 triangles, but .*7.obj has 2"
printf 'OFF\n  5 1 0\n0 0 0\n4 0 0\n0 4 0\n1 1 -1\n2 1 -1\n3 0 1 2\n' >"$TMP/five.off"
expect_status 2 "$CCDBENCH" scene run "$TMP/scene/frames/7.obj" "$TMP/five.off"
expect_stderr "five.off:2:3: 5 vertices, but .*7.obj has 6"
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
  # the check against the published data: pairs, queries, labels, the least root
  grep -q '^    VF pairs:     92 published, all among the candidates' "$TMP/out" || fail "VF pairs"
  grep -q '^    EE pairs:     263 published, all among the candidates' "$TMP/out" || fail "EE pairs"
  grep -q '^    VF queries:   92 equal to the published rows' "$TMP/out" || fail "VF queries"
  grep -q '^    EE queries:   263 equal to the published rows' "$TMP/out" || fail "EE queries"
  grep -q '^    VF labels:    exact = mma_bool on all 92 pairs (27 collide)' "$TMP/out" || fail "VF labels"
  grep -q '^    EE labels:    exact = mma_bool on all 263 pairs (107 collide)' "$TMP/out" || fail "EE labels"
  grep -q '^    earliest toi: exact = least published root to within 2^-200: 0.04523222037614761039802628787' \
    "$TMP/out" || fail "cloth-funnel toi: $(cat "$TMP/out")"
  grep -Eq '^  tight-inclusion +[0-9]+ +[0-9]+ +0 +0 ' "$TMP/out" || fail "tight-inclusion FN"
else
  echo "SKIP: cloth-funnel: shared data not found"
fi
finish
