/* SPDX-License-Identifier: MIT */
/*
 * Floating-point filter of the L∞ minimum-separation truth (separation_pair_filter.c):
 * certified signs, over dyadic pieces of the window s ∈ [0, 1], of the vertex
 * polynomials of a pair (i, j) of constraint lines α u + β v + γ ≥ 0 (separation.c):
 *     D = α_i β_j - α_j β_i,   G_k = α_k X + β_k Y + γ_k D = det(R_i; R_j; R_k),
 * with X = β_i γ_j - β_j γ_i, Y = α_j γ_i - α_i γ_j and R_h = (α_h, β_h, γ_h).
 * A pair is dead on a piece when both of its sign patterns (D > 0, G_k ≥ 0) and
 * (D < 0, G_k ≤ 0) fail there, certainly feasible when one holds strictly.
 */
#ifndef CCD_EXACT_SEPARATION_PAIR_FILTER_H
#define CCD_EXACT_SEPARATION_PAIR_FILTER_H
#include "exact/poly.h"

#include <stdint.h>

enum {
    CCD_PAIR_MAX_ROWS = 10,
    CCD_PAIR_MAX = CCD_PAIR_MAX_ROWS * (CCD_PAIR_MAX_ROWS - 1) / 2,
    /* positions in the window are multiples of 2^-CCD_PAIR_DEPTH */
    CCD_PAIR_DEPTH = 30
};

/* The constraint rows R_h(s) = p_h + s q_h, each row scaled by its own power of two
 * (a positive factor: signs of D and G_k are unchanged), with radii: the exact
 * scaled coefficient lies within pr (qr) of p (q). */
typedef struct ccd_pair_rows {
    int n;
    double p[CCD_PAIR_MAX_ROWS][3], q[CCD_PAIR_MAX_ROWS][3];
    double pr[CCD_PAIR_MAX_ROWS][3], qr[CCD_PAIR_MAX_ROWS][3];
} ccd_pair_rows;

/* Rows from exact integer polynomials of degree ≤ 1 (α, β, γ of each of n rows). */
void ccd_pair_rows_load(ccd_pair_rows *rows, const ccd_poly *al, const ccd_poly *be,
                        const ccd_poly *ga, int n);

/* 1 when D of pair (i, j) is certainly not the zero polynomial (one of its three
 * coefficients, computed from the rows with radii, is certainly non-zero); 0 when
 * that is not certain. */
int ccd_pair_d_nonzero(const ccd_pair_rows *rows, int i, int j);

/* Result of the sweep over the window, positions in units of 2^-CCD_PAIR_DEPTH. */
typedef struct ccd_pair_sweep {
    /* lb[p]: pair p is certainly infeasible on [0, lb[p]) (every piece before it
     * was cleared for p); CCD_PAIR_NONE: on all of [0, b0]. */
    uint64_t lb[CCD_PAIR_MAX];
    /* a0 = min lb (CCD_PAIR_NONE: no pair is ever feasible).  When `certified`,
     * the earliest contact s* is < b0 (some pair is certainly feasible at b0, or on a
     * piece starting at b0 > a0, hence on a neighbourhood of it), unless `at_start`:
     * a pair is certainly feasible on a piece starting at 0, so s* = 0.  Otherwise
     * b0 = 1. */
    uint64_t a0, b0;
    int certified, at_start;
    int evaluations; /* pieces and points evaluated (a work counter) */
} ccd_pair_sweep;

#define CCD_PAIR_NONE UINT64_MAX

/* Depth-first sweep, left piece first, over the window, for the given pairs
 * (i < j, D ≢ 0): pieces on which every pair is dead are cleared, the others split
 * until a piece whose end is a certain contact stops the search, or down to a
 * finest level (a budget bounds the work; unevaluated pieces count as undecided). */
void ccd_pair_sweep_run(ccd_pair_sweep *out, const ccd_pair_rows *rows,
                        const unsigned char pairs[][2], int npairs);

/* The rows on a sub-window [lo, hi] (units of 2^-CCD_PAIR_DEPTH, hi - lo divisible
 * by 8) and on its 8 equal parts (set 0: the whole, 1..8: the parts), for
 * ccd_pair_signs. */
enum { CCD_PAIR_PARTS = 8 };
typedef struct ccd_pair_parts {
    int n;
    double mid[CCD_PAIR_PARTS + 1][CCD_PAIR_MAX_ROWS][3];
    double rad[CCD_PAIR_PARTS + 1][CCD_PAIR_MAX_ROWS][3];
} ccd_pair_parts;

void ccd_pair_parts_set(ccd_pair_parts *parts, const ccd_pair_rows *rows, uint64_t lo, uint64_t hi);

/* Certified signs over the sub-window of D (*sd) and of G_k (sg[k], for every row
 * k ≠ i, j): +1 or -1 when the polynomial has that sign strictly on all of it, 0
 * when not certified. */
void ccd_pair_signs(int *sd, int sg[CCD_PAIR_MAX_ROWS], const ccd_pair_parts *parts, int i, int j);

#endif
