#!/bin/sh
# SPDX-License-Identifier: MIT
# Methods from a plugin .so (tests/plugin/always_collides.c, a test fixture).
. "$CCD_SRCDIR/tests/cli/lib.sh"

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
expect_status 2 "$CCDBENCH" methods --plugin "$PLUGIN_DIR/other_api.so"
expect_stderr "^$PLUGIN_DIR/other_api.so: plugin built for ccdbench API version 1, this ccdbench has version 3"
# Version 2 handed the label to the method inside ccd_query: refused, one message.
expect_status 2 "$CCDBENCH" run --plugin "$PLUGIN_DIR/api_v2.so" "$DEFAULT_DATA"
expect_stderr "^$PLUGIN_DIR/api_v2.so: plugin built for ccdbench API version 2, this ccdbench has version 3: rebuild it against this ccdbench.h$"
[ "$(wc -l < "$TMP/err")" -eq 1 ] || fail "api_v2: more than one line: $(cat "$TMP/err")"
finish
