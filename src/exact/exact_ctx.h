/* SPDX-License-Identifier: MIT */
/* The per-thread scratch of the exact oracle: every integer and polynomial the
 * decision needs, allocated once and reused (GMP grows limbs only when a query
 * has larger numbers than any before it). */
#ifndef CCD_EXACT_CTX_H
#define CCD_EXACT_CTX_H
#include "exact/exact_ccd.h"
#include "exact/sign_sat.h"

enum { CCD_EXACT_MAX_EDGES = 4, CCD_EXACT_MAX_VERTICES = 4 };

/* Scratch of the minimum-separation problems, created on first use (separation.c). */
struct ccd_separation_scratch;
void ccd_exact_separation_free(struct ccd_separation_scratch *s);

struct ccd_exact_ctx {
    ccd_sat sat;
    mpz_t X[CCD_QUERY_ROWS][3]; /* coordinates times the common denominator */
    mpz_t z1, z2, lcm;
    mpq_t q;
    ccd_poly a[3], b[3], c[3]; /* M = [a b], right-hand side c (degree ≤ 1 in t) */
    ccd_poly n[3], f, N, A, B, D1, D2, h, tmp;
    /* edge (m, r) and vertex (r) cases of DESIGN.md §2 */
    int cases_built, nedges, nvertices;
    ccd_poly em[CCD_EXACT_MAX_EDGES][3], er[CCD_EXACT_MAX_EDGES][3];
    ccd_poly ecr[CCD_EXACT_MAX_EDGES][3], emm[CCD_EXACT_MAX_EDGES], emr[CCD_EXACT_MAX_EDGES],
        emmr[CCD_EXACT_MAX_EDGES];
    ccd_poly vr[CCD_EXACT_MAX_VERTICES][3];
    ccd_algebraic best, cand, result;
    ccd_kind kind;
    struct ccd_separation_scratch *sep;
    int separation_unseeded; /* tests: solve separation problems without the plain answer */
    long work; /* roots isolated (a work counter for ccd_result.checks) */
};

#endif
