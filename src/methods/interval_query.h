/* SPDX-License-Identifier: MIT */
/* A query's moving points in interval arithmetic, for the interval root finders. */
#ifndef CCD_METHODS_INTERVAL_QUERY_H
#define CCD_METHODS_INTERVAL_QUERY_H

#include "ccdbench.h"
#include "methods/interval.h"

#include <math.h>

/* The exact coordinate (row, axis) of q, enclosed in an interval. */
static inline ccd_interval interval_query_coord(const ccd_query *q, int row, int axis)
{
    return interval_input(q->v[row][axis], (int)((q->inexact >> (3 * row + axis)) & 1u));
}

/* Point `row` of a query (rows + 4 at t = 1): its start x0 and displacement x1 - x0. */
typedef struct interval_motion {
    ccd_interval start[3], step[3];
} interval_motion;

static inline interval_motion interval_query_motion(const ccd_query *q, int row)
{
    interval_motion m;
    for (int k = 0; k < 3; k++) {
        m.start[k] = interval_query_coord(q, row, k);
        m.step[k] = interval_sub(interval_query_coord(q, row + 4, k), m.start[k]);
    }
    return m;
}

/* out ⊇ x0 + (x1 - x0) t, evaluated as the reference code does. */
static inline void interval_motion_at(ccd_interval out[3], const interval_motion *m,
                                      ccd_interval t)
{
    for (int k = 0; k < 3; k++)
        out[k] = interval_add(m->start[k], interval_mul(m->step[k], t));
}

/* |x_a - x_b| in doubles for rows a, b of q, as Eigen's norm() computes it (the
 * squares summed left to right); the tolerances of IRF and UIRF are scaled by it. */
static inline double interval_query_length(const ccd_query *q, int a, int b)
{
    double d[3];
    for (int k = 0; k < 3; k++)
        d[k] = q->v[a][k] - q->v[b][k];
    return sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}

/* std::max(a, b) of the reference: b only when it compares greater. */
static inline double interval_query_max(double a, double b)
{
    return a < b ? b : a;
}

/* The longest of the four trajectories |x(1) - x(0)|: the reference's dl. */
static inline double interval_query_travel(const ccd_query *q)
{
    return interval_query_max(
        interval_query_max(interval_query_length(q, 4, 0), interval_query_length(q, 5, 1)),
        interval_query_max(interval_query_length(q, 6, 2), interval_query_length(q, 7, 3)));
}

/* The options of the interval root finders irf and uirf (defined in irf.c), by index. */
enum { CCD_INCL_OPT_DELTA = 0, CCD_INCL_OPT_MAX_CHECKS, CCD_INCL_OPT_COUNT };
extern const ccd_option ccd_inclusion_options[CCD_INCL_OPT_COUNT];

#endif
