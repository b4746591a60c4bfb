#!/bin/sh
# SPDX-License-Identifier: MIT
# The core suite's team tests with OMP_PROC_BIND set: the OpenMP runtime binds
# the program's first thread to a place before main, and a team's threads must
# take the places in turn (src/core/team.h), not all share the first one.
. "$CCD_SRCDIR/tests/support/lib.sh"

OMP_PROC_BIND=true OMP_PLACES=threads CK_RUN_CASE=helpers \
  "$CCD_BUILDDIR/tests/core/check_core" >"$TMP/out" 2>&1 || fail "$(cat "$TMP/out")"
grep -q "100%: Checks: [1-9]" "$TMP/out" || fail "no check ran: $(cat "$TMP/out")"
finish
