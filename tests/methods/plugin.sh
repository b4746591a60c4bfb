#!/bin/sh
# SPDX-License-Identifier: MIT
# Methods from a plugin .so (tests/plugin/always_collides.c, a test fixture).
. "$CCD_SRCDIR/tests/support/lib.sh"

so="$PLUGIN_DIR/always_collides.so"
expect_status 0 "$CCDBENCH" methods --plugin "$so"
grep -Eq '^test-always-collides +toi,conservative ' "$TMP/out" || fail "methods: plugin not listed"

# Collides everywhere: FN = 0 and FP = queries - positives in every row.
expect_status 0 "$CCDBENCH" run --plugin "$so" --methods test-always-collides --format csv \
  "$DEFAULT_DATA"
awk -F, 'NR > 1 && ($8 != 0 || $7 != $5 - $6) { bad = 1 } END { exit bad || NR != 11 }' \
  "$TMP/out" || fail "always-collides: wrong FP/FN: $(cat "$TMP/out")"

expect_status 2 "$CCDBENCH" run --plugin "$so" --plugin "$so" "$DEFAULT_DATA"
expect_stderr "^$so: method 'test-always-collides' is already defined"
expect_status 2 "$CCDBENCH" run --plugin "$PLUGIN_DIR/no_entry.so" "$DEFAULT_DATA"
expect_stderr "^$PLUGIN_DIR/no_entry.so: not a ccdbench plugin"
# The version refused says what the plugin has: no version symbol (API version 1,
# or a C++ plugin whose version constant kept internal linkage), or another number.
version=$(sed -n 's/^#define CCD_API_VERSION \([0-9][0-9]*\).*/\1/p' \
  "$CCD_SRCDIR/include/ccdbench/ccdbench.h")
expect_status 2 "$CCDBENCH" methods --plugin "$PLUGIN_DIR/other_api.so"
expect_stderr "^$PLUGIN_DIR/other_api.so: plugin has no API version symbol \(ccdbench_plugin_api_version\): built for ccdbench API version 1, or without CCD_PLUGIN_DEFINE; this ccdbench has version $version: rebuild"
# A plugin built for a later version (compiled here: the fixture is one line).
printf '%s\n' '#include <ccdbench/ccdbench.h>' \
  'CCD_API const unsigned ccdbench_plugin_api_version = CCD_API_VERSION + 7;' \
  'CCD_API const ccd_method *const *ccdbench_plugin_methods(unsigned v);' \
  'const ccd_method *const *ccdbench_plugin_methods(unsigned v) { (void)v; return NULL; }' \
  >"$TMP/later_api.c"
if ${CC:-cc} -std=c11 -fPIC -shared -I"$CCD_SRCDIR/include" -o "$TMP/later_api.so" \
     "$TMP/later_api.c" 2>"$TMP/cc.err"; then
  expect_status 2 "$CCDBENCH" methods --plugin "$TMP/later_api.so"
  expect_stderr "^$TMP/later_api.so: plugin built for ccdbench API version $((version + 7)), this ccdbench has version $version: rebuild"
else
  cat "$TMP/cc.err" >&2; fail "cannot compile the later-API fixture"
fi
# Version 2 handed the label to the method inside ccd_query: refused, one message.
expect_status 2 "$CCDBENCH" run --plugin "$PLUGIN_DIR/api_v2.so" "$DEFAULT_DATA"
expect_stderr "^$PLUGIN_DIR/api_v2.so: plugin built for ccdbench API version 2, this ccdbench has version 3: rebuild it against this ccdbench.h$"
[ "$(wc -l < "$TMP/err")" -eq 1 ] || fail "api_v2: more than one line: $(cat "$TMP/err")"
finish
