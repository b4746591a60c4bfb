/* SPDX-License-Identifier: MIT */
/* Integer polynomials: arithmetic, gcd by primitive pseudo-remainder sequences,
 * square-free parts, exact signs at rational points, Descartes' rule on [0, 1]. */
#include <config.h>

#include "exact/poly.h"

#include "core/assert.h"
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

void ccd_poly_init(ccd_poly *p)
{
    p->deg = -1;
    for (int i = 0; i <= CCD_POLY_MAX_DEGREE; i++)
        mpz_init(p->c[i]);
}

void ccd_poly_clear(ccd_poly *p)
{
    for (int i = 0; i <= CCD_POLY_MAX_DEGREE; i++)
        mpz_clear(p->c[i]);
}

void ccd_poly_scratch_init(ccd_poly_scratch *s)
{
    ccd_poly_init(&s->u);
    ccd_poly_init(&s->v);
    ccd_poly_init(&s->w);
    ccd_poly_init(&s->d);
    mpz_inits(s->s, s->x, s->y, NULL);
}

void ccd_poly_scratch_clear(ccd_poly_scratch *s)
{
    ccd_poly_clear(&s->u);
    ccd_poly_clear(&s->v);
    ccd_poly_clear(&s->w);
    ccd_poly_clear(&s->d);
    mpz_clears(s->s, s->x, s->y, NULL);
}

void ccd_poly_set(ccd_poly *r, const ccd_poly *a)
{
    if (r == a)
        return;
    for (int i = 0; i <= a->deg; i++)
        mpz_set(r->c[i], a->c[i]);
    r->deg = a->deg;
}

void ccd_poly_set_si(ccd_poly *r, long c0)
{
    mpz_set_si(r->c[0], c0);
    r->deg = c0 ? 0 : -1;
}

void ccd_poly_set_linear(ccd_poly *r, const mpz_t c0, const mpz_t c1)
{
    mpz_set(r->c[0], c0);
    mpz_set(r->c[1], c1);
    r->deg = 1;
    ccd_poly_normalize(r);
}

void ccd_poly_normalize(ccd_poly *p)
{
    while (p->deg >= 0 && mpz_sgn(p->c[p->deg]) == 0)
        p->deg--;
}

static void add_or_sub(ccd_poly *r, const ccd_poly *a, const ccd_poly *b, int subtract)
{
    int n = a->deg > b->deg ? a->deg : b->deg;
    for (int i = 0; i <= n; i++) {
        if (i <= a->deg && i <= b->deg) {
            if (subtract)
                mpz_sub(r->c[i], a->c[i], b->c[i]);
            else
                mpz_add(r->c[i], a->c[i], b->c[i]);
        } else if (i <= a->deg) {
            mpz_set(r->c[i], a->c[i]);
        } else if (subtract) {
            mpz_neg(r->c[i], b->c[i]);
        } else {
            mpz_set(r->c[i], b->c[i]);
        }
    }
    r->deg = n;
    ccd_poly_normalize(r);
}

void ccd_poly_add(ccd_poly *r, const ccd_poly *a, const ccd_poly *b) { add_or_sub(r, a, b, 0); }
void ccd_poly_sub(ccd_poly *r, const ccd_poly *a, const ccd_poly *b) { add_or_sub(r, a, b, 1); }

void ccd_poly_neg(ccd_poly *r, const ccd_poly *a)
{
    for (int i = 0; i <= a->deg; i++)
        mpz_neg(r->c[i], a->c[i]);
    r->deg = a->deg;
}

void ccd_poly_mul(ccd_poly *r, const ccd_poly *a, const ccd_poly *b)
{
    CCD_ASSERT(r != a && r != b);
    r->deg = -1;
    ccd_poly_addmul(r, a, b);
}

static void addmul_signed(ccd_poly *r, const ccd_poly *a, const ccd_poly *b, int subtract)
{
    CCD_ASSERT(r != a && r != b);
    if (a->deg < 0 || b->deg < 0)
        return;
    int n = a->deg + b->deg;
    if (n > CCD_POLY_MAX_DEGREE)
        abort(); /* unreachable: degrees are bounded by construction */
    for (int i = r->deg + 1; i <= n; i++)
        mpz_set_ui(r->c[i], 0);
    if (n > r->deg)
        r->deg = n;
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) {
            if (subtract)
                mpz_submul(r->c[i + j], a->c[i], b->c[j]);
            else
                mpz_addmul(r->c[i + j], a->c[i], b->c[j]);
        }
    ccd_poly_normalize(r);
}

void ccd_poly_addmul(ccd_poly *r, const ccd_poly *a, const ccd_poly *b) { addmul_signed(r, a, b, 0); }
void ccd_poly_submul(ccd_poly *r, const ccd_poly *a, const ccd_poly *b) { addmul_signed(r, a, b, 1); }

void ccd_poly_derivative(ccd_poly *r, const ccd_poly *a)
{
    /* increasing i reads a->c[i] before r->c[i] is written, so r may alias a */
    for (int i = 1; i <= a->deg; i++)
        mpz_mul_ui(r->c[i - 1], a->c[i], (unsigned long)i);
    r->deg = a->deg - 1;
    if (r->deg < -1)
        r->deg = -1;
    ccd_poly_normalize(r);
}

void ccd_poly_make_primitive(ccd_poly *p, mpz_t g)
{
    if (p->deg < 0)
        return;
    mpz_abs(g, p->c[p->deg]);
    for (int i = p->deg - 1; i >= 0 && mpz_cmp_ui(g, 1) != 0; i--)
        mpz_gcd(g, g, p->c[i]);
    if (mpz_cmp_ui(g, 1) != 0)
        for (int i = 0; i <= p->deg; i++)
            mpz_divexact(p->c[i], p->c[i], g);
}

void ccd_poly_normalize_primitive(ccd_poly *p, mpz_t tmp)
{
    ccd_poly_make_primitive(p, tmp);
    if (ccd_poly_sign_lc(p) < 0)
        ccd_poly_neg(p, p);
}

void ccd_poly_prem(ccd_poly *r, const ccd_poly *a, const ccd_poly *b, mpz_t g, mpz_t lr)
{
    CCD_ASSERT(r != b && b->deg >= 0);
    ccd_poly_set(r, a);
    const mpz_srcptr lb = b->c[b->deg];
    /* Each step cancels the leading term: r ← (lb/g) r − (lr/g) t^d b, g = gcd(lb, lr).
     * The multiplier lb/g is a non-zero integer, so r stays a multiple of a mod b. */
    while (r->deg >= b->deg) {
        int d = r->deg - b->deg;
        mpz_gcd(g, lb, r->c[r->deg]);
        mpz_divexact(lr, r->c[r->deg], g);
        mpz_divexact(g, lb, g);
        if (mpz_cmp_ui(g, 1) != 0)
            for (int i = 0; i < r->deg; i++)
                mpz_mul(r->c[i], r->c[i], g);
        for (int j = 0; j < b->deg; j++)
            mpz_submul(r->c[j + d], lr, b->c[j]);
        r->deg--;
        ccd_poly_normalize(r);
    }
}

void ccd_poly_gcd(ccd_poly *g, const ccd_poly *a, const ccd_poly *b, ccd_poly_scratch *s)
{
    ccd_poly *u = &s->u, *v = &s->v, *w = &s->w;
    if (a->deg < b->deg) {
        const ccd_poly *t = a;
        a = b;
        b = t;
    }
    if (b->deg < 0) { /* gcd(a, 0) = a */
        ccd_poly_set(g, a);
        ccd_poly_normalize_primitive(g, s->s);
        return;
    }
    ccd_poly_set(u, a);
    ccd_poly_set(v, b);
    ccd_poly_make_primitive(u, s->s);
    ccd_poly_make_primitive(v, s->s);
    for (;;) {
        if (v->deg == 0) { /* a non-zero constant: the gcd is 1 */
            ccd_poly_set_si(g, 1);
            return;
        }
        ccd_poly_prem(w, u, v, s->x, s->y);
        if (w->deg < 0)
            break;
        ccd_poly_make_primitive(w, s->s);
        ccd_poly *t = u;
        u = v;
        v = w;
        w = t;
    }
    ccd_poly_set(g, v);
    ccd_poly_normalize_primitive(g, s->s);
}

void ccd_poly_divexact(ccd_poly *q, const ccd_poly *a, const ccd_poly *b, ccd_poly *rem)
{
    CCD_ASSERT(q != a && q != b && rem != b && b->deg >= 0);
    ccd_poly_set(rem, a);
    q->deg = a->deg - b->deg;
    if (q->deg < 0) {
        q->deg = -1;
        return;
    }
    for (int i = a->deg; i >= b->deg; i--) {
        mpz_ptr qi = q->c[i - b->deg];
        mpz_divexact(qi, rem->c[i], b->c[b->deg]);
        for (int j = 0; j <= b->deg; j++)
            mpz_submul(rem->c[i - b->deg + j], qi, b->c[j]);
    }
    ccd_poly_normalize(q);
}

/* ---- arithmetic modulo the prime 2^31 - 1 (products fit in 64 bits) */
static const uint64_t mod_p = 2147483647u;

static uint64_t mod_pow(uint64_t b, uint64_t e)
{
    uint64_t r = 1;
    for (; e; e >>= 1, b = b * b % mod_p)
        if (e & 1)
            r = r * b % mod_p;
    return r;
}

/* Degree of gcd(a, b) over Z/p (a, b given by coefficients, degrees da, db; -1: zero). */
static int mod_gcd_degree(uint64_t *a, int da, uint64_t *b, int db)
{
    while (da >= 0 && a[da] == 0)
        da--;
    while (db >= 0 && b[db] == 0)
        db--;
    for (;;) {
        if (db < 0)
            return da;
        if (da < db) {
            uint64_t *t = a;
            a = b;
            b = t;
            int d = da;
            da = db;
            db = d;
            continue;
        }
        /* a ← a mod b */
        uint64_t inv = mod_pow(b[db], mod_p - 2);
        while (da >= db) {
            uint64_t q = a[da] * inv % mod_p;
            for (int j = 0; j <= db; j++)
                a[da - db + j] = (a[da - db + j] + (mod_p - q) * b[j]) % mod_p;
            while (da >= 0 && a[da] == 0)
                da--;
        }
        uint64_t *t = a;
        a = b;
        b = t;
        int d = da;
        da = db;
        db = d;
    }
}

static void mod_image(uint64_t *r, const ccd_poly *a)
{
    for (int i = 0; i <= a->deg; i++)
        r[i] = mpz_fdiv_ui(a->c[i], (unsigned long)mod_p);
}

int ccd_poly_coprime_modular(const ccd_poly *a, const ccd_poly *b)
{
    uint64_t ma[CCD_POLY_MAX_DEGREE + 1], mb[CCD_POLY_MAX_DEGREE + 1];
    if (a->deg < 0 || b->deg < 0)
        return a->deg == 0 || b->deg == 0; /* gcd(c, 0) = 1 for a constant c ≠ 0 */
    mod_image(ma, a);
    if (ma[a->deg] == 0)
        return 0;
    mod_image(mb, b);
    return mod_gcd_degree(ma, a->deg, mb, b->deg) == 0;
}

int ccd_poly_squarefree_modular(const ccd_poly *a)
{
    uint64_t ma[CCD_POLY_MAX_DEGREE + 1], md[CCD_POLY_MAX_DEGREE + 1];
    if (a->deg <= 1)
        return a->deg >= 0;
    mod_image(ma, a);
    if (ma[a->deg] == 0)
        return 0;
    for (int i = 1; i <= a->deg; i++)
        md[i - 1] = ma[i] * (uint64_t)i % mod_p;
    return mod_gcd_degree(ma, a->deg, md, a->deg - 1) == 0;
}

void ccd_poly_remove_power_of_two(ccd_poly *p)
{
    unsigned long z = ULONG_MAX;
    for (int i = 0; i <= p->deg; i++)
        if (mpz_sgn(p->c[i])) {
            unsigned long zi = mpz_scan1(p->c[i], 0);
            if (zi < z)
                z = zi;
        }
    if (z && z != ULONG_MAX)
        for (int i = 0; i <= p->deg; i++)
            mpz_fdiv_q_2exp(p->c[i], p->c[i], z);
}

void ccd_poly_squarefree(ccd_poly *r, const ccd_poly *a, ccd_poly_scratch *s)
{
    if (a->deg >= 2 && ccd_poly_squarefree_modular(a)) { /* the common case: no gcd */
        ccd_poly_set(r, a);
        ccd_poly_remove_power_of_two(r);
        if (ccd_poly_sign_lc(r) < 0)
            ccd_poly_neg(r, r);
        return;
    }
    if (a->deg <= 1) {
        ccd_poly_set(r, a);
        ccd_poly_normalize_primitive(r, s->s);
        return;
    }
    ccd_poly_derivative(&s->d, a);
    ccd_poly_gcd(&s->d, a, &s->d, s); /* uses u, v, w */
    if (s->d.deg == 0) {
        ccd_poly_set(r, a);
        ccd_poly_normalize_primitive(r, s->s);
        return;
    }
    ccd_poly_set(&s->u, a);
    ccd_poly_make_primitive(&s->u, s->s);
    ccd_poly_divexact(r, &s->u, &s->d, &s->v);
    ccd_poly_normalize_primitive(r, s->s);
}

void ccd_poly_deflate(ccd_poly *r, const ccd_poly *a, const mpz_t num, const mpz_t den, mpz_t acc)
{
    CCD_ASSERT(r != a);
    /* Synthetic division by (den t − num): a = (den t − num) q, so going down from
     * the top, q[i−1] = (a[i] + num q[i]) / den with every division exact (Gauss). */
    int n = a->deg;
    CCD_ASSERT(n >= 1);
    mpz_set_ui(acc, 0);
    for (int i = n; i >= 1; i--) {
        mpz_mul(acc, acc, num);
        mpz_add(acc, acc, a->c[i]);
        mpz_divexact(acc, acc, den);
        mpz_set(r->c[i - 1], acc);
    }
    r->deg = n - 1;
}

int ccd_poly_sign_at_zero(const ccd_poly *a) { return a->deg < 0 ? 0 : mpz_sgn(a->c[0]); }

int ccd_poly_sign_at_one(const ccd_poly *a, mpz_t sum)
{
    mpz_set_ui(sum, 0);
    for (int i = 0; i <= a->deg; i++)
        mpz_add(sum, sum, a->c[i]);
    return mpz_sgn(sum);
}

int ccd_poly_sign_at_dyadic(const ccd_poly *a, const mpz_t num, unsigned long k, mpz_t acc,
                            mpz_t term)
{
    /* 2^(k n) a(num/2^k) = Σ a_i num^i 2^(k (n-i)), by Horner in num. */
    if (a->deg < 0)
        return 0;
    mpz_set(acc, a->c[a->deg]);
    for (int i = a->deg - 1; i >= 0; i--) {
        mpz_mul(acc, acc, num);
        mpz_mul_2exp(term, a->c[i], k * (unsigned long)(a->deg - i));
        mpz_add(acc, acc, term);
    }
    return mpz_sgn(acc);
}

int ccd_poly_sign_at_q(const ccd_poly *a, const mpq_t x, mpz_t acc, mpz_t dpow)
{
    /* den^n a(num/den) = Σ a_i num^i den^(n-i), by Horner in num with den powers. */
    if (a->deg < 0)
        return 0;
    mpz_set(acc, a->c[a->deg]);
    mpz_set_ui(dpow, 1);
    for (int i = a->deg - 1; i >= 0; i--) {
        mpz_mul(acc, acc, mpq_numref(x));
        mpz_mul(dpow, dpow, mpq_denref(x));
        mpz_addmul(acc, a->c[i], dpow);
    }
    return mpz_sgn(acc);
}

void ccd_poly_to_interval(ccd_poly *r, const ccd_poly *a, const mpz_t lo, const mpz_t hi,
                          unsigned long k, mpz_t w, mpz_t wpow)
{
    CCD_ASSERT(r != a);
    int n = a->deg;
    r->deg = n;
    for (int i = 0; i <= n; i++)
        mpz_mul_2exp(r->c[i], a->c[i], k * (unsigned long)(n - i));
    if (mpz_sgn(lo) != 0) /* Taylor shift y → y + lo */
        for (int i = 0; i < n; i++)
            for (int j = n - 1; j >= i; j--)
                mpz_addmul(r->c[j], r->c[j + 1], lo);
    mpz_sub(w, hi, lo); /* y = w x */
    if (mpz_cmp_ui(w, 1) != 0) {
        mpz_set(wpow, w);
        for (int i = 1; i <= n; i++) {
            mpz_mul(r->c[i], r->c[i], wpow);
            if (i < n)
                mpz_mul(wpow, wpow, w);
        }
    }
    ccd_poly_normalize(r);
}

int ccd_poly_descartes_01(int *sign, const ccd_poly *a, ccd_poly *t)
{
    CCD_ASSERT(t != a);
    int n = a->deg;
    *sign = 0;
    if (n < 0)
        return 0;
    /* Quick exit: all non-zero coefficients of one sign ⇒ no root in (0, 1]. */
    int s0 = 0, mixed = 0;
    for (int i = 0; i <= n && !mixed; i++) {
        int s = mpz_sgn(a->c[i]);
        if (s && s0 && s != s0)
            mixed = 1;
        else if (s)
            s0 = s;
    }
    if (!mixed) {
        *sign = s0;
        return 0;
    }
    /* (x+1)^n a(1/(x+1)): reverse, then Taylor shift by 1. */
    for (int i = 0; i <= n; i++)
        mpz_set(t->c[i], a->c[n - i]);
    t->deg = n;
    for (int i = 0; i < n; i++)
        for (int j = n - 1; j >= i; j--)
            mpz_add(t->c[j], t->c[j], t->c[j + 1]);
    int var = 0, last = 0;
    for (int i = 0; i <= n; i++) {
        int s = mpz_sgn(t->c[i]);
        if (!s)
            continue;
        if (last && s != last)
            var++;
        last = s;
    }
    if (var == 0)
        *sign = last;
    return var;
}
