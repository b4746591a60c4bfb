# SPDX-License-Identifier: MIT
# Check suites of the exact oracle: algebra and hand-made degenerate queries
# (check_exact), and the shared benchmark data (check_exact_data).
EXACT_TEST_LIBS = src/exact/libccdexact.la src/query/libccdquery.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/check_exact
TESTS += tests/check_exact
tests_check_exact_SOURCES = tests/check_exact.c tests/exact_static_oracle.h tests/exact_test_util.h
tests_check_exact_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_exact_LDADD = $(EXACT_TEST_LIBS)
check_PROGRAMS += tests/check_exact_data
TESTS += tests/check_exact_data
tests_check_exact_data_SOURCES = tests/check_exact_data.c tests/exact_static_oracle.h \
	tests/exact_test_util.h
tests_check_exact_data_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_exact_data_LDADD = $(EXACT_TEST_LIBS)
check_PROGRAMS += tests/check_exact_ms
TESTS += tests/check_exact_ms
tests_check_exact_ms_SOURCES = tests/check_exact_ms.c tests/exact_static_oracle.h \
	tests/exact_test_util.h
tests_check_exact_ms_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_exact_ms_LDADD = src/exact/libccddistance.la $(EXACT_TEST_LIBS)
# The oracle's floating-point filter against its derived error bound (GMP).
check_PROGRAMS += tests/check_exact_filter
TESTS += tests/check_exact_filter
tests_check_exact_filter_SOURCES = tests/check_exact_filter.c tests/test_support.h
tests_check_exact_filter_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_exact_filter_LDADD = $(EXACT_TEST_LIBS)
