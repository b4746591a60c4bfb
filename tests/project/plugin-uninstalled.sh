#!/bin/sh
# SPDX-License-Identifier: MIT
# The examples built against this build tree, uninstalled: PKG_CONFIG_PATH names
# the build directory, where configure wrote ccdbench-uninstalled.pc, which
# pkg-config takes before any ccdbench.pc.  examples/plugin (C), examples/api
# and examples/plugin-cxx (C++11 and C++17: a class that puts a swept-box filter
# in front of ccdbench's exact method, through the C API) build with their plain
# Makefiles, and the build tree's ccdbench loads and scores the plugins: the
# swept boxes have no false negative, box-exact counts exactly what `exact` does.
. "$CCD_SRCDIR/tests/support/lib.sh"

pkg_config=${PKG_CONFIG:-pkg-config}
command -v "$pkg_config" >/dev/null 2>&1 || { echo "SKIP: no pkg-config"; exit 77; }
make=${MAKE:-make}
libs="$CCD_BUILDDIR/.libs"

# The flags come from the build tree: the source tree's headers, BUILDDIR/.libs.
flags=$(PKG_CONFIG_PATH=$CCD_BUILDDIR "$pkg_config" --cflags --libs ccdbench 2>"$TMP/pc.err") ||
  { cat "$TMP/pc.err" >&2; fail "pkg-config finds no ccdbench with PKG_CONFIG_PATH=$CCD_BUILDDIR"; finish; }
srcdir=$(cd "$CCD_SRCDIR" && pwd -P)
case " $flags " in
  *" -I$srcdir/include "*"-L$libs "*) ;;
  *) fail "uninstalled pkg-config flags do not point into the build tree: $flags" ;;
esac
[ -f "$libs/libccdbench.so" ] || fail "no $libs/libccdbench.so"

# build NAME DIR MAKE-ARGS...: copy examples/DIR (the source tree is read-only
# under `make distcheck`) to $TMP/NAME and run make there against the build tree.
build() {
  name=$1 dir=$2; shift 2
  mkdir "$TMP/$name"
  cp "$CCD_SRCDIR/examples/$dir"/* "$TMP/$name/"
  (unset MAKEFLAGS MFLAGS MAKELEVEL
   PKG_CONFIG_PATH=$CCD_BUILDDIR $make -C "$TMP/$name" "$@") >"$TMP/$name.log" 2>&1 ||
    { cat "$TMP/$name.log" >&2; fail "examples/$dir ($name) does not build uninstalled"; return 1; }
}

export LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if build plugin plugin CFLAGS="-O2 -Wall -Wextra -Werror ${CCD_SANITIZER_CFLAGS:-}"; then
  # Columns of --format csv: 5 queries, 6 positives, 7 FP, 8 FN (see plugin.sh).
  expect_status 0 "$CCDBENCH" run --plugin "$TMP/plugin/aabb.so" --methods swept-aabb \
    --format csv "$DEFAULT_DATA"
  awk -F, 'NR > 1 && $8 != 0 { bad = 1 } END { exit bad || NR != 11 }' "$TMP/out" ||
    fail "swept-aabb, uninstalled: expected FN = 0 in every row: $(cat "$TMP/out")"
fi
if build api api CFLAGS="-O2 -Wall -Wextra -Werror ${CCD_SANITIZER_CFLAGS:-}"; then
  expect_status 0 "$TMP/api/score" tight-inclusion "$DEFAULT_DATA"
  mv "$TMP/out" "$TMP/api.csv"
  expect_status 0 "$CCDBENCH" run --methods tight-inclusion --format csv "$DEFAULT_DATA"
  cut -d, -f1-8 "$TMP/out" | diff "$TMP/api.csv" - >&2 ||
    fail "examples/api score, uninstalled: counts differ from ccdbench run (diff above)"
fi

# The C++ example needs a C++ compiler; the rest of this test does not.
cxx=${CXX:-}
[ -n "$cxx" ] || for c in g++ c++ clang++; do
  command -v "$c" >/dev/null 2>&1 && { cxx=$c; break; }
done
if [ -z "$cxx" ]; then
  echo "note: no C++ compiler (g++: apt-get install g++), examples/plugin-cxx not built" >&2
  finish
fi
for d in "" "--ms 0.1" "--ms 0.1 --norm 2"; do
  expect_status 0 "$CCDBENCH" run --methods exact $d --format csv "$DEFAULT_DATA"
  cut -d, -f1-8 "$TMP/out" | sed 's/,exact,/,box-exact,/' >"$TMP/exact$(echo $d | tr -d ' ').csv"
done
for std in c++11 c++17; do
  build "cxx-$std" plugin-cxx CXX="$cxx" CXXSTD=$std \
    CXXFLAGS="-O2 -Wall -Wextra -Werror -pedantic ${CCD_SANITIZER_CFLAGS:-}" || continue
  so="$TMP/cxx-$std/box_exact.so"
  expect_status 0 "$CCDBENCH" methods --plugin "$so"
  # The table wraps a long cell onto the next line, in its column.
  awk '/^box-exact / { caps = $2; getline; caps = caps $1 } END { exit caps != "toi,conservative,min-separation,exact,rationals" }' \
    "$TMP/out" ||
    fail "$std: box-exact not listed: $(cat "$TMP/out")"
  # Exact: the same counts as `exact` (FP = FN = 0 on these data), with and
  # without a minimum separation, in both norms (the box grows by d: without
  # the growth, d = 0.1 gives false negatives in 7 of the 10 files).
  for d in "" "--ms 0.1" "--ms 0.1 --norm 2"; do
    expect_status 0 "$CCDBENCH" run --plugin "$so" --methods box-exact $d --format csv \
      "$DEFAULT_DATA"
    cut -d, -f1-8 "$TMP/out" | diff "$TMP/exact$(echo $d | tr -d ' ').csv" - >&2 ||
      fail "$std: box-exact${d:+ $d} counts differ from exact (diff above)"
  done
done
finish
