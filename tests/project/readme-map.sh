#!/bin/sh
# SPDX-License-Identifier: MIT
# The documentation holds together.  The architecture map of docs/architecture.md
# matches the tree: every module directory under src/, every public header in
# include/ccdbench/ and every example under examples/ is on the map, and every
# src/, include/ or examples/ path on the map exists.  In README.md and every
# page of docs/, every relative link names a file of the tree (in the tarball
# too: this test runs in distcheck) and every link to a heading, of the same page
# or of another page, names one; every page of docs/ is linked from
# docs/index.md.  The gen families named are those of `ccdbench gen --list`.
# And no file cites the design digests that live outside the repository
# (../shared/notes): the papers are cited instead, and the designs that matter
# are in the tree (src/exact/DESIGN.md, src/methods/tight_inclusion_filter.md).
# And every source and make fragment under src/ opens with what it holds.
. "$CCD_SRCDIR/tests/support/lib.sh"

readme="$CCD_SRCDIR/README.md"
docs="$CCD_SRCDIR/docs"
arch="$docs/architecture.md"
[ -f "$docs/index.md" ] || { fail "docs/index.md is missing (is docs/ in the tarball?)"; finish; }
# The map: the code block of docs/architecture.md that lists include/ccdbench/.
awk '/^```/ { block = !block; if (!block && listed) exit; next }
     block && /^include\/ccdbench\// { listed = 1 }
     block && listed' "$arch" >"$TMP/map"
[ -s "$TMP/map" ] || { fail "docs/architecture.md: no map of include/ccdbench/"; finish; }

on_map() { grep -Eq "^$1([[:space:]]|$)" "$TMP/map"; }
for d in "$CCD_SRCDIR"/src/*/ "$CCD_SRCDIR"/examples/*/; do
  [ -d "$d" ] || continue
  rel=${d#"$CCD_SRCDIR"/}
  on_map "$rel" || fail "docs/architecture.md: $rel is not on the architecture map"
done
for h in "$CCD_SRCDIR"/include/ccdbench/*.h; do
  [ -f "$h" ] || continue
  on_map "  $(basename "$h")" || fail "docs/architecture.md: include/ccdbench/$(basename "$h") is not on the architecture map"
done
# Paths on the map (first word of a line) that name src/, include/ or examples/.
awk '{ print $1 }' "$TMP/map" | grep -E '^(src|include|examples)/' | while read -r p; do
  [ -e "$CCD_SRCDIR/$p" ] || echo "$p"
done >"$TMP/absent"
[ -s "$TMP/absent" ] && fail "docs/architecture.md: on the architecture map but not in the tree: $(tr '\n' ' ' <"$TMP/absent")"
awk '$1 ~ /^[a-z_]+\.h$/ { print $1 }' "$TMP/map" | while read -r h; do
  [ -f "$CCD_SRCDIR/include/ccdbench/$h" ] || echo "$h"
done >"$TMP/absent"
[ -s "$TMP/absent" ] && fail "docs/architecture.md: public header on the map but not in include/ccdbench/: $(tr '\n' ' ' <"$TMP/absent")"

# anchors FILE: the anchors of FILE's headings, by GitHub's rule: lowercase,
# punctuation removed, spaces to '-', a repeated heading gets -1, -2...
anchors() {
  LC_ALL=C awk '/^```/ { code = !code; next }
       !code && /^#+ / {
         h = tolower($0); sub(/^#+ +/, "", h)
         gsub(/[!-,.\/:-@[-^`{-~]/, "", h); gsub(/ /, "-", h)
         print (n[h]++ ? h "-" (n[h] - 1) : h) }' "$1"
}

# Every relative link, `](path)`, `](path#anchor)` or `](#anchor)`, outside code
# blocks, of README.md and docs/*.md, relative to the page that holds it.
for page in "$readme" "$docs"/*.md; do
  name=${page#"$CCD_SRCDIR"/}
  dir=$(dirname "$page")
  awk '/^```/ { code = !code; next } !code' "$page" |
    grep -o '](\([^)#:]*\)\(#[^)]*\)\{0,1\})' | sed 's/^](//; s/)$//' | sort -u >"$TMP/links"
  while read -r link; do
    path=${link%%#*}
    case $link in *'#'*) anchor=${link#*#} ;; *) anchor= ;; esac
    if [ -z "$path" ]; then target=$page; else target=$dir/$path; fi
    if [ ! -e "$target" ]; then
      echo "$name: links to no file of the tree: $link"
    elif [ -n "$anchor" ]; then
      case $target in
        *.md) anchors "$target" | grep -qxF -- "$anchor" ||
                echo "$name: links to no heading: $link" ;;
      esac
    fi
  done <"$TMP/links"
done >"$TMP/broken"
[ -s "$TMP/broken" ] && fail "broken links:
$(cat "$TMP/broken")"
grep -q '](docs/index\.md)' "$readme" || fail "README.md does not link to docs/index.md"
for page in "$docs"/*.md; do
  p=$(basename "$page")
  [ "$p" = index.md ] && continue
  grep -q "]($p\(#[^)]*\)\{0,1\})" "$docs/index.md" || fail "docs/index.md does not link to docs/$p"
done

# The families the docs name are those of `ccdbench gen --list` (in docs/gen.md)
# and, with the <family>-double ones docs/command-line.md names under "Default
# dataset", those of the shipped datasets/generated.
"$CCDBENCH" gen --list | awk '{ print $1 }' | sort >"$TMP/gen-list"
awk '/^Families: / { on = 1 } on { print } on && /Details:/ { exit }' "$docs/gen.md" |
  grep -o '`[a-z][a-z-]*`' | tr -d '`' | sort >"$TMP/doc-families"
[ -s "$TMP/gen-list" ] && cmp -s "$TMP/gen-list" "$TMP/doc-families" ||
  fail "docs/gen.md: the gen families listed are not those of gen --list: $(tr '\n' ' ' <"$TMP/doc-families")"
awk '/^- `generated` / { on = 1 } on { print } on && /Generating queries/ { exit }' "$docs/command-line.md" |
  grep -o '`[a-z-]*-double`' | tr -d '`' | cat "$TMP/gen-list" - | sort >"$TMP/doc-sets"
ls "$CCD_SRCDIR/datasets/generated" | sort >"$TMP/shipped"
cmp -s "$TMP/shipped" "$TMP/doc-sets" ||
  fail "docs/command-line.md: the families of datasets/generated are not those it names: $(tr '\n' ' ' <"$TMP/doc-sets")"

# Citations of the digests outside the repository.
grep -rIln 'shared/notes' "$readme" "$docs" "$CCD_SRCDIR/src" "$CCD_SRCDIR/include" \
  "$CCD_SRCDIR/tests" "$CCD_SRCDIR/examples" "$CCD_SRCDIR/man" 2>/dev/null |
  grep -v '/tests/project/readme-map\.sh$' >"$TMP/cites"
[ -s "$TMP/cites" ] && fail "cite ../shared/notes, which is not in the repository: $(tr '\n' ' ' <"$TMP/cites")"

# Every source opens with what it holds: a comment right after the licence line,
# and every make fragment of src/ and tests/ with the folder it describes
# (tests/ mirrors src/: tests/MODULE/MODULE.mk, docs/testing.md).
(cd "$CCD_SRCDIR" && find src -name '*.[ch]' | sort | while read -r f; do
  sed -n 2p "$f" | grep -q '^/\*' || echo "$f"
done) >"$TMP/bare"
[ -s "$TMP/bare" ] && fail "no opening comment after the licence line: $(tr '\n' ' ' <"$TMP/bare")"
(cd "$CCD_SRCDIR" && find src -name local.mk | sort | while read -r f; do
  sed -n 2p "$f" | grep -q "^# ${f%/local.mk}[:/ ]" || echo "$f"
done) >"$TMP/bare-mk"
[ -s "$TMP/bare-mk" ] && fail "a make fragment that does not open with its folder: $(tr '\n' ' ' <"$TMP/bare-mk")"
(cd "$CCD_SRCDIR" && find tests -mindepth 2 -name '*.mk' | sort | while read -r f; do
  dir=${f%/*}
  [ "$f" = "$dir/${dir##*/}.mk" ] || { echo "$f (not named after its folder)"; continue; }
  sed -n 2p "$f" | grep -q "^# $dir[:/ ]" || echo "$f"
done) >"$TMP/bare-test-mk"
[ -s "$TMP/bare-test-mk" ] &&
  fail "a test fragment that does not open with its folder: $(tr '\n' ' ' <"$TMP/bare-test-mk")"
finish
