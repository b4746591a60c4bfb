#!/bin/sh
# SPDX-License-Identifier: MIT
# The architecture map of README.md matches the tree: every module directory
# under src/, every public header in include/ccdbench/ and every example under
# examples/ is on the map, and every src/, include/ or examples/ path on the map
# exists.  Every link to a heading of README.md names one.  And no file cites the design digests that live outside the repository
# (../shared/notes): the papers are cited instead, and the designs that matter
# are in the tree (src/exact/DESIGN.md, src/methods/tight_inclusion_filter.md).
. "$CCD_SRCDIR/tests/cli/lib.sh"

readme="$CCD_SRCDIR/README.md"
# The map: the code block of "## Architecture" that lists include/ccdbench/.
awk '/^## / { in_arch = ($0 == "## Architecture") }
     in_arch && /^```/ { block = !block; if (!block && listed) exit; next }
     in_arch && block && /^include\/ccdbench\// { listed = 1 }
     in_arch && block && listed' "$readme" >"$TMP/map"
[ -s "$TMP/map" ] || { fail "README.md: no map of include/ccdbench/ under '## Architecture'"; finish; }

on_map() { grep -Eq "^$1([[:space:]]|$)" "$TMP/map"; }
for d in "$CCD_SRCDIR"/src/*/ "$CCD_SRCDIR"/examples/*/; do
  [ -d "$d" ] || continue
  rel=${d#"$CCD_SRCDIR"/}
  on_map "$rel" || fail "README.md: $rel is not on the architecture map"
done
for h in "$CCD_SRCDIR"/include/ccdbench/*.h; do
  [ -f "$h" ] || continue
  on_map "  $(basename "$h")" || fail "README.md: include/ccdbench/$(basename "$h") is not on the architecture map"
done
# Paths on the map (first word of a line) that name src/, include/ or examples/.
awk '{ print $1 }' "$TMP/map" | grep -E '^(src|include|examples)/' | while read -r p; do
  [ -e "$CCD_SRCDIR/$p" ] || echo "$p"
done >"$TMP/absent"
[ -s "$TMP/absent" ] && fail "README.md: on the architecture map but not in the tree: $(tr '\n' ' ' <"$TMP/absent")"
awk '$1 ~ /^[a-z_]+\.h$/ { print $1 }' "$TMP/map" | while read -r h; do
  [ -f "$CCD_SRCDIR/include/ccdbench/$h" ] || echo "$h"
done >"$TMP/absent"
[ -s "$TMP/absent" ] && fail "README.md: public header on the map but not in include/ccdbench/: $(tr '\n' ' ' <"$TMP/absent")"

# Every link to a heading, `](#anchor)`, names a heading of README.md, by GitHub's
# rule: lowercase, punctuation removed, spaces to '-', a repeated heading gets -1, -2...
LC_ALL=C awk '/^```/ { code = !code; next }
     !code && /^#+ / {
       h = tolower($0); sub(/^#+ +/, "", h)
       gsub(/[!-,.\/:-@[-^`{-~]/, "", h); gsub(/ /, "-", h)
       print (n[h]++ ? h "-" (n[h] - 1) : h) }' "$readme" >"$TMP/anchors"
grep -o '](#[^)]*)' "$readme" | sed 's/^](#//; s/)$//' | sort -u | while read -r a; do
  grep -qxF -- "$a" "$TMP/anchors" || echo "#$a"
done >"$TMP/absent"
[ -s "$TMP/absent" ] && fail "README.md: links to no heading: $(tr '\n' ' ' <"$TMP/absent")"

# Every relative link of README.md, `](path)`, names a file of the tree (relative
# to the repository root: not examples/plugin/README.md's own links).
grep -o '](\([^)#:]*\)\(#[^)]*\)\{0,1\})' "$readme" | sed 's/^](//; s/[#)].*$//' | sort -u |
  while read -r p; do
    [ -e "$CCD_SRCDIR/$p" ] || echo "$p"
  done >"$TMP/absent"
[ -s "$TMP/absent" ] && fail "README.md: links to no file of the tree: $(tr '\n' ' ' <"$TMP/absent")"

# The families README.md names are those of `ccdbench gen --list` (under
# "Generating queries") and, with the <family>-double ones it names under "Default
# dataset", those of the shipped datasets/generated.
"$CCDBENCH" gen --list | awk '{ print $1 }' | sort >"$TMP/gen-list"
awk '/^Families: / { on = 1 } on { print } on && /Details:/ { exit }' "$readme" |
  grep -o '`[a-z][a-z-]*`' | tr -d '`' | sort >"$TMP/readme-families"
[ -s "$TMP/gen-list" ] && cmp -s "$TMP/gen-list" "$TMP/readme-families" ||
  fail "README.md: the gen families listed are not those of gen --list: $(tr '\n' ' ' <"$TMP/readme-families")"
awk '/^- `generated` / { on = 1 } on { print } on && /Generating queries/ { exit }' "$readme" |
  grep -o '`[a-z-]*-double`' | tr -d '`' | cat "$TMP/gen-list" - | sort >"$TMP/readme-sets"
ls "$CCD_SRCDIR/datasets/generated" | sort >"$TMP/shipped"
cmp -s "$TMP/shipped" "$TMP/readme-sets" ||
  fail "README.md: the families of datasets/generated are not those it names: $(tr '\n' ' ' <"$TMP/readme-sets")"

# Citations of the digests outside the repository.
grep -rIln 'shared/notes' "$readme" "$CCD_SRCDIR/src" "$CCD_SRCDIR/include" \
  "$CCD_SRCDIR/tests" "$CCD_SRCDIR/examples" "$CCD_SRCDIR/man" 2>/dev/null |
  grep -v '/tests/cli/readme-map\.sh$' >"$TMP/cites"
[ -s "$TMP/cites" ] && fail "cite ../shared/notes, which is not in the repository: $(tr '\n' ' ' <"$TMP/cites")"
finish
