# SPDX-License-Identifier: MIT
# Check suite of src/core.
check_PROGRAMS += tests/check_core
TESTS += tests/check_core
tests_check_core_SOURCES = tests/check_core.c
tests_check_core_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_core_LDADD = src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
