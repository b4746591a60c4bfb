# SPDX-License-Identifier: MIT
# src/published: readers of the answers published with public CCD data, in the
# formats their authors wrote: Mathematica's WXF (wxf.c), its real numbers and
# Root objects enclosed in MPFR intervals (mma_value.c, mma_root.c), and the
# Scalable-CCD roots archives (Belgrod et al. 2023; mma_roots.c).  Read by
# `scene` (a step's published earliest toi); the label files (mma_bool) are the
# query reader's (src/query/label_stream.c).  Includes src/core, src/exact (the
# root isolation of Root objects) and the public headers.
noinst_LTLIBRARIES += src/published/libccdpublished.la
src_published_libccdpublished_la_SOURCES = \
	src/published/mma_root.c \
	src/published/mma_roots.c \
	src/published/mma_roots.h \
	src/published/mma_value.c \
	src/published/mma_value.h \
	src/published/wxf.c \
	src/published/wxf.h
libccdbench_la_LIBADD += src/published/libccdpublished.la
