# SPDX-License-Identifier: MIT
# Check suite of src/query, and the reader's limit --max-digits.
check_PROGRAMS += tests/check_query
TESTS += tests/check_query
tests_check_query_SOURCES = tests/check_query.c
tests_check_query_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_query_LDADD = src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/max-digits.sh
EXTRA_DIST += tests/cli/max-digits.sh
