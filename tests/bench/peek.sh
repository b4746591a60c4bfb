#!/bin/sh
# SPDX-License-Identifier: MIT
# A method cannot read the answers it is scored against.  tests/plugin/peek.c
# looks for each query's label everywhere a plugin can (the query, the data files
# named in its environment or on the command line, its descriptors, the batch in
# its own and its parent's memory) and answers it.  In this process, with the
# file named in its environment, it scores FP 0 / FN 0: it does peek.  Isolated
# (the default for plugins) it must score like a method that guesses: not perfect,
# on the shipped default data and on the shared benchmark data.
. "$CCD_SRCDIR/tests/support/lib.sh"

so="$PLUGIN_DIR/peek.so"
csv="$DEFAULT_DATA/crossing/vertex-face/queries.csv"

# perfect: queries with positives among them, and no false positive or negative.
perfect() {
  awk -F, 'NR > 1 { q += $5; pos += $6; fp += $7; fn += $8 }
           END { exit !(q > 0 && pos > 0 && fp == 0 && fn == 0) }' "$TMP/out"
}
# The ways that found labels, apart from the plugin's own memory (zeros).
leaks() {
  grep 'found labels through' "$TMP/err" | grep -v 'its own memory'
}

CCD_PEEK_VERBOSE=1
CCD_PEEK_DATA="$csv"
export CCD_PEEK_VERBOSE CCD_PEEK_DATA

# The control: run in this process, the plugin finds the labels.
expect_status 0 "$CCDBENCH" run --no-isolate --plugin "$so" --methods test-peek \
  --format csv "$csv"
perfect || fail "in this process test-peek should read the labels: $(cat "$TMP/out")"
grep -q 'found labels through' "$TMP/err" || fail "control: no way found: $(cat "$TMP/err")"

check_isolated() {
  expect_status 0 "$CCDBENCH" run --plugin "$so" --methods test-peek --format csv "$@"
  if perfect; then
    fail "test-peek scores FP 0 / FN 0 on $*: it read the labels ($(leaks))"
  fi
  if leaks >/dev/null; then
    fail "test-peek found labels on $*: $(leaks)"
  fi
  awk -F, 'NR > 1 { fn += $8 } END { exit !(fn > 0) }' "$TMP/out" ||
    fail "test-peek should miss the collisions it cannot see: $(cat "$TMP/out")"
}
check_isolated "$csv"
check_isolated "$DEFAULT_DATA"
check_isolated --threads 2 "$DEFAULT_DATA"

SHARED="${CCD_SHARED_DATA:-$CCD_SRCDIR/../shared/data}"
if [ -d "$SHARED/sample-queries" ] && [ -d "$SHARED/scalable-ccd" ]; then
  CCD_PEEK_DATA="$(find "$SHARED/sample-queries" -name '*.csv' | sort | head -n 1)"
  check_isolated "$CCD_PEEK_DATA"
  # all of it in the full tier (a minute); a hand-made family and a simulation
  # scene (labels in a JSON file beside the queries) in the fast one
  if [ "${CCD_TEST_TIER:-fast}" = full ]; then
    check_isolated "$SHARED"
  else
    check_isolated "$SHARED/sample-queries/erleben-spikes" "$SHARED/scalable-ccd/cloth-funnel"
  fi
else
  echo "shared benchmark data not found (set CCD_SHARED_DATA): default data only" >&2
fi
finish
