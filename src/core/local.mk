# SPDX-License-Identifier: MIT
# src/core: errors, parameters and query helpers shared by every module.
noinst_LTLIBRARIES += src/core/libccdcore.la
src_core_libccdcore_la_SOURCES = \
	src/core/error.c \
	src/core/params.c \
	src/core/query.c
libccdbench_la_LIBADD += src/core/libccdcore.la
