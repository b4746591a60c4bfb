# SPDX-License-Identifier: MIT
# src/methods: registry, plugin loader, and one file per CCD method.
include src/methods/tight_inclusion.mk
include src/methods/baselines.mk
include src/methods/msrf.mk
include src/methods/tight_ccd.mk
include src/methods/additive_ccd.mk

# Lists of methods (lookup, `--methods`) and the plugin loader (dlopen).
noinst_LTLIBRARIES += src/methods/libccdmethodlist.la
src_methods_libccdmethodlist_la_SOURCES = \
	src/methods/method_list.c \
	src/methods/method_list.h \
	src/methods/method_variant.c \
	src/methods/method_variant.h \
	src/methods/plugin.c
libccdbench_la_LIBADD += src/methods/libccdmethodlist.la

# The table of built-in methods; it names every method object, so only
# libccdbench.la (which bundles them all) links it.
noinst_LTLIBRARIES += src/methods/libccdregistry.la
src_methods_libccdregistry_la_SOURCES = \
	src/methods/registry.c \
	src/methods/builtin.h
libccdbench_la_LIBADD += src/methods/libccdregistry.la

# FPRF: the floating-point root finder (Wang et al. 2021 §4.2), compiled without
# fused multiply-add like the reference it reproduces; it needs libccdrpoly.la.
noinst_LTLIBRARIES += src/methods/libccdfprf.la
src_methods_libccdfprf_la_SOURCES = \
	src/methods/fprf.c \
	src/methods/fprf_internal.h \
	src/methods/fprf_intervals.c
src_methods_libccdfprf_la_CFLAGS = $(AM_CFLAGS) -ffp-contract=off
libccdbench_la_LIBADD += src/methods/libccdfprf.la

# RPOLY, the Jenkins–Traub solver of the references of FPRF and MSRF.
noinst_LTLIBRARIES += src/methods/libccdrpoly.la
src_methods_libccdrpoly_la_SOURCES = \
	src/methods/rpoly.c \
	src/methods/rpoly.h
libccdbench_la_LIBADD += src/methods/libccdrpoly.la

# Distances between the primitives of a query in doubles (FPRF, MSRF, additive CCD).
noinst_LTLIBRARIES += src/methods/libccdprimdist.la
src_methods_libccdprimdist_la_SOURCES = \
	src/methods/primitive_distance.c \
	src/methods/primitive_distance.h
libccdbench_la_LIBADD += src/methods/libccdprimdist.la
