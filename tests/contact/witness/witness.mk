# SPDX-License-Identifier: MIT
# tests/contact/witness: witness points, SDFs and the differentiable pipeline
# (Beker et al., src/contact/witness), their report tables and `ccdbench contact`.
check_PROGRAMS += tests/contact/witness/check_contact
TESTS += tests/contact/witness/check_contact
tests_contact_witness_check_contact_SOURCES = tests/contact/witness/check_contact.c \
	tests/support/test_support.h
tests_contact_witness_check_contact_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_contact_witness_check_contact_LDADD = src/contact/libccdcontact.la src/bench/libccdrun.la src/mesh/libccdmesh.la \
	src/exact/libccddistance.la src/exact/libccdexact.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/contact/witness/check_contact_sdf
TESTS += tests/contact/witness/check_contact_sdf
tests_contact_witness_check_contact_sdf_SOURCES = tests/contact/witness/check_contact_sdf.c
tests_contact_witness_check_contact_sdf_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_contact_witness_check_contact_sdf_LDADD = src/contact/libccdcontact.la src/bench/libccdrun.la src/mesh/libccdmesh.la \
	src/exact/libccddistance.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
# The contact experiments as report tables, and `ccdbench contact` in every format.
check_PROGRAMS += tests/contact/witness/check_contact_tables
TESTS += tests/contact/witness/check_contact_tables
tests_contact_witness_check_contact_tables_SOURCES = tests/contact/witness/check_contact_tables.c \
	tests/support/json_check.h
tests_contact_witness_check_contact_tables_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_contact_witness_check_contact_tables_LDADD = src/contact/libccdcontact.la src/bench/libccdrun.la \
	src/mesh/libccdmesh.la src/report/libccdreport.la \
	src/bench/libccdrun.la \
	src/exact/libccddistance.la src/exact/libccdexact.la src/query/libccdquery.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/contact/witness/contact.sh
EXTRA_DIST += tests/contact/witness/contact.sh
# The mesh-to-mesh pipeline (Sec. IV-A) with pose Jacobians against MPFR.
check_PROGRAMS += tests/contact/witness/check_contact_pipeline
TESTS += tests/contact/witness/check_contact_pipeline
tests_contact_witness_check_contact_pipeline_SOURCES = tests/contact/witness/check_contact_pipeline.c
tests_contact_witness_check_contact_pipeline_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_contact_witness_check_contact_pipeline_LDADD = src/contact/libccdcontact.la src/bench/libccdrun.la \
	src/mesh/libccdmesh.la src/exact/libccddistance.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
