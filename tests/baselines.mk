# SPDX-License-Identifier: MIT
# Check suite of the Wang et al. 2021 Table 1 baselines (src/methods/baselines.mk).
check_PROGRAMS += tests/check_baselines
TESTS += tests/check_baselines
tests_check_baselines_SOURCES = tests/check_baselines.c
tests_check_baselines_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_baselines_LDADD = src/methods/libccdbaselines.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/check_root_parity_bsc_data
TESTS += tests/check_root_parity_bsc_data
tests_check_root_parity_bsc_data_SOURCES = tests/check_root_parity_bsc_data.c \
	tests/check_root_parity_bsc_data.pinned
tests_check_root_parity_bsc_data_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_root_parity_bsc_data_LDADD = src/methods/libccdbaselines.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
