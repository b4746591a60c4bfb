# SPDX-License-Identifier: MIT
# Check suite of src/methods/msrf.mk (MSRF).
check_PROGRAMS += tests/check_msrf
TESTS += tests/check_msrf
tests_check_msrf_SOURCES = tests/check_msrf.c tests/hand_query.h
tests_check_msrf_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_msrf_LDADD = src/methods/libccdmsrf.la src/methods/libccdrpoly.la src/methods/libccdprimdist.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/check_rpoly
TESTS += tests/check_rpoly
tests_check_rpoly_SOURCES = tests/check_rpoly.c
tests_check_rpoly_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_rpoly_LDADD = src/methods/libccdmsrf.la src/methods/libccdrpoly.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/check_msrf_data
TESTS += tests/check_msrf_data
tests_check_msrf_data_SOURCES = tests/check_msrf_data.c
tests_check_msrf_data_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_msrf_data_LDADD = src/methods/libccdmsrf.la src/methods/libccdrpoly.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
