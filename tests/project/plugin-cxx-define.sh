#!/bin/sh
# SPDX-License-Identifier: MIT
# CCD_PLUGIN_DEFINE from C++ (tests/plugin/cxx_define.cc), as C++11 and C++17,
# written inside an extern "C" block and outside one: ccdbench loads the plugin
# (it finds the entry and reads the API version it was built with), lists its
# method and scores it.  A namespace-scope `const` has internal linkage in C++,
# so a macro that does not declare the version `extern "C"` leaves the plugin
# without a version symbol, and ccdbench refuses it.
. "$CCD_SRCDIR/tests/support/lib.sh"

cxx=${CXX:-}
if [ -z "$cxx" ]; then
  for c in g++ c++ clang++; do
    command -v "$c" >/dev/null 2>&1 && { cxx=$c; break; }
  done
fi
[ -n "$cxx" ] && command -v "$cxx" >/dev/null 2>&1 ||
  { echo "SKIP: no C++ compiler (g++: apt-get install g++)"; exit 77; }

src="$CCD_SRCDIR/tests/plugin/cxx_define.cc"
for std in c++11 c++17; do
  for wrap in "" -DCCD_TEST_WRAP; do
    what="$std${wrap:+ inside extern \"C\"}"
    so="$TMP/cxx-$std$wrap.so"
    # Warnings are failures, but the plugin is loaded anyway: the symptom that
    # matters is what ccdbench makes of it.
    "$cxx" -std=$std $wrap -Wall -Wextra -pedantic -fPIC -shared -fvisibility=hidden \
      -I"$CCD_SRCDIR/include" -o "$so" "$src" 2>"$TMP/cxx.err" ||
      { sed 's/^/  /' "$TMP/cxx.err" >&2; fail "$what: the C++ plugin does not compile"; continue; }
    [ ! -s "$TMP/cxx.err" ] ||
      { sed 's/^/  /' "$TMP/cxx.err" >&2; fail "$what: warnings compiling CCD_PLUGIN_DEFINE"; }
    expect_status 0 "$CCDBENCH" methods --plugin "$so"
    grep -Eq '^test-cxx-always-collides +toi,conservative ' "$TMP/out" ||
      fail "$what: method not listed: $(cat "$TMP/out") $(cat "$TMP/err")"
    # Collides everywhere: FN = 0 and FP = queries - positives in every row.
    expect_status 0 "$CCDBENCH" run --plugin "$so" --methods test-cxx-always-collides \
      --format csv "$DEFAULT_DATA"
    awk -F, 'NR > 1 && ($8 != 0 || $7 != $5 - $6) { bad = 1 } END { exit bad || NR != 11 }' \
      "$TMP/out" || fail "$what: wrong FP/FN: $(cat "$TMP/out")"
  done
done
finish
