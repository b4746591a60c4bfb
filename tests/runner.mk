# SPDX-License-Identifier: MIT
# Check suites of the runner, the run statistics, the method registry (lists,
# plugins, options) and FPRF;
# the example plugins it loads; and shell tests of the ccdbench program.
check_PROGRAMS += tests/check_runner
TESTS += tests/check_runner
tests_check_runner_SOURCES = tests/check_runner.c
tests_check_runner_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
RUNNER_SUITE_LDADD = \
	src/bench/libccdrun.la \
	src/report/libccdreport.la \
	src/methods/libccdmethodlist.la \
	src/methods/libccdfprf.la \
	src/methods/libccdrpoly.la \
	src/methods/libccdprimdist.la \
	src/exact/libccdexact.la \
	src/query/libccdquery.la \
	src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
tests_check_runner_LDADD = $(RUNNER_SUITE_LDADD)
# The wrong answers of a method (`ccdbench wrong`) and their listing.
check_PROGRAMS += tests/check_wrong_answers
TESTS += tests/check_wrong_answers
tests_check_wrong_answers_SOURCES = tests/check_wrong_answers.c
tests_check_wrong_answers_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_wrong_answers_LDADD = $(RUNNER_SUITE_LDADD)
check_PROGRAMS += tests/check_stats
TESTS += tests/check_stats
tests_check_stats_SOURCES = tests/check_stats.c
tests_check_stats_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_stats_LDADD = $(RUNNER_SUITE_LDADD)
check_PROGRAMS += tests/check_methods
TESTS += tests/check_methods
tests_check_methods_SOURCES = tests/check_methods.c
tests_check_methods_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_methods_LDADD = $(RUNNER_SUITE_LDADD)
check_PROGRAMS += tests/check_fprf
TESTS += tests/check_fprf
tests_check_fprf_SOURCES = tests/check_fprf.c
tests_check_fprf_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_fprf_LDADD = $(RUNNER_SUITE_LDADD)
# FPRF's answers on the shared data (skipped without ../shared/data).
check_PROGRAMS += tests/check_fprf_data
TESTS += tests/check_fprf_data
tests_check_fprf_data_SOURCES = tests/check_fprf_data.c tests/shared_family.h
tests_check_fprf_data_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_fprf_data_LDADD = $(RUNNER_SUITE_LDADD)

# Example plugins (test fixtures): a working one, one without the entry symbol,
# two built for other API versions.  -rpath makes libtool build shared modules.
check_LTLIBRARIES = tests/plugin/always_collides.la tests/plugin/no_entry.la \
	tests/plugin/other_api.la tests/plugin/api_v2.la
CCD_PLUGIN_LDFLAGS = -module -avoid-version -shared -rpath /nowhere $(AM_LDFLAGS)
tests_plugin_always_collides_la_SOURCES = tests/plugin/always_collides.c
tests_plugin_always_collides_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
tests_plugin_no_entry_la_SOURCES = tests/plugin/no_entry.c
tests_plugin_no_entry_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
tests_plugin_other_api_la_SOURCES = tests/plugin/other_api.c
tests_plugin_other_api_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)
tests_plugin_api_v2_la_SOURCES = tests/plugin/api_v2.c
tests_plugin_api_v2_la_LDFLAGS = $(CCD_PLUGIN_LDFLAGS)

# A JSON syntax checker for the shell tests of `--format json`.
check_PROGRAMS += tests/cli/json_valid
tests_cli_json_valid_SOURCES = tests/cli/json_valid.c
tests_cli_json_valid_LDADD = src/bench/libccdrun.la src/core/libccdcore.la $(CCD_LIBS)

CLI_TESTS = \
	tests/cli/reference.sh \
	tests/cli/bench-io.sh \
	tests/cli/default-run.sh tests/cli/default-run-bare.sh \
	tests/cli/default-labels.sh \
	tests/cli/errors.sh \
	tests/cli/method-options.sh \
	tests/cli/formats.sh \
	tests/cli/output-atomic.sh \
	tests/cli/output-early.sh \
	tests/cli/output-signals.sh \
	tests/cli/output-stdout.sh \
	tests/cli/output-targets.sh \
	tests/cli/out-of-memory.sh \
	tests/cli/plugin.sh \
	tests/cli/progress.sh \
	tests/cli/thread-scaling.sh \
	tests/cli/truth.sh \
	tests/cli/wrong.sh
TESTS += $(CLI_TESTS)
EXTRA_DIST += $(CLI_TESTS) tests/cli/lib.sh

# Ground-truth files read back (src/bench/truth_file_reader.c), and `ccdbench run`
# scored against the shipped truth and --truth-dir.
check_PROGRAMS += tests/check_truth_file
TESTS += tests/check_truth_file
tests_check_truth_file_SOURCES = tests/check_truth_file.c
tests_check_truth_file_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_truth_file_LDADD = src/bench/libccdrun.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/truth-files.sh
EXTRA_DIST += tests/cli/truth-files.sh

# Edges of DATA: empty directories, data named twice, truth files shared by two
# inputs, unlabelled queries, FIFOs and devices (src/query/dataset.c).
TESTS += tests/cli/dataset-edges.sh
EXTRA_DIST += tests/cli/dataset-edges.sh
