# SPDX-License-Identifier: MIT
# Tight Inclusion: unit tests (no data) and data-driven tests (shared data, exact oracle).
check_PROGRAMS += tests/check_tight_inclusion tests/check_tight_inclusion_data
TESTS += tests/check_tight_inclusion tests/check_tight_inclusion_data

tests_check_tight_inclusion_SOURCES = tests/check_tight_inclusion.c
tests_check_tight_inclusion_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_tight_inclusion_LDADD = src/methods/libccdti.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)

tests_check_tight_inclusion_data_SOURCES = tests/check_tight_inclusion_data.c
tests_check_tight_inclusion_data_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_tight_inclusion_data_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)

# The filters and certified bounds against their derivations, in exact arithmetic.
check_PROGRAMS += tests/check_ti_bounds
TESTS += tests/check_ti_bounds
tests_check_ti_bounds_SOURCES = tests/check_ti_bounds.c tests/test_support.h
tests_check_ti_bounds_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_ti_bounds_LDADD = src/methods/libccdti.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
