# SPDX-License-Identifier: MIT
# MPI jobs of `run` and `truth` (skipped when built without MPI or no mpirun).
TESTS += tests/cli/mpi.sh
EXTRA_DIST += tests/cli/mpi.sh
# (CCD_SANITIZER_CFLAGS, which it also reads, is set by tests/example.mk.)
AM_TESTS_ENVIRONMENT += CCD_MPI='$(CCD_MPI)'; export CCD_MPI;
# The exact labels of the ranks, replayed in order (no MPI needed).
check_PROGRAMS += tests/check_exact_label_parts
TESTS += tests/check_exact_label_parts
tests_check_exact_label_parts_SOURCES = tests/check_exact_label_parts.c
tests_check_exact_label_parts_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_exact_label_parts_LDADD = $(RUNNER_SUITE_LDADD)
