# SPDX-License-Identifier: MIT
# Check suite of src/gen (`ccdbench gen`), and the shell test of the command.
check_PROGRAMS += tests/check_gen
TESTS += tests/check_gen
tests_check_gen_SOURCES = tests/check_gen.c
tests_check_gen_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_gen_LDADD = \
	src/gen/libccdgen.la \
	src/exact/libccdexact.la \
	src/exact/libccddistance.la \
	src/query/libccdquery.la \
	src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/gen.sh
EXTRA_DIST += tests/cli/gen.sh
