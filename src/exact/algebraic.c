/* SPDX-License-Identifier: MIT */
/*
 * Real algebraic numbers: exact comparisons, signs of polynomials at them,
 * refinement, rounding to doubles and decimal printing.  Every decision is an
 * exact integer sign; floating point only proposes candidates that are then
 * checked exactly.
 */
#include <config.h>

#include "exact/algebraic.h"
#include "exact/decimal.h"
#include "core/assert.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ccd_algebraic_init(ccd_algebraic *a)
{
    ccd_poly_init(&a->p);
    mpq_init(a->value);
    mpz_inits(a->lo, a->hi, a->t1, a->t2, a->t3, NULL);
    mpq_init(a->tq);
    a->exact = 1;
    a->k = 0;
    a->sign_lo = 0;
    ccd_poly_set_zero(&a->p); /* the rational 0: p = t */
    mpz_set_ui(a->p.c[1], 1);
    mpz_set_ui(a->p.c[0], 0);
    a->p.deg = 1;
}

void ccd_algebraic_clear(ccd_algebraic *a)
{
    ccd_poly_clear(&a->p);
    mpq_clear(a->value);
    mpz_clears(a->lo, a->hi, a->t1, a->t2, a->t3, NULL);
    mpq_clear(a->tq);
}

ccd_algebraic *ccd_algebraic_new(void)
{
    ccd_algebraic *a = malloc(sizeof *a);
    if (a)
        ccd_algebraic_init(a);
    return a;
}

void ccd_algebraic_free(ccd_algebraic *a)
{
    if (!a)
        return;
    ccd_algebraic_clear(a);
    free(a);
}

void ccd_algebraic_set(ccd_algebraic *r, const ccd_algebraic *a)
{
    if (r == a)
        return;
    ccd_poly_set(&r->p, &a->p);
    r->exact = a->exact;
    mpq_set(r->value, a->value);
    mpz_set(r->lo, a->lo);
    mpz_set(r->hi, a->hi);
    r->k = a->k;
    r->sign_lo = a->sign_lo;
}

/* a = a->value: mark exact, p = den t - num. */
static void make_exact(ccd_algebraic *a)
{
    a->exact = 1;
    mpz_neg(a->p.c[0], mpq_numref(a->value));
    mpz_set(a->p.c[1], mpq_denref(a->value));
    a->p.deg = 1;
}

void ccd_algebraic_set_q(ccd_algebraic *a, const mpq_t x)
{
    mpq_set(a->value, x);
    make_exact(a);
}

void ccd_algebraic_set_dyadic(ccd_algebraic *a, const mpz_t num, unsigned long k)
{
    mpz_set(mpq_numref(a->value), num);
    mpz_set_ui(mpq_denref(a->value), 1);
    mpz_mul_2exp(mpq_denref(a->value), mpq_denref(a->value), k);
    mpq_canonicalize(a->value);
    make_exact(a);
}

/* Remove common factors of 2 from lo, hi and 2^k. */
static void reduce_dyadic(ccd_algebraic *a)
{
    unsigned long z = a->k;
    unsigned long zl = mpz_scan1(a->lo, 0), zh = mpz_scan1(a->hi, 0);
    if (zl < z)
        z = zl;
    if (zh < z)
        z = zh;
    if (z) {
        mpz_fdiv_q_2exp(a->lo, a->lo, z);
        mpz_fdiv_q_2exp(a->hi, a->hi, z);
        a->k -= z;
    }
}

void ccd_algebraic_set_interval(ccd_algebraic *a, const ccd_poly *p, const mpz_t lo,
                                const mpz_t hi, unsigned long k, int sign_lo)
{
    CCD_ASSERT(p->deg >= 1); /* a polynomial with a root */
    ccd_poly_set(&a->p, p);
    if (p->deg == 1) { /* a rational root: -c0/c1 */
        CCD_ASSERT(mpz_sgn(p->c[1]) != 0); /* degree 1: the denominator is not zero */
        mpq_set_num(a->value, p->c[0]);
        mpq_set_den(a->value, p->c[1]);
        mpz_neg(mpq_numref(a->value), mpq_numref(a->value));
        if (mpz_sgn(mpq_denref(a->value)) < 0) {
            mpz_neg(mpq_numref(a->value), mpq_numref(a->value));
            mpz_neg(mpq_denref(a->value), mpq_denref(a->value));
        }
        mpq_canonicalize(a->value);
        make_exact(a);
        return;
    }
    CCD_ASSERT(mpz_cmp(lo, hi) <= 0); /* the root is isolated in [lo, hi] / 2^k */
    a->exact = 0;
    mpz_set(a->lo, lo);
    mpz_set(a->hi, hi);
    a->k = k;
    a->sign_lo = sign_lo;
    reduce_dyadic(a);
}

void ccd_algebraic_bisect(ccd_algebraic *a)
{
    if (a->exact)
        return;
    /* mid = (lo + hi) / 2^(k+1) */
    mpz_add(a->t3, a->lo, a->hi);
    mpz_mul_2exp(a->lo, a->lo, 1);
    mpz_mul_2exp(a->hi, a->hi, 1);
    a->k++;
    int s = ccd_poly_sign_at_dyadic(&a->p, a->t3, a->k, a->t1, a->t2);
    if (s == 0) {
        ccd_algebraic_set_dyadic(a, a->t3, a->k);
        return;
    }
    if (s == a->sign_lo)
        mpz_swap(a->lo, a->t3);
    else
        mpz_swap(a->hi, a->t3);
    reduce_dyadic(a);
}

void ccd_algebraic_lower(mpq_t lo, const ccd_algebraic *a)
{
    if (a->exact) {
        mpq_set(lo, a->value);
        return;
    }
    mpz_set(mpq_numref(lo), a->lo);
    mpz_set_ui(mpq_denref(lo), 1);
    mpz_mul_2exp(mpq_denref(lo), mpq_denref(lo), a->k);
    mpq_canonicalize(lo);
}

void ccd_algebraic_upper(mpq_t hi, const ccd_algebraic *a)
{
    if (a->exact) {
        mpq_set(hi, a->value);
        return;
    }
    mpz_set(mpq_numref(hi), a->hi);
    mpz_set_ui(mpq_denref(hi), 1);
    mpz_mul_2exp(mpq_denref(hi), mpq_denref(hi), a->k);
    mpq_canonicalize(hi);
}

void ccd_algebraic_bounds(mpq_t lo, mpq_t hi, const ccd_algebraic *a)
{
    ccd_algebraic_lower(lo, a);
    ccd_algebraic_upper(hi, a);
}

/* Sign of n/2^k - x. */
static int cmp_dyadic_q(const mpz_t n, unsigned long k, const mpq_t x, mpz_t t1, mpz_t t2)
{
    mpz_mul(t1, n, mpq_denref(x));
    mpz_mul_2exp(t2, mpq_numref(x), k);
    return mpz_cmp(t1, t2);
}

/* Sign of n1/2^k1 - n2/2^k2. */
static int cmp_dyadic(const mpz_t n1, unsigned long k1, const mpz_t n2, unsigned long k2, mpz_t t)
{
    if (k1 >= k2) {
        mpz_mul_2exp(t, n2, k1 - k2);
        return mpz_cmp(n1, t);
    }
    mpz_mul_2exp(t, n1, k2 - k1);
    return mpz_cmp(t, n2);
}

static int cmp_q_with(const ccd_algebraic *a, const mpq_t x, mpz_t t1, mpz_t t2)
{
    if (a->exact)
        return mpq_cmp(a->value, x);
    if (cmp_dyadic_q(a->lo, a->k, x, t1, t2) >= 0) /* x ≤ lo < a */
        return 1;
    if (cmp_dyadic_q(a->hi, a->k, x, t1, t2) <= 0) /* a < hi ≤ x */
        return -1;
    int s = ccd_poly_sign_at_q(&a->p, x, t1, t2);
    if (s == 0)
        return 0;
    /* p keeps the sign it has at lo on (lo, a): x is below a iff p(x) has that sign */
    return s == a->sign_lo ? 1 : -1;
}

int ccd_algebraic_cmp_q_mut(ccd_algebraic *a, const mpq_t x)
{
    return cmp_q_with(a, x, a->t1, a->t2);
}

int ccd_algebraic_cmp_q(const ccd_algebraic *a, const mpq_t x)
{
    mpz_t t1, t2;
    mpz_inits(t1, t2, NULL);
    int s = cmp_q_with(a, x, t1, t2);
    mpz_clears(t1, t2, NULL);
    return s;
}

int ccd_algebraic_cmp_d(const ccd_algebraic *a, double x)
{
    if (isnan(x))
        return 0; /* unordered; callers never pass NaN */
    if (isinf(x))
        return x > 0 ? -1 : 1;
    mpq_t q;
    mpq_init(q);
    mpq_set_d(q, x);
    int s = ccd_algebraic_cmp_q(a, q);
    mpq_clear(q);
    return s;
}

int ccd_algebraic_sign_at(const ccd_poly *g, ccd_algebraic *a, ccd_poly_scratch *s, ccd_poly *t1,
                          ccd_poly *t2)
{
    if (g->deg <= 0)
        return ccd_poly_sign_at_zero(g);
    int zero_checked = 0;
    for (int iter = 0;; iter++) {
        if (a->exact)
            return ccd_poly_sign_at_q(g, a->value, a->t1, a->t2);
        /* Descartes on the isolating interval: no root of g there ⇒ its sign at a
         * is its sign anywhere on the interval. */
        ccd_poly_to_interval(t1, g, a->lo, a->hi, a->k, a->t1, a->t2);
        int sign;
        if (ccd_poly_descartes_01(&sign, t1, t2) == 0)
            return sign;
        if (!zero_checked && iter >= 1) {
            /* g(a) = 0 iff a is a root of h = gcd(p, g).  h divides the square-free
             * p, so it is square-free, its only possible root in the interval is a,
             * and it is non-zero at the end points: g(a) = 0 iff h changes sign. */
            zero_checked = 1;
            if (ccd_poly_coprime_modular(&a->p, g))
                goto refine; /* no common root: g(a) ≠ 0 */
            ccd_poly_gcd(t1, &a->p, g, s);
            if (t1->deg >= 1) {
                int sl = ccd_poly_sign_at_dyadic(t1, a->lo, a->k, a->t1, a->t2);
                int sh = ccd_poly_sign_at_dyadic(t1, a->hi, a->k, a->t1, a->t2);
                if (sl != sh)
                    return 0;
            }
        }
    refine:
        ccd_algebraic_bisect(a);
    }
}

/* 1 if h (a divisor of a->p) vanishes at a. */
static int divisor_vanishes(const ccd_poly *h, ccd_algebraic *a)
{
    if (h->deg < 1)
        return 0;
    if (a->exact)
        return ccd_poly_sign_at_q(h, a->value, a->t1, a->t2) == 0;
    int sl = ccd_poly_sign_at_dyadic(h, a->lo, a->k, a->t1, a->t2);
    int sh = ccd_poly_sign_at_dyadic(h, a->hi, a->k, a->t1, a->t2);
    return sl != sh;
}

int ccd_algebraic_cmp(ccd_algebraic *a, ccd_algebraic *b, ccd_poly_scratch *s)
{
    int gcd_checked = 0;
    for (;;) {
        if (a->exact)
            return -ccd_algebraic_cmp_q_mut(b, a->value);
        if (b->exact)
            return ccd_algebraic_cmp_q_mut(a, b->value);
        if (cmp_dyadic(a->hi, a->k, b->lo, b->k, a->t1) <= 0)
            return -1;
        if (cmp_dyadic(b->hi, b->k, a->lo, a->k, a->t1) <= 0)
            return 1;
        if (!gcd_checked) {
            /* a = b iff both are roots of g = gcd(pa, pb) and b lies in a's interval
             * (a is the only root of pa, hence of g, there). */
            gcd_checked = 1;
            if (ccd_poly_coprime_modular(&a->p, &b->p))
                s->d.deg = 0; /* no common root */
            else
                ccd_poly_gcd(&s->d, &a->p, &b->p, s);
            if (divisor_vanishes(&s->d, a) && divisor_vanishes(&s->d, b)) {
                mpq_t x;
                mpq_init(x);
                ccd_algebraic_lower(x, a);
                int above_lo = ccd_algebraic_cmp_q_mut(b, x) > 0;
                ccd_algebraic_upper(x, a);
                int below_hi = ccd_algebraic_cmp_q_mut(b, x) < 0;
                mpq_clear(x);
                if (above_lo && below_hi)
                    return 0;
            }
        }
        ccd_algebraic_bisect(a);
        ccd_algebraic_bisect(b);
    }
}

void ccd_algebraic_refine(ccd_algebraic *a, unsigned long bits)
{
    for (;;) {
        if (a->exact)
            return;
        /* width (hi - lo)/2^k ≤ 2^-bits ⇔ (hi - lo) 2^bits ≤ 2^k */
        mpz_sub(a->t1, a->hi, a->lo);
        mpz_mul_2exp(a->t1, a->t1, bits);
        size_t size = mpz_sizeinbase(a->t1, 2);
        if (size <= a->k || (size == a->k + 1 && mpz_scan1(a->t1, 0) == a->k))
            return;
        ccd_algebraic_bisect(a);
    }
}

/* ---------------------------------------------------------------- doubles */

/* Doubles as monotone integers: key(x) < key(y) ⇔ x < y (and key(-0) = key(+0)). */
static int64_t double_key(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    if (u >> 63)
        return -(int64_t)(u & ~(UINT64_C(1) << 63));
    return (int64_t)u;
}

static double key_double(int64_t k)
{
    uint64_t u = k >= 0 ? (uint64_t)k : ((uint64_t)(-k) | (UINT64_C(1) << 63));
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static double q_to_double(const mpq_t x, mpfr_rnd_t rnd)
{
    mpfr_t f;
    mpfr_init2(f, 53);
    mpfr_set_q(f, x, rnd);
    double d = mpfr_get_d(f, rnd); /* composition of two directed roundings: exact */
    mpfr_clear(f);
    return d;
}

/* n / 2^k as a long double (approximate). */
static long double dyadic_ld(const mpz_t n, unsigned long k)
{
    long e;
    double m = mpz_get_d_2exp(&e, n);
    return ldexpl((long double)m, (int)(e - (long)k));
}

/* A double near the root, by bisection in long double (a guess only: it is
 * checked exactly by the caller). */
static double approximate_root(const ccd_algebraic *a)
{
    int n = a->p.deg;
    CCD_ASSERT(n >= 1 && n <= CCD_POLY_MAX_DEGREE); /* the bounds of coef, ex and mant */
    long double coef[CCD_POLY_MAX_DEGREE + 1];
    long emax = LONG_MIN, ex[CCD_POLY_MAX_DEGREE + 1];
    double mant[CCD_POLY_MAX_DEGREE + 1];
    for (int i = 0; i <= n; i++) {
        mant[i] = mpz_get_d_2exp(&ex[i], a->p.c[i]);
        if (mant[i] != 0 && ex[i] > emax)
            emax = ex[i];
    }
    for (int i = 0; i <= n; i++) {
        long sh = ex[i] - emax;
        coef[i] = sh < -16000 ? 0.0L : ldexpl((long double)mant[i], (int)sh);
    }
    long double lo = dyadic_ld(a->lo, a->k), hi = dyadic_ld(a->hi, a->k);
    for (int it = 0; it < 80; it++) {
        long double mid = 0.5L * (lo + hi);
        if (!(mid > lo && mid < hi))
            break;
        long double v = coef[n];
        for (int i = n - 1; i >= 0; i--)
            v = v * mid + coef[i];
        if (v == 0)
            return (double)mid;
        if ((v > 0) == (a->sign_lo > 0))
            lo = mid;
        else
            hi = mid;
    }
    return (double)(0.5L * (lo + hi));
}

/* Sign of a - key_double(key), exactly. */
static int cmp_key(ccd_algebraic *a, int64_t key, mpq_t q)
{
    double x = key_double(key);
    if (isinf(x))
        return x > 0 ? -1 : 1;
    mpq_set_d(q, x);
    return ccd_algebraic_cmp_q_mut(a, q);
}

void ccd_algebraic_round_mut(double *down, double *up, ccd_algebraic *a)
{
    mpq_ptr q = a->tq; /* per-number scratch: no allocation per call */
    if (a->exact) {
        *down = q_to_double(a->value, MPFR_RNDD);
        *up = q_to_double(a->value, MPFR_RNDU);
        return;
    }
    /* Find doubles x(lo) < a < x(hi) with adjacent keys: gallop from a floating
     * guess, then bisect over keys.  Each step is an exact comparison. */
    const int64_t kmax = double_key(INFINITY), kmin = double_key(-INFINITY);
    int64_t g = double_key(approximate_root(a));
    int s = cmp_key(a, g, q);
    int64_t klo = g, khi = g;
    if (s == 0) {
        *down = *up = key_double(g);
        mpq_set_d(q, *down);
        ccd_algebraic_set_q(a, q);
        return;
    }
    for (int64_t step = 1;; step *= 2) {
        int64_t next = s > 0 ? (g > kmax - step ? kmax : g + step)
                             : (g < kmin + step ? kmin : g - step);
        int t = cmp_key(a, next, q);
        if (t == 0) {
            *down = *up = key_double(next);
            mpq_set_d(q, *down);
            ccd_algebraic_set_q(a, q);
                return;
        }
        if (t != s) {
            if (s > 0)
                khi = next;
            else
                klo = next;
            break;
        }
        if (s > 0)
            klo = next;
        else
            khi = next;
    }
    while (khi - klo > 1) {
        int64_t mid = klo + (khi - klo) / 2;
        int t = cmp_key(a, mid, q);
        if (t == 0) {
            *down = *up = key_double(mid);
            mpq_set_d(q, *down);
            ccd_algebraic_set_q(a, q);
                return;
        }
        if (t > 0)
            klo = mid;
        else
            khi = mid;
    }
    *down = key_double(klo);
    *up = key_double(khi);
    /* Shrink the isolating interval to [down, up] where that is tighter. */
    mpq_set_d(q, *down);
    if (cmp_dyadic_q(a->lo, a->k, q, a->t1, a->t2) < 0) {
        unsigned long kq = mpz_scan1(mpq_denref(q), 0); /* den = 2^kq */
        if (kq > a->k) {
            mpz_mul_2exp(a->lo, a->lo, kq - a->k);
            mpz_mul_2exp(a->hi, a->hi, kq - a->k);
            a->k = kq;
        }
        mpz_mul_2exp(a->lo, mpq_numref(q), a->k - kq);
    }
    mpq_set_d(q, *up);
    if (cmp_dyadic_q(a->hi, a->k, q, a->t1, a->t2) > 0) {
        unsigned long kq = mpz_scan1(mpq_denref(q), 0);
        if (kq > a->k) {
            mpz_mul_2exp(a->lo, a->lo, kq - a->k);
            mpz_mul_2exp(a->hi, a->hi, kq - a->k);
            a->k = kq;
        }
        mpz_mul_2exp(a->hi, mpq_numref(q), a->k - kq);
    }
    reduce_dyadic(a);
}

double ccd_algebraic_round_down(const ccd_algebraic *a)
{
    ccd_algebraic c;
    ccd_algebraic_init(&c);
    ccd_algebraic_set(&c, a);
    double down, up;
    ccd_algebraic_round_mut(&down, &up, &c);
    ccd_algebraic_clear(&c);
    return down;
}

double ccd_algebraic_round_up(const ccd_algebraic *a)
{
    ccd_algebraic c;
    ccd_algebraic_init(&c);
    ccd_algebraic_set(&c, a);
    double down, up;
    ccd_algebraic_round_mut(&down, &up, &c);
    ccd_algebraic_clear(&c);
    return up;
}

/* ---------------------------------------------------------------- decimal output */

/* The decimal digits themselves come from exact/decimal.c. */

char *ccd_algebraic_to_string(const ccd_algebraic *a0, int digits)
{
    if (digits < 1)
        digits = 1;
    ccd_algebraic a;
    ccd_algebraic_init(&a);
    ccd_algebraic_set(&a, a0);
    mpq_t lo, hi, tie;
    mpz_t mlo, mhi, t;
    mpq_inits(lo, hi, tie, NULL);
    mpz_inits(mlo, mhi, t, NULL);
    char *out = NULL;
    /* Refine until both ends of the interval round to the same decimal, or the
     * rounding boundary between them is the number itself. */
    for (;;) {
        if (a.exact) {
            out = ccd_decimal_string(a.value, digits, 0);
            break;
        }
        ccd_algebraic_bounds(lo, hi, &a);
        if (mpq_sgn(lo) > 0 || mpq_sgn(hi) < 0) {
            long elo, ehi;
            ccd_decimal_round(mlo, &elo, lo, digits, 0);
            ccd_decimal_round(mhi, &ehi, hi, digits, 0);
            if (elo == ehi && mpz_cmp(mlo, mhi) == 0) {
                out = ccd_decimal_format(mpq_sgn(lo) < 0, mlo, elo, digits);
                break;
            }
            /* the boundary (m + 1/2) 10^(e - digits + 1) next to the end nearer 0 */
            mpz_srcptr m = mpq_sgn(lo) > 0 ? mlo : mhi;
            long e = mpq_sgn(lo) > 0 ? elo : ehi;
            mpz_mul_2exp(mpq_numref(tie), m, 1);
            mpz_add_ui(mpq_numref(tie), mpq_numref(tie), 1);
            mpz_set_ui(mpq_denref(tie), 2);
            long sh = e - digits + 1;
            mpz_ui_pow_ui(t, 10, (unsigned long)(sh < 0 ? -sh : sh));
            if (sh >= 0)
                mpz_mul(mpq_numref(tie), mpq_numref(tie), t);
            else
                mpz_mul(mpq_denref(tie), mpq_denref(tie), t);
            if (mpq_sgn(lo) < 0)
                mpq_neg(tie, tie);
            mpq_canonicalize(tie);
            if (ccd_algebraic_cmp_q_mut(&a, tie) == 0) {
                ccd_algebraic_set_q(&a, tie);
                continue;
            }
        }
        ccd_algebraic_bisect(&a);
    }
    mpq_clears(lo, hi, tie, NULL);
    mpz_clears(mlo, mhi, t, NULL);
    ccd_algebraic_clear(&a);
    return out;
}
