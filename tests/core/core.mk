# SPDX-License-Identifier: MIT
# tests/core: the Check suite of src/core.
check_PROGRAMS += tests/core/check_core
TESTS += tests/core/check_core
tests_core_check_core_SOURCES = tests/core/check_core.c
tests_core_check_core_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_core_check_core_LDADD = src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# the team's binding to OpenMP places (OMP_PROC_BIND set before main)
TESTS += tests/core/team-places.sh
EXTRA_DIST += tests/core/team-places.sh
