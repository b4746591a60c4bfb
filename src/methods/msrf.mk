# SPDX-License-Identifier: MIT
# MSRF, the minimum-separation root finder benchmarked in Wang et al. 2021 §6.2 /
# Table 2, with its squared distances; it needs libccdrpoly.la (the Jenkins–Traub solver).
noinst_LTLIBRARIES += src/methods/libccdmsrf.la
src_methods_libccdmsrf_la_SOURCES = \
	src/methods/msrf.c \
	src/methods/msrf_distance.c \
	src/methods/msrf_distance.h
libccdbench_la_LIBADD += src/methods/libccdmsrf.la
