# SPDX-License-Identifier: MIT
# tests/contact/potential: the long-range contact potential of Ye et al. (exact,
# centred, blended, hierarchy; src/contact/potential) and `ccdbench contact
# potential`.
check_PROGRAMS += tests/contact/potential/check_potential
TESTS += tests/contact/potential/check_potential
tests_contact_potential_check_potential_SOURCES = tests/contact/potential/check_potential.c
tests_contact_potential_check_potential_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_contact_potential_check_potential_LDADD = src/contact/libccdcontact.la src/bench/libccdrun.la \
	src/mesh/libccdmesh.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/contact/potential/contact-potential.sh
EXTRA_DIST += tests/contact/potential/contact-potential.sh
