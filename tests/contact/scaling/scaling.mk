# SPDX-License-Identifier: MIT
# tests/contact/scaling: minimum-scaling collision detection (Le Cleac'h et al.,
# src/contact/scaling) and its references, and `ccdbench contact scaling`.
check_PROGRAMS += tests/contact/scaling/check_scaling
TESTS += tests/contact/scaling/check_scaling
tests_contact_scaling_check_scaling_SOURCES = tests/contact/scaling/check_scaling.c
tests_contact_scaling_check_scaling_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_contact_scaling_check_scaling_LDADD = src/contact/libccdcontact.la src/bench/libccdrun.la src/mesh/libccdmesh.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/contact/scaling/contact-scaling.sh
EXTRA_DIST += tests/contact/scaling/contact-scaling.sh
