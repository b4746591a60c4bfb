#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench wrong`: the false negatives and positives of a method, one line each
# at the query's path:line, FNs first; --vs; the formats; counts equal to run's;
# the run's options and truth; bad input and bad usage (exit 2, stdout empty).
. "$CCD_SRCDIR/tests/support/lib.sh"

D="$DEFAULT_DATA"
pe="$D/parallel/edge-edge/queries.csv"
ce="$D/coplanar/edge-edge/queries.csv"
cv="$D/coplanar/vertex-face/queries.csv"

# expect_out FILE: the last command's stdout is exactly FILE.
expect_out() {
  diff -u "$1" "$TMP/out" >"$TMP/diff" || fail "unexpected stdout: $(cat "$TMP/diff")"
}

# fprf on coplanar and parallel (labels): its two FNs (parallel EE 0 and 3) come
# before its FP (coplanar EE 3), though coplanar sorts first.
expect_status 0 "$CCDBENCH" wrong fprf "$D/coplanar" "$D/parallel"
cat >"$TMP/want" <<END
$pe:1: query 0: fprf says no, truth collides
$pe:25: query 3: fprf says no, truth collides
$ce:25: query 3: fprf says collides (toi 0), truth no
END
expect_out "$TMP/want"
expect_stderr '^ccdbench: fprf: 2 false negatives, 1 false positive in 17 queries \(truth: 17 labels, 0 exact\)$'

# --truth exact: the exact toi of each FN (1/2 and 1).
expect_status 0 "$CCDBENCH" wrong --truth exact fprf "$D/parallel"
cat >"$TMP/want" <<END
$pe:1: query 0: fprf says no, truth collides (exact toi 0.5)
$pe:25: query 3: fprf says no, truth collides (exact toi 1)
END
expect_out "$TMP/want"
expect_stderr 'truth: 0 labels, 9 exact'

# --truth-dir: the truth files of the same data give the same listing, with the
# exact tois; a file of another separation is bad input at its path:line:column.
T="$CCD_SRCDIR/ground_truth"
expect_status 0 "$CCDBENCH" wrong --truth-dir "$T/default" fprf "$D"
cat >"$TMP/want" <<END
$pe:1: query 0: fprf says no, truth collides (exact toi 0.5)
$pe:25: query 3: fprf says no, truth collides (exact toi 1)
$ce:25: query 3: fprf says collides (toi 0), truth no
END
expect_out "$TMP/want"
expect_stderr 'truth: 0 labels, 276 exact'
expect_status 2 "$CCDBENCH" wrong --truth-dir "$T/ms/1e-2-inf/default" fprf "$D"
expect_stderr "^$T/ms/1e-2-inf/default/coplanar/edge-edge/queries.truth.csv:1:1: this is minimum-separation truth"
[ -s "$TMP/out" ] && fail "--truth-dir of another d: stdout not empty"

# The same whatever --threads.
expect_status 0 "$CCDBENCH" wrong --threads 1 fprf "$D"
cp "$TMP/out" "$TMP/one"
expect_status 0 "$CCDBENCH" wrong --threads 2 fprf "$D"
expect_out "$TMP/one"

# As many lines as run counts FN and FP, on the whole default set (sum of the
# csv's fp and fn columns), for a conservative method with FPs too.
for m in fprf bsc root-parity; do
  expect_status 0 "$CCDBENCH" run --methods "$m" --format csv "$D"
  want_fp=$(awk -F, 'NR > 1 { s += $7 } END { print s + 0 }' "$TMP/out")
  want_fn=$(awk -F, 'NR > 1 { s += $8 } END { print s + 0 }' "$TMP/out")
  expect_status 0 "$CCDBENCH" wrong "$m" "$D"
  got_fn=$(grep -c "says no, truth collides" "$TMP/out")
  got_fp=$(grep -c "says collides.*, truth no" "$TMP/out")
  [ "$got_fn" = "$want_fn" ] && [ "$got_fp" = "$want_fp" ] ||
    fail "wrong $m: $got_fn FN and $got_fp FP lines, run counts $want_fn and $want_fp"
  [ "$(wc -l <"$TMP/out")" -eq $((want_fn + want_fp)) ] || fail "wrong $m: extra lines"
done

# --vs: where fprf and bsc disagree on coplanar (bsc's coplanar FPs), with the truth.
expect_status 0 "$CCDBENCH" wrong fprf --vs bsc "$D/coplanar"
cat >"$TMP/want" <<END
$ce:9: query 1: fprf says no, bsc says collides (toi 0); truth no
$ce:17: query 2: fprf says no, bsc says collides (toi 0); truth no
$cv:9: query 1: fprf says no, bsc says collides (toi 0); truth no
$cv:25: query 3: fprf says no, bsc says collides (toi 0); truth no
END
expect_out "$TMP/want"
expect_stderr '^ccdbench: fprf and bsc disagree on 4 of 8 queries: fprf right on 4, bsc on 0 '

# CSV and JSON (%.17g).
expect_status 0 "$CCDBENCH" wrong --format csv --truth exact fprf "$D/parallel"
cat >"$TMP/want" <<END
file,line,query,kind,method,collides,toi,truth,exact_toi,wrong
$pe,1,0,EE,fprf,0,,1,0.5,fn
$pe,25,3,EE,fprf,0,,1,1,fn
END
expect_out "$TMP/want"
# fprf and exact agree on coplanar EE 0 (both collide) and differ on 3 only.
expect_status 0 "$CCDBENCH" wrong --format csv fprf --vs exact --truth exact "$ce"
cat >"$TMP/want" <<END
file,line,query,kind,method,collides,toi,other,other_collides,other_toi,truth,exact_toi
$ce,25,3,EE,fprf,1,0,exact,0,,0,
END
expect_out "$TMP/want"
expect_status 0 "$CCDBENCH" wrong --format json fprf --vs bsc "$D/coplanar"
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/out" || fail "wrong --format json is not valid JSON"
grep -q '"method": "fprf", "other": "bsc", "queries": 8, ' "$TMP/out" ||
  fail "wrong --format json: no header: $(head -c 200 "$TMP/out")"
[ "$(grep -c '"file": ' "$TMP/out")" -eq 4 ] || fail "wrong --format json: not 4 answers"
expect_status 0 "$CCDBENCH" wrong --format json fprf "$D/separated"
"$CCD_BUILDDIR/tests/support/json_valid" "$TMP/out" || fail "wrong --format json (none) is not valid JSON"
grep -q '"answers": \[\]}' "$TMP/out" || fail "wrong --format json: no empty answers"

# Without DATA: the shipped data and its shipped exact truth (whatever the
# environment of the test names).
expect_status 0 env -u CCD_DATADIR -u CCD_TRUTHDIR "$CCDBENCH" wrong fprf
head -n 1 "$TMP/out" | grep -q "parallel/edge-edge/queries.csv:1: query 0: fprf says no, truth collides (exact toi 0.5)$" ||
  fail "wrong without DATA: first line $(head -n 1 "$TMP/out")"
expect_stderr ' \(truth: 0 labels, [0-9]+ exact\)$'

# A plugin's method, and method options.
expect_status 0 "$CCDBENCH" wrong --plugin "$PLUGIN_DIR/always_collides.so" \
  test-always-collides "$D/separated"
[ "$(wc -l <"$TMP/out")" -eq 124 ] || fail "test-always-collides: not 124 FPs on separated"
expect_stderr '^ccdbench: test-always-collides: 0 false negatives, 124 false positives'
expect_status 0 "$CCDBENCH" wrong --param fprf.eta=1 fprf "$D/separated"
[ -s "$TMP/out" ] || fail "--param fprf.eta=1 should make fprf report FPs on separated"
expect_status 2 "$CCDBENCH" wrong --param fprf.nosuch=1 fprf "$D/separated"

# Bad usage and bad input: exit 2, one message, nothing on stdout.
expect_status 2 "$CCDBENCH" wrong nosuch "$D"
expect_stderr "^ccdbench: wrong: .*unknown method 'nosuch'"
[ -s "$TMP/out" ] && fail "wrong nosuch: stdout not empty"
expect_status 2 "$CCDBENCH" wrong fprf --vs nosuch "$D"
expect_stderr "unknown method 'nosuch'"
expect_status 2 "$CCDBENCH" wrong
expect_stderr '^ccdbench: wrong: expected METHOD'
expect_status 2 "$CCDBENCH" wrong fprf --vs fprf "$D"
expect_status 2 "$CCDBENCH" wrong fprf,bsc "$D"
expect_status 2 "$CCDBENCH" wrong --format latex fprf "$D"
expect_stderr "^ccdbench: wrong: --format: 'latex' is not text, csv or json$"
expect_status 2 "$CCDBENCH" wrong --json "$TMP/r.json" fprf "$D"
expect_stderr '^ccdbench: wrong: --json does not apply'
expect_status 2 "$CCDBENCH" run --vs bsc "$D"
mkdir -p "$TMP/bad/vertex-face"
head -n 16 "$cv" >"$TMP/bad/vertex-face/q.csv"
sed -i '11s/.*/1,2,x,1,0,1,1/' "$TMP/bad/vertex-face/q.csv"
expect_status 2 "$CCDBENCH" wrong fprf "$TMP/bad"
expect_stderr "^$TMP/bad/vertex-face/q.csv:11:5: "
[ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "bad input: more than one message: $(cat "$TMP/err")"
[ -s "$TMP/out" ] && fail "bad input: stdout not empty"

expect_status 0 "$CCDBENCH" wrong --help
grep -q '^Usage: ccdbench wrong \[OPTION\]... METHOD \[DATA\]...' "$TMP/out" || fail "wrong --help"
finish
