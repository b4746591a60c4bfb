# SPDX-License-Identifier: MIT
# Exact point–triangle and segment–segment distances with closest points (GMP mpq).
noinst_LTLIBRARIES += src/exact/libccddistance.la
src_exact_libccddistance_la_SOURCES = \
	src/exact/distance.c \
	src/exact/distance.h
libccdbench_la_LIBADD += src/exact/libccddistance.la
