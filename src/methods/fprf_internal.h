/* SPDX-License-Identifier: MIT */
/*
 * Sign intervals of a polynomial on [0, t_max], in doubles: the building block of
 * FPRF (src/methods/fprf.c), the floating-point root finder of Vouga et al.'s CTCD
 * code as benchmarked by Wang et al. 2021.  Every decision (normalisation, which
 * solver, which pieces are kept) follows that code, so that FPRF gives its answers
 * query by query (docs/baselines.md, "fprf").  Nothing here is exact.
 */
#ifndef CCD_METHODS_FPRF_INTERNAL_H
#define CCD_METHODS_FPRF_INTERNAL_H

enum { FPRF_MAX_DEGREE = 6, FPRF_MAX_PIECES = FPRF_MAX_DEGREE + 1 };

/* A closed time interval [l, u] inside [0, t_max]. */
typedef struct fprf_interval {
    double l, u;
} fprf_interval;

/* The pieces of [0, t_max] on which a polynomial is taken to be >= 0 (positive = 1)
 * or <= 0 (positive = 0); at most FPRF_MAX_PIECES. */
typedef struct fprf_pieces {
    fprf_interval item[FPRF_MAX_PIECES];
    int n;
} fprf_pieces;

/* The interval of a and b sorted, then clamped to [0, t_max]: CTCD's TimeInterval. */
fprf_interval ccd_fprf_interval(double a, double b, double t_max);

/* Whether every two of the n intervals overlap, and their intersection (meaningful
 * only when they do) as CTCD computes it: the clamped [0, t_max] narrowed by each. */
int ccd_fprf_overlap(const fprf_interval *iv, int n);
fprf_interval ccd_fprf_intersect(const fprf_interval *iv, int n, double t_max);

/* Appends to *out the pieces of [0, t_max] where op[0] t^degree + … + op[degree]
 * (decreasing powers, degree ≤ FPRF_MAX_DEGREE) has the sign asked for.  op is
 * scaled in place (divided by its largest magnitude).  Roots come from RPOLY
 * (degree ≥ 3, the real parts of every zero, real or complex), the quadratic
 * formula or the linear solution; between consecutive roots the sign is the sign
 * at the midpoint of the clamped piece.  Degree ≥ 3 polynomials that cannot have
 * the sign (by a cheap bound at t = 1) give no piece. */
void ccd_fprf_sign_pieces(fprf_pieces *out, double *op, int degree, int positive, double t_max);

#endif
