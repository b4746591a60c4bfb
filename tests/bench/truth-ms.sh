#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench truth --ms D [--norm inf|2]`: exact minimum-separation truth; d is read
# exactly and recorded in the header; a larger d never loses a collision; bad values
# are usage errors.
. "$CCD_SRCDIR/tests/support/lib.sh"

for norm in inf 2; do
  expect_status 0 "$CCDBENCH" truth --threads 2 --ms 1e-2 --norm "$norm" --output "$TMP/ms-$norm" \
    "$DEFAULT_DATA"
  f="$TMP/ms-$norm/touching/vertex-face/queries.truth.csv"
  [ "$(head -n 1 "$f")" = "# ms=1/100 norm=$norm" ] || fail "header of $f: $(head -n 1 "$f")"
  [ "$(sed -n 2p "$f")" = "index,collides,toi_lo,toi_hi" ] || fail "second header line of $f"
done
expect_status 0 "$CCDBENCH" truth --threads 2 --output "$TMP/plain" "$DEFAULT_DATA"
# --verify compares the files' labels, which are for d = 0: refused with d > 0, at once.
expect_status 2 "$CCDBENCH" truth --verify --ms 1e-2 "$DEFAULT_DATA"
expect_stderr "^ccdbench: truth: --verify compares the files' labels, which are for d = 0; not with --ms 1e-2 > 0\$"
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "truth --verify --ms: more than one line on stderr"
[ -s "$TMP/out" ] && fail "truth --verify --ms: disagreements listed"
expect_status 0 "$CCDBENCH" truth --verify --ms 0 "$DEFAULT_DATA/touching"
# Every plain collision is a collision within d (no later), in both norms.
for norm in inf 2; do
  for f in $(cd "$TMP/plain" && find . -name '*.truth.csv'); do
    sed 1d "$TMP/ms-$norm/$f" >"$TMP/rows"
    paste -d, "$TMP/plain/$f" "$TMP/rows" | awk -F, 'NR > 1 && $2 == 1 && $6 != 1 { bad = 1 }
      END { exit bad }' || fail "$f: a plain collision is missing at d = 1/100 ($norm)"
  done
done
# `run --ms` reads d exactly too: the near-miss family reaches distance 10^-k exactly,
# and the double nearest 10^-6 is below it (9.99…955e-7), which loses 10 collisions.
NEAR="$CCD_SRCDIR/datasets/generated/near-miss"
for norm in inf 2; do
  expect_status 0 "$CCDBENCH" run --ms 1e-6 --norm "$norm" --methods fprf --format csv "$NEAR"
  [ "$(awk -F, 'NR > 1 { p += $6 } END { print p }' "$TMP/out")" = 190 ] ||
    fail "run --ms 1e-6 --norm $norm: positives are not the exact 190: $(cat "$TMP/out")"
  expect_status 0 "$CCDBENCH" truth --ms 1e-6 --norm "$norm" "$NEAR"
  expect_stderr "240 queries, 190 collide within d = 1/1000000"
  expect_status 0 "$CCDBENCH" truth --ms 4722366482869645/4722366482869645213696 --norm "$norm" "$NEAR"
  expect_stderr "240 queries, 180 collide within d = 4722366482869645/4722366482869645213696"
done
expect_status 2 "$CCDBENCH" run --ms 1e-2x --methods fprf "$NEAR"
expect_stderr "--ms: '1e-2x' is not an exact number"
expect_status 2 "$CCDBENCH" truth --ms -1 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" truth --ms 1e-2 --norm 1 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" truth --ms 0.1.2 "$DEFAULT_DATA"
finish
