/* SPDX-License-Identifier: MIT */
/*
 * Groups of lines in a buffer of text: where the last whole group of the next
 * few ends.  The cutter (query/reader.c) cuts the files into pieces of whole
 * queries, a query being CCD_QUERY_ROWS lines, without parsing them; finding
 * the ends of the lines is all it does with the text, and it is serial (the
 * threads parse the pieces).  A line at a time, one memchr a line, it spent as
 * long on the calls as on the bytes.
 *
 * ccd_line_groups_sse2 looks at 64 bytes at a time: four 16-byte compares with
 * '\n', their masks in one 64-bit word, counted by popcount; it looks for single
 * bits only in a block where a group ends.  ccd_line_groups_scalar, its twin,
 * takes a line at a time with memchr.  They give the same answer for every text
 * (tests/query/check_line_groups.c compares them on random texts and at every
 * alignment); ccd_line_groups is the first where the build has SSE2 (every
 * x86-64), else the second.
 */
#ifndef CCD_QUERY_LINE_GROUPS_H
#define CCD_QUERY_LINE_GROUPS_H
#include <stddef.h>

/* The number k ≤ max of whole groups of `lines` lines (lines ≥ 1) that
 * text[0 .. size) begins with, a line ending with '\n'; *end is one past the
 * k·lines-th '\n' (text when k = 0). */
size_t ccd_line_groups(const char **end, const char *text, size_t size, size_t lines, size_t max);

size_t ccd_line_groups_scalar(const char **end, const char *text, size_t size, size_t lines,
                              size_t max);
#if defined(__SSE2__)
#define CCD_HAVE_LINE_GROUPS_SSE2 1
size_t ccd_line_groups_sse2(const char **end, const char *text, size_t size, size_t lines,
                            size_t max);
#endif

#endif
