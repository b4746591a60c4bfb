# SPDX-License-Identifier: MIT
# MSRF, the minimum-separation root finder of Wang et al. 2021
# of §6.2 / Table 2 (its distances come from src/methods/libccdprimdist.la).
noinst_LTLIBRARIES += src/methods/libccdmsrf.la
src_methods_libccdmsrf_la_SOURCES = \
	src/methods/msrf.c
libccdbench_la_LIBADD += src/methods/libccdmsrf.la
