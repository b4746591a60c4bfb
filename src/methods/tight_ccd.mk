# SPDX-License-Identifier: MIT
# TightCCD (Wang, Tang, Tong and Manocha 2015), the TCCD column of Wang et al. 2021
# Table 1: Bernstein sign classification in doubles with running error bounds.
# -ffp-contract=off: its bounds and its answers follow the original's roundings, one
# per operation (no fused multiply-add).
noinst_LTLIBRARIES += src/methods/libccdtightccd.la
src_methods_libccdtightccd_la_SOURCES = \
	src/methods/tight_ccd.c \
	src/methods/tight_ccd_number.h
src_methods_libccdtightccd_la_CFLAGS = $(AM_CFLAGS) -ffp-contract=off
libccdbench_la_LIBADD += src/methods/libccdtightccd.la
