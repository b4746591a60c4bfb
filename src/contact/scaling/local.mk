# SPDX-License-Identifier: MIT
# src/contact/scaling: minimum-scaling collision detection of Le Cleac'h et al.
# 2023 ("Single-Level Differentiable Contact Simulation"; ccdbench/scaling.h):
# the convex primitives and their cones, the interior-point solve, its
# implicit-function derivatives, and the references: the MPFR gauge, the exact
# LP (common/exact_simplex) and the overlap sign by SAT or GJK.  Includes
# contact/common, src/core, the public headers.
src_contact_libccdcontact_la_SOURCES += \
	src/contact/scaling/scaling_cone.h \
	src/contact/scaling/scaling_gauge.h \
	src/contact/scaling/scaling_gauge.c \
	src/contact/scaling/scaling_gradient.c \
	src/contact/scaling/scaling_ift.c \
	src/contact/scaling/scaling_ipm.h \
	src/contact/scaling/scaling_ipm.c \
	src/contact/scaling/scaling_overlap.h \
	src/contact/scaling/scaling_overlap.c \
	src/contact/scaling/scaling_param.h \
	src/contact/scaling/scaling_param.c \
	src/contact/scaling/scaling_reference.h \
	src/contact/scaling/scaling_reference.c \
	src/contact/scaling/scaling_shape_spec.c \
	src/contact/scaling/scaling_shapes.c \
	src/contact/scaling/scaling_solve.h \
	src/contact/scaling/scaling_solve.c
