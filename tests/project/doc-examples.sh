#!/bin/sh
# SPDX-License-Identifier: MIT
# The examples of README.md and docs/*.md are what this build prints: every
# "$ ccdbench ..." block is run (scripts/doc-examples) and its counts, labels,
# exact values and words compared; times, rates and speeds are not.  A stale block
# fails with the block and the program's output side by side;
# `scripts/doc-examples --update build/src/cli/ccdbench README.md docs/*.md` brings
# them up to date.  The fast tier leaves out the bare `ccdbench run` (12 s; the full
# tier runs it); the scene example needs the shared data beside the source tree.
. "$CCD_SRCDIR/tests/support/lib.sh"

skip=""
if [ "${CCD_TEST_TIER:-fast}" != full ]; then
  skip='^ccdbench run$'
fi
if [ ! -d "$CCD_SRCDIR/../shared/data/scalable-ccd/cloth-funnel" ]; then
  echo "doc-examples: no ../shared/data beside the source tree: its examples are not run" >&2
  skip="${skip:+$skip|}shared/data"
fi
docs=$(ls "$CCD_SRCDIR"/docs/*.md)
# shellcheck disable=SC2086 # one argument per document
"$CCD_SRCDIR/scripts/doc-examples" --skip "$skip" "$CCDBENCH" "$CCD_SRCDIR/README.md" $docs \
  2>"$TMP/err" || fail "stale examples in the documentation:
$(cat "$TMP/err")"
# The checker itself: a count changed in a copy of an example is found, a time is not.
mkdir -p "$TMP/docs"
cat >"$TMP/docs/x.md" <<'DOC'
```
$ ccdbench gate --method bsc datasets/default
gate PASS: bsc on 276 queries: FN 0 <= 0; FP 8 (2.90%) <= 5.80% (2 x bsc's 2.90%); mean 99.999 us
```
DOC
"$CCD_SRCDIR/scripts/doc-examples" "$CCDBENCH" "$TMP/docs/x.md" 2>"$TMP/err" ||
  fail "a changed time counted as a stale example: $(cat "$TMP/err")"
sed 's/FP 8 /FP 9 /' "$TMP/docs/x.md" >"$TMP/docs/y.md"
"$CCD_SRCDIR/scripts/doc-examples" "$CCDBENCH" "$TMP/docs/y.md" 2>"$TMP/err" &&
  fail "a changed count not found"
grep -q "y.md:3: stale example: .ccdbench gate --method bsc datasets/default." "$TMP/err" ||
  fail "no path:line for the stale example: $(cat "$TMP/err")"
# --update rewrites it, and then it is current
"$CCD_SRCDIR/scripts/doc-examples" --update "$CCDBENCH" "$TMP/docs/y.md" 2>/dev/null
grep -q "FP 8 " "$TMP/docs/y.md" || fail "--update did not fix the count"
"$CCD_SRCDIR/scripts/doc-examples" "$CCDBENCH" "$TMP/docs/y.md" 2>"$TMP/err" ||
  fail "stale after --update: $(cat "$TMP/err")"
# --update rewrites the outputs and nothing else: an indented elision stays
# indented, a blank line before the next command stays, and a command shown
# without output stays without (it rewrote all three)
cat >"$TMP/docs/z.md" <<'DOC'
```
$ ccdbench gate --method bsc datasets/default
gate PASS: bsc on 276 queries: FN 0 <= 0; FP 8 (2.90%) <= 5.80% (2 x bsc's 2.90%); mean 99.999 us

$ ccdbench gate --method fprf datasets/default
  …
$ ccdbench gate --method fprf datasets/default
```
DOC
cp "$TMP/docs/z.md" "$TMP/docs/z0.md"
"$CCD_SRCDIR/scripts/doc-examples" --update "$CCDBENCH" "$TMP/docs/z.md" 2>/dev/null
grep -v '^gate PASS' "$TMP/docs/z0.md" >"$TMP/want"
grep -v '^gate PASS' "$TMP/docs/z.md" >"$TMP/got"
cmp -s "$TMP/want" "$TMP/got" || fail "--update changed more than the outputs:
$(diff "$TMP/want" "$TMP/got")"
finish
