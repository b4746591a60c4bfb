# SPDX-License-Identifier: MIT
# tests/support: what the Check suites and the shell tests share: the Check
# helpers (test_support.h, test_tier.h, json_check.h, reader_pieces.h; found through the -I of
# CHECK_SUITE_CFLAGS, tests/local.mk), the shell tests' set-up (lib.sh) and
# json_valid.
EXTRA_DIST += tests/support/test_support.h tests/support/test_tier.h \
	tests/support/json_check.h tests/support/reader_pieces.h tests/support/lib.sh

# A JSON syntax checker for the shell tests of `--format json`.
check_PROGRAMS += tests/support/json_valid
tests_support_json_valid_SOURCES = tests/support/json_valid.c
tests_support_json_valid_LDADD = src/bench/libccdrun.la src/core/libccdcore.la $(CCD_LIBS)
