# SPDX-License-Identifier: MIT
# src/report: the result table (text, Markdown, CSV, JSON, LaTeX), the report's
# tables and figures, and the HTML report.
noinst_LTLIBRARIES += src/report/libccdreport.la
src_report_libccdreport_la_SOURCES = \
	src/report/figures.c \
	src/report/figures.h \
	src/report/html_figures.c \
	src/report/html_figures.h \
	src/report/paper.h \
	src/report/paper_tables.c \
	src/report/report.h \
	src/report/report_csv.c \
	src/report/report_html.c \
	src/report/report_html.h \
	src/report/report_json.c \
	src/report/report_latex.c \
	src/report/report_markdown.c \
	src/report/report_set.c \
	src/report/report_summary.c \
	src/report/report_summary.h \
	src/report/report_set.h \
	src/report/report_table.c \
	src/report/report_text.c \
	src/report/result_union.c \
	src/report/result_union.h \
	src/report/wrong_listing.c \
	src/report/wrong_listing.h
libccdbench_la_LIBADD += src/report/libccdreport.la
