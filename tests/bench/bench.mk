# SPDX-License-Identifier: MIT
# tests/bench: the runner (src/bench) and the commands on it: run statistics,
# wrong answers, checkpoints, presets, truth files, sweeps, shards, merge, gate,
# MPI jobs, methods that fail or misbehave, and the timing checks (check-timing).
check_PROGRAMS += tests/bench/check_runner
TESTS += tests/bench/check_runner
tests_bench_check_runner_SOURCES = tests/bench/check_runner.c
tests_bench_check_runner_CFLAGS = $(CHECK_SUITE_CFLAGS)
# (also the libraries of tests/methods' check_methods, check_fprf, check_fprf_data)
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
tests_bench_check_runner_LDADD = $(RUNNER_SUITE_LDADD)
# The wrong answers of a method (`ccdbench wrong`) and their listing.
check_PROGRAMS += tests/bench/check_wrong_answers
TESTS += tests/bench/check_wrong_answers
tests_bench_check_wrong_answers_SOURCES = tests/bench/check_wrong_answers.c
tests_bench_check_wrong_answers_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_bench_check_wrong_answers_LDADD = $(RUNNER_SUITE_LDADD)
check_PROGRAMS += tests/bench/check_cost_cache
TESTS += tests/bench/check_cost_cache
tests_bench_check_cost_cache_SOURCES = tests/bench/check_cost_cache.c
tests_bench_check_cost_cache_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_bench_check_cost_cache_LDADD = $(RUNNER_SUITE_LDADD)
# The schedule replay's reading ahead (`ccdbench bench schedule`).
check_PROGRAMS += tests/bench/check_schedule_replay
TESTS += tests/bench/check_schedule_replay
tests_bench_check_schedule_replay_SOURCES = tests/bench/check_schedule_replay.c
tests_bench_check_schedule_replay_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_bench_check_schedule_replay_LDADD = $(RUNNER_SUITE_LDADD)
check_PROGRAMS += tests/bench/check_stats
TESTS += tests/bench/check_stats
tests_bench_check_stats_SOURCES = tests/bench/check_stats.c
tests_bench_check_stats_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_bench_check_stats_LDADD = $(RUNNER_SUITE_LDADD)

BENCH_CLI_TESTS = \
	tests/bench/bench-io.sh \
	tests/bench/ms-ratio.sh \
	tests/bench/schedule.sh \
	tests/bench/thread-scaling.sh \
	tests/bench/truth.sh \
	tests/bench/wrong.sh
TESTS += $(BENCH_CLI_TESTS)
EXTRA_DIST += $(BENCH_CLI_TESTS)

# Ground-truth files read back (src/bench/truth_file_reader.c), and `ccdbench run`
# scored against the shipped truth and --truth-dir.
check_PROGRAMS += tests/bench/check_truth_file
TESTS += tests/bench/check_truth_file
tests_bench_check_truth_file_SOURCES = tests/bench/check_truth_file.c
tests_bench_check_truth_file_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_bench_check_truth_file_LDADD = src/bench/libccdrun.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/bench/truth-files.sh
EXTRA_DIST += tests/bench/truth-files.sh
# `ccdbench truth --ms`: the exact minimum-separation truth.
MS_CLI_TESTS = tests/bench/truth-ms.sh
TESTS += $(MS_CLI_TESTS)
EXTRA_DIST += $(MS_CLI_TESTS)

# Result files and checkpoints, `gate`, `merge`, sweeps and shards (the never-
# colliding and spinning plugins they use are in tests/plugin/plugin.mk).
check_PROGRAMS += tests/bench/check_checkpoint
TESTS += tests/bench/check_checkpoint
tests_bench_check_checkpoint_SOURCES = tests/bench/check_checkpoint.c
tests_bench_check_checkpoint_CFLAGS = $(CHECK_SUITE_CFLAGS)
# (the libraries of check_report, tests/report/report.mk)
tests_bench_check_checkpoint_LDADD = $(tests_report_check_report_LDADD)
RESULT_CLI_TESTS = \
	tests/bench/checkpoint.sh \
	tests/bench/gate.sh \
	tests/bench/merge.sh \
	tests/bench/result-invariants.sh \
	tests/bench/run-shards.sh \
	tests/bench/sweep.sh
TESTS += $(RESULT_CLI_TESTS)
EXTRA_DIST += $(RESULT_CLI_TESTS)

# Presets (src/bench/preset.c): the tables of Wang et al. 2021 as `run --preset`.
check_PROGRAMS += tests/bench/check_preset
TESTS += tests/bench/check_preset tests/bench/presets.sh
tests_bench_check_preset_SOURCES = tests/bench/check_preset.c tests/support/test_support.h
tests_bench_check_preset_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_bench_check_preset_LDADD = libccdinternal.la $(CHECK_LIBS) $(CCD_LIBS)
EXTRA_DIST += tests/bench/presets.sh

# Checks that assert on measured times under load: not part of `make check`, where
# a shared CI machine would fail them at random (no timing assertions in tests), but
# run by hand with `make check-timing` (docs/gate.md#noise).
TIMING_CHECKS = tests/bench/gate-load.sh
EXTRA_DIST += $(TIMING_CHECKS)
check-timing: all
	$(MAKE) $(AM_MAKEFLAGS) $(check_LTLIBRARIES)
	@$(AM_TESTS_ENVIRONMENT) status=0; \
	for t in $(TIMING_CHECKS); do \
	  if $(SHELL) $(srcdir)/$$t; then echo "PASS: $$t"; else echo "FAIL: $$t"; status=1; fi; \
	done; exit $$status
.PHONY: check-timing

# Methods that fail or misbehave: methods that cannot take a query, invalid
# results, plugins that crash, abort, loop or exit (the plugins:
# tests/plugin/plugin.mk; unwritable result files: tests/cli/cli.mk).
FAILURE_CLI_TESTS = \
	tests/bench/method-failures.sh \
	tests/bench/isolate.sh \
	tests/bench/peek.sh
TESTS += $(FAILURE_CLI_TESTS)
EXTRA_DIST += $(FAILURE_CLI_TESTS)

# MPI jobs of `run` and `truth` (skipped when built without MPI or no mpirun).
TESTS += tests/bench/mpi.sh
EXTRA_DIST += tests/bench/mpi.sh
# (CCD_SANITIZER_CFLAGS, which it also reads, is set by tests/project/project.mk.)
AM_TESTS_ENVIRONMENT += CCD_MPI='$(CCD_MPI)'; export CCD_MPI;
# The exact labels of the ranks, replayed in order (no MPI needed).
check_PROGRAMS += tests/bench/check_exact_label_parts
TESTS += tests/bench/check_exact_label_parts
tests_bench_check_exact_label_parts_SOURCES = tests/bench/check_exact_label_parts.c
tests_bench_check_exact_label_parts_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_bench_check_exact_label_parts_LDADD = $(RUNNER_SUITE_LDADD)
