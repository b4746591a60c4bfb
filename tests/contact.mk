# SPDX-License-Identifier: MIT
check_PROGRAMS += tests/check_contact
TESTS += tests/check_contact
tests_check_contact_SOURCES = tests/check_contact.c
tests_check_contact_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_contact_LDADD = src/contact/libccdcontact.la src/exact/libccddistance.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
check_PROGRAMS += tests/check_contact_sdf
TESTS += tests/check_contact_sdf
tests_check_contact_sdf_SOURCES = tests/check_contact_sdf.c
tests_check_contact_sdf_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_contact_sdf_LDADD = src/contact/libccdcontact.la src/exact/libccddistance.la \
	src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
