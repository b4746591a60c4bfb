# SPDX-License-Identifier: MIT
# src/contact/witness: smooth witness points, SDF primitives and signed
# distances of Beker et al. 2025, "Smoothly Differentiable and Efficiently
# Vectorizable Contact Manifold Generation" (ccdbench/contact.h):
# one generic routine instanced for double, dual and MPFR scalars, and the
# differentiable pipeline over them.  Includes contact/common, src/core, the
# public headers.
src_contact_libccdcontact_la_SOURCES += \
	src/contact/witness/contact.h \
	src/contact/witness/pipeline.h \
	src/contact/witness/pipeline.c \
	src/contact/witness/pipeline_dual.c \
	src/contact/witness/pipeline_generic.h \
	src/contact/witness/pipeline_internal.h \
	src/contact/witness/pipeline_mpfr.c \
	src/contact/witness/sdf.h \
	src/contact/witness/sdf.c \
	src/contact/witness/sdf_generic.h \
	src/contact/witness/signed_distance.h \
	src/contact/witness/signed_distance.c \
	src/contact/witness/witness.c \
	src/contact/witness/witness_dual.c \
	src/contact/witness/witness_generic.h \
	src/contact/witness/witness_mpfr.c
