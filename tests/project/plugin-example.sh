#!/bin/sh
# SPDX-License-Identifier: MIT
# examples/plugin and examples/api built the way a user builds them: `make install`
# of this build into a staging directory, then plain make with pkg-config against
# the staged prefix (nothing from the source tree).  The installed ccdbench loads
# the plugin, whose method is conservative: FN = 0.  The API example links with
# `pkg-config --libs ccdbench` alone (the library records GMP, MPFR and zlib) and
# scores a method exactly as `ccdbench run` does; its second program, contact,
# calls the CCD API and the contact API (<ccdbench/contact.h>) together.
. "$CCD_SRCDIR/tests/support/lib.sh"

command -v "${PKG_CONFIG:-pkg-config}" >/dev/null 2>&1 || { echo "SKIP: no pkg-config"; exit 77; }
make=${MAKE:-make}
stage_install
[ -n "$pc" ] && [ -n "$lib" ] && [ -n "$bin" ] ||
  { fail "install is missing ccdbench.pc, libccdbench.so or bin/ccdbench"; finish; }
[ -f "$(dirname "$(dirname "$bin")")/include/ccdbench/ccdbench.h" ] || fail "ccdbench/ccdbench.h not installed"

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

# Its declared option: listed, and a huge margin makes every query a positive.
expect_status 0 "$bin" methods --details --plugin "$TMP/plugin/aabb.so"
grep -Eq '^    swept-aabb\.margin +double +default 0 ' "$TMP/out" ||
  fail "methods --details: swept-aabb.margin not listed: $(cat "$TMP/out")"
expect_status 0 "$bin" run --plugin "$TMP/plugin/aabb.so" --methods swept-aabb \
  --param swept-aabb.margin=1e6 --format csv "$DEFAULT_DATA"
awk -F, 'NR > 1 && $7 != $5 - $6 { bad = 1 } END { exit bad || NR != 11 }' "$TMP/out" ||
  fail "swept-aabb.margin=1e6: expected FP = queries - positives: $(cat "$TMP/out")"

# examples/api: a program that calls the CCD API through the installed header.
# In a sanitizer build the library is instrumented, and a program that links it
# must bring the sanitizer runtime first.
mkdir "$TMP/api"
cp "$CCD_SRCDIR/examples/api/score.c" "$CCD_SRCDIR/examples/api/contact.c" \
  "$CCD_SRCDIR/examples/api/example.h" \
  "$CCD_SRCDIR/examples/api/Makefile" "$TMP/api/"
(unset MAKEFLAGS MFLAGS MAKELEVEL
 PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$stage \
   $make -C "$TMP/api" CFLAGS="-O2 -Wall -Wextra -Werror ${CCD_SANITIZER_CFLAGS:-}") \
  >"$TMP/build-api.log" 2>&1 ||
  { cat "$TMP/build-api.log" >&2; fail "the example programs do not build"; finish; }
# root-parity has a false negative on these data, so not every count is 0.
for method in tight-inclusion root-parity; do
  expect_status 0 "$TMP/api/score" "$method" "$DEFAULT_DATA"
  mv "$TMP/out" "$TMP/api.csv"
  expect_status 0 "$bin" run --methods "$method" --format csv "$DEFAULT_DATA"
  cut -d, -f1-8 "$TMP/out" | diff "$TMP/api.csv" - >&2 ||
    fail "examples/api score $method: counts differ from ccdbench run (diff above)"
done
# examples/api/contact: for every collision tight-inclusion reports (on these
# data exactly the labelled ones: fp = fn = 0, so collisions = positives), the
# closest points of the pair at the reported time of impact, by the contact API.
# The coordinates are of order 1 and the time of impact is within the method's
# tolerance of the true one, where the distance is 0: a gap of 1e-3 or more
# means the witness points are not the closest points.  The smooth witness
# Jacobians must be finite.
expect_status 0 "$TMP/api/contact" "$DEFAULT_DATA"
mv "$TMP/out" "$TMP/contact.csv"
expect_status 0 "$bin" run --methods tight-inclusion --format csv "$DEFAULT_DATA"
cut -d, -f1-3,5,6 "$TMP/out" | sed 1d >"$TMP/positives"
cut -d, -f1-5 "$TMP/contact.csv" | sed 1d | diff "$TMP/positives" - >&2 ||
  fail "examples/api contact: collisions differ from the positives of ccdbench run (diff above)"
[ "$(head -n 1 "$TMP/contact.csv")" = \
  "set,family,kind,queries,collisions,max_gap,max_smooth_shift,jacobian_finite" ] ||
  fail "examples/api contact: unexpected header: $(head -n 1 "$TMP/contact.csv")"
awk -F, 'NR > 1 && ($6 + 0 >= 1e-3 || $8 != 1) { bad = 1; print "  " $0 }
         END { exit bad || NR != 11 }' "$TMP/contact.csv" >&2 ||
  fail "examples/api contact: a gap at the time of impact >= 1e-3, a non-finite Jacobian or not 10 files"
expect_status 2 "$TMP/api/score" tight-inclusion "$TMP/no-such-dir"
expect_stderr "^$TMP/no-such-dir:.* No such file"
expect_status 2 "$TMP/api/contact" "$TMP/no-such-dir"
expect_stderr "^$TMP/no-such-dir:.* No such file"
finish
