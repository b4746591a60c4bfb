# SPDX-License-Identifier: MIT
# src/core: errors, parameters, query helpers and output files shared by every module.
noinst_LTLIBRARIES += src/core/libccdcore.la
src_core_libccdcore_la_SOURCES = \
	src/core/assert.c \
	src/core/assert.h \
	src/core/atomic_file.c \
	src/core/atomic_file.h \
	src/core/cleanup.c \
	src/core/cleanup.h \
	src/core/clock.c \
	src/core/clock.h \
	src/core/error.c \
	src/core/options.c \
	src/core/error.h \
	src/core/file_stamp.c \
	src/core/file_stamp.h \
	src/core/grow.h \
	src/core/hidden_memory.c \
	src/core/hidden_memory.h \
	src/core/json_out.c \
	src/core/json_out.h \
	src/core/make_dirs.c \
	src/core/make_dirs.h \
	src/core/number_list.c \
	src/core/number_list.h \
	src/core/params.c \
	src/core/path_join.h \
	src/core/query.c \
	src/core/query_line.h \
	src/core/tar_gz.c \
	src/core/team.c \
	src/core/team.h \
	src/core/read_text.c \
	src/core/read_text.h \
	src/core/text_line.c \
	src/core/text_line.h \
	src/core/tar_gz.h \
	src/core/utf8.h \
	src/core/xml_text.h \
	src/core/zeroed_pages.c \
	src/core/zeroed_pages.h
libccdbench_la_LIBADD += src/core/libccdcore.la
