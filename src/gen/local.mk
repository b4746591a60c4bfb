# SPDX-License-Identifier: MIT
# src/gen: `ccdbench gen`, queries with exact labels (see gen.h).
noinst_LTLIBRARIES += src/gen/libccdgen.la
src_gen_libccdgen_la_SOURCES = \
	src/gen/gen.h \
	src/gen/gen_random.c \
	src/gen/gen_random.h \
	src/gen/gen_geometry.c \
	src/gen/gen_geometry.h \
	src/gen/gen_builders.c \
	src/gen/gen_builders.h \
	src/gen/gen_family.h \
	src/gen/gen_families.c \
	src/gen/family_generic.c \
	src/gen/family_near_miss.c \
	src/gen/family_degenerate.c \
	src/gen/family_multi_root.c \
	src/gen/gen_query.c \
	src/gen/gen_write.c \
	src/gen/gen_number.c
libccdbench_la_LIBADD += src/gen/libccdgen.la
EXTRA_DIST += src/gen/README.md
# Regenerates datasets/generated and ground_truth/generated with `ccdbench gen`.
dist_noinst_SCRIPTS += scripts/make-datasets
