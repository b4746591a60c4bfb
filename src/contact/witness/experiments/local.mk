# SPDX-License-Identifier: MIT
# src/contact/witness/experiments: `ccdbench contact check|bench|pipeline|...`:
# the accuracy check against the exact distances of src/exact, the throughput
# benchmark against the interior-point baseline, the rotating-edge and scene
# experiments, the pipeline's checks and figure, and their report tables.
# Includes contact/witness, contact/common and the floors below (src/report,
# src/exact, src/core).
src_contact_libccdcontact_la_SOURCES += \
	src/contact/witness/experiments/accuracy.h \
	src/contact/witness/experiments/accuracy.c \
	src/contact/witness/experiments/contact_tables.h \
	src/contact/witness/experiments/contact_tables.c \
	src/contact/witness/experiments/pipeline_check.c \
	src/contact/witness/experiments/pipeline_figure.h \
	src/contact/witness/experiments/pipeline_figure.c \
	src/contact/witness/experiments/rotating_edge.h \
	src/contact/witness/experiments/rotating_edge.c \
	src/contact/witness/experiments/scenes.h \
	src/contact/witness/experiments/scenes.c \
	src/contact/witness/experiments/throughput.h \
	src/contact/witness/experiments/throughput.c
