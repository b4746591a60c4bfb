# SPDX-License-Identifier: MIT
# src/contact/scaling/experiments: `ccdbench contact scaling check|bench`: every
# primitive pair against the references, the properties of the paper, the
# throughput, and their report tables.  Includes contact/scaling,
# contact/common and the floors below.
src_contact_libccdcontact_la_SOURCES += \
	src/contact/scaling/experiments/scaling_bench.h \
	src/contact/scaling/experiments/scaling_bench.c \
	src/contact/scaling/experiments/scaling_check.h \
	src/contact/scaling/experiments/scaling_check.c \
	src/contact/scaling/experiments/scaling_tables.h \
	src/contact/scaling/experiments/scaling_tables.c
