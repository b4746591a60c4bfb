#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench run` scored against ground-truth files: the shipped truth (bare run,
# plain and --ms 1e-2 / 1e-8 in both norms) and --truth-dir give exactly the
# counts of the exact oracle; truth files of other data or another separation,
# short, corrupt or missing files are errors (exit 2, path:line:column).
. "$CCD_SRCDIR/tests/support/lib.sh"

DATA="$CCD_SRCDIR/datasets"
TRUTH="$CCD_SRCDIR/ground_truth"
# six fast methods, two of them with a toi (exact, bsc); tight-inclusion takes a
# minute on the degenerate generated queries, whatever its m_I
M=exact,fprf,msrf,bsc,root-parity,tight-ccd
unset CCD_DATADIR CCD_TRUTHDIR

# counts FILE: everything but the timings (set … FN, then max-checks hits … max toi gap)
counts() { cut -d, -f1-8,14- "$1"; }

# same_as_oracle NAME ARGS...: a bare run with ARGS equals the oracle's on $DATA.
same_as_oracle() {
  name=$1
  shift
  expect_status 0 "$CCDBENCH" run --methods $M --format csv "$@"
  counts "$TMP/out" >"$TMP/files.$name"
  expect_status 0 "$CCDBENCH" run --methods $M --format csv --truth exact "$@" "$DATA"
  counts "$TMP/out" >"$TMP/oracle.$name"
  diff "$TMP/files.$name" "$TMP/oracle.$name" >/dev/null ||
    fail "$name: the shipped truth and the oracle give different counts:
$(diff "$TMP/files.$name" "$TMP/oracle.$name" | head -n 6)"
  [ "$(wc -l <"$TMP/files.$name")" -eq $((1 + 38 * 6)) ] || fail "$name: not 38 x 6 rows"
}

same_as_oracle plain
same_as_oracle ms-1e-2-inf --ms 1e-2
same_as_oracle ms-1e-8-2 --ms 1e-8 --norm 2
same_as_oracle t-max --t-max 0.5

# The text footer names the truth used.
expect_status 0 "$CCDBENCH" run --methods exact --ms 1e-8 --norm 2
grep -q "^exact truth from the shipped truth files $TRUTH/ms/1e-8-2$" "$TMP/out" ||
  fail "--ms 1e-8 --norm 2: not the shipped truth: $(tail -n 2 "$TMP/out")"
expect_status 0 "$CCDBENCH" run --methods exact --ms 1e-3
grep -q "^exact truth from the exact oracle$" "$TMP/out" ||
  fail "--ms 1e-3: no shipped truth, the oracle should decide: $(tail -n 2 "$TMP/out")"
expect_status 0 "$CCDBENCH" run --methods exact --truth labels
grep -q "truth from labels for 3636, exact for 0; " "$TMP/out" ||
  fail "--truth labels: $(tail -n 2 "$TMP/out")"

# --truth-dir with DATA, the files of `ccdbench truth --output`.
G="$DATA/generated"
expect_status 0 "$CCDBENCH" run --methods $M --format csv --truth-dir "$TRUTH/generated" "$G"
counts "$TMP/out" >"$TMP/a"
expect_status 0 "$CCDBENCH" run --methods $M --format csv --truth exact "$G"
counts "$TMP/out" >"$TMP/b"
diff "$TMP/a" "$TMP/b" >/dev/null || fail "--truth-dir: not the oracle's counts"

# ---- errors
MS="$TRUTH/ms/1e-2-inf/generated"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$MS" "$G"
expect_stderr "^$MS/coplanar/edge-edge/data.truth.csv:1:1: this is minimum-separation truth"
expect_status 2 "$CCDBENCH" run --methods exact --ms 1e-8 --truth-dir "$MS" "$G"
expect_stderr "^$MS/coplanar/edge-edge/data.truth.csv:1:1: truth for a different separation: the run uses ms=1/100000000 norm=inf"
expect_status 2 "$CCDBENCH" run --methods exact --ms 1e-2 --norm 2 --truth-dir "$MS" "$G"
expect_stderr "different separation"
expect_status 2 "$CCDBENCH" run --methods exact --ms 1e-2 --truth-dir "$TRUTH/generated" "$G"
expect_stderr "data.truth.csv:1:1: this is plain CCD truth"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$TRUTH/generated" --sweep ms=0,1e-2 "$G"
expect_stderr "not with --sweep ms"

# a copy to break: near-miss VF, whose first row is "0,1,19/32,19/32" (line 2)
T="$TMP/t"
F="$T/near-miss/vertex-face/data.truth.csv"
NM="$G/near-miss"
reset_copy() { rm -rf "$T" && mkdir -p "$T" && cp -r "$TRUTH/generated/near-miss" "$T/"; }
reset_copy
[ "$(sed -n 2p "$F")" = "0,1,19/32,19/32" ] || fail "unexpected first row of $F"
sed -i '$d' "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:121:1: the truth file has 119 rows, but .* has more queries"
reset_copy
echo "120,0,," >>"$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:122:1: the truth file has 121 rows, but .* has 120 queries"
reset_copy
sed -i '4s/.*/2,2,,/' "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:4:3: collides must be 0 or 1"
reset_copy
sed -i '4s/.*/3,0,,/' "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:4:1: rows must be in query order"
reset_copy
sed -i '2s/.*/0,1,19\/32,1\/0/' "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:2:11: toi_hi is not a rational"
reset_copy
sed -i '2s/.*/0,1,3\/4,1\/2/' "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:2:5: expected 0 <= toi_lo <= toi_hi <= 1"
reset_copy
sed -i '1s/.*/index,collides,toi/' "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:1:1: expected the header line"
# A wrong time of impact: the exact method's 19/32 would be a violation of 1/2; the
# oracle is asked before any violation is counted, and contradicts the file.
reset_copy
sed -i '2s/.*/0,1,1\/2,1\/2/' "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:2:1: the exact oracle disagrees with this row on query 0"
# A wrong label: a false negative is confirmed by the oracle first.
reset_copy
sed -i '3s/.*/1,1,1\/2,1\/2/' "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F:3:1: the exact oracle disagrees with this row on query 1"
rm "$F"
expect_status 2 "$CCDBENCH" run --methods exact --truth-dir "$T/near-miss" "$NM"
expect_stderr "^$F: cannot open the truth file"
finish
