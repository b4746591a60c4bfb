# SPDX-License-Identifier: MIT
# Check suite of src/query, the reader's limit --max-digits, and the reader's fuzz
# target (built by its script).
check_PROGRAMS += tests/check_query
TESTS += tests/check_query
tests_check_query_SOURCES = tests/check_query.c
tests_check_query_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_query_LDADD = src/query/libccdquery.la src/core/libccdcore.la $(CHECK_LIBS) $(CCD_LIBS)
TESTS += tests/cli/max-digits.sh
EXTRA_DIST += tests/cli/max-digits.sh
EXTRA_DIST += \
	tests/fuzz/fuzz_reader.c \
	tests/fuzz/run-fuzz-reader.sh \
	tests/fuzz/corpus/valid-7col.csv \
	tests/fuzz/corpus/valid-6col-spaces-crlf.csv \
	tests/fuzz/corpus/valid-bignum.csv \
	tests/fuzz/corpus/json-labels.bin \
	tests/fuzz/corpus/bad-zero-den.csv \
	tests/fuzz/corpus/bad-label-mismatch.csv \
	tests/fuzz/corpus/bad-short.csv \
	tests/fuzz/corpus/valid.csv.gz
