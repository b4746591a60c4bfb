# SPDX-License-Identifier: MIT
# tests/exact: the exact oracle (src/exact): algebra and hand-made degenerate
# queries (check_exact), the shared benchmark data (check_exact_data), minimum
# separation, the oracle's filter, exact distances, and `ccdbench show`.
EXACT_TEST_LIBS = src/exact/libccdexact.la src/query/libccdquery.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/exact/check_exact
TESTS += tests/exact/check_exact
tests_exact_check_exact_SOURCES = tests/exact/check_exact.c tests/exact/exact_static_oracle.h \
	tests/exact/exact_test_util.h
tests_exact_check_exact_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_exact_check_exact_LDADD = $(EXACT_TEST_LIBS)
check_PROGRAMS += tests/exact/check_exact_data
TESTS += tests/exact/check_exact_data
tests_exact_check_exact_data_SOURCES = tests/exact/check_exact_data.c \
	tests/exact/exact_static_oracle.h tests/exact/exact_test_util.h
tests_exact_check_exact_data_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_exact_check_exact_data_LDADD = $(EXACT_TEST_LIBS)
check_PROGRAMS += tests/exact/check_exact_ms
TESTS += tests/exact/check_exact_ms
tests_exact_check_exact_ms_SOURCES = tests/exact/check_exact_ms.c \
	tests/exact/exact_static_oracle.h tests/exact/exact_test_util.h
tests_exact_check_exact_ms_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_exact_check_exact_ms_LDADD = src/exact/libccddistance.la $(EXACT_TEST_LIBS)
# The oracle's floating-point filter against its derived error bound (GMP).
check_PROGRAMS += tests/exact/check_exact_filter
TESTS += tests/exact/check_exact_filter
tests_exact_check_exact_filter_SOURCES = tests/exact/check_exact_filter.c \
	tests/support/test_support.h
tests_exact_check_exact_filter_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_exact_check_exact_filter_LDADD = $(EXACT_TEST_LIBS)

# Exact distances (src/exact/distance.c) against MPFR.
check_PROGRAMS += tests/exact/check_distance
TESTS += tests/exact/check_distance
tests_exact_check_distance_SOURCES = tests/exact/check_distance.c
tests_exact_check_distance_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_exact_check_distance_LDADD = src/exact/libccddistance.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)

# `ccdbench show`: exact coordinates, truth and closest points of single queries.
TESTS += tests/exact/show.sh
EXTRA_DIST += tests/exact/show.sh
