# SPDX-License-Identifier: MIT
# tests/scene: whole simulation steps (src/scene): the Check suite (hand-made
# frames and the Scalable-CCD cloth-funnel frames) and the `ccdbench scene` CLI.
check_PROGRAMS += tests/scene/check_scene
TESTS += tests/scene/check_scene
tests_scene_check_scene_SOURCES = tests/scene/check_scene.c tests/support/test_support.h
tests_scene_check_scene_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_scene_check_scene_LDADD = libccdinternal.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/scene/scene.sh tests/scene/scene-contacts.sh
EXTRA_DIST += tests/scene/scene.sh tests/scene/scene-contacts.sh
