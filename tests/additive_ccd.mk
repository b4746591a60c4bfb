# SPDX-License-Identifier: MIT
# Additive CCD: hand-made queries, and the shared data against the exact truth.
check_PROGRAMS += tests/check_additive_ccd
TESTS += tests/check_additive_ccd
tests_check_additive_ccd_SOURCES = tests/check_additive_ccd.c tests/test_query_set.h \
	tests/hand_query.h
tests_check_additive_ccd_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_additive_ccd_LDADD = src/methods/libccdadditive.la src/methods/libccdprimdist.la \
	src/exact/libccdexact.la src/query/libccdquery.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
