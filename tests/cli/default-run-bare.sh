#!/bin/sh
# SPDX-License-Identifier: MIT
# The bare `ccdbench run` (the quick start) and `run --detail`: the shipped
# dataset, the default methods, the summary and its notes.  Full tier only: each
# run takes about 12 s on 2 cores (tight-inclusion on the degenerate generated
# queries), three times that under ASan; scripts/bootstrap runs the bare `run` once
# more as the quick start.
. "$CCD_SRCDIR/tests/support/lib.sh"
full_tier_only "two bare runs of about 12 s each"

# From a directory where the source tree's datasets/ is not reachable by a relative path.
cd "$TMP" || exit 1
# Bare `ccdbench run`: every built-in method but irf, uirf, additive-ccd (minutes),
# tight-inclusion-scalar (tight-inclusion's answers again) and msrf
# (minimum separation only) on both shipped sets (default: 5 families, generated:
# 14; both kinds), scored against the shipped truth.
expect_status 0 env -u CCD_DATADIR -u CCD_TRUTHDIR "$CCDBENCH" run
# The default output is the summary: it fits in 100 columns, opens with one row
# per method, then one block per set and kind, and explains its columns.
# (the line naming the truth files holds a path, as long as the installation's)
awk '!/^exact truth from / && length > 100 { exit 1 }' "$TMP/out" ||
  fail "bare run: a line over 100 columns: $(awk 'length > 100' "$TMP/out")"
head -n 1 "$TMP/out" | grep -q '^Per method, all queries$' || fail "bare run: no per-method summary first"
grep -q '^method  *queries  *positives  *FP  *FP %  *FN  *mean µs  *median µs  *p99 µs  *speed$' "$TMP/out" ||
  fail "bare run: not the summary's columns"
grep -q '^tight-inclusion  *3636  .*1.00×$' "$TMP/out" || fail "bare run: tight-inclusion is not the reference"
grep -q '^Per set and kind$' "$TMP/out" || fail "bare run: no per-set block"
ran=$(awk '/^method / { h = 1; next } h && /^$/ { exit } h { n++ } END { print n + 0 }' "$TMP/out")
[ "$ran" -ge 5 ] || fail "bare run: $ran methods in the summary"
[ "$(grep -c '^\(default\|generated\)  *\(VF\|EE\)  ' "$TMP/out")" -eq $((4 * ran)) ] ||
  fail "bare run: not one row per set, kind and method"
grep -q '^speed: mean time of tight-inclusion / mean time of the method' "$TMP/out" || fail "bare run: speed not explained"
expect_status 0 env -u CCD_DATADIR -u CCD_TRUTHDIR "$CCDBENCH" run --detail
methods=$(($("$CCDBENCH" methods | tail -n +2 | grep -c '^[^ ]') - 5)) # a row per method
# the table is split into panels of at most 100 columns, each with every row:
# count the rows of the first
awk '/^set / { on++ } on == 1 && /^$/ { exit } on == 1' "$TMP/out" >"$TMP/panel1"
[ "$(grep -c '^default ' "$TMP/panel1")" -eq $((10 * methods)) ] ||
  fail "bare run: not one row per default family, kind and method"
[ "$(grep -c '^generated ' "$TMP/panel1")" -eq $((28 * methods)) ] ||
  fail "bare run: not one row per generated family, kind and method"
grep -Eq '^(default|generated) .* (irf|uirf|additive-ccd|tight-inclusion-scalar) ' "$TMP/out" &&
  fail "bare run ran irf, uirf, additive-ccd or tight-inclusion-scalar"
grep -q '^3636 queries; truth from labels for 0, exact for 3636; ' "$TMP/out" ||
  fail "bare run: not all exact truth: $(tail -n 3 "$TMP/out")"
grep -q '^exact truth from the shipped truth files .*/ground_truth$' "$TMP/out" ||
  fail "bare run: not scored against the shipped truth: $(tail -n 3 "$TMP/out")"
grep -q '^toi > exact: reported toi after the exact one' "$TMP/out" || fail "--detail: toi columns not explained"
grep -q '^not run unless named or with --methods all: irf, uirf, additive-ccd' "$TMP/out" ||
  fail "bare run: no note on the methods left out"
grep -Eq '^(default|generated) .* msrf ' "$TMP/out" && fail "bare run ran msrf"
grep -q '^msrf not run: minimum separation only' "$TMP/out" || fail "bare run: no note on msrf"
grep -q 'toi > exact' "$TMP/out" || fail "bare run: no toi columns"
# The exact method is exact: no FP, FN or toi violation (columns FP, FN of the
# first panel; "toi > exact" in the panel that has it, its number right-aligned
# under the title's end)
awk '$4 == "exact" && ($7 != 0 || $8 != 0) { bad = 1 } END { exit bad }' "$TMP/panel1" ||
  fail "bare run: the exact method disagrees with the shipped truth"
LC_ALL=C awk '/^set / { h = $0; gsub(/[\200-\277]/, "", h); p = index(h, "toi > exact")
    e = p ? p + 10 : 0; found += e > 0; next }
  /^$/ { e = 0 }
  e && $4 == "exact" { n = split(substr($0, 1, e), f, " "); if (f[n] != 0) bad = 1; rows++ }
  END { exit bad || !found || !rows }' "$TMP/out" ||
  fail "bare run: the exact method has toi violations (or no 'toi > exact' column)"
finish
