#!/bin/sh
# SPDX-License-Identifier: MIT
# Every long option that a command's --help prints is documented in docs/.  The
# commands are those `ccdbench --help` lists, and their subcommands: those a
# command's usage line names (`eval|check|bench`) or, when it says COMMAND, those
# listed under "Commands:" (`contact check`, `contact polyhedra pair`, `contact
# scaling bench`, ...).  An option counts as documented when `--name`, as a whole
# word, is on the command's page: a page of docs/ with a heading that names
# `ccdbench CMD` (or, failing that, the command it is a subcommand of), or any
# page of docs/ when no heading names the command.  `--help` itself is
# documented once, for every command.  Each missing one is printed with its
# command and the pages looked at.
. "$CCD_SRCDIR/tests/support/lib.sh"

docs="$CCD_SRCDIR/docs"
ls "$docs"/*.md >/dev/null 2>&1 || { fail "no docs/*.md (is docs/ in the tarball?)"; finish; }

# The commands of `ccdbench --help`: the names before the description, under
# "Commands:", up to the first blank line ("bench io" is two words).
expect_status 0 "$CCDBENCH" --help
awk '/^Commands:/ { on = 1; next } on && /^$/ { exit }
     on && /^  [a-z]/ { sub(/^  /, ""); sub(/  .*/, ""); print }' "$TMP/out" >"$TMP/commands"
[ "$(wc -l <"$TMP/commands")" -ge 10 ] ||
  fail "ccdbench --help lists too few commands: $(tr '\n' ' ' <"$TMP/commands")"

: >"$TMP/checked"
: >"$TMP/missing"
# Once: the headings of every page, and the long options each page names (the
# whole word: the longest match, so --max is not in --max-digits).
awk '/^```/ { code = !code; next }
     !code && /^#+ / { print FILENAME "\t" $0 }' "$docs"/*.md >"$TMP/headings"
awk '{ s = $0
       while (match(s, /--[a-z][a-z0-9-]*/)) {
         print FILENAME "\t" substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) } }' \
  "$docs"/*.md | sort -u >"$TMP/page-options"
# check CMD...: the long options of `ccdbench CMD... --help` against the pages
# of the longest prefix of "ccdbench CMD..." that a heading names (all pages
# when none does), then its subcommands (one awk per command: the test spawns
# few processes).
check() {
  if ! "$CCDBENCH" "$@" --help >"$TMP/help" 2>"$TMP/help-err"; then
    fail "ccdbench $* --help: exit status not 0: $(head -n 1 "$TMP/help-err")"
    return
  fi
  echo "$*" >>"$TMP/checked"
  awk -v cmd="$*" -v src="$CCD_SRCDIR/" -v help="$TMP/help" -v heads="$TMP/headings" '
    FILENAME == help {
      s = $0
      while (match(s, /--[a-z][a-z0-9-]*/)) {
        o = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        if (o != "--help" && !(o in opt)) { opt[o] = 1; order[++nopt] = o } }
      # Subcommands: `Usage: ccdbench CMD a|b|c` or, with COMMAND, "Commands:".
      if (!usage && /^Usage: /) { usage = 1; next_word = $(split(cmd, w, " ") + 3) }
      if (/^Commands:/) { in_cmds = 1; next }
      if (in_cmds && /^$/) in_cmds = 0
      if (in_cmds && next_word == "COMMAND" && /^  [a-z]/) print "SUB " $1
      next }
    FILENAME == heads { split($0, f, "\t"); head[FNR] = f[2]; headpage[FNR] = f[1]; nhead = FNR; next }
    { documented[$1, $2] = 1; page[$1] = 1 }
    END {
      if (index(next_word, "|")) { n = split(next_word, sub_, "|"); for (i = 1; i <= n; i++) print "SUB " sub_[i] }
      nw = split(cmd, w, " ")
      for (k = nw; k >= 1 && !npages; k--) {
        prefix = w[1]; for (i = 2; i <= k; i++) prefix = prefix " " w[i]
        for (h = 1; h <= nhead; h++)
          if (head[h] ~ ("ccdbench " prefix "([^a-z0-9-]|$)") && !(headpage[h] in chosen)) {
            chosen[headpage[h]] = 1; npages++ } }
      if (!npages) for (p in page) chosen[p] = 1
      where = ""
      if (npages) for (p in chosen) { q = p; sub(src, "", q); where = where " " q }
      else where = " docs/"
      for (i = 1; i <= nopt; i++) {
        found = 0
        for (p in chosen) if ((p, order[i]) in documented) found = 1
        if (!found) print "MISSING ccdbench " cmd ": " order[i] " (not in" where ")" } }
  ' "$TMP/help" "$TMP/headings" "$TMP/page-options" >"$TMP/found"
  sed -n 's/^MISSING //p' "$TMP/found" >>"$TMP/missing"
  for s in $(sed -n 's/^SUB //p' "$TMP/found"); do
    check "$@" "$s"
  done
}
while read -r cmd; do
  # shellcheck disable=SC2086
  check $cmd
done <"$TMP/commands"

# The walk reached the subcommands (else a change of the help layout would make
# this test check nothing below the top level).
for c in "contact check" "contact polyhedra pair" "contact potential eval" "contact scaling check" "bench io"; do
  grep -qxF "$c" "$TMP/checked" || fail "ccdbench $c --help was not reached from ccdbench --help"
done
grep -q '	--help$' "$TMP/page-options" || echo "ccdbench: --help (not in docs/)" >>"$TMP/missing"
if [ -s "$TMP/missing" ]; then
  fail "options printed by --help that no page of docs/ names:
$(cat "$TMP/missing")"
fi
finish
