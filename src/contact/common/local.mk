# SPDX-License-Identifier: MIT
# src/contact/common: the numerics the contact routines share: the scalar
# types of the generic routines (double, dual numbers, 256-bit MPFR and its
# arena), the smooth operators of Beker et al. (Sec. III) that every scalar type
# is built on, sample statistics of the checks, the primal-dual interior-point
# QP solver, the exact rational simplex, and rigid poses (ccdbench/pose.h).
# Includes src/core and the public headers only.
src_contact_libccdcontact_la_SOURCES += \
	src/contact/common/exact_simplex.h \
	src/contact/common/exact_simplex.c \
	src/contact/common/mpfr_arena.h \
	src/contact/common/mpfr_arena.c \
	src/contact/common/pose.c \
	src/contact/common/qp_interior_point.h \
	src/contact/common/qp_interior_point.c \
	src/contact/common/sample_stats.h \
	src/contact/common/sample_stats.c \
	src/contact/common/scalar_double.h \
	src/contact/common/scalar_dual.h \
	src/contact/common/scalar_mpfr.h \
	src/contact/common/smooth.h \
	src/contact/common/smooth.c
