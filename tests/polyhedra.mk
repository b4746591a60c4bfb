# SPDX-License-Identifier: MIT
# Convex polyhedra and their contact data (Cheng Yi & Drumwright).
check_PROGRAMS += tests/check_polyhedra
TESTS += tests/check_polyhedra
tests_check_polyhedra_SOURCES = tests/check_polyhedra.c
tests_check_polyhedra_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/include
tests_check_polyhedra_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_polyhedra_LDADD = src/contact/libccdcontact.la src/mesh/libccdmesh.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/contact-polyhedra-pair.sh
EXTRA_DIST += tests/cli/contact-polyhedra-pair.sh
