#!/bin/sh
# SPDX-License-Identifier: MIT
# Every public header, include/ccdbench/*.h, compiles alone: a translation unit
# that includes only that header (twice, for its include guard), as C11 and, when
# a C++ compiler is at hand, as C++11 and C++17, with -Wall -Wextra -Werror -pedantic and
# no include path but the one a user has (-I<prefix>/include).  A header that
# relies on another being included first, that lacks its extern "C" guard
# (a C++ caller would then fail to link, so its declarations are checked for C
# linkage below) or that uses an extension fails here.  The headers are found
# by the glob, so the header a new module adds is covered without editing this.
. "$CCD_SRCDIR/tests/support/lib.sh"

cc=${CC:-cc}
# C++ is checked when a compiler exists; the project does not depend on one.
cxx=${CXX:-}
if [ -z "$cxx" ]; then
  for c in g++ c++; do
    command -v "$c" >/dev/null 2>&1 && { cxx=$c; break; }
  done
fi
[ -n "$cxx" ] || echo "note: no C++ compiler found, headers checked as C only" >&2

flags="-Wall -Wextra -Werror -pedantic -I$CCD_SRCDIR/include"
count=0
for path in "$CCD_SRCDIR"/include/ccdbench/*.h; do
  [ -f "$path" ] || continue
  h=ccdbench/$(basename "$path")
  count=$((count + 1))
  base=$TMP/$(basename "$path" .h)
  printf '#include <%s>\n#include <%s>\nint main(void) { return 0; }\n' "$h" "$h" >"$base.c"
  "$cc" -std=c11 $flags -c -o "$base.o" "$base.c" 2>"$base.err" ||
    { sed 's/^/  /' "$base.err" >&2; fail "$h does not compile alone as C11"; }
  [ -n "$cxx" ] || continue
  # C++: the same unit, and every function the header declares must have C
  # linkage (an unmangled name), or a C++ program could not link the library.
  printf '#include <%s>\n#include <%s>\nint main() { return 0; }\n' "$h" "$h" >"$base.cc"
  cxx_ok=1
  for std in c++11 c++17; do
    "$cxx" -std=$std $flags -c -o "$base.oo" "$base.cc" 2>"$base.err" ||
      { sed 's/^/  /' "$base.err" >&2; fail "$h does not compile alone as $std"; cxx_ok=0; }
  done
  [ "$cxx_ok" = 1 ] || continue
  "$cxx" -std=c++11 $flags -E "$base.cc" >"$base.ii" 2>/dev/null
  # The names the header declares, linkage checked by taking their address in a
  # C++ unit compiled to assembly: a mangled reference (_Z...) means no extern "C".
  awk -v want="\"$path\"" '/^# [0-9]+ "/ { keep = ($3 == want); next } keep' "$base.ii" |
    tr '\n' ' ' | sed 's/([[:space:]]*\*/ /g' |
    grep -oE 'ccd_[A-Za-z0-9_]*[[:space:]]*\(' | sed 's/[[:space:]]*($//' | sort -u >"$base.fns"
  {
    printf '#include <%s>\n' "$h"
    sed 's/.*/void *ref_&() { return (void *)\&&; }/' "$base.fns"
  } >"$base.link.cc"
  "$cxx" -std=c++11 -I"$CCD_SRCDIR/include" -S -o "$base.s" "$base.link.cc" 2>"$base.err" ||
    { sed 's/^/  /' "$base.err" >&2; fail "$h: cannot take the address of its functions in C++"; continue; }
  mangled=$(grep -oE '_Z[A-Za-z0-9_]*ccd_[A-Za-z0-9_]*' "$base.s" | grep -v "^_Z[0-9]*ref_" | sort -u | tr "\n" " ")
  [ -z "$mangled" ] || fail "$h: declarations without C linkage (no extern \"C\"): $mangled"
done
[ "$count" -gt 0 ] || fail "no header in $CCD_SRCDIR/include/ccdbench"
# All of them in one unit, in both orders: a type two headers define twice (as
# ccd_pose once was, in polyhedra.h and potential.h) fails here.
all=$TMP/all
: >"$all.c"
for path in "$CCD_SRCDIR"/include/ccdbench/*.h; do
  printf '#include <ccdbench/%s>\n' "$(basename "$path")" >>"$all.c"
done
{ sed -n '1!G;h;$p' "$all.c"; printf 'int main(void) { return 0; }\n'; } >"$all.rev.c"
printf 'int main(void) { return 0; }\n' >>"$all.c"
for unit in "$all.c" "$all.rev.c"; do
  "$cc" -std=c11 $flags -c -o "$unit.o" "$unit" 2>"$all.err" ||
    { sed 's/^/  /' "$all.err" >&2; fail "the public headers do not compile together ($unit)"; }
  [ -n "$cxx" ] || continue
  sed 's/int main(void)/int main()/' "$unit" >"$unit.cc"
  for std in c++11 c++17; do
    "$cxx" -std=$std $flags -c -o "$unit.oo" "$unit.cc" 2>"$all.err" ||
      { sed 's/^/  /' "$all.err" >&2; fail "the public headers do not compile together as $std ($unit.cc)"; }
  done
done
# CCD_PLUGIN_DEFINE, the one macro that expands to definitions, compiles in every
# language the headers serve, inside an extern "C" block and outside one (whether
# its symbols get C linkage is tests/project/plugin-cxx-define.sh).
printf '%s\n' '#include <ccdbench/ccdbench.h>' \
  'static const ccd_method *const methods[] = {NULL};' 'CCD_PLUGIN_DEFINE(methods);' \
  >"$TMP/define.c"
"$cc" -std=c11 $flags -fPIC -c -o "$TMP/define.o" "$TMP/define.c" 2>"$all.err" ||
  { sed 's/^/  /' "$all.err" >&2; fail "CCD_PLUGIN_DEFINE does not compile as C11"; }
if [ -n "$cxx" ]; then
  sed 's/^CCD_PLUGIN_DEFINE.*/extern "C" {\n&\n}/' "$TMP/define.c" >"$TMP/define-wrapped.cc"
  cp "$TMP/define.c" "$TMP/define.cc"
  for std in c++11 c++17; do
    for unit in "$TMP/define.cc" "$TMP/define-wrapped.cc"; do
      "$cxx" -std=$std $flags -fPIC -c -o "$unit.o" "$unit" 2>"$all.err" ||
        { sed 's/^/  /' "$all.err" >&2; fail "CCD_PLUGIN_DEFINE does not compile as $std ($(basename "$unit"))"; }
    done
  done
fi
finish
