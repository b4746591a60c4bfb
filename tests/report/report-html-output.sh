#!/bin/sh
# SPDX-License-Identifier: MIT
# The HTML report for reading (issue 33, "Output"): Table 1 comes first and the
# run summary after it; every nonzero false-negative count is highlighted, in
# every table; Figure 7's per-method panels are one small-multiples figure;
# numbers are rounded for reading with the full number in a tooltip.
. "$CCD_SRCDIR/tests/support/lib.sh"

# synthetic.json: root-parity misses one parallel EE query (FN 1)
cd "$CCD_SRCDIR/tests/report" || exit 1
expect_status 0 "$CCDBENCH" report --format html --by-family synthetic.json
cp "$TMP/out" "$TMP/page.html"
cd "$TMP" || exit 1

# line numbers: Table 1 before the summary, the summary before the other tables
at() { grep -n "$1" "$TMP/page.html" | head -n 1 | cut -d: -f1; }
t1=$(at 'id="table-table1"'); sum=$(at 'id="table-summary"'); st=$(at 'id="table-stats"')
[ -n "$t1" ] && [ -n "$sum" ] && [ -n "$st" ] || fail "page: table1, summary or stats missing"
[ "${t1:-0}" -lt "${sum:-0}" ] || fail "Table 1 (line $t1) is not before the run summary (line $sum)"
[ "${sum:-0}" -lt "${st:-0}" ] || fail "the run summary (line $sum) is not before the statistics"

# fn_cells ID: the highlighted cells of table ID, as data-v values
fn_cells() {
  awk -v id="id=\"table-$1\"" 'index($0, id) { on = 1 } on && /<\/table>/ { on = 0 } on' \
    "$TMP/page.html" | grep -o 'class="num fn" data-v="[^"]*"' | sed 's/.*data-v="//; s/"$//'
}
for id in table1 table1-families summary summary-sets stats; do
  fn_cells $id >"$TMP/fn"
  [ -s "$TMP/fn" ] || fail "table $id: the nonzero FN is not highlighted"
  grep -qx '0' "$TMP/fn" && fail "table $id: a zero highlighted as a false negative"
done
# every fn cell (a column fn, or Table 1's FN row) that is nonzero is highlighted
awk '/<tr data-row=/ && /<td>FN<\/td>/' "$TMP/page.html" | grep -o '<td class="num[^"]*" data-v="[1-9][^"]*"' |
  grep -v 'num fn' && fail "a nonzero FN of an FN row is not highlighted"

# Figure 7: one figure of small multiples holding every per-method panel
if command -v gnuplot >/dev/null 2>&1; then
  [ "$(grep -c '<figure class="multiples" id="fig7">' "$TMP/page.html")" -eq 1 ] ||
    fail "Figure 7 is not one small-multiples figure"
  awk '/<figure class="multiples" id="fig7">/ { on = 1; next } on && /^<\/figure>$/ { depth-- }
    on && /<figure id="figure-fig7-/ { depth++; n++ } on && depth < 0 { exit } END { print n + 0 }' \
    "$TMP/page.html" >"$TMP/panels"
  [ "$(cat "$TMP/panels")" -eq 3 ] || fail "Figure 7: $(cat "$TMP/panels") panels inside, not the 3 methods"
  [ "$(grep -c '^<figcaption>Figure 7' "$TMP/page.html")" -eq 1 ] || fail "Figure 7: not one caption"
fi

# a delta of 1e-6 (9.9999999999999995e-07 at %.17g) reads 1e-06, the full number in title=
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --delta 1e-6 --json "$TMP/d.json" \
  "$DEFAULT_DATA/touching"
expect_status 0 "$CCDBENCH" report --format html "$TMP/d.json"
grep -q '<code title="[^"]*delta&quot;: 9.9999999999999995e-07[^"]*">[^<]*delta&quot;: 1e-06' \
  "$TMP/out" || fail "parameters: delta not shown as 1e-06 with the full number in title="
# a table cell at full precision is shown rounded, in full in data-v and title=
grep -o '<td class="num[^"]*" data-v="[^"]*" title="[^"]*">[^<]*' "$TMP/out" >"$TMP/titled" || true
awk -F'"' '{ split($0, a, ">"); shown = a[2]; if (length(shown) > 12 || $4 != $6) exit 1 }' \
  "$TMP/titled" || fail "a titled cell is not rounded, or its title is not its data-v"
finish
