#!/bin/sh
# SPDX-License-Identifier: MIT
# The CMake package: find_package(ccdbench) and the imported target
# ccdbench::ccdbench build examples/plugin-cxx (its CMakeLists.txt) against a
# staged install (`make install DESTDIR=…`: the installed config finds its prefix
# from its own place) as C++11, and against the build tree (-Dccdbench_DIR=
# BUILDDIR) as C++17; the installed ccdbench loads the first plugin and the build
# tree's the second, and both count exactly what `exact` does.  The version file
# refuses a newer version than this one.
. "$CCD_SRCDIR/tests/support/lib.sh"

cmake=${CMAKE:-}
[ -n "$cmake" ] || cmake=cmake
command -v "$cmake" >/dev/null 2>&1 || { echo "SKIP: no cmake (apt-get install cmake)"; exit 77; }
cxx=${CXX:-}
[ -n "$cxx" ] || for c in g++ c++ clang++; do
  command -v "$c" >/dev/null 2>&1 && { cxx=$c; break; }
done
[ -n "$cxx" ] && command -v "$cxx" >/dev/null 2>&1 ||
  { echo "SKIP: no C++ compiler (apt-get install g++)"; exit 77; }
cxx=$(command -v "$cxx")
stage_install
config=$(find "$stage" -path '*/cmake/ccdbench/ccdbench-config.cmake' | head -n 1)
[ -n "$config" ] && [ -f "$(dirname "$config")/ccdbench-config-version.cmake" ] ||
  { fail "install has no lib/cmake/ccdbench/ccdbench-config{,-version}.cmake"; finish; }
# Beside the .pc: LIBDIR/cmake/ccdbench and LIBDIR/pkgconfig.
lib=$(dirname "$(dirname "$(dirname "$config")")")
[ -f "$lib/pkgconfig/ccdbench.pc" ] ||
  fail "the CMake package is not in LIBDIR/cmake/ccdbench beside LIBDIR/pkgconfig"
prefix=$(dirname "$(dirname "$bin")")

# cmake_build NAME STD CMAKE-ARGS...: configure and build a copy of the example.
cmake_build() {
  name=$1 std=$2; shift 2
  mkdir "$TMP/$name"
  cp "$CCD_SRCDIR/examples/plugin-cxx"/* "$TMP/$name/"
  (unset MAKEFLAGS MFLAGS MAKELEVEL
   "$cmake" -S "$TMP/$name" -B "$TMP/$name/build" -DCMAKE_CXX_COMPILER="$cxx" \
     -DCMAKE_CXX_STANDARD="$std" -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror -pedantic ${CCD_SANITIZER_CFLAGS:-}" \
     "$@" && "$cmake" --build "$TMP/$name/build") >"$TMP/$name.log" 2>&1 ||
    { cat "$TMP/$name.log" >&2; fail "examples/plugin-cxx ($name) does not build with CMake"; return 1; }
  # The standard asked for reached the compiler.
  grep -rqs -- "-std=c++$std\|-std=gnu++$std" "$TMP/$name/build/CMakeFiles" ||
    fail "$name: -std=c++$std not in the compile flags"
}

# exact_counts FILE CCDBENCH: the counts of `exact`, named box-exact.
exact_counts() {
  expect_status 0 "$2" run --methods exact --format csv "$DEFAULT_DATA"
  cut -d, -f1-8 "$TMP/out" | sed 's/,exact,/,box-exact,/' >"$1"
}

if cmake_build installed 11 -DCMAKE_PREFIX_PATH="$prefix"; then
  # The imported target points into the staged install, not the build tree.
  grep -q -- "-I$prefix/include\|-isystem $prefix/include" "$TMP/installed/build/CMakeFiles/box_exact.dir/flags.make" ||
    fail "installed: the include directory is not the staged one: $(grep INCLUDES "$TMP/installed/build/CMakeFiles/box_exact.dir/flags.make")"
  (
    export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    exact_counts "$TMP/exact.csv" "$bin"
    expect_status 0 "$bin" run --plugin "$TMP/installed/build/box_exact.so" --methods box-exact \
      --format csv "$DEFAULT_DATA"
    cut -d, -f1-8 "$TMP/out" | diff "$TMP/exact.csv" - >&2 ||
      fail "installed: box-exact counts differ from exact (diff above)"
    finish
  ) || failures=$((failures + 1))
fi

if cmake_build buildtree 17 -Dccdbench_DIR="$CCD_BUILDDIR"; then
  (
    export LD_LIBRARY_PATH="$CCD_BUILDDIR/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    exact_counts "$TMP/exact-tree.csv" "$CCDBENCH"
    expect_status 0 "$CCDBENCH" run --plugin "$TMP/buildtree/build/box_exact.so" \
      --methods box-exact --format csv "$DEFAULT_DATA"
    cut -d, -f1-8 "$TMP/out" | diff "$TMP/exact-tree.csv" - >&2 ||
      fail "build tree: box-exact counts differ from exact (diff above)"
    finish
  ) || failures=$((failures + 1))
fi

# The version file: this version and an older minor are accepted, a newer
# version is refused.
mkdir "$TMP/version"
cat >"$TMP/version/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.13)
project(version_check NONE)
find_package(ccdbench ${WANT} REQUIRED)
message(STATUS "ccdbench found: ${ccdbench_VERSION}")
CMAKE
version=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$(dirname "$config")/ccdbench-config-version.cmake")
[ -n "$version" ] || fail "no PACKAGE_VERSION in ccdbench-config-version.cmake"
expect_status 0 "$cmake" -S "$TMP/version" -B "$TMP/version/ok" -DWANT="$version" \
  -DCMAKE_PREFIX_PATH="$prefix"
grep -q "ccdbench found: $version" "$TMP/out" || fail "find_package(ccdbench $version): $(cat "$TMP/out")"
expect_status 1 "$cmake" -S "$TMP/version" -B "$TMP/version/newer" -DWANT=99.0 \
  -DCMAKE_PREFIX_PATH="$prefix"
grep -q 'ccdbench' "$TMP/err" || fail "find_package(ccdbench 99.0): no message about ccdbench"
finish
