/* SPDX-License-Identifier: MIT */
/* Differences of a query's moving points as outward-rounded linear functions of time. */
#ifndef CCD_METHODS_INTERVAL_QUERY_H
#define CCD_METHODS_INTERVAL_QUERY_H

#include "ccdbench.h"
#include "methods/interval.h"

/* The exact coordinate (row, axis) of q, enclosed in an interval. */
static inline ccd_interval interval_query_coord(const ccd_query *q, int row, int axis)
{
    return interval_input(q->v[row][axis], (int)((q->inexact >> (3 * row + axis)) & 1u));
}

/* out[axis](t) ⊇ (x_to - x_from)(t), where x(t) = x(0) + t (x(1) - x(0)) and rows
 * `to`, `from` are the positions at t = 0 (rows + 4 at t = 1). */
static inline void interval_query_difference(ccd_interval_linear out[3], const ccd_query *q,
                                             int to, int from)
{
    for (int k = 0; k < 3; k++) {
        ccd_interval d0 = interval_sub(interval_query_coord(q, to, k), interval_query_coord(q, from, k));
        ccd_interval d1 =
            interval_sub(interval_query_coord(q, to + 4, k), interval_query_coord(q, from + 4, k));
        out[k] = interval_linear(d0, d1);
    }
}

/* The options of the interval root finders irf and uirf (defined in irf.c), by index. */
enum { CCD_INCL_OPT_DELTA = 0, CCD_INCL_OPT_MAX_CHECKS, CCD_INCL_OPT_COUNT };
extern const ccd_option ccd_inclusion_options[CCD_INCL_OPT_COUNT];

#endif
