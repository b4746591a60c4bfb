# SPDX-License-Identifier: MIT
# Tests of result files, `ccdbench report`, `gate`, `merge`, sweeps and shards;
# the never-colliding test plugin (a method with false negatives, for gate) and
# the spinning one (a method whose time an option sets, for the timing gate).
check_LTLIBRARIES += tests/plugin/never_collides.la
tests_plugin_never_collides_la_SOURCES = tests/plugin/never_collides.c
tests_plugin_never_collides_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
check_LTLIBRARIES += tests/plugin/spin.la
tests_plugin_spin_la_SOURCES = tests/plugin/spin.c
tests_plugin_spin_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)

check_PROGRAMS += tests/check_report
TESTS += tests/check_report
tests_check_report_SOURCES = tests/check_report.c
tests_check_report_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_report_LDADD = \
	src/report/libccdreport.la \
	src/bench/libccdrun.la \
	src/exact/libccdexact.la \
	src/query/libccdquery.la \
	src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)

check_PROGRAMS += tests/check_checkpoint
TESTS += tests/check_checkpoint
tests_check_checkpoint_SOURCES = tests/check_checkpoint.c
tests_check_checkpoint_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_checkpoint_LDADD = $(tests_check_report_LDADD)

REPORT_CLI_TESTS = \
	tests/cli/checkpoint.sh \
	tests/cli/gate.sh \
	tests/cli/merge.sh \
	tests/cli/report.sh \
	tests/cli/result-invariants.sh \
	tests/cli/report-figures.sh \
	tests/cli/report-files.sh \
	tests/cli/report-html.sh \
	tests/cli/report-memory.sh \
	tests/cli/run-shards.sh \
	tests/cli/sweep.sh
TESTS += $(REPORT_CLI_TESTS)
EXTRA_DIST += $(REPORT_CLI_TESTS) \
	tests/report/synthetic.json \
	tests/report/golden.text \
	tests/report/golden.markdown \
	tests/report/golden.csv \
	tests/report/golden.json \
	tests/report/golden.latex \
	tests/report/golden-table1.csv
dist_noinst_SCRIPTS += scripts/make-reports scripts/bench-report-memory

# Presets (src/bench/preset.c): the tables of Wang et al. 2021 as `run --preset`.
check_PROGRAMS += tests/check_preset
TESTS += tests/check_preset tests/cli/presets.sh
tests_check_preset_SOURCES = tests/check_preset.c tests/test_support.h
tests_check_preset_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_preset_LDADD = libccdinternal.la $(CHECK_LIBS) $(CCD_LIBS)
EXTRA_DIST += tests/cli/presets.sh

# Checks that assert on measured times under load: not part of `make check`, where
# a shared CI machine would fail them at random (no timing assertions in tests), but
# run by hand with `make check-timing` (docs/gate.md#noise).
TIMING_CHECKS = tests/cli/gate-load.sh
EXTRA_DIST += $(TIMING_CHECKS)
check-timing: all
	$(MAKE) $(AM_MAKEFLAGS) $(check_LTLIBRARIES)
	@$(AM_TESTS_ENVIRONMENT) status=0; \
	for t in $(TIMING_CHECKS); do \
	  if $(SHELL) $(srcdir)/$$t; then echo "PASS: $$t"; else echo "FAIL: $$t"; status=1; fi; \
	done; exit $$status
.PHONY: check-timing
# Every text output fits 100 columns, wide tables split into panels (issue 33).
TESTS += tests/cli/table-width.sh
EXTRA_DIST += tests/cli/table-width.sh
# The HTML report for reading: order, FN highlighted, Figure 7 as small multiples,
# rounded numbers (issue 33).
TESTS += tests/cli/report-html-output.sh
EXTRA_DIST += tests/cli/report-html-output.sh
