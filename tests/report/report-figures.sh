#!/bin/sh
# SPDX-License-Identifier: MIT
# The figures of `ccdbench report` as a reviewer gets them: every log axis has
# power-of-ten tick labels, time and length axes name their unit, legends give
# query counts, the palette is Okabe–Ito, a PDF is drawn when gnuplot has
# pdfcairo, and a figure left out for want of --figure-method's method is named
# on stderr with the reason.
. "$CCD_SRCDIR/tests/support/lib.sh"

# check_scripts DIR: the .gp files in DIR.
check_scripts() {
  for gp in "$1"/*.gp; do
    n=$(basename "$gp")
    # each axis of a `set logscale` has the format 10^{%L} in the same script
    for axis in $(sed -n "s/^set logscale \([xy]*\).*/\1/p" "$gp" | fold -w1 | sort -u); do
      grep -q "^set format $axis '10^{%L}'" "$gp" ||
        fail "$n: log $axis axis without power-of-ten labels (set format $axis '10^{%L}')"
    done
    grep -q '^set xlabel ' "$gp" || fail "$n: no x axis label"
    grep -q '^set ylabel ' "$gp" || fail "$n: no y axis label"
    # a time axis says µs; a δ or d axis says it is a length
    grep -E "^set [xy]label '[^']*(time|δ|separation)" "$gp" |
      grep -Ev "\((µs|length units of the input)\)'" |
      while read -r l; do echo "$n: axis without its unit: $l"; done >"$TMP/units"
    [ ! -s "$TMP/units" ] || fail "$(cat "$TMP/units")"
    grep -q "^set linetype 1 lc rgb '#0072B2'" "$gp" || fail "$n: not the Okabe-Ito palette"
    grep -q "set terminal pdfcairo" "$gp" || fail "$n: no PDF terminal"
  done
}

expect_status 0 "$CCDBENCH" report --no-render --output-dir "$TMP/r" \
  "$CCD_SRCDIR/tests/report/synthetic.json"
check_scripts "$TMP/r"
grep -Eq "title '[a-z]+ (VF|EE) \(n = [0-9]+\)'" "$TMP/r/fig1.gp" || fail "fig1: no query counts in the legend"
grep -q "ytics add ('0'" "$TMP/r/fig1.gp" || fail "fig1: no 0 on the count axes"
grep -Eq "title 'positive \(n = [0-9]+\)'" "$TMP/r/fig7-fprf.gp" || fail "fig7: no query counts in the legend"
# the fig7 panels share their axes: one xrange and one yrange per script
[ "$(grep -c '^set xrange' "$TMP/r/fig7-fprf.gp")" = 3 ] || fail "fig7: not one x range (per terminal)"

# Sweeps: fig8, fig15 (delta) and fig9 (max-checks), and their scripts.
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --sweep delta=1e-4,1e-2 \
  --json "$TMP/delta.json" "$DEFAULT_DATA/crossing"
expect_status 0 "$CCDBENCH" run --methods tight-inclusion --sweep max-checks=1e2,1e3 \
  --json "$TMP/checks.json" "$DEFAULT_DATA/crossing"
expect_status 0 "$CCDBENCH" report --no-render --output-dir "$TMP/s" "$TMP/delta.json" "$TMP/checks.json"
for f in fig8 fig9 fig15; do
  [ -s "$TMP/s/$f.gp" ] || fail "report of the sweeps: no $f.gp"
done
check_scripts "$TMP/s"
[ ! -s "$TMP/err" ] || fail "report of the sweeps: stderr: $(cat "$TMP/err")"
grep -q '^set multiplot layout 2,1 margins ' "$TMP/s/fig15.gp" || fail "fig15: panel margins not fixed"

# --figure-method naming a method not in the sweeps: fig8 and fig9 left out, and said so.
expect_status 0 "$CCDBENCH" report --no-render --figure-method bsc --output-dir "$TMP/b" \
  "$TMP/delta.json" "$TMP/checks.json"
[ ! -e "$TMP/b/fig8.gp" ] && [ ! -e "$TMP/b/fig9.gp" ] || fail "--figure-method bsc: fig8 or fig9 drawn"
[ -s "$TMP/b/fig15.gp" ] || fail "--figure-method bsc: no fig15"
grep -q "^report: fig8 left out: no delta sweep has method 'bsc' (--figure-method; the first has tight-inclusion, fprf)$" \
  "$TMP/err" || fail "--figure-method bsc: fig8 not named on stderr: $(cat "$TMP/err")"
grep -q "^report: fig9 left out: the max-checks sweep has no method 'bsc'" "$TMP/err" ||
  fail "--figure-method bsc: fig9 not named on stderr: $(cat "$TMP/err")"

# Rendering: SVG, PNG and, when this gnuplot has pdfcairo, PDF.
if ! command -v gnuplot >/dev/null 2>&1; then
  echo "SKIP rendering: no gnuplot" >&2
  finish
fi
expect_status 0 "$CCDBENCH" report --output-dir "$TMP/g" "$TMP/delta.json"
for f in fig8 fig15; do
  for ext in svg png; do
    [ -s "$TMP/g/$f.$ext" ] || fail "gnuplot did not draw $f.$ext"
  done
done
if gnuplot -e 'set terminal' 2>&1 | grep -q '^ *pdfcairo '; then
  for f in fig8 fig15; do
    head -c 5 "$TMP/g/$f.pdf" 2>/dev/null | grep -q '^%PDF-' || fail "gnuplot did not draw $f.pdf"
  done
else
  echo "SKIP PDF: this gnuplot has no pdfcairo terminal" >&2
  grep -q "fig8.gp: this gnuplot has no pdfcairo terminal: fig8.pdf not drawn" "$TMP/err" ||
    fail "no pdfcairo: not said on stderr"
fi
finish
