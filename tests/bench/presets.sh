#!/bin/sh
# SPDX-License-Identifier: MIT
# `run --preset`: the tables of Wang et al. 2021 in the paper's shape.
# paper-table1: nine columns IRF … Ours in the paper's order (TCCD "n/a" with a
# note while tight-ccd is not built in); paper-table2: one row per d, t/FP/FN of
# MSRF and Ours, scored against the d = 0 truth as the paper did.  Result files
# name the preset and `report` prints them with the paper's labels.  Unknown
# names and conflicting settings are usage errors.
. "$CCD_SRCDIR/tests/support/lib.sh"

# Small sets: the crossing and separated families of the shipped data for
# Table 1 (IRF and UIRF take seconds on the degenerate ones), and for Table 2
# near misses from `gen` (misses by 10^-k, k = 1..12, and hits beside them).
DATA1="$DEFAULT_DATA/crossing"
DATA2="$DEFAULT_DATA/separated"
has_tccd=0
"$CCDBENCH" methods 2>/dev/null | grep -q '^tight-ccd ' && has_tccd=1

# --- paper-table1 ---------------------------------------------------------
expect_status 0 "$CCDBENCH" run --preset paper-table1 --json "$TMP/t1.json" "$DATA1" "$DATA2"
head -1 "$TMP/out" | grep -Eq '^dataset +IRF +UIRF +FPRF +TCCD +RP +RRP +BSC +MSRF +Ours$' ||
  fail "table1 header: $(head -1 "$TMP/out")"
[ "$(sed -n '2,7p' "$TMP/out" | awk '{ print $(NF - 9) }' | tr '\n' ' ')" = "t FP FN t FP FN " ] ||
  fail "table1 rows (a VF and an EE block): $(sed -n '2,7p' "$TMP/out")"
na=$(sed -n '2,7p' "$TMP/out" | awk '{ print $(NF - 5) }' | sort -u)
if [ "$has_tccd" = 1 ]; then
  [ "$na" != "n/a" ] || fail "table1: tight-ccd is built in but its column is n/a"
else
  [ "$na" = "n/a" ] || fail "table1: TCCD column without tight-ccd: $na"
  grep -q '^TCCD (tight-ccd): not available in this build (n/a)$' "$TMP/out" ||
    fail "table1: no note on TCCD: $(tail -3 "$TMP/out")"
fi
grep -q '^Settings of the paper: .*eta 0 (FPRF)' "$TMP/out" || fail "table1: no closing line on the settings"
grep -q '^MSRF at d = 1e-8; FP/FN against the d = 0 truth' "$TMP/out" || fail "table1: scoring not said"
grep -q '"preset": "paper-table1"' "$TMP/t1.json" || fail "table1: the result file names no preset"
# report reads the result file back in the same shape, with the paper's labels;
# every cell a number, and Ours (tight-inclusion) has no false negative.
expect_status 0 "$CCDBENCH" report --table table1 --format csv "$TMP/t1.json"
if [ "$has_tccd" = 0 ]; then
  [ "$(sed -n 1p "$TMP/out")" = "dataset,row,IRF,UIRF,FPRF,RP,RRP,BSC,MSRF,Ours" ] ||
    fail "report table1 header: $(sed -n 1p "$TMP/out")"
fi
sed 1d "$TMP/out" | cut -d, -f3- | tr ',' '\n' | grep -qv '^[0-9][0-9.e+-]*$' &&
  fail "report table1: a cell is not a number: $(cat "$TMP/out")"
[ "$(awk -F, '$2 == "FN" { print $NF }' "$TMP/out" | sort -u)" = 0 ] ||
  fail "report table1: Ours has false negatives"

# --- paper-table2 ---------------------------------------------------------
expect_status 0 "$CCDBENCH" gen --family near-miss --count 12 --seed 7 --output "$TMP/near"
expect_status 0 "$CCDBENCH" run --preset paper-table2 --json "$TMP/t2.json" "$TMP/near"
grep -q '^FP/FN against the d = 0 truth (plain CCD), as the paper counted them' "$TMP/out" ||
  fail "table2: the scoring is not said"
head -1 "$TMP/out" | grep -Eq '^dataset +d +MSRF t +MSRF FP +MSRF FN +Ours t +Ours FP +Ours FN$' ||
  fail "table2 header: $(head -1 "$TMP/out")"
grep -q '"preset": "paper-table2"' "$TMP/t2.json" || fail "table2: the result file names no preset"
[ "$(grep -c '"sweep_value": ' "$TMP/t2.json")" = 5 ] || fail "table2: not five runs"
expect_status 0 "$CCDBENCH" report --table table2 --format csv "$TMP/t2.json"
[ "$(sed -n 1p "$TMP/out")" = "dataset,d,MSRF t,MSRF FP,MSRF FN,Ours t,Ours FP,Ours FN" ] ||
  fail "table2 header: $(sed -n 1p "$TMP/out")"
cut -d, -f2 "$TMP/out" | sed 1d | tr '\n' ' ' >"$TMP/rows"
[ "$(cat "$TMP/rows")" = "0.01 1e-08 1e-16 1e-30 1e-100 0.01 1e-08 1e-16 1e-30 1e-100 " ] ||
  fail "table2 rows (VF, then EE): $(cat "$TMP/rows")"
# Ours is conservative: no false negative against the d = 0 truth at any d.
[ "$(cut -d, -f8 "$TMP/out" | sed 1d | sort -u)" = 0 ] || fail "table2: Ours has false negatives"
# The paper's scoring: a miss by 10^-k <= 1e-2 is a false positive of Ours at
# d = 1e-2 (against the d = 0 truth), not a true positive as against the truth at d.
fp=$(awk -F, '$2 == "0.01" { s += $7 } END { print s + 0 }' "$TMP/out")
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --ms 1e-2 --format csv "$TMP/near"
fp_at_d=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fp") c = i; next }
                   { s += $c } END { print s + 0 }' "$TMP/out")
[ "$fp" -gt "$fp_at_d" ] ||
  fail "table2: FP of Ours at d = 1e-2 is $fp against d = 0, $fp_at_d against the truth at d"
expect_status 0 "$CCDBENCH" report "$TMP/t2.json"
grep -q '^Table 2: .*against the d = 0 truth' "$TMP/out" || fail "report table2: scoring not in the title"
# Both result files in one report: each table labelled by its own preset.
expect_status 0 "$CCDBENCH" report --table table2 --format csv "$TMP/t1.json" "$TMP/t2.json"
[ "$(sed -n 1p "$TMP/out")" = "dataset,d,MSRF t,MSRF FP,MSRF FN,Ours t,Ours FP,Ours FN" ] ||
  fail "report of both, table2 header: $(sed -n 1p "$TMP/out")"
expect_status 0 "$CCDBENCH" report --table table1 --format csv "$TMP/t1.json" "$TMP/t2.json"
sed -n 1p "$TMP/out" | grep -q '^dataset,row,IRF,UIRF,FPRF,' ||
  fail "report of both, table1 header: $(sed -n 1p "$TMP/out")"

# --- ms-sweep ---------------------------------------------------------------
# Two configurations of tight-inclusion in one run at six d, scored against the
# truth at d (not d = 0 as paper-table2): on the near misses, the FP of the ccdbench
# column at d = 1e-2 are those of `run --ms 1e-2`, fewer than Table 2 counts.
expect_status 0 "$CCDBENCH" run --preset ms-sweep --format csv --json "$TMP/ms.json" "$TMP/near"
ms_header="dataset,d"
for c in published ccdbench; do
  ms_header="$ms_header,$c mean_us,$c p99_us,$c mi_hits,$c fp,$c fn"
done
[ "$(sed -n 1p "$TMP/out")" = "$ms_header" ] || fail "ms-sweep header: $(sed -n 1p "$TMP/out")"
sed -n '2,/^$/p' "$TMP/out" | grep -v '^$' >"$TMP/ms.csv"
[ "$(cut -d, -f2 "$TMP/ms.csv" | tr '\n' ' ')" = "0 1e-08 1e-06 0.0001 0.001 0.01 0 1e-08 1e-06 0.0001 0.001 0.01 " ] ||
  fail "ms-sweep rows (VF, then EE, six d each): $(cut -d, -f2 "$TMP/ms.csv" | tr '\n' ' ')"
cut -d, -f3- "$TMP/ms.csv" | tr ',' '\n' | grep -qv '^[0-9][0-9.e+-]*$' &&
  fail "ms-sweep: a cell is not a number: $(cat "$TMP/ms.csv")"
# both configurations are conservative against the truth at d
[ "$(cut -d, -f7,12 "$TMP/ms.csv" | tr ',' '\n' | sort -u)" = 0 ] ||
  fail "ms-sweep: false negatives against the truth at d: $(cat "$TMP/ms.csv")"
fp_sweep=$(awk -F, '$2 == "0.01" { s += $11 } END { print s + 0 }' "$TMP/ms.csv")
[ "$fp_sweep" = "$fp_at_d" ] ||
  fail "ms-sweep: FP at d = 1e-2 is $fp_sweep, run --ms 1e-2 gives $fp_at_d (the truth at d)"
[ "$fp_sweep" -lt "$fp" ] ||
  fail "ms-sweep: FP at d = 1e-2 is $fp_sweep, not fewer than $fp against the d = 0 truth"
grep -q '"preset": "ms-sweep"' "$TMP/ms.json" || fail "ms-sweep: the result file names no preset"
[ "$(grep -c '"sweep_value": ' "$TMP/ms.json")" = 6 ] || fail "ms-sweep: not six runs"
grep -q '"tight-inclusion@published"' "$TMP/ms.json" ||
  fail "ms-sweep: no published configuration in the result file"
# report prints the same table back, and Figure 11 with one pair of curves per
# configuration under the preset's labels, d = 0 at a tic of its own
expect_status 0 "$CCDBENCH" report --table ms-sweep --format csv "$TMP/ms.json"
[ "$(sed -n 1p "$TMP/out")" = "$ms_header" ] || fail "report ms-sweep header: $(sed -n 1p "$TMP/out")"
[ "$(sed 1d "$TMP/out" | cut -d, -f1-2,5-7,10-12)" = "$(cut -d, -f1-2,5-7,10-12 "$TMP/ms.csv")" ] ||
  fail "report ms-sweep: counts differ from the run's"
expect_status 0 "$CCDBENCH" report "$TMP/ms.json"
# (the title is wrapped at 100 columns: read it as one line)
head -n 3 "$TMP/out" | tr '\n' ' ' |
  grep -q '^Minimum-separation sweep: .*FP and FN against the *truth at d' ||
  fail "report ms-sweep: the scoring is not in the title"
expect_status 0 "$CCDBENCH" report --no-render --output-dir "$TMP/msfig" "$TMP/ms.json"
[ "$(grep -c '^"' "$TMP/msfig/fig11.dat")" = 2 ] || fail "fig11: not two blocks: $(cat "$TMP/msfig/fig11.dat")"
grep -q '^"published (n = [0-9]*)"$' "$TMP/msfig/fig11.dat" || fail "fig11: no published curve"
grep -q '^"ccdbench (n = [0-9]*)"$' "$TMP/msfig/fig11.dat" || fail "fig11: no ccdbench curve"
grep -q "set xtics add ('0' " "$TMP/msfig/fig11.gp" || fail "fig11: d = 0 has no tic"
# the published configuration is the search alone: no setting reaches the other
expect_status 2 "$CCDBENCH" run --preset ms-sweep --param tight-inclusion@published.start=prove "$TMP/near"
expect_stderr "^ccdbench: --preset ms-sweep: "

# --- errors -----------------------------------------------------------------
expect_status 2 "$CCDBENCH" run --preset nope "$DATA1"
expect_stderr "^ccdbench: --preset: no preset 'nope' \(known: paper-table1, paper-table2, ms-sweep\)$"
[ "$(wc -l <"$TMP/err")" = 1 ] || fail "unknown preset: not one line: $(cat "$TMP/err")"
for extra in "--ms 1e-3" "--delta 1e-3" "--param tight-inclusion.delta=1e-3" "--norm 2" \
  "--t-max 0.5" "--sweep ms=1,2"; do
  # shellcheck disable=SC2086
  expect_status 2 "$CCDBENCH" run --preset paper-table2 $extra "$DATA1"
  expect_stderr "^ccdbench: --preset paper-table2: "
done
finish
