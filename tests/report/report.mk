# SPDX-License-Identifier: MIT
# tests/report: `ccdbench report` (src/report) in every format against golden
# files (golden.*, from the fixed result file synthetic.json), its figures, files,
# HTML and memory, table widths, and the reference method of the speed column.
check_PROGRAMS += tests/report/check_report
TESTS += tests/report/check_report
tests_report_check_report_SOURCES = tests/report/check_report.c
tests_report_check_report_CFLAGS = $(CHECK_SUITE_CFLAGS)
tests_report_check_report_LDADD = \
	src/report/libccdreport.la \
	src/bench/libccdrun.la \
	src/exact/libccdexact.la \
	src/query/libccdquery.la \
	src/core/libccdcore.la \
	$(CHECK_LIBS) $(CCD_LIBS)

REPORT_CLI_TESTS = \
	tests/report/report.sh \
	tests/report/report-figures.sh \
	tests/report/report-files.sh \
	tests/report/report-html.sh \
	tests/report/report-memory.sh \
	tests/report/reference.sh
TESTS += $(REPORT_CLI_TESTS)
EXTRA_DIST += $(REPORT_CLI_TESTS) \
	tests/report/synthetic.json \
	tests/report/golden.text \
	tests/report/golden.markdown \
	tests/report/golden.csv \
	tests/report/golden.json \
	tests/report/golden.latex \
	tests/report/golden-table1.csv
dist_noinst_SCRIPTS += scripts/make-reports scripts/bench-report-memory

# Every text output fits 100 columns, wide tables split into panels (issue 33).
TESTS += tests/report/table-width.sh
EXTRA_DIST += tests/report/table-width.sh
# The HTML report for reading: order, FN highlighted, Figure 7 as small multiples,
# rounded numbers (issue 33).
TESTS += tests/report/report-html-output.sh
EXTRA_DIST += tests/report/report-html-output.sh
