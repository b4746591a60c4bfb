# SPDX-License-Identifier: MIT
# src/contact/polyhedra/experiments: `ccdbench contact polyhedra check|bench|pair`:
# Table I against the exact reference, throughput against libccd (GJK+EPA, MPR)
# as the comparator methods, and their report tables.  Includes
# contact/polyhedra, contact/common and the floors below.
src_contact_libccdcontact_la_SOURCES += \
	src/contact/polyhedra/experiments/libccd_contact.h \
	src/contact/polyhedra/experiments/libccd_contact.c \
	src/contact/polyhedra/experiments/polyhedra_bench.h \
	src/contact/polyhedra/experiments/polyhedra_bench.c \
	src/contact/polyhedra/experiments/polyhedra_check.h \
	src/contact/polyhedra/experiments/polyhedra_check.c \
	src/contact/polyhedra/experiments/polyhedra_methods.h \
	src/contact/polyhedra/experiments/polyhedra_methods.c \
	src/contact/polyhedra/experiments/polyhedra_pair_table.h \
	src/contact/polyhedra/experiments/polyhedra_pair_table.c \
	src/contact/polyhedra/experiments/polyhedra_sat_method.h \
	src/contact/polyhedra/experiments/polyhedra_sat_method.c \
	src/contact/polyhedra/experiments/polyhedra_tables.h \
	src/contact/polyhedra/experiments/polyhedra_tables.c
