# SPDX-License-Identifier: MIT
# src/contact/potential: the long-range contact potential of Ye et al. 2025,
# "Efficient Differentiable Contact Model with Long-Range Influence"
# (ccdbench/potential.h): triangle pairs, the centred form and its C2 blend, the
# sphere hierarchy (Algorithm 1) over meshes (src/mesh), and the 256-bit MPFR
# reference.  Includes contact/common, src/mesh, src/core, the public headers.
src_contact_libccdcontact_la_SOURCES += \
	src/contact/potential/potential_bsh.c \
	src/contact/potential/potential_internal.h \
	src/contact/potential/potential_pair.c \
	src/contact/potential/potential_reference.h \
	src/contact/potential/potential_reference.c \
	src/contact/potential/potential_voronoi.h \
	src/contact/potential/potential_voronoi.c
