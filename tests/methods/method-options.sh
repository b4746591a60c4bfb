#!/bin/sh
# SPDX-License-Identifier: MIT
# Method options: `--param METHOD.KEY=VALUE`, the shorthand flags that set the
# option of every method declaring it, `methods --details`, the errors (exit 2,
# one line naming the valid keys), the effect on results and their record in the
# result file, and merge refusing runs with other option values.
. "$CCD_SRCDIR/tests/support/lib.sh"

# methods --details lists each option with type, default, range and help.
expect_status 0 "$CCDBENCH" methods --details
grep -Eq '^    tight-inclusion\.delta +double +default 1e-06 +range \(0, inf\) +[a-z]' "$TMP/out" ||
  fail "methods --details: no tight-inclusion.delta line: $(cat "$TMP/out")"
grep -Eq '^    tight-inclusion\.filter +enum +default linear +range linear\|paper\|clamped ' \
  "$TMP/out" || fail "methods --details: no tight-inclusion.filter line"
grep -Eq '^    fprf\.eta +double +default 0 ' "$TMP/out" || fail "methods --details: no fprf.eta"
awk 'length > 100' "$TMP/out" | grep -q . && fail "methods --details: a line over 100 columns"
expect_status 0 "$CCDBENCH" methods
grep -q 'tight-inclusion\.delta' "$TMP/out" && fail "methods without --details lists options"
# Every line fits in 100 columns: long capabilities and summaries wrap under their
# column.
awk 'length > 100' "$TMP/out" | grep -q . && fail "methods: a line over 100 columns: $(awk 'length > 100' "$TMP/out")"
grep -q ' $' "$TMP/out" && fail "methods: trailing blanks"
grep -Eq '^exact +toi,conservative,' "$TMP/out" && grep -Eq '^ +min-separation,exact,rationals +' "$TMP/out" ||
  fail "methods: exact's capabilities not wrapped after a comma"

# Errors: unknown method, unknown key (the valid keys named), wrong type, range.
expect_status 2 "$CCDBENCH" run --param nosuch.delta=1 "$DEFAULT_DATA"
expect_stderr "^ccdbench: --param: no method 'nosuch'"
expect_status 2 "$CCDBENCH" run --param tight-inclusion.nokey=1 "$DEFAULT_DATA"
expect_stderr "^ccdbench: --param: method 'tight-inclusion' has no option 'nokey' \(its options: delta, max_checks, filter"
expect_status 2 "$CCDBENCH" run --param tight-inclusion.max_checks=1.5 "$DEFAULT_DATA"
expect_stderr "^ccdbench: --param tight-inclusion.max_checks: max_checks: '1.5' is not an integer"
expect_status 2 "$CCDBENCH" run --param fprf.eta=-1 "$DEFAULT_DATA"
expect_stderr "^ccdbench: --param fprf.eta: eta: -1 is not in \[0, inf\]"
expect_status 2 "$CCDBENCH" run --param tight-inclusion.filter=fast "$DEFAULT_DATA"
expect_stderr "is not linear, paper or clamped"
expect_status 2 "$CCDBENCH" run --param tight-inclusion-delta "$DEFAULT_DATA"
expect_stderr "^ccdbench: --param: 'tight-inclusion-delta' is not METHOD.KEY=VALUE"
expect_status 2 "$CCDBENCH" run --delta 0 "$DEFAULT_DATA"
expect_stderr "^ccdbench: --delta: delta: 0 is not in \(0, inf\)"
# A shorthand's value is checked even when no selected method declares it.
expect_status 2 "$CCDBENCH" run --methods exact --eta -1 "$DEFAULT_DATA"
expect_stderr "^ccdbench: --eta: eta: -1 is not in \[0, inf\]"
for f in "$TMP"/err; do [ "$(wc -l <"$f")" -eq 1 ] || fail "more than one line on stderr"; done

# Columns of --format csv: 4 method, 7 FP, 14 max_checks_hits.
row() { awk -F, -v m="$1" '$4 == m { fp += $7; hits += $14 } END { print fp + 0, hits + 0 }' "$TMP/out"; }

# Defaults: --param with the default value changes nothing.
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --format csv "$DEFAULT_DATA"
base_ti=$(row tight-inclusion); base_fprf=$(row fprf)
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --format csv \
  --param tight-inclusion.delta=1e-6 --param fprf.eta=0 "$DEFAULT_DATA"
[ "$(row tight-inclusion)" = "$base_ti" ] && [ "$(row fprf)" = "$base_fprf" ] ||
  fail "explicit default values changed the results"

# A coarse delta makes Tight Inclusion report more false positives (its search's:
# with the time advance, after the first check, the certified slabs answer most
# queries whatever delta is, so the search runs alone here).
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --format csv \
  --param tight-inclusion.advance=0 "$DEFAULT_DATA"
base_search=$(row tight-inclusion)
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --format csv \
  --param tight-inclusion.advance=0 --param tight-inclusion.delta=0.5 "$DEFAULT_DATA"
coarse=$(row tight-inclusion)
[ "${coarse%% *}" -gt "${base_search%% *}" ] ||
  fail "tight-inclusion.delta=0.5: FP $coarse not above the default delta's $base_search"
# The shorthand sets the option of every method declaring it: the same result.
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --format csv --delta 0.5 \
  --param tight-inclusion.advance=0 "$DEFAULT_DATA"
[ "$(row tight-inclusion)" = "$coarse" ] || fail "--delta 0.5 differs from --param ...delta=0.5"
# --param wins over the shorthand, for its method only.
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,tight-inclusion-scalar --format csv \
  --delta 0.5 --param tight-inclusion.delta=1e-6 --param tight-inclusion.advance=0 \
  --param tight-inclusion-scalar.advance=0 "$DEFAULT_DATA"
[ "$(row tight-inclusion)" = "$base_search" ] || fail "--param did not override --delta"
[ "$(row tight-inclusion-scalar)" = "$coarse" ] || fail "--delta did not reach tight-inclusion-scalar"
# A small max_checks stops early.
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --format csv \
  --param tight-inclusion.max_checks=2 "$DEFAULT_DATA"
hits=$(row tight-inclusion)
[ "${hits#* }" -gt 0 ] || fail "tight-inclusion.max_checks=2: no early stop ($hits)"

# The result file records every method's options; merge refuses other values.
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --json "$TMP/a.json" \
  --shard 0/2 "$DEFAULT_DATA"
grep -q '"options": {"tight-inclusion": {"delta": 9.9999999999999995e-07, "max_checks": 1000000, "filter": "linear"' \
  "$TMP/a.json" || fail "result file: no options of tight-inclusion: $(grep params "$TMP/a.json")"
grep -q '"fprf": {"eta": 0}' "$TMP/a.json" || fail "result file: no options of fprf"
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --json "$TMP/b.json" \
  --shard 1/2 --param fprf.eta=1e-3 "$DEFAULT_DATA"
expect_status 2 "$CCDBENCH" merge "$TMP/m.json" "$TMP/a.json" "$TMP/b.json"
expect_stderr "b.json: .*its parameters differ"
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --json "$TMP/c.json" \
  --shard 1/2 "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" merge "$TMP/m.json" "$TMP/a.json" "$TMP/c.json"
grep -q '"fprf": {"eta": 0}' "$TMP/m.json" || fail "merge lost the options"

# M@NAME: method M in a configuration of its own, its options set apart from M's
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,tight-inclusion@wide \
  --param tight-inclusion@wide.delta=1e-2 --json "$TMP/v.json" "$DEFAULT_DATA"
grep -q '"tight-inclusion@wide": {"delta": 0.01,' "$TMP/v.json" ||
  fail "M@NAME: its own delta is not in the result file"
grep -q '"tight-inclusion": {"delta": 9.9999999999999995e-07' "$TMP/v.json" ||
  fail "M@NAME: the setting reached M"
expect_status 2 "$CCDBENCH" run --methods tight-inclusion@wide --param tight-inclusion@wide.nope=1 \
  "$DEFAULT_DATA"
expect_stderr "^ccdbench: --param: method 'tight-inclusion@wide' has no option 'nope'"
expect_status 2 "$CCDBENCH" run --methods nope@wide "$DEFAULT_DATA"
expect_stderr "unknown method 'nope@wide'"
expect_status 2 "$CCDBENCH" run --methods tight-inclusion --param tight-inclusion@wide.delta=1 \
  "$DEFAULT_DATA"
expect_stderr "^ccdbench: --param: no method 'tight-inclusion@wide'"

finish
