# SPDX-License-Identifier: MIT
# Check suite of src/methods/extra.mk (MSRF).
check_PROGRAMS += tests/check_extra
TESTS += tests/check_extra
tests_check_extra_SOURCES = tests/check_extra.c
tests_check_extra_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_extra_LDADD = src/methods/libccdextra.la src/methods/libccdfprf.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
