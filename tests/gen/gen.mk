# SPDX-License-Identifier: MIT
# tests/gen: the Check suite of src/gen (`ccdbench gen`), and the shell test of
# the command.
check_PROGRAMS += tests/gen/check_gen
TESTS += tests/gen/check_gen
tests_gen_check_gen_SOURCES = tests/gen/check_gen.c
tests_gen_check_gen_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_gen_check_gen_LDADD = \
	src/gen/libccdgen.la \
	src/exact/libccdexact.la \
	src/exact/libccddistance.la \
	src/query/libccdquery.la \
	src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/gen/gen.sh
EXTRA_DIST += tests/gen/gen.sh
