# SPDX-License-Identifier: MIT
# tests/methods: the CCD methods (src/methods): Tight Inclusion, minimum
# separation, FPRF, MSRF, the baselines, TightCCD, additive CCD, the method
# registry (lists, plugins, options), and baseline-agreement.
# (RUNNER_SUITE_LDADD is defined in tests/bench/bench.mk.)

# Tight Inclusion: unit tests (no data) and data-driven tests (shared data, exact oracle).
check_PROGRAMS += tests/methods/check_tight_inclusion tests/methods/check_tight_inclusion_data
TESTS += tests/methods/check_tight_inclusion tests/methods/check_tight_inclusion_data

tests_methods_check_tight_inclusion_SOURCES = tests/methods/check_tight_inclusion.c
tests_methods_check_tight_inclusion_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_tight_inclusion_LDADD = src/methods/libccdti.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)

tests_methods_check_tight_inclusion_data_SOURCES = tests/methods/check_tight_inclusion_data.c
tests_methods_check_tight_inclusion_data_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_tight_inclusion_data_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)

# The filters and certified bounds against their derivations, in exact arithmetic.
check_PROGRAMS += tests/methods/check_ti_bounds
TESTS += tests/methods/check_ti_bounds
tests_methods_check_ti_bounds_SOURCES = tests/methods/check_ti_bounds.c \
	tests/support/test_support.h
tests_methods_check_ti_bounds_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_ti_bounds_LDADD = src/methods/libccdti.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
EXTRA_DIST += tests/methods/ti_exact_setup.h tests/methods/ti_exact_corner.h \
	tests/methods/shared_family.h tests/methods/shared_family_run.h

# Check suite of the Wang et al. 2021 Table 1 baselines (src/methods/baselines.mk).
check_PROGRAMS += tests/methods/check_baselines
TESTS += tests/methods/check_baselines
tests_methods_check_baselines_SOURCES = tests/methods/check_baselines.c
tests_methods_check_baselines_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_baselines_LDADD = src/methods/libccdbaselines.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/methods/check_root_parity_bsc_data
TESTS += tests/methods/check_root_parity_bsc_data
tests_methods_check_root_parity_bsc_data_SOURCES = tests/methods/check_root_parity_bsc_data.c \
	tests/methods/check_root_parity_bsc_data.pinned
tests_methods_check_root_parity_bsc_data_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_root_parity_bsc_data_LDADD = src/methods/libccdbaselines.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)

# Minimum separation: Tight Inclusion (Wang et al. 2021 Table 2) against the exact
# truth (`ccdbench truth --ms`: tests/bench/truth-ms.sh; the exact truth at
# d = 1e-8, 1e-2 and `ccdbench show`: tests/exact/).
check_PROGRAMS += tests/methods/check_ms_ti
TESTS += tests/methods/check_ms_ti
tests_methods_check_ms_ti_SOURCES = tests/methods/check_ms_ti.c tests/methods/test_query_set.h
tests_methods_check_ms_ti_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_ms_ti_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# The contact-at-start proof and the earliest-first search of Tight Inclusion.
check_PROGRAMS += tests/methods/check_ti_start
TESTS += tests/methods/check_ti_start
tests_methods_check_ti_start_SOURCES = tests/methods/check_ti_start.c tests/methods/test_query_set.h
tests_methods_check_ti_start_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_ti_start_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# Tight Inclusion's exclusion by separating directions (option exclude).
check_PROGRAMS += tests/methods/check_ti_directions
TESTS += tests/methods/check_ti_directions
tests_methods_check_ti_directions_SOURCES = tests/methods/check_ti_directions.c \
	tests/methods/test_query_set.h
tests_methods_check_ti_directions_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_ti_directions_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# Tight Inclusion's certified stopping rule (option stop).
check_PROGRAMS += tests/methods/check_ti_stop
TESTS += tests/methods/check_ti_stop
tests_methods_check_ti_stop_SOURCES = tests/methods/check_ti_stop.c tests/methods/test_query_set.h
tests_methods_check_ti_stop_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_ti_stop_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# Tight Inclusion's crossing proof (the time advance's bracket at d = 0).
check_PROGRAMS += tests/methods/check_ti_crossing
TESTS += tests/methods/check_ti_crossing
tests_methods_check_ti_crossing_SOURCES = tests/methods/check_ti_crossing.c
tests_methods_check_ti_crossing_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_ti_crossing_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# Tight Inclusion's time advance by certified slabs (option advance).
check_PROGRAMS += tests/methods/check_ti_advance
TESTS += tests/methods/check_ti_advance
tests_methods_check_ti_advance_SOURCES = tests/methods/check_ti_advance.c \
	tests/methods/test_query_set.h
tests_methods_check_ti_advance_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_ti_advance_LDADD = src/methods/libccdti.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)

# The method registry (lists, plugins, options) and FPRF.
check_PROGRAMS += tests/methods/check_methods
TESTS += tests/methods/check_methods
tests_methods_check_methods_SOURCES = tests/methods/check_methods.c
tests_methods_check_methods_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_methods_LDADD = $(RUNNER_SUITE_LDADD)
check_PROGRAMS += tests/methods/check_fprf
TESTS += tests/methods/check_fprf
tests_methods_check_fprf_SOURCES = tests/methods/check_fprf.c
tests_methods_check_fprf_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_fprf_LDADD = $(RUNNER_SUITE_LDADD)
# FPRF's answers on the shared data (skipped without ../shared/data).
check_PROGRAMS += tests/methods/check_fprf_data
TESTS += tests/methods/check_fprf_data
tests_methods_check_fprf_data_SOURCES = tests/methods/check_fprf_data.c \
	tests/methods/shared_family.h
tests_methods_check_fprf_data_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_fprf_data_LDADD = $(RUNNER_SUITE_LDADD)

# Check suite of src/methods/msrf.mk (MSRF).
check_PROGRAMS += tests/methods/check_msrf
TESTS += tests/methods/check_msrf
tests_methods_check_msrf_SOURCES = tests/methods/check_msrf.c tests/methods/hand_query.h
tests_methods_check_msrf_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_msrf_LDADD = src/methods/libccdmsrf.la src/methods/libccdrpoly.la \
	src/methods/libccdprimdist.la src/query/libccdquery.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/methods/check_rpoly
TESTS += tests/methods/check_rpoly
tests_methods_check_rpoly_SOURCES = tests/methods/check_rpoly.c
tests_methods_check_rpoly_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_rpoly_LDADD = src/methods/libccdmsrf.la src/methods/libccdrpoly.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/methods/check_msrf_data
TESTS += tests/methods/check_msrf_data
tests_methods_check_msrf_data_SOURCES = tests/methods/check_msrf_data.c
tests_methods_check_msrf_data_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_msrf_data_LDADD = src/methods/libccdmsrf.la src/methods/libccdrpoly.la \
	src/exact/libccdexact.la src/query/libccdquery.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)

# Check suites of src/methods/tight_ccd.mk (TightCCD).
check_PROGRAMS += tests/methods/check_tight_ccd
TESTS += tests/methods/check_tight_ccd
tests_methods_check_tight_ccd_SOURCES = tests/methods/check_tight_ccd.c tests/methods/hand_query.h
tests_methods_check_tight_ccd_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_tight_ccd_LDADD = src/methods/libccdtightccd.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/methods/check_tight_ccd_data
TESTS += tests/methods/check_tight_ccd_data
tests_methods_check_tight_ccd_data_SOURCES = tests/methods/check_tight_ccd_data.c
tests_methods_check_tight_ccd_data_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_tight_ccd_data_LDADD = src/methods/libccdtightccd.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)

# Additive CCD: hand-made queries, and the shared data against the exact truth.
check_PROGRAMS += tests/methods/check_additive_ccd
TESTS += tests/methods/check_additive_ccd
tests_methods_check_additive_ccd_SOURCES = tests/methods/check_additive_ccd.c \
	tests/methods/test_query_set.h tests/methods/hand_query.h
tests_methods_check_additive_ccd_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_methods_check_additive_ccd_LDADD = src/methods/libccdadditive.la \
	src/methods/libccdprimdist.la src/exact/libccdexact.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)

# Methods from a plugin .so (tests/plugin/always_collides.c) and method options
# (`--param METHOD.KEY=VALUE`).
METHODS_CLI_TESTS = tests/methods/plugin.sh tests/methods/method-options.sh
TESTS += $(METHODS_CLI_TESTS)
EXTRA_DIST += $(METHODS_CLI_TESTS)
# scripts/baseline-agreement with stand-in drivers (docs/baselines.md).
TESTS += tests/methods/baseline-agreement.sh
EXTRA_DIST += tests/methods/baseline-agreement.sh
