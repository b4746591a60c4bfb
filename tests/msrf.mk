# SPDX-License-Identifier: MIT
# Check suite of src/methods/msrf.mk (MSRF).
check_PROGRAMS += tests/check_msrf
TESTS += tests/check_msrf
tests_check_msrf_SOURCES = tests/check_msrf.c tests/hand_query.h
tests_check_msrf_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_msrf_LDADD = src/methods/libccdmsrf.la src/methods/libccdprimdist.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
