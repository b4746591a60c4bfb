#!/bin/sh
# SPDX-License-Identifier: MIT
# `ccdbench report --format html --output FILE`: one self-contained page with
# the run summary, every table of the report, the figures as inline SVG and the
# runs' facts; nothing fetched from elsewhere; without gnuplot the tables alone
# and a note on stderr.  Then the page in a real browser (headless Chromium):
# it renders (a non-trivial screenshot), its script raises no error, the tables
# and figures are in the rendered DOM, and a click on a header sorts the rows
# numerically (the #selftest fragment, see src/report/report_html.h), in the
# order `sort -g` gives.  Skipped (77) after the first part without Chromium.
. "$CCD_SRCDIR/tests/support/lib.sh"

# A run of two methods and a delta sweep (fig8, fig15): a-run.json sorts first,
# so its statistics table is stats-1.
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --json "$TMP/a-run.json" \
  "$DEFAULT_DATA"
expect_status 0 "$CCDBENCH" run --methods tight-inclusion,fprf --sweep delta=1e-4,1e-2 \
  --json "$TMP/b-delta.json" "$DEFAULT_DATA/crossing"
RESULTS="$TMP/a-run.json $TMP/b-delta.json"

# The tables and figures `report` makes of these files.
# shellcheck disable=SC2086
expect_status 0 "$CCDBENCH" report --format json $RESULTS
sed -n 's/^{"name": "\([^"]*\)".*/\1/p' "$TMP/out" >"$TMP/tables"
# shellcheck disable=SC2086
expect_status 0 "$CCDBENCH" report --no-render --output-dir "$TMP/dir" $RESULTS
(cd "$TMP/dir" && ls ./*.gp | sed 's|^\./||; s|\.gp$||' | sort) >"$TMP/figures"
[ "$(wc -l <"$TMP/tables")" -ge 3 ] || fail "report --format json: expected 3 tables or more"
grep -qx fig8 "$TMP/figures" || fail "report --output-dir: no fig8 for the delta sweep"

# tables_of FILE: the ids of the tables of the report set in an HTML page.
tables_of() {
  grep -o '<table class="sortable" id="table-[^"]*"' "$1" | sed 's/.*id="table-//; s/"$//' |
    grep -v '^summary'
}

# check_page FILE: one HTML document holding every table, nothing external.
check_page() {
  [ "$(head -n 1 "$1")" = '<!DOCTYPE html>' ] || fail "$1: does not start with <!DOCTYPE html>"
  [ "$(tail -n 1 "$1")" = '</html>' ] || fail "$1: does not end with </html>"
  [ "$(grep -c '<html' "$1")" = 1 ] || fail "$1: not one <html> element"
  grep -Eiq '<link|<script[^>]*src|<img|<iframe|@import|url\((https?:)?//|(src|href)=["'\'']?(https?:)?//' "$1" &&
    fail "$1: refers to something outside the page: $(grep -Eio '<link[^>]*|<script[^>]*src[^>]*|(src|href)=["'\'']?(https?:)?//[^ >]*' "$1" | head -n 3)"
  grep -q '<?xml\|<!DOCTYPE svg' "$1" && fail "$1: an SVG prolog inside the page"
  tables_of "$1" | diff "$TMP/tables" - >/dev/null ||
    fail "$1: not the tables of report --format json: $(tables_of "$1" | tr '\n' ' ')"
  for id in table-summary table-summary-sets ccd-errors ccd-selftest; do
    grep -q "id=\"$id\"" "$1" || fail "$1: no #$id"
  done
  for what in 'ccdbench [0-9]' '&quot;delta&quot;: ' 'cores' 'tight-inclusion, fprf'; do
    grep -q "$what" "$1" || fail "$1: the runs' facts lack /$what/"
  done
}

# The page without gnuplot: the tables, a note in the page and on stderr.
# shellcheck disable=SC2086
expect_status 0 "$CCDBENCH" report --format html --gnuplot "$TMP/no-gnuplot" \
  --output "$TMP/tables.html" $RESULTS
check_page "$TMP/tables.html"
[ ! -s "$TMP/out" ] || fail "report --output: wrote on stdout: $(head -c 200 "$TMP/out")"
grep -q '^report: figures not drawn: .*no-gnuplot not found: the HTML report has the tables only$' \
  "$TMP/err" || fail "no gnuplot: not said on stderr: $(cat "$TMP/err")"
grep -q 'id="figures-skipped"' "$TMP/tables.html" || fail "no gnuplot: the page does not say so"
grep -q '<svg' "$TMP/tables.html" && fail "no gnuplot: an SVG in the page"

# Usage errors name every format; html is one page of everything.
expect_status 2 "$CCDBENCH" report --format xml "$TMP/a-run.json"
expect_stderr "--format: 'xml' is not text, markdown, csv, json, latex or html$"
expect_status 2 "$CCDBENCH" report --format html --table table1 "$TMP/a-run.json"
expect_stderr "report: --format html is one page with every table and figure: not with --table$"
# A failed report leaves the page there as it was.
cp "$TMP/tables.html" "$TMP/before.html"
echo '{"format": "ccdbench-result",' >"$TMP/bad.json"
expect_status 2 "$CCDBENCH" report --format html --output "$TMP/tables.html" "$TMP/bad.json"
expect_stderr "^$TMP/bad.json:2:1: "
cmp -s "$TMP/before.html" "$TMP/tables.html" || fail "a failed report changed the page"
# An output that cannot be written fails before any work; a device is written
# through, not replaced.
expect_status 2 "$CCDBENCH" report --format html --output "$TMP/nowhere/r.html" "$TMP/bad.json"
expect_stderr "^$TMP/nowhere/r.html: cannot create"
expect_status 0 "$CCDBENCH" report --format html --no-render --output /dev/null "$TMP/a-run.json"
[ -c /dev/null ] || fail "--output /dev/null replaced the device"

if ! command -v gnuplot >/dev/null 2>&1; then
  echo "SKIP the figures and the browser: no gnuplot" >&2
  [ "$failures" -ne 0 ] && finish
  exit 77
fi
# shellcheck disable=SC2086
expect_status 0 "$CCDBENCH" report --format html --output "$TMP/report.html" $RESULTS
check_page "$TMP/report.html"
grep -o '<figure id="figure-[^"]*"' "$TMP/report.html" | sed 's/.*="figure-//; s/"$//' | sort |
  diff "$TMP/figures" - >/dev/null ||
  fail "the page's figures are not those of --output-dir ($(tr '\n' ' ' <"$TMP/figures"))"
[ "$(grep -c '^<svg' "$TMP/report.html")" = "$(wc -l <"$TMP/figures")" ] ||
  fail "not one inline <svg> per figure"
# several figures share the page: no id twice
grep -o ' id=["'\''][^"'\'']*' "$TMP/report.html" | sort | uniq -d >"$TMP/dup"
[ ! -s "$TMP/dup" ] || fail "ids defined twice: $(head -n 3 "$TMP/dup" | tr '\n' ' ')"

CHROMIUM=
for c in chromium chromium-browser google-chrome; do
  command -v "$c" >/dev/null 2>&1 && { CHROMIUM=$c; break; }
done
if [ -z "$CHROMIUM" ]; then
  echo "SKIP the browser test: no chromium (Debian package chromium)" >&2
  [ "$failures" -ne 0 ] && finish
  exit 77
fi

# One headless run: the screenshot, and the DOM after the script sorted the
# statistics table by mean time (up, then down).
mkdir -p "$TMP/home"
HOME="$TMP/home" DBUS_SESSION_BUS_ADDRESS=disabled: timeout 180 "$CHROMIUM" --headless \
  --no-sandbox --disable-gpu --no-first-run --disable-extensions --disable-sync \
  --disable-background-networking --disable-component-update --disable-dev-shm-usage \
  --user-data-dir="$TMP/profile" --enable-logging=stderr --v=0 --virtual-time-budget=5000 \
  --window-size=1280,2000 --screenshot="$TMP/shot.png" \
  --dump-dom "file://$TMP/report.html#selftest:stats-1:mean_us" >"$TMP/dom.html" 2>"$TMP/browser.err"
status=$?
[ "$status" -eq 0 ] || fail "chromium: exit status $status: $(grep -v dbus "$TMP/browser.err" | tail -n 3)"

# The screenshot: a PNG of the window's size, not one colour (a blank page of
# this size compresses to a few kB).
[ "$(od -An -c -j1 -N3 "$TMP/shot.png" 2>/dev/null | tr -d ' ')" = PNG ] || fail "no PNG screenshot"
[ "$(od -An -tu1 -j16 -N8 "$TMP/shot.png" | tr -s ' ' | sed 's/^ //')" = "0 0 5 0 0 0 7 208" ] ||
  fail "the screenshot is not 1280 x 2000"
[ "$(wc -c <"$TMP/shot.png")" -gt 40000 ] || fail "the screenshot is almost empty ($(wc -c <"$TMP/shot.png") bytes)"

# No console message (an uncaught error is one), none recorded by the page.
grep ':CONSOLE' "$TMP/browser.err" >"$TMP/console"
[ ! -s "$TMP/console" ] || fail "console: $(head -n 3 "$TMP/console")"
grep -q '<div id="ccd-errors" data-count="0" hidden=""></div>' "$TMP/dom.html" ||
  fail "the page recorded errors: $(grep -A3 'id="ccd-errors"' "$TMP/dom.html" | head -n 4)"
[ "$(tables_of "$TMP/dom.html" | wc -l)" = "$(wc -l <"$TMP/tables")" ] ||
  fail "the rendered DOM lacks tables"
[ "$(grep -c '<svg' "$TMP/dom.html")" = "$(wc -l <"$TMP/figures")" ] ||
  fail "the rendered DOM lacks figures"

# Sorting: the rows' mean times before, after one click and after two, as the
# script saw them; the same values as `report --format markdown`, and the
# orders `sort -g` (stable) gives.
sed -n 's/^before //p' "$TMP/dom.html" | tr ' ' '\n' >"$TMP/before"
sed -n 's/^ascending //p' "$TMP/dom.html" | tr ' ' '\n' >"$TMP/up"
sed -n 's/^descending //p' "$TMP/dom.html" | tr ' ' '\n' >"$TMP/down"
[ "$(wc -l <"$TMP/before")" -ge 8 ] || fail "selftest: no rows recorded: $(grep -A2 ccd-selftest "$TMP/dom.html")"
# shellcheck disable=SC2086
expect_status 0 "$CCDBENCH" report --format markdown --table stats-1 $RESULTS
awk -F' *[|] *' '/^[|] set [|]/ { for (i = 1; i <= NF; i++) if ($i == "mean µs") c = i; next }
                 c && /^[|] [^-]/ { print n++ "=" $c }' "$TMP/out" | diff - "$TMP/before" >/dev/null ||
  fail "selftest: the page's mean times are not those of report --format markdown"
sort -t= -k2,2g -s "$TMP/before" | diff - "$TMP/up" >/dev/null ||
  fail "sorting up is not numeric: $(tr '\n' ' ' <"$TMP/up")"
sort -t= -k2,2gr -s "$TMP/before" | diff - "$TMP/down" >/dev/null ||
  fail "sorting down is not numeric: $(tr '\n' ' ' <"$TMP/down")"
cmp -s "$TMP/before" "$TMP/up" && fail "selftest: the rows were in order already: sorting not tested"
finish
