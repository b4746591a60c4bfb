#!/bin/sh
# SPDX-License-Identifier: MIT
# The list of tests whose work depends on the tier (TIER_TESTS in tests/local.mk,
# which `make check-full-data` and so `scripts/bootstrap test` run in the full
# tier) is whole: it names exactly the tests whose source, or a header of their
# own folder that it includes, reads the tier (tests/support/test_tier.h or
# lib.sh's full_tier_only), or, for the shell test that runs pytest, a Python
# file of its folder.  A test missing from it would never run on all its
# data in CI.
. "$CCD_SRCDIR/tests/support/lib.sh"

markers='test_full_tier|test_tier_stride|test_sample_keep|test_regression_l|full_tier_only|CCD_TEST_TIER'
cd "$CCD_SRCDIR" || exit 1
# the list, one name a line
sed -n '/^TIER_TESTS =/,/[^\\]$/p' tests/local.mk | sed 's/^TIER_TESTS =//; s/\\$//' |
  tr ' \t' '\n\n' | grep . | sort >"$TMP/listed"
[ -s "$TMP/listed" ] || fail "no TIER_TESTS in tests/local.mk"
# the tests that read the tier
for f in $(find tests -name 'check_*.c' -o -name '*.sh' | sort); do
  case $f in tests/support/*|tests/fuzz/*|tests/project/tiers.sh) continue ;; esac
  uses=0
  grep -Eq "$markers" "$f" && uses=1
  if [ $uses = 0 ] && [ "${f%.c}" != "$f" ]; then
    for h in $(sed -n 's/^#include "\([a-z_]*\.h\)"$/\1/p' "$f"); do
      [ -f "${f%/*}/$h" ] && grep -Eq "$markers" "${f%/*}/$h" && uses=1
    done
  fi
  # a shell test that runs the Python tests of its folder (tests/python/pytest.sh)
  if [ $uses = 0 ] && [ "${f%.sh}" != "$f" ] && grep -q pytest "$f"; then
    for p in "${f%/*}"/*.py; do
      [ -f "$p" ] && grep -Eq "$markers" "$p" && uses=1
    done
  fi
  [ $uses = 1 ] && echo "${f%.c}"
done | sort >"$TMP/reading"
if ! cmp -s "$TMP/listed" "$TMP/reading"; then
  fail "TIER_TESTS (tests/local.mk) is not the tests that read the tier:
$(diff "$TMP/listed" "$TMP/reading" | grep '^[<>]' | sed 's/^</  listed, does not read it:/; s/^>/  reads it, not listed:/')"
fi
finish
