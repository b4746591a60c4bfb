# SPDX-License-Identifier: MIT
# MPI jobs of `run` and `truth` (skipped when built without MPI or no mpirun).
TESTS += tests/cli/mpi.sh
EXTRA_DIST += tests/cli/mpi.sh tests/cli/mpi.lsan-suppressions
AM_TESTS_ENVIRONMENT += CCD_MPI='$(CCD_MPI)'; export CCD_MPI;
