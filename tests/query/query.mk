# SPDX-License-Identifier: MIT
# tests/query: the Check suite of src/query, the reader's limit --max-digits, and
# the edges of DATA.
check_PROGRAMS += tests/query/check_query
TESTS += tests/query/check_query
tests_query_check_query_SOURCES = tests/query/check_query.c
tests_query_check_query_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_query_check_query_LDADD = src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/query/check_read_ahead
TESTS += tests/query/check_read_ahead
tests_query_check_read_ahead_SOURCES = tests/query/check_read_ahead.c
tests_query_check_read_ahead_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_query_check_read_ahead_LDADD = src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/query/max-digits.sh
EXTRA_DIST += tests/query/max-digits.sh

# Edges of DATA: empty directories, data named twice, truth files shared by two
# inputs, unlabelled queries, FIFOs and devices (src/query/dataset.c).
TESTS += tests/query/dataset-edges.sh
EXTRA_DIST += tests/query/dataset-edges.sh
