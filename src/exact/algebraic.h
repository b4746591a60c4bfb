/* SPDX-License-Identifier: MIT */
/*
 * Real algebraic numbers (internal view of ccd_algebraic): a rational, or the
 * only root of a square-free integer polynomial p in an open dyadic interval
 * (lo/2^k, hi/2^k) whose end points are not roots of p.
 */
#ifndef CCD_EXACT_ALGEBRAIC_H
#define CCD_EXACT_ALGEBRAIC_H
#include "exact/exact_ccd.h"
#include "exact/poly.h"

struct ccd_algebraic {
    ccd_poly p;       /* square-free, primitive; for a rational num/den: den t - num */
    int exact;        /* 1: the number is `value` */
    mpq_t value;      /* valid when exact */
    mpz_t lo, hi;     /* otherwise the number lies in (lo/2^k, hi/2^k), lo < hi */
    unsigned long k;
    int sign_lo;      /* sign of p at lo/2^k (never 0) */
    mpz_t t1, t2, t3; /* scratch for exact evaluations */
    mpq_t tq;
};

void ccd_algebraic_init(ccd_algebraic *a);
void ccd_algebraic_clear(ccd_algebraic *a);
void ccd_algebraic_set(ccd_algebraic *r, const ccd_algebraic *a);
void ccd_algebraic_set_q(ccd_algebraic *a, const mpq_t x);
void ccd_algebraic_set_dyadic(ccd_algebraic *a, const mpz_t num, unsigned long k);
/* The only root of p (square-free) in (lo/2^k, hi/2^k); sign_lo = sign of p at lo/2^k. */
void ccd_algebraic_set_interval(ccd_algebraic *a, const ccd_poly *p, const mpz_t lo,
                                const mpz_t hi, unsigned long k, int sign_lo);
/* Halve the isolating interval (may find the number exactly). */
void ccd_algebraic_bisect(ccd_algebraic *a);
/* Sign of g at a, exactly.  Refines a as needed.  gcd scratch s, polys t1, t2. */
int ccd_algebraic_sign_at(const ccd_poly *g, ccd_algebraic *a, ccd_poly_scratch *s, ccd_poly *t1,
                          ccd_poly *t2);
/* Sign of a - b, exactly; refines both. */
int ccd_algebraic_cmp(ccd_algebraic *a, ccd_algebraic *b, ccd_poly_scratch *s);
/* Sign of a - x, exactly (no refinement needed). */
int ccd_algebraic_cmp_q_mut(ccd_algebraic *a, const mpq_t x);
/* down = largest double ≤ a, up = smallest double ≥ a; shrinks the isolating
 * interval of a to [down, up]. */
void ccd_algebraic_round_mut(double *down, double *up, ccd_algebraic *a);
/* Lower and upper end of the isolating interval (equal when exact). */
void ccd_algebraic_lower(mpq_t lo, const ccd_algebraic *a);
void ccd_algebraic_upper(mpq_t hi, const ccd_algebraic *a);

#endif
