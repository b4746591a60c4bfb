#!/bin/sh
# SPDX-License-Identifier: MIT
# The generated steps of scripts/scene-contacts (a cube settling onto the ground,
# cubes sliding 2^-30 above it, a pile of 18 cubes meeting face to face), against
# the exact oracle: their exact earliest toi as designed (8/9, 1/2 and 1/3), and
# tight-inclusion with no false negative, no toi after the exact one, no zero toi
# and a step toi ratio of at least 0.9 (Wang et al. 2021's inclusion method with
# ccdbench's time advance; the published search at d = 0 is not asked this).
. "$CCD_SRCDIR/tests/support/lib.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found" >&2; exit 77; }
python3 "$CCD_SRCDIR/scripts/scene-contacts" "$TMP/scenes" || fail "scripts/scene-contacts failed"
# The same arguments give the same bytes.
python3 "$CCD_SRCDIR/scripts/scene-contacts" "$TMP/again" || fail "scripts/scene-contacts failed"
diff -r "$TMP/scenes" "$TMP/again" >/dev/null || fail "scripts/scene-contacts: not deterministic"
expect_status 2 python3 "$CCD_SRCDIR/scripts/scene-contacts"

check_scene() { # NAME EXACT-TOI-TEXT
  expect_status 0 "$CCDBENCH" scene run --methods exact,tight-inclusion --threads 2 \
    --json "$TMP/$1.json" "$TMP/scenes/$1"
  grep -q "exact: .*positives, earliest toi $2" "$TMP/out" ||
    fail "$1: exact earliest toi: $(grep 'exact:' "$TMP/out")"
  # method  reported  FP  FN  failed  toi  order  zero-toi  ratio ...
  awk -v scene="$1" '$1 == "tight-inclusion" {
      seen = 1
      if ($4 != 0 || $5 != 0 || $7 != "ok" || $8 != 0 || !($9 >= 0.9)) {
        printf "%s: tight-inclusion FN %s failed %s order %s zero toi %s ratio %s\n",
               scene, $4, $5, $7, $8, $9
        bad = 1
      }
    }
    END { exit !(seen && !bad) }' "$TMP/out" || fail "$1: $(grep tight-inclusion "$TMP/out")"
  grep -q '"name": "tight-inclusion", .*"false_negatives": 0, .*"toi_later": false' "$TMP/$1.json" ||
    fail "$1: json: $(cat "$TMP/$1.json")"
}
check_scene resting 'in (0.88888888888888884, 0.88888888888888895)'
check_scene sliding '0.5 '
check_scene pile 'in (0.33333333333333331, 0.33333333333333337)'
finish
