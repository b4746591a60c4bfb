# SPDX-License-Identifier: MIT
# Check suites of src/methods/tight_ccd.mk (TightCCD).
check_PROGRAMS += tests/check_tight_ccd
TESTS += tests/check_tight_ccd
tests_check_tight_ccd_SOURCES = tests/check_tight_ccd.c tests/hand_query.h
tests_check_tight_ccd_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_tight_ccd_LDADD = src/methods/libccdtightccd.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/check_tight_ccd_data
TESTS += tests/check_tight_ccd_data
tests_check_tight_ccd_data_SOURCES = tests/check_tight_ccd_data.c
tests_check_tight_ccd_data_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_tight_ccd_data_LDADD = src/methods/libccdtightccd.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
