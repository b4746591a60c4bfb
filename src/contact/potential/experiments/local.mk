# SPDX-License-Identifier: MIT
# src/contact/potential/experiments: `ccdbench contact potential check|bench`:
# the checks against the MPFR reference and the Voronoi-region brute force,
# the hierarchy against brute force and its scaling figure, as report tables.
# Includes contact/potential, contact/common and the floors below.
src_contact_libccdcontact_la_SOURCES += \
	src/contact/potential/experiments/potential_bench.c \
	src/contact/potential/experiments/potential_check.c \
	src/contact/potential/experiments/potential_report.h
