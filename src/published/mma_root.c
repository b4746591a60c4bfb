/* SPDX-License-Identifier: MIT */
/* Mathematica's Root[f, k]: the k-th real root of the polynomial f(#1), real
 * roots counted in increasing order (Mathematica's order of the real roots,
 * which come before the complex ones).  The body of f is read as a polynomial
 * with rational coefficients, multiplied by the common denominator and made
 * square-free (a Root polynomial is irreducible, so this only guards); with
 * 2^b > 1 + max |c_i / c_n| (Cauchy's bound), x = 2^b (2y - 1) maps every real
 * root into y ∈ (0, 1), where the exact oracle's root isolation visits them in
 * increasing order.  The k-th is refined until x's interval is narrower than
 * 2^-p, and its end points are rounded outwards. */
#include <config.h>

#include "core/error.h"
#include "exact/algebraic.h"
#include "exact/roots.h"
#include "published/mma_value.h"

#include <stdlib.h>
#include <string.h>

typedef struct qpoly {
    mpq_t c[CCD_POLY_MAX_DEGREE + 1];
    int deg; /* -1: zero; coefficients above deg are 0 */
} qpoly;

static void qpoly_init(qpoly *p)
{
    for (int i = 0; i <= CCD_POLY_MAX_DEGREE; i++)
        mpq_init(p->c[i]);
    p->deg = -1;
}

static void qpoly_clear(qpoly *p)
{
    for (int i = 0; i <= CCD_POLY_MAX_DEGREE; i++)
        mpq_clear(p->c[i]);
}

static void qpoly_trim(qpoly *p)
{
    while (p->deg >= 0 && mpq_sgn(p->c[p->deg]) == 0)
        p->deg--;
}

/* r = a b (r may alias a or b); 0 when the degree would exceed the maximum. */
static int qpoly_mul(qpoly *r, const qpoly *a, const qpoly *b)
{
    if (a->deg < 0 || b->deg < 0) {
        for (int i = 0; i <= CCD_POLY_MAX_DEGREE; i++)
            mpq_set_ui(r->c[i], 0, 1);
        r->deg = -1;
        return 1;
    }
    if (a->deg + b->deg > CCD_POLY_MAX_DEGREE)
        return 0;
    qpoly t;
    qpoly_init(&t);
    mpq_t x;
    mpq_init(x);
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) {
            mpq_mul(x, a->c[i], b->c[j]);
            mpq_add(t.c[i + j], t.c[i + j], x);
        }
    t.deg = a->deg + b->deg;
    for (int i = 0; i <= CCD_POLY_MAX_DEGREE; i++)
        mpq_swap(r->c[i], t.c[i]);
    r->deg = t.deg;
    qpoly_trim(r);
    mpq_clear(x);
    qpoly_clear(&t);
    return 1;
}

/* p = the polynomial e in #1 (Slot[1]). */
static ccd_status qpoly_of(qpoly *p, ccd_error *err, const ccd_wxf *e, const char *where)
{
    for (int i = 0; i <= CCD_POLY_MAX_DEGREE; i++)
        mpq_set_ui(p->c[i], 0, 1);
    p->deg = -1;
    if (e->type == CCD_WXF_INTEGER) {
        mpq_set_z(p->c[0], e->z);
    } else if (ccd_wxf_is(e, "Slot", 1) && e->args[0]->type == CCD_WXF_INTEGER &&
               mpz_cmp_ui(e->args[0]->z, 1) == 0) {
        mpq_set_ui(p->c[1], 1, 1);
        p->deg = 1;
        return CCD_OK;
    } else if (ccd_wxf_is(e, "Rational", 2) && e->args[0]->type == CCD_WXF_INTEGER &&
               e->args[1]->type == CCD_WXF_INTEGER && mpz_sgn(e->args[1]->z) != 0) {
        mpq_set_num(p->c[0], e->args[0]->z);
        mpq_set_den(p->c[0], e->args[1]->z);
        mpq_canonicalize(p->c[0]);
    } else if (ccd_wxf_is(e, "Plus", (size_t)-1) || ccd_wxf_is(e, "Times", (size_t)-1)) {
        int plus = ccd_wxf_is(e, "Plus", (size_t)-1);
        if (!plus)
            mpq_set_ui(p->c[0], 1, 1), p->deg = 0;
        qpoly a;
        qpoly_init(&a);
        ccd_status st = CCD_OK;
        for (size_t k = 0; k < e->nargs && st == CCD_OK; k++) {
            if ((st = qpoly_of(&a, err, e->args[k], where)) != CCD_OK)
                break;
            if (plus) {
                for (int i = 0; i <= a.deg; i++)
                    mpq_add(p->c[i], p->c[i], a.c[i]);
                p->deg = a.deg > p->deg ? a.deg : p->deg;
                qpoly_trim(p);
            } else if (!qpoly_mul(p, p, &a)) {
                st = ccd_wxf_error(err, where, e, "Root polynomial of degree above 32");
            }
        }
        qpoly_clear(&a);
        return st;
    } else if (ccd_wxf_is(e, "Power", 2)) {
        const ccd_wxf *x = e->args[1];
        if (x->type != CCD_WXF_INTEGER || mpz_sgn(x->z) < 0 ||
            mpz_cmp_ui(x->z, CCD_POLY_MAX_DEGREE) > 0)
            return ccd_wxf_error(err, where, e,
                                 "Root polynomial with a power that is not 0 … 32");
        qpoly a;
        qpoly_init(&a);
        ccd_status st = qpoly_of(&a, err, e->args[0], where);
        mpq_set_ui(p->c[0], 1, 1);
        p->deg = 0;
        for (unsigned long n = mpz_get_ui(x->z); st == CCD_OK && n > 0; n--)
            if (!qpoly_mul(p, p, &a))
                st = ccd_wxf_error(err, where, e, "Root polynomial of degree above 32");
        qpoly_clear(&a);
        return st;
    } else {
        return ccd_wxf_error(err, where, e,
                             "Root polynomial: not a polynomial in #1 with rational coefficients");
    }
    p->deg = mpq_sgn(p->c[0]) ? 0 : -1;
    return CCD_OK;
}

/* q = a common multiple of p's denominators times p: integer coefficients. */
static void integer_poly(ccd_poly *q, const qpoly *p)
{
    mpz_t l;
    mpz_init_set_ui(l, 1);
    for (int i = 0; i <= p->deg; i++)
        mpz_lcm(l, l, mpq_denref(p->c[i]));
    for (int i = 0; i <= p->deg; i++) {
        mpz_divexact(q->c[i], l, mpq_denref(p->c[i]));
        mpz_mul(q->c[i], q->c[i], mpq_numref(p->c[i]));
    }
    q->deg = p->deg;
    mpz_clear(l);
}

/* b with every real root of p in (-2^b, 2^b): 1 + max |c_i| / |c_n| < 2^b. */
static unsigned long cauchy_exponent(const ccd_poly *p)
{
    size_t big = 0;
    for (int i = 0; i < p->deg; i++) {
        size_t s = mpz_sizeinbase(p->c[i], 2);
        big = s > big ? s : big;
    }
    /* |c_i| < 2^big, |c_n| ≥ 2^(bits(c_n) - 1): the ratio < 2^(big - bits + 1) */
    size_t lead = mpz_sizeinbase(p->c[p->deg], 2);
    return big + 2 > lead ? (unsigned long)(big + 2 - lead) : 1;
}

typedef struct kth_root {
    unsigned long k, seen;
    ccd_algebraic *out;
} kth_root;

static int visit_kth(void *data, ccd_algebraic *root)
{
    kth_root *v = data;
    if (++v->seen < v->k)
        return 0;
    ccd_algebraic_set(v->out, root);
    return 1;
}

/* out = 2^b (2 y - 1), exactly. */
static void unmap(mpq_t out, const mpq_t y, unsigned long b)
{
    mpq_t one;
    mpq_init(one);
    mpq_mul_2exp(out, y, 1);
    mpq_set_ui(one, 1, 1);
    mpq_sub(out, out, one);
    mpq_mul_2exp(out, out, b);
    mpq_clear(one);
}

ccd_status ccd_mma_root_enclose(mpfr_t lo, mpfr_t hi, ccd_error *err, const ccd_wxf *root,
                                const char *where)
{
    if (!(ccd_wxf_is(root, "Root", 2) || ccd_wxf_is(root, "Root", 3)) ||
        !ccd_wxf_is(root->args[0], "Function", 1) || root->args[1]->type != CCD_WXF_INTEGER ||
        mpz_sgn(root->args[1]->z) <= 0 || !mpz_fits_ulong_p(root->args[1]->z))
        return ccd_wxf_error(err, where, root, "not Root[Function[polynomial], k], k ≥ 1");
    unsigned long k = mpz_get_ui(root->args[1]->z);
    qpoly q;
    qpoly_init(&q);
    ccd_status st = qpoly_of(&q, err, root->args[0]->args[0], where);
    if (st == CCD_OK && q.deg < 1)
        st = ccd_wxf_error(err, where, root, "Root of a constant polynomial");
    if (st != CCD_OK) {
        qpoly_clear(&q);
        return st;
    }
    ccd_poly p, sq, mapped, lin, t;
    ccd_poly_init(&p);
    ccd_poly_init(&sq);
    ccd_poly_init(&mapped);
    ccd_poly_init(&lin);
    ccd_poly_init(&t);
    ccd_poly_scratch s;
    ccd_poly_scratch_init(&s);
    integer_poly(&p, &q);
    qpoly_clear(&q);
    ccd_poly_squarefree(&sq, &p, &s);
    unsigned long b = cauchy_exponent(&sq);
    /* mapped(y) = sq(2^(b+1) y - 2^b), by Horner's rule */
    mpz_t c0, c1;
    mpz_inits(c0, c1, NULL);
    mpz_set_ui(c1, 1);
    mpz_mul_2exp(c1, c1, b + 1);
    mpz_set_ui(c0, 1);
    mpz_mul_2exp(c0, c0, b);
    mpz_neg(c0, c0);
    ccd_poly_set_linear(&lin, c0, c1);
    ccd_poly_set_zero(&mapped);
    for (int i = sq.deg; i >= 0; i--) {
        ccd_poly_mul(&t, &mapped, &lin);
        if (t.deg < 0) {
            t.deg = 0;
            mpz_set(t.c[0], sq.c[i]);
        } else {
            mpz_add(t.c[0], t.c[0], sq.c[i]);
        }
        ccd_poly_normalize(&t);
        ccd_poly_set(&mapped, &t);
    }
    mpz_clears(c0, c1, NULL);
    ccd_roots roots;
    ccd_roots_init(&roots);
    ccd_algebraic y;
    ccd_algebraic_init(&y);
    kth_root v = {k, 0, &y};
    int found = ccd_roots_visit(&roots, &mapped, visit_kth, &v);
    if (found < 0) {
        st = ccd_error_oom(err, where);
    } else if (found == 0) {
        char what[160];
        snprintf(what, sizeof what, "Root[…, %lu]: the polynomial has only %lu real roots", k,
                 v.seen);
        st = ccd_wxf_error(err, where, root, what);
    } else {
        mpfr_prec_t prec = mpfr_get_prec(lo);
        ccd_algebraic_refine(&y, (unsigned long)prec + b + 2);
        mpq_t yl, x;
        mpq_inits(yl, x, NULL);
        ccd_algebraic_lower(yl, &y);
        unmap(x, yl, b);
        mpfr_set_q(lo, x, MPFR_RNDD);
        ccd_algebraic_upper(yl, &y);
        unmap(x, yl, b);
        mpfr_set_q(hi, x, MPFR_RNDU);
        mpq_clears(yl, x, NULL);
    }
    ccd_algebraic_clear(&y);
    ccd_roots_clear(&roots);
    ccd_poly_scratch_clear(&s);
    ccd_poly_clear(&p);
    ccd_poly_clear(&sq);
    ccd_poly_clear(&mapped);
    ccd_poly_clear(&lin);
    ccd_poly_clear(&t);
    return st;
}
