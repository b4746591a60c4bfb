# SPDX-License-Identifier: MIT
# src/mesh: triangle meshes (ccd_mesh, <ccdbench/mesh.h>): the OBJ, OFF and
# PLY readers with located errors and the record of where each triangle and
# vertex was read (mesh_source.h), the built-in box and sphere, and the mesh
# named on a command line.  Read by the long-range potential
# (src/contact/potential), by the convex polyhedra's file reader
# (src/contact/polyhedra, for the vertices) and by scenes of simulation steps
# (src/scene).  Includes src/core and the public headers.
noinst_LTLIBRARIES += src/mesh/libccdmesh.la
src_mesh_libccdmesh_la_SOURCES = \
	src/mesh/mesh.c \
	src/mesh/mesh_source.h \
	src/mesh/mesh_source.c \
	src/mesh/mesh_read.c \
	src/mesh/mesh_ply.h \
	src/mesh/mesh_ply.c \
	src/mesh/mesh_spec.c
libccdbench_la_LIBADD += src/mesh/libccdmesh.la
