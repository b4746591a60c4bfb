# SPDX-License-Identifier: MIT
# Whole simulation steps (src/scene): the Check suite (hand-made frames and the
# Scalable-CCD cloth-funnel frames) and the `ccdbench scene` CLI.
check_PROGRAMS += tests/check_scene
TESTS += tests/check_scene
tests_check_scene_SOURCES = tests/check_scene.c tests/test_support.h
tests_check_scene_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_scene_LDADD = libccdinternal.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/check_mma_roots
TESTS += tests/check_mma_roots
tests_check_mma_roots_SOURCES = tests/check_mma_roots.c tests/test_support.h
tests_check_mma_roots_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_mma_roots_LDADD = libccdinternal.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/scene.sh
EXTRA_DIST += tests/cli/scene.sh
