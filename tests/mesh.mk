# SPDX-License-Identifier: MIT
# Triangle meshes (src/mesh): how a file's format is told, the OFF variants, the
# messages of text that is no mesh (the PLY reader is checked in check_potential).
check_PROGRAMS += tests/check_mesh
TESTS += tests/check_mesh
tests_check_mesh_SOURCES = tests/check_mesh.c
tests_check_mesh_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_mesh_LDADD = src/mesh/libccdmesh.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
