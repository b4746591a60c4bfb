/* SPDX-License-Identifier: MIT */
/* Where a query stands in its CSV file: query i is lines 8i + 1 … 8i + 8 (one
 * row a line, no header; the reader checks this as it cuts the lines out). */
#ifndef CCD_CORE_QUERY_LINE_H
#define CCD_CORE_QUERY_LINE_H
#include "ccdbench.h"

/* 1-based line of row (0 … CCD_QUERY_ROWS − 1) of q. */
static inline unsigned long ccd_query_line(const ccd_query *q, int row)
{
    return (unsigned long)(q->index * CCD_QUERY_ROWS + (uint64_t)row + 1);
}

#endif
