# SPDX-License-Identifier: MIT
# src/query: reading and writing the benchmark's rational CSV (6 or 7 columns,
# plain or gzip), label JSON files, and dataset discovery.
noinst_LTLIBRARIES += src/query/libccdquery.la
src_query_libccdquery_la_SOURCES = \
	src/query/batch.c \
	src/query/batch_store.h \
	src/query/byte_source.c \
	src/query/byte_source.h \
	src/query/dataset.c \
	src/query/dataset_size.c \
	src/query/dataset_size.h \
	src/query/label_stream.c \
	src/query/label_stream.h \
	src/query/line_groups.c \
	src/query/line_groups.h \
	src/query/nearest_double.c \
	src/query/nearest_double.h \
	src/query/read_ahead.c \
	src/query/read_ahead.h \
	src/query/reader.c \
	src/query/reader_memory.h \
	src/query/csv_piece.h \
	src/query/decimal_digits.h \
	src/query/writer.c
libccdbench_la_LIBADD += src/query/libccdquery.la
EXTRA_DIST += src/query/README.md
