#!/bin/sh
# SPDX-License-Identifier: MIT
# examples/plugin built the way a user builds it: `make install` of this build into
# a staging directory, then plain make with pkg-config against the staged prefix,
# then the installed ccdbench loads it.  The method is conservative: FN = 0.
. "$CCD_SRCDIR/tests/cli/lib.sh"

command -v "${PKG_CONFIG:-pkg-config}" >/dev/null 2>&1 || { echo "SKIP: no pkg-config"; exit 77; }
make=${MAKE:-make}
stage="$TMP/stage"

# The nested make must not inherit the jobserver of the make running the tests.
(unset MAKEFLAGS MFLAGS MAKELEVEL; $make -C "$CCD_BUILDDIR" install DESTDIR="$stage") \
  >"$TMP/install.log" 2>&1 || { cat "$TMP/install.log" >&2; fail "make install DESTDIR failed"; finish; }

pc=$(find "$stage" -name ccdbench.pc | head -n 1)
lib=$(find "$stage" -name 'libccdbench.so*' | head -n 1)
bin=$(find "$stage" -path '*/bin/ccdbench' | head -n 1)
[ -n "$pc" ] && [ -n "$lib" ] && [ -n "$bin" ] ||
  { fail "install is missing ccdbench.pc, libccdbench.so or bin/ccdbench"; finish; }
[ -f "$(dirname "$(dirname "$bin")")/include/ccdbench.h" ] || fail "ccdbench.h not installed"

# Build from a copy: the source tree is read-only under `make distcheck`.
mkdir "$TMP/plugin"
cp "$CCD_SRCDIR/examples/plugin/aabb.c" "$CCD_SRCDIR/examples/plugin/Makefile" "$TMP/plugin/"
(unset MAKEFLAGS MFLAGS MAKELEVEL
 PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$stage \
   $make -C "$TMP/plugin" CFLAGS="-O2 -Wall -Wextra -Werror") >"$TMP/build.log" 2>&1 ||
  { cat "$TMP/build.log" >&2; fail "the example plugin does not build"; finish; }
# The flags the example was built with point into the staged prefix.
flags=$(PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$stage \
  "${PKG_CONFIG:-pkg-config}" --cflags --libs ccdbench)
case " $flags " in
  *" -I$stage/"*" -L$stage/"*) ;;
  *) fail "pkg-config flags do not point into the staged install: $flags" ;;
esac

export LD_LIBRARY_PATH="$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
expect_status 0 "$bin" methods --plugin "$TMP/plugin/aabb.so"
grep -Eq '^swept-aabb +toi,conservative,min-separation ' "$TMP/out" ||
  fail "methods: swept-aabb not listed: $(cat "$TMP/out")"

# Columns of --format csv: 5 queries, 6 positives, 7 FP, 8 FN (see plugin.sh).
expect_status 0 "$bin" run --plugin "$TMP/plugin/aabb.so" --methods swept-aabb --format csv \
  "$DEFAULT_DATA"
awk -F, 'NR > 1 && $8 != 0 { bad = 1 } NR > 1 { fp += $7 } END { exit bad || NR != 11 || fp == 0 }' \
  "$TMP/out" || fail "swept-aabb: expected FN = 0 in every row (and some FP): $(cat "$TMP/out")"

# The same with a minimum separation.
expect_status 0 "$bin" run --plugin "$TMP/plugin/aabb.so" --methods swept-aabb --ms 1e-3 \
  --format csv "$DEFAULT_DATA"
awk -F, 'NR > 1 && $8 != 0 { bad = 1 } END { exit bad || NR != 11 }' "$TMP/out" ||
  fail "swept-aabb --ms: expected FN = 0: $(cat "$TMP/out")"
finish
