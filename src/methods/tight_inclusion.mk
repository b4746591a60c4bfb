# SPDX-License-Identifier: MIT
# Tight Inclusion (Wang et al. 2021 §5–§7).  The corner kernels are compiled with
# -ffp-contract=off everywhere, so the scalar and SIMD kernels evaluate the same
# operations without fused multiply-adds and return bit-identical corner values;
# each SIMD kernel has its own convenience library for its -m flags and is chosen
# at run time (__builtin_cpu_supports).  No -mfma: the filter's error bound
# (tight_inclusion_filter.md) assumes unfused operations, and the AVX2 kernel
# refuses to compile where FMA is enabled.
TI_CFLAGS = $(AM_CFLAGS) -ffp-contract=off

noinst_LTLIBRARIES += src/methods/libccdti.la
src_methods_libccdti_la_SOURCES = \
	src/methods/tight_inclusion.h \
	src/methods/tight_inclusion.c \
	src/methods/tight_inclusion_level.c \
	src/methods/tight_inclusion_search.c \
	src/methods/tight_inclusion_start.c \
	src/methods/tight_inclusion_stop.c \
	src/methods/tight_inclusion_advance.c \
	src/methods/tight_inclusion_crossing.c \
	src/methods/tight_inclusion_directions.c \
	src/methods/tight_inclusion_filter.c \
	src/methods/tight_inclusion_corners.c
src_methods_libccdti_la_CFLAGS = $(TI_CFLAGS)
src_methods_libccdti_la_LIBADD =
EXTRA_DIST += src/methods/tight_inclusion_filter.md

if HAVE_AVX2
noinst_LTLIBRARIES += src/methods/libccdti_avx2.la
src_methods_libccdti_avx2_la_SOURCES = src/methods/tight_inclusion_corners_avx2.c
src_methods_libccdti_avx2_la_CFLAGS = $(TI_CFLAGS) -mavx2
src_methods_libccdti_la_LIBADD += src/methods/libccdti_avx2.la
else
EXTRA_DIST += src/methods/tight_inclusion_corners_avx2.c
endif

if HAVE_AVX512
noinst_LTLIBRARIES += src/methods/libccdti_avx512.la
src_methods_libccdti_avx512_la_SOURCES = src/methods/tight_inclusion_corners_avx512.c
src_methods_libccdti_avx512_la_CFLAGS = $(TI_CFLAGS) -mavx512f
src_methods_libccdti_la_LIBADD += src/methods/libccdti_avx512.la
else
EXTRA_DIST += src/methods/tight_inclusion_corners_avx512.c
endif

libccdbench_la_LIBADD += src/methods/libccdti.la
