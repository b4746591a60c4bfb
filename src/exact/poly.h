/* SPDX-License-Identifier: MIT */
/*
 * Integer polynomials in one variable t, with mpz_t coefficients in an array of
 * fixed size (degree ≤ CCD_POLY_MAX_DEGREE).  The polynomials of exact CCD have
 * degree ≤ 4; products of square-free parts in the degenerate cases reach 16.
 *
 * Invariant: deg is the true degree (leading coefficient non-zero), -1 for the
 * zero polynomial; coefficients above deg hold garbage and are never read.
 * Unless a function says otherwise, the result may alias an argument.
 */
#ifndef CCD_EXACT_POLY_H
#define CCD_EXACT_POLY_H
#include <gmp.h>

enum { CCD_POLY_MAX_DEGREE = 32 };

typedef struct ccd_poly {
    int deg;
    mpz_t c[CCD_POLY_MAX_DEGREE + 1]; /* c[i] is the coefficient of t^i */
} ccd_poly;

/* Scratch for the operations that need temporaries (gcd, square-free part). */
typedef struct ccd_poly_scratch {
    ccd_poly u, v, w, d;
    mpz_t s, x, y;
} ccd_poly_scratch;

void ccd_poly_init(ccd_poly *p);
void ccd_poly_clear(ccd_poly *p);
void ccd_poly_scratch_init(ccd_poly_scratch *s);
void ccd_poly_scratch_clear(ccd_poly_scratch *s);

static inline void ccd_poly_set_zero(ccd_poly *p) { p->deg = -1; }
static inline int ccd_poly_is_zero(const ccd_poly *p) { return p->deg < 0; }
/* Sign of the leading coefficient (0 for the zero polynomial). */
static inline int ccd_poly_sign_lc(const ccd_poly *p)
{
    return p->deg < 0 ? 0 : mpz_sgn(p->c[p->deg]);
}

void ccd_poly_set(ccd_poly *r, const ccd_poly *a);
void ccd_poly_set_si(ccd_poly *r, long c0);
/* r = c0 + c1 t */
void ccd_poly_set_linear(ccd_poly *r, const mpz_t c0, const mpz_t c1);
/* Drop leading zero coefficients. */
void ccd_poly_normalize(ccd_poly *p);

void ccd_poly_add(ccd_poly *r, const ccd_poly *a, const ccd_poly *b);
void ccd_poly_sub(ccd_poly *r, const ccd_poly *a, const ccd_poly *b);
void ccd_poly_neg(ccd_poly *r, const ccd_poly *a);
/* r = a b; r must not alias a or b. */
void ccd_poly_mul(ccd_poly *r, const ccd_poly *a, const ccd_poly *b);
/* r += a b and r -= a b; r must not alias a or b. */
void ccd_poly_addmul(ccd_poly *r, const ccd_poly *a, const ccd_poly *b);
void ccd_poly_submul(ccd_poly *r, const ccd_poly *a, const ccd_poly *b);
void ccd_poly_derivative(ccd_poly *r, const ccd_poly *a);

/* Divide by the (positive) gcd of the coefficients: signs are preserved. */
void ccd_poly_make_primitive(ccd_poly *p, mpz_t tmp);
/* Divide by the gcd of the coefficients and make the leading coefficient positive. */
void ccd_poly_normalize_primitive(ccd_poly *p, mpz_t tmp);

/* Pseudo-remainder: r = λ a - q b for some non-zero integer λ and polynomial q,
 * with deg r < deg b.  r must not alias b; b must be non-zero. */
void ccd_poly_prem(ccd_poly *r, const ccd_poly *a, const ccd_poly *b, mpz_t t1, mpz_t t2);
/* g = primitive gcd of a and b with positive leading coefficient (primitive
 * pseudo-remainder sequence); gcd(0, 0) = 0.  g may alias a or b. */
void ccd_poly_gcd(ccd_poly *g, const ccd_poly *a, const ccd_poly *b, ccd_poly_scratch *s);
/* q = a / b when b divides a in Z[t] (b primitive and dividing a in Q[t] suffices,
 * by Gauss's lemma).  q must not alias a or b. */
void ccd_poly_divexact(ccd_poly *q, const ccd_poly *a, const ccd_poly *b, ccd_poly *rem);
/* 1 when a and b certainly have no common factor of positive degree: their
 * images modulo a prime that does not divide lc(a) are coprime (a common factor
 * g would divide lc(a) in its leading coefficient and survive modulo p).
 * 0 when the test cannot tell.  Cheap: no big-integer gcd. */
int ccd_poly_coprime_modular(const ccd_poly *a, const ccd_poly *b);
/* Same for a and its derivative: 1 when a is certainly square-free. */
int ccd_poly_squarefree_modular(const ccd_poly *a);
/* Divide by the largest power of two dividing every coefficient. */
void ccd_poly_remove_power_of_two(ccd_poly *p);

/* r = square-free part of a (a / gcd(a, a'), up to a positive constant factor),
 * with positive leading coefficient. */
void ccd_poly_squarefree(ccd_poly *r, const ccd_poly *a, ccd_poly_scratch *s);
/* r = a / (den t - num) when num/den is a root of a (den > 0); r must not alias a. */
void ccd_poly_deflate(ccd_poly *r, const ccd_poly *a, const mpz_t num, const mpz_t den, mpz_t tmp);

/* Signs of a at exact points (all exact). */
int ccd_poly_sign_at_zero(const ccd_poly *a);
int ccd_poly_sign_at_one(const ccd_poly *a, mpz_t tmp);
/* Sign of a(num / 2^k). */
int ccd_poly_sign_at_dyadic(const ccd_poly *a, const mpz_t num, unsigned long k, mpz_t t1,
                            mpz_t t2);
/* Sign of a(x), x rational. */
int ccd_poly_sign_at_q(const ccd_poly *a, const mpq_t x, mpz_t t1, mpz_t t2);

/* r(x) = 2^(k deg a) a((lo + (hi - lo) x) / 2^k): a restricted to the dyadic
 * interval [lo/2^k, hi/2^k] and mapped to x ∈ [0, 1], with integer coefficients
 * (positive multiple of a, so signs carry over).  r must not alias a. */
void ccd_poly_to_interval(ccd_poly *r, const ccd_poly *a, const mpz_t lo, const mpz_t hi,
                          unsigned long k, mpz_t w, mpz_t wpow);
/* Descartes' bound on the number of roots of a in the open interval (0, 1):
 * the sign variations of (x+1)^n a(1/(x+1)) (exact when 0 or 1).  *sign receives
 * the sign of a on (0, 1) when the bound is 0.  tmp must not alias a. */
int ccd_poly_descartes_01(int *sign, const ccd_poly *a, ccd_poly *tmp);

#endif
