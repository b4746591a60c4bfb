# SPDX-License-Identifier: MIT
# tests/published: the readers of answers published in their authors' formats
# (src/published): Mathematica's WXF, Root objects enclosed in MPFR intervals,
# the tar.gz roots archives of Scalable-CCD.
check_PROGRAMS += tests/published/check_mma_roots
TESTS += tests/published/check_mma_roots
tests_published_check_mma_roots_SOURCES = tests/published/check_mma_roots.c \
	tests/support/test_support.h
tests_published_check_mma_roots_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_published_check_mma_roots_LDADD = libccdinternal.la $(CHECK_LIBS) $(CCD_LIBS)
