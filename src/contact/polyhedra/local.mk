# SPDX-License-Identifier: MIT
# src/contact/polyhedra: contact data of convex polyhedra by separating axes,
# Cheng Yi & Drumwright ("Determining Contact Data for Time Stepping Rigid Body
# Simulations with Convex Polyhedral Geometries"; ccdbench/polyhedra.h): bodies
# and their reader, the contact routine and its derivatives (dual numbers and
# MPFR), and its exact reference (the Minkowski difference in GMP rationals).
# Includes contact/common, src/mesh (the reader of its bodies' files), src/core,
# the public headers.
src_contact_libccdcontact_la_SOURCES += \
	src/contact/polyhedra/minkowski_exact.h \
	src/contact/polyhedra/minkowski_exact.c \
	src/contact/polyhedra/polyhedra_contact.c \
	src/contact/polyhedra/polyhedra_generic.h \
	src/contact/polyhedra/polyhedra_internal.h \
	src/contact/polyhedra/polyhedra_jacobian.h \
	src/contact/polyhedra/polyhedra_jacobian.c \
	src/contact/polyhedra/polyhedra_method.h \
	src/contact/polyhedra/polyhedra_mpfr.c \
	src/contact/polyhedra/polyhedron.c \
	src/contact/polyhedra/polyhedron_hull.c \
	src/contact/polyhedra/polyhedron_shapes.c \
	src/contact/polyhedra/polyhedron_internal.h \
	src/contact/polyhedra/polyhedron_io.c
