# SPDX-License-Identifier: MIT
# The comparison methods of Wang et al. 2021 Table 1: interval root finders (IRF, UIRF),
# root parity (floating point and exact), Bernstein sign classification.
# -ffp-contract=off: the outward rounding of src/methods/interval.h assumes every
# operation is rounded on its own (no fused multiply-add).
noinst_LTLIBRARIES += src/methods/libccdbaselines.la
src_methods_libccdbaselines_la_SOURCES = \
	src/methods/interval.h \
	src/methods/interval_query.h \
	src/methods/baseline_integer_query.c \
	src/methods/baseline_integer_query.h \
	src/methods/irf.c \
	src/methods/uirf.c \
	src/methods/root_parity.c \
	src/methods/root_parity_rational.c \
	src/methods/root_parity_domain.c \
	src/methods/root_parity_domain.h \
	src/methods/bsc.c
src_methods_libccdbaselines_la_CFLAGS = $(AM_CFLAGS) -ffp-contract=off
libccdbench_la_LIBADD += src/methods/libccdbaselines.la
