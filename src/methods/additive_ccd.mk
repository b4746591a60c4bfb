# SPDX-License-Identifier: MIT
# Additive CCD (Li, Kaufman and Jiang 2021, C-IPC §4); its distances come from
# src/methods/libccdprimdist.la.
noinst_LTLIBRARIES += src/methods/libccdadditive.la
src_methods_libccdadditive_la_SOURCES = \
	src/methods/additive_ccd.c
libccdbench_la_LIBADD += src/methods/libccdadditive.la
