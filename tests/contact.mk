# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/check_contact
TESTS += tests/check_contact
tests_check_contact_SOURCES = tests/check_contact.c tests/test_support.h
tests_check_contact_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_contact_LDADD = src/contact/libccdcontact.la src/mesh/libccdmesh.la src/exact/libccddistance.la \
	src/exact/libccdexact.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/check_contact_sdf
TESTS += tests/check_contact_sdf
tests_check_contact_sdf_SOURCES = tests/check_contact_sdf.c
tests_check_contact_sdf_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_contact_sdf_LDADD = src/contact/libccdcontact.la src/mesh/libccdmesh.la src/exact/libccddistance.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# The contact experiments as report tables, and `ccdbench contact` in every format.
check_PROGRAMS += tests/check_contact_tables
TESTS += tests/check_contact_tables
tests_check_contact_tables_SOURCES = tests/check_contact_tables.c tests/json_check.h
tests_check_contact_tables_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_contact_tables_LDADD = src/contact/libccdcontact.la src/mesh/libccdmesh.la src/report/libccdreport.la \
	src/bench/libccdrun.la \
	src/exact/libccddistance.la src/exact/libccdexact.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/contact.sh
EXTRA_DIST += tests/cli/contact.sh
# The mesh-to-mesh pipeline (Sec. IV-A) with pose Jacobians against MPFR.
check_PROGRAMS += tests/check_contact_pipeline
TESTS += tests/check_contact_pipeline
tests_check_contact_pipeline_SOURCES = tests/check_contact_pipeline.c
tests_check_contact_pipeline_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_contact_pipeline_LDADD = src/contact/libccdcontact.la src/mesh/libccdmesh.la src/exact/libccddistance.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# The long-range contact potential of Ye et al. (exact, centred, blended, hierarchy).
check_PROGRAMS += tests/check_potential
TESTS += tests/check_potential
tests_check_potential_SOURCES = tests/check_potential.c
tests_check_potential_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_potential_LDADD = src/contact/libccdcontact.la src/mesh/libccdmesh.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/contact-potential.sh
EXTRA_DIST += tests/cli/contact-potential.sh
# Convex polyhedra (Cheng Yi & Drumwright): the exact Minkowski-difference
# reference, libccd as the comparator, Table I and the throughput harness.
check_PROGRAMS += tests/check_polyhedra_ref
TESTS += tests/check_polyhedra_ref
tests_check_polyhedra_ref_SOURCES = tests/check_polyhedra_ref.c
tests_check_polyhedra_ref_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_polyhedra_ref_LDADD = src/contact/libccdcontact.la src/mesh/libccdmesh.la src/report/libccdreport.la \
	src/bench/libccdrun.la src/exact/libccddistance.la src/exact/libccdexact.la \
	src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/contact-polyhedra.sh
EXTRA_DIST += tests/cli/contact-polyhedra.sh
# Minimum-scaling collision detection (Le Cleac'h et al.) and its references.
check_PROGRAMS += tests/check_scaling
TESTS += tests/check_scaling
tests_check_scaling_SOURCES = tests/check_scaling.c
tests_check_scaling_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_scaling_LDADD = src/contact/libccdcontact.la src/mesh/libccdmesh.la src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/contact-scaling.sh
EXTRA_DIST += tests/cli/contact-scaling.sh
# every contact table in one command
TESTS += tests/cli/make-contact-tables.sh
EXTRA_DIST += tests/cli/make-contact-tables.sh
# The output of the contact commands: %.17g, help, messages, statuses (issue 33).
TESTS += tests/cli/contact-output.sh
EXTRA_DIST += tests/cli/contact-output.sh
