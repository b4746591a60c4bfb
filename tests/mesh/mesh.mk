# SPDX-License-Identifier: MIT
# tests/mesh: triangle meshes (src/mesh): how a file's format is told, the OFF
# variants, the messages of text that is no mesh (the PLY reader is checked in
# check_potential).
check_PROGRAMS += tests/mesh/check_mesh
TESTS += tests/mesh/check_mesh
tests_mesh_check_mesh_SOURCES = tests/mesh/check_mesh.c
tests_mesh_check_mesh_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_mesh_check_mesh_LDADD = src/mesh/libccdmesh.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
