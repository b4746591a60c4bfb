# SPDX-License-Identifier: MIT
# Further comparison methods of Wang et al. 2021: MSRF, the minimum-separation root finder
# of §6.2 / Table 2 (its distances come from src/methods/libccdfprf.la).
noinst_LTLIBRARIES += src/methods/libccdextra.la
src_methods_libccdextra_la_SOURCES = \
	src/methods/msrf.c
libccdbench_la_LIBADD += src/methods/libccdextra.la
