# SPDX-License-Identifier: MIT
# src/contact: the differentiable contact routines of four papers, one folder
# each, over the numerics they share (common/):
#   witness/    Beker et al. 2025: smooth witness points, SDFs, signed distances
#   polyhedra/  Cheng Yi & Drumwright: contact data of convex polyhedra
#   scaling/    Le Cleac'h et al. 2023: minimum-scaling collision detection
#   potential/  Ye et al. 2025: the long-range contact potential
# Each folder holds its routine and its exact or MPFR reference; its
# experiments/ the checks, benchmarks, tables and figures of `ccdbench contact`.
# A family includes common/ and the floors below it, never another family;
# experiments/ include their family (docs/architecture.md).  One convenience
# library, linked into libccdbench.
noinst_LTLIBRARIES += src/contact/libccdcontact.la
src_contact_libccdcontact_la_SOURCES =
include src/contact/common/local.mk
include src/contact/witness/local.mk
include src/contact/witness/experiments/local.mk
include src/contact/polyhedra/local.mk
include src/contact/polyhedra/experiments/local.mk
include src/contact/scaling/local.mk
include src/contact/scaling/experiments/local.mk
include src/contact/potential/local.mk
include src/contact/potential/experiments/local.mk
libccdbench_la_LIBADD += src/contact/libccdcontact.la
