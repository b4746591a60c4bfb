# SPDX-License-Identifier: MIT
# src/scene: whole simulation steps (include/ccdbench/scene.h): two frames of one
# mesh, the broad phase over their swept boxes, and any method with the exact
# oracle on the candidates.  Meshes are read by src/mesh, the published answers
# of a step (Mathematica roots) by src/published.
noinst_LTLIBRARIES += src/scene/libccdscene.la
src_scene_libccdscene_la_SOURCES = \
	src/scene/scene_box_pairs.c \
	src/scene/scene_box_pairs.h \
	src/scene/scene_boxes.c \
	src/scene/scene_boxes.h \
	src/scene/scene_edges.c \
	src/scene/scene_edges.h \
	src/scene/scene_export.c \
	src/scene/scene_frames.c \
	src/scene/scene_layout.c \
	src/scene/scene_published.c \
	src/scene/scene_query.c \
	src/scene/scene_step.c \
	src/scene/scene_sweep.c
libccdbench_la_LIBADD += src/scene/libccdscene.la
EXTRA_DIST += docs/scene.md
