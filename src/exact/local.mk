# SPDX-License-Identifier: MIT
# src/exact: see README.md (module overview) and DESIGN.md (the design).
include src/exact/distance.mk

# The exact oracle: integer polynomials, root isolation, algebraic numbers,
# sign-condition satisfiability, exact VF/EE CCD and the `exact` method.
noinst_LTLIBRARIES += src/exact/libccdexact.la
src_exact_libccdexact_la_SOURCES = \
	src/exact/exact_ccd.h \
	src/exact/poly.c \
	src/exact/poly.h \
	src/exact/algebraic.c \
	src/exact/algebraic.h \
	src/exact/decimal.c \
	src/exact/decimal.h \
	src/exact/rational.c \
	src/exact/rational.h \
	src/exact/roots.c \
	src/exact/roots.h \
	src/exact/sign_sat.c \
	src/exact/sign_sat.h \
	src/exact/exact_ctx.c \
	src/exact/exact_ctx.h \
	src/exact/exact_internal.h \
	src/exact/exact_case.c \
	src/exact/exact_ccd.c \
	src/exact/exact_decide.c \
	src/exact/exact_filter.c \
	src/exact/exact_filter.h \
	src/exact/separation.c \
	src/exact/separation.h \
	src/exact/separation_filter.c \
	src/exact/separation_filter.h \
	src/exact/separation_linf.c \
	src/exact/separation_linf.h \
	src/exact/separation_pair_filter.c \
	src/exact/separation_pair_filter.h \
	src/exact/separation_sat.c \
	src/exact/separation_sat.h \
	src/exact/exact_method.c \
	src/exact/oracle.c
libccdbench_la_LIBADD += src/exact/libccdexact.la
EXTRA_DIST += src/exact/README.md src/exact/DESIGN.md
