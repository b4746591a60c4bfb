# SPDX-License-Identifier: MIT
# tests/contact/polyhedra: convex polyhedra and their contact data (Cheng Yi &
# Drumwright, src/contact/polyhedra) and `ccdbench contact polyhedra`.
check_PROGRAMS += tests/contact/polyhedra/check_polyhedra
TESTS += tests/contact/polyhedra/check_polyhedra
tests_contact_polyhedra_check_polyhedra_SOURCES = tests/contact/polyhedra/check_polyhedra.c
tests_contact_polyhedra_check_polyhedra_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/include
tests_contact_polyhedra_check_polyhedra_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_contact_polyhedra_check_polyhedra_LDADD = src/contact/libccdcontact.la src/bench/libccdrun.la \
	src/mesh/libccdmesh.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/contact/polyhedra/contact-polyhedra-pair.sh
EXTRA_DIST += tests/contact/polyhedra/contact-polyhedra-pair.sh
# Convex polyhedra (Cheng Yi & Drumwright): the exact Minkowski-difference
# reference, libccd as the comparator, Table I and the throughput harness.
check_PROGRAMS += tests/contact/polyhedra/check_polyhedra_ref
TESTS += tests/contact/polyhedra/check_polyhedra_ref
tests_contact_polyhedra_check_polyhedra_ref_SOURCES = tests/contact/polyhedra/check_polyhedra_ref.c
tests_contact_polyhedra_check_polyhedra_ref_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_contact_polyhedra_check_polyhedra_ref_LDADD = src/contact/libccdcontact.la src/bench/libccdrun.la \
	src/mesh/libccdmesh.la src/report/libccdreport.la \
	src/bench/libccdrun.la src/exact/libccddistance.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/contact/polyhedra/contact-polyhedra.sh
EXTRA_DIST += tests/contact/polyhedra/contact-polyhedra.sh
