# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/check_distance
TESTS += tests/check_distance
tests_check_distance_SOURCES = tests/check_distance.c
tests_check_distance_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_distance_LDADD = src/exact/libccddistance.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)

# `ccdbench show`: exact coordinates, truth and closest points of single queries.
TESTS += tests/cli/show.sh
EXTRA_DIST += tests/cli/show.sh
