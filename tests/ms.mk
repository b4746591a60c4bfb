# SPDX-License-Identifier: MIT
# Minimum separation: Tight Inclusion (Wang et al. 2021 Table 2) against the exact truth,
# and the exact truth at d = 1e-8, 1e-2; `ccdbench truth --ms` and `ccdbench show`.
check_PROGRAMS += tests/check_ms_ti
TESTS += tests/check_ms_ti
tests_check_ms_ti_SOURCES = tests/check_ms_ti.c tests/test_query_set.h
tests_check_ms_ti_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_ms_ti_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
MS_CLI_TESTS = tests/cli/truth-ms.sh
TESTS += $(MS_CLI_TESTS)
EXTRA_DIST += $(MS_CLI_TESTS)
# The contact-at-start proof and the earliest-first search of Tight Inclusion.
check_PROGRAMS += tests/check_ti_start
TESTS += tests/check_ti_start
tests_check_ti_start_SOURCES = tests/check_ti_start.c tests/test_query_set.h
tests_check_ti_start_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_ti_start_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# Tight Inclusion's exclusion by separating directions (option exclude).
check_PROGRAMS += tests/check_ti_directions
TESTS += tests/check_ti_directions
tests_check_ti_directions_SOURCES = tests/check_ti_directions.c tests/test_query_set.h
tests_check_ti_directions_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_ti_directions_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# Tight Inclusion's certified stopping rule (option stop).
check_PROGRAMS += tests/check_ti_stop
TESTS += tests/check_ti_stop
tests_check_ti_stop_SOURCES = tests/check_ti_stop.c tests/test_query_set.h
tests_check_ti_stop_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_ti_stop_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# Tight Inclusion's time advance by certified slabs (option advance).
check_PROGRAMS += tests/check_ti_advance
TESTS += tests/check_ti_advance
tests_check_ti_advance_SOURCES = tests/check_ti_advance.c tests/test_query_set.h
tests_check_ti_advance_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_ti_advance_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
