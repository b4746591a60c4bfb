# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/check_distance
TESTS += tests/check_distance
tests_check_distance_SOURCES = tests/check_distance.c
tests_check_distance_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_distance_LDADD = src/exact/libccddistance.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
