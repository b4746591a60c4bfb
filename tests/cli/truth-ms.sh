#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench truth --ms D [--norm inf|2]`: exact minimum-separation truth; d is read
# exactly and recorded in the header; a larger d never loses a collision; bad values
# are usage errors.
. "$CCD_SRCDIR/tests/cli/lib.sh"

for norm in inf 2; do
  expect_status 0 "$CCDBENCH" truth --threads 2 --ms 1e-2 --norm "$norm" --output "$TMP/ms-$norm" \
    "$DEFAULT_DATA"
  f="$TMP/ms-$norm/touching/vertex-face/queries.truth.csv"
  [ "$(head -n 1 "$f")" = "# ms=1/100 norm=$norm" ] || fail "header of $f: $(head -n 1 "$f")"
  [ "$(sed -n 2p "$f")" = "index,collides,toi_lo,toi_hi" ] || fail "second header line of $f"
done
expect_status 0 "$CCDBENCH" truth --threads 2 --output "$TMP/plain" "$DEFAULT_DATA"
# Every plain collision is a collision within d (no later), in both norms.
for norm in inf 2; do
  for f in $(cd "$TMP/plain" && find . -name '*.truth.csv'); do
    sed 1d "$TMP/ms-$norm/$f" >"$TMP/rows"
    paste -d, "$TMP/plain/$f" "$TMP/rows" | awk -F, 'NR > 1 && $2 == 1 && $6 != 1 { bad = 1 }
      END { exit bad }' || fail "$f: a plain collision is missing at d = 1/100 ($norm)"
  done
done
expect_status 2 "$CCDBENCH" truth --ms -1 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" truth --ms 1e-2 --norm 1 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" truth --ms 0.1.2 "$DEFAULT_DATA"
finish
