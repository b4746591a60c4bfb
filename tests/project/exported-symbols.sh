#!/bin/sh
# SPDX-License-Identifier: MIT
# libccdbench.so exports exactly the functions its public headers declare.
# An internal symbol that leaks makes every rename inside the library an ABI
# change and can clash with a name of the program that links it; a declared
# function that is not exported fails only when a user links.  The headers are
# read after the preprocessor (no comments, macros such as CCD_API expanded), so
# a declaration counts whether or not it is marked.
. "$CCD_SRCDIR/tests/support/lib.sh"

lib="$CCD_BUILDDIR/.libs/libccdbench.so"
[ -f "$lib" ] || { echo "SKIP: no shared library (configured with --disable-shared)"; exit 77; }
command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
: "${CCD_PUBLIC_HEADERS:?the installed headers (ccdbenchinclude_HEADERS), set by make check}"
cc=${CC:-cc}

# The public headers are every file of include/ccdbench/, so the header a new
# module adds there is checked without editing this test; each must also be
# installed, or a user could not include what the library exports.
headers=
for path in "$CCD_SRCDIR"/include/ccdbench/*.h; do
  [ -f "$path" ] || continue
  h=${path#"$CCD_SRCDIR"/}
  headers="$headers $h"
  case " $CCD_PUBLIC_HEADERS " in
    *" $h "*) ;;
    *) fail "$h: not installed (add it to ccdbenchinclude_HEADERS in Makefile.am)" ;;
  esac
done
[ -n "$headers" ] || fail "no header in $CCD_SRCDIR/include/ccdbench"

# Declared: every name followed by an argument list in the header's own lines
# (linemarkers name the file each line comes from: gmp.h and libc are left out).
# Pointers to functions ("(*name)(...)") are types and members, not functions;
# __attribute__((visibility(...), format(...))) are not names either.
: >"$TMP/declared"
for h in $headers; do
  path="$CCD_SRCDIR/$h"
  "$cc" -E -I"$CCD_SRCDIR/include" "$path" >"$TMP/pp" 2>"$TMP/pp.err" ||
    { cat "$TMP/pp.err" >&2; fail "$h: does not preprocess on its own"; continue; }
  awk -v want="\"$path\"" '/^# [0-9]+ "/ { keep = ($3 == want); next } keep' "$TMP/pp" |
    tr '\n' ' ' | sed 's/([[:space:]]*\*/ /g' |
    grep -oE '[A-Za-z_][A-Za-z0-9_]*[[:space:]]*\(' | sed 's/[[:space:]]*($//' |
    grep -vE '^(__[A-Za-z0-9_]*|visibility|format)$' >>"$TMP/declared"
  # static inline functions (the option accessors) are compiled into the caller
  sed -nE 's/^static inline .*[^A-Za-z0-9_]([A-Za-z_][A-Za-z0-9_]*)\(.*/\1/p' "$path" >>"$TMP/inline"
done
sort -u "$TMP/declared" -o "$TMP/declared"
if [ -s "$TMP/inline" ]; then
  sort -u "$TMP/inline" | comm -23 "$TMP/declared" - >"$TMP/declared.out"
  mv "$TMP/declared.out" "$TMP/declared"
fi
[ -s "$TMP/declared" ] || fail "no function found in the headers:$headers"

# Exported: every symbol the library defines for others (code and data; not the
# absolute symbols that name version nodes).
nm -D --defined-only "$lib" | awk 'NF == 3 && $2 != "A" { print $3 }' | sort -u >"$TMP/exported"

comm -23 "$TMP/exported" "$TMP/declared" >"$TMP/leaked"
comm -13 "$TMP/exported" "$TMP/declared" >"$TMP/missing"
if [ -s "$TMP/leaked" ]; then
  fail "$(wc -l <"$TMP/leaked") exported symbol(s) that no public header declares, e.g.:" \
    "$(head -n 10 "$TMP/leaked" | tr '\n' ' ')"
fi
if [ -s "$TMP/missing" ]; then
  fail "declared but not exported: $(tr '\n' ' ' <"$TMP/missing")"
fi
finish
