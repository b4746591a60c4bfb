/* SPDX-License-Identifier: MIT */
/* "a,b,c": the comma-separated finite numbers of a specification such as
 * box:HX,HY,HZ. */
#ifndef CCD_CORE_NUMBER_LIST_H
#define CCD_CORE_NUMBER_LIST_H
#include <stddef.h>

/* Parses up to count numbers of text into x; the last `optional` of them may
 * be missing.  Returns how many were read, or -1 on anything else (a bad or
 * non-finite number, too many, too few, a trailing character). */
int ccd_number_list_parse(double *x, size_t count, size_t optional, const char *text);
#endif
