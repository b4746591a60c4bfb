/* SPDX-License-Identifier: MIT */
/* The Scalable-CCD roots files for the tests: a .tar.gz of one Mathematica WXF
 * file per colliding query ("227ee_q11_roots.wxf"), each a list of solutions
 * {t -> …, a -> …, b -> …} with t written in radicals or as Root[poly &, k, 0].
 * test_mma_min_toi evaluates every t in MPFR at `prec` bits and returns the
 * smallest.  Radicals are evaluated by correctly rounded MPFR operations; a
 * Root object is the k-th real root of its polynomial in increasing order,
 * found by bisection between the real roots of its derivative (recursively).
 * The error of either is far below 2^-(prec/2) for the few operations these
 * expressions have, which is what the tests compare to.  Needs check.h, MPFR,
 * zlib; WXF heads other than List, Rule, Plus, Times, Power, Rational, Root,
 * Function and Slot fail the test. */
#ifndef CCD_TESTS_MMA_ROOTS_H
#define CCD_TESTS_MMA_ROOTS_H
#include <check.h>
#include <stdint.h>
#include <stdio.h> /* before mpfr.h: mpfr_fprintf */
#include <gmp.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ------------------------------------------------------------------ WXF */

typedef struct wxf_node {
    char type;    /* 'f' function, 's' symbol, 'S' string, 'n' integer */
    char *text;   /* symbol or string */
    mpz_t z;      /* integer */
    struct wxf_node *head, **args;
    size_t nargs;
} wxf_node;

static void wxf_free(wxf_node *n)
{
    if (!n)
        return;
    if (n->type == 'n')
        mpz_clear(n->z);
    free(n->text);
    wxf_free(n->head);
    for (size_t i = 0; i < n->nargs; i++)
        wxf_free(n->args[i]);
    free(n->args);
    free(n);
}

static size_t wxf_varint(const unsigned char *b, size_t len, size_t *i)
{
    size_t r = 0;
    for (int shift = 0;; shift += 7) {
        ck_assert_uint_lt(*i, len);
        unsigned c = b[(*i)++];
        r |= (size_t)(c & 0x7f) << shift;
        if (c < 0x80)
            return r;
    }
}

static int64_t wxf_le(const unsigned char *b, size_t len, size_t *i, int bytes)
{
    ck_assert_uint_le(*i + (size_t)bytes, len);
    uint64_t u = 0;
    for (int k = bytes - 1; k >= 0; k--)
        u = u << 8 | b[*i + (size_t)k];
    *i += (size_t)bytes;
    if (bytes < 8 && (u >> (8 * bytes - 1)))
        u |= ~(uint64_t)0 << (8 * bytes); /* sign extension */
    return (int64_t)u;
}

static wxf_node *wxf_parse(const unsigned char *b, size_t len, size_t *i)
{
    ck_assert_uint_lt(*i, len);
    wxf_node *n = calloc(1, sizeof *n);
    ck_assert_ptr_nonnull(n);
    char t = (char)b[(*i)++];
    switch (t) {
    case 'f':
        n->type = 'f';
        n->nargs = wxf_varint(b, len, i);
        n->head = wxf_parse(b, len, i);
        n->args = calloc(n->nargs + 1, sizeof *n->args);
        ck_assert_ptr_nonnull(n->args);
        for (size_t k = 0; k < n->nargs; k++)
            n->args[k] = wxf_parse(b, len, i);
        break;
    case 's':
    case 'S':
    case 'I': {
        size_t m = wxf_varint(b, len, i);
        ck_assert_uint_le(*i + m, len);
        char *s = malloc(m + 1);
        ck_assert_ptr_nonnull(s);
        memcpy(s, b + *i, m);
        s[m] = '\0';
        *i += m;
        if (t == 'I') {
            n->type = 'n';
            mpz_init(n->z);
            ck_assert_int_eq(mpz_set_str(n->z, s, 10), 0);
            free(s);
        } else {
            n->type = t;
            n->text = s;
        }
        break;
    }
    case 'C':
    case 'j':
    case 'i':
    case 'L': {
        int bytes = t == 'C' ? 1 : t == 'j' ? 2 : t == 'i' ? 4 : 8;
        int64_t v = wxf_le(b, len, i, bytes);
        n->type = 'n';
        mpz_init(n->z);
        char s[32];
        snprintf(s, sizeof s, "%lld", (long long)v);
        mpz_set_str(n->z, s, 10);
        break;
    }
    default: ck_abort_msg("WXF token '%c' not supported", t);
    }
    return n;
}

static int wxf_is(const wxf_node *n, const char *head)
{
    return n->type == 'f' && n->head->type == 's' && !strcmp(n->head->text, head);
}

/* ------------------------------------------------------------------ Root objects */

/* A polynomial in Slot[1] with rational coefficients, degree < 16. */
typedef struct mma_poly {
    mpq_t c[16];
    int deg;
} mma_poly;

static void mma_poly_init(mma_poly *p)
{
    for (int k = 0; k < 16; k++)
        mpq_init(p->c[k]);
    p->deg = 0;
}

static void mma_poly_clear(mma_poly *p)
{
    for (int k = 0; k < 16; k++)
        mpq_clear(p->c[k]);
}

static void mma_poly_mul(mma_poly *r, const mma_poly *a, const mma_poly *b)
{
    mma_poly t;
    mma_poly_init(&t);
    mpq_t x;
    mpq_init(x);
    ck_assert_int_lt(a->deg + b->deg, 16);
    for (int i = 0; i <= a->deg; i++)
        for (int j = 0; j <= b->deg; j++) {
            mpq_mul(x, a->c[i], b->c[j]);
            mpq_add(t.c[i + j], t.c[i + j], x);
        }
    t.deg = a->deg + b->deg;
    for (int k = 0; k < 16; k++)
        mpq_set(r->c[k], t.c[k]);
    r->deg = t.deg;
    mpq_clear(x);
    mma_poly_clear(&t);
}

/* p = the body of a Function, in Slot[1]. */
static void mma_poly_eval(mma_poly *p, const wxf_node *n)
{
    mma_poly_init(p);
    if (n->type == 'n') {
        mpq_set_z(p->c[0], n->z);
    } else if (wxf_is(n, "Slot")) {
        mpq_set_ui(p->c[1], 1, 1);
        p->deg = 1;
    } else if (wxf_is(n, "Rational")) {
        mpq_set_num(p->c[0], n->args[0]->z);
        mpq_set_den(p->c[0], n->args[1]->z);
        mpq_canonicalize(p->c[0]);
    } else if (wxf_is(n, "Plus") || wxf_is(n, "Times")) {
        int plus = wxf_is(n, "Plus");
        if (!plus)
            mpq_set_ui(p->c[0], 1, 1);
        for (size_t k = 0; k < n->nargs; k++) {
            mma_poly a;
            mma_poly_eval(&a, n->args[k]);
            if (plus) {
                for (int i = 0; i <= a.deg; i++)
                    mpq_add(p->c[i], p->c[i], a.c[i]);
                p->deg = a.deg > p->deg ? a.deg : p->deg;
            } else {
                mma_poly_mul(p, p, &a);
            }
            mma_poly_clear(&a);
        }
    } else if (wxf_is(n, "Power")) {
        ck_assert(n->args[1]->type == 'n' && mpz_sgn(n->args[1]->z) > 0);
        mma_poly a;
        mma_poly_eval(&a, n->args[0]);
        mpq_set_ui(p->c[0], 1, 1);
        for (unsigned long e = mpz_get_ui(n->args[1]->z); e > 0; e--)
            mma_poly_mul(p, p, &a);
        mma_poly_clear(&a);
    } else {
        ck_abort_msg("unsupported term in a Root polynomial");
    }
}

static void mma_poly_value(mpfr_t out, const mma_poly *p, const mpfr_t x)
{
    mpfr_t t;
    mpfr_init2(t, mpfr_get_prec(out));
    mpfr_set_ui(out, 0, MPFR_RNDN);
    for (int i = p->deg; i >= 0; i--) {
        mpfr_mul(out, out, x, MPFR_RNDN);
        mpfr_set_q(t, p->c[i], MPFR_RNDN);
        mpfr_add(out, out, t, MPFR_RNDN);
    }
    mpfr_clear(t);
}

/* The real roots of p (degree deg, leading coefficient non-zero) in increasing
 * order into roots[0, *count): the roots of p' split the line into intervals on
 * which p is monotone; each with a sign change holds one root, found by
 * bisection.  |roots| < B = 1 + max |c_i / c_deg| (Cauchy). */
static void mma_real_roots(mpfr_t *roots, int *count, mma_poly *p, mpfr_prec_t prec)
{
    while (p->deg > 0 && mpq_sgn(p->c[p->deg]) == 0)
        p->deg--;
    *count = 0;
    if (p->deg <= 0)
        return;
    mpq_t bound, x;
    mpq_inits(bound, x, NULL);
    for (int i = 0; i < p->deg; i++) {
        mpq_div(x, p->c[i], p->c[p->deg]);
        mpq_abs(x, x);
        if (mpq_cmp(x, bound) > 0)
            mpq_set(bound, x);
    }
    mpq_set_ui(x, 1, 1);
    mpq_add(bound, bound, x);
    mma_poly d;
    mma_poly_init(&d);
    for (int i = 1; i <= p->deg; i++) {
        mpq_set_ui(x, (unsigned long)i, 1);
        mpq_mul(d.c[i - 1], p->c[i], x);
    }
    d.deg = p->deg - 1;
    mpfr_t crit[16];
    int ncrit = 0;
    for (int i = 0; i < 16; i++)
        mpfr_init2(crit[i], prec);
    mma_real_roots(crit + 1, &ncrit, &d, prec);
    mpfr_set_q(crit[0], bound, MPFR_RNDD);
    mpfr_neg(crit[0], crit[0], MPFR_RNDN);
    mpfr_set_q(crit[ncrit + 1], bound, MPFR_RNDU);
    mpfr_t lo, hi, mid, flo, fmid;
    mpfr_inits2(prec, lo, hi, mid, flo, fmid, (mpfr_ptr)0);
    for (int k = 0; k <= ncrit; k++) {
        mpfr_set(lo, crit[k], MPFR_RNDN);
        mpfr_set(hi, crit[k + 1], MPFR_RNDN);
        mma_poly_value(flo, p, lo);
        mma_poly_value(fmid, p, hi);
        if (mpfr_zero_p(flo) && k > 0) {
            /* a multiple root at a critical point */
            mpfr_set(roots[(*count)++], lo, MPFR_RNDN);
            continue;
        }
        if (mpfr_sgn(flo) * mpfr_sgn(fmid) > 0 || mpfr_zero_p(fmid))
            continue;
        for (mpfr_prec_t it = 0; it < prec + 64; it++) {
            mpfr_add(mid, lo, hi, MPFR_RNDN);
            mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
            mma_poly_value(fmid, p, mid);
            if (mpfr_sgn(fmid) == 0)
                break;
            if (mpfr_sgn(fmid) == mpfr_sgn(flo))
                mpfr_set(lo, mid, MPFR_RNDN);
            else
                mpfr_set(hi, mid, MPFR_RNDN);
        }
        mpfr_set(roots[(*count)++], mpfr_sgn(fmid) == 0 ? mid : lo, MPFR_RNDN);
    }
    mpfr_clears(lo, hi, mid, flo, fmid, (mpfr_ptr)0);
    for (int i = 0; i < 16; i++)
        mpfr_clear(crit[i]);
    mma_poly_clear(&d);
    mpq_clears(bound, x, NULL);
}

/* ------------------------------------------------------------------ radicals */

static void mma_eval(mpfr_t out, const wxf_node *n)
{
    mpfr_prec_t prec = mpfr_get_prec(out);
    if (n->type == 'n') {
        mpfr_set_z(out, n->z, MPFR_RNDN);
    } else if (wxf_is(n, "Rational")) {
        mpq_t q;
        mpq_init(q);
        mpq_set_num(q, n->args[0]->z);
        mpq_set_den(q, n->args[1]->z);
        mpq_canonicalize(q);
        mpfr_set_q(out, q, MPFR_RNDN);
        mpq_clear(q);
    } else if (wxf_is(n, "Plus") || wxf_is(n, "Times")) {
        int plus = wxf_is(n, "Plus");
        mpfr_t a;
        mpfr_init2(a, prec);
        mpfr_set_ui(out, plus ? 0 : 1, MPFR_RNDN);
        for (size_t k = 0; k < n->nargs; k++) {
            mma_eval(a, n->args[k]);
            if (plus)
                mpfr_add(out, out, a, MPFR_RNDN);
            else
                mpfr_mul(out, out, a, MPFR_RNDN);
        }
        mpfr_clear(a);
    } else if (wxf_is(n, "Power")) {
        mpfr_t base;
        mpfr_init2(base, prec);
        mma_eval(base, n->args[0]);
        const wxf_node *e = n->args[1];
        if (e->type == 'n') {
            mpfr_pow_si(out, base, mpz_get_si(e->z), MPFR_RNDN);
        } else {
            ck_assert(wxf_is(e, "Rational"));
            mpfr_rootn_ui(out, base, mpz_get_ui(e->args[1]->z), MPFR_RNDN);
            mpfr_pow_si(out, out, mpz_get_si(e->args[0]->z), MPFR_RNDN);
        }
        mpfr_clear(base);
    } else if (wxf_is(n, "Root")) {
        ck_assert(wxf_is(n->args[0], "Function") && n->args[1]->type == 'n');
        mma_poly p;
        mma_poly_eval(&p, n->args[0]->args[0]);
        mpfr_t roots[16];
        for (int i = 0; i < 16; i++)
            mpfr_init2(roots[i], prec);
        int count;
        mma_real_roots(roots, &count, &p, prec);
        long k = mpz_get_si(n->args[1]->z);
        ck_assert_msg(k >= 1 && k <= count, "Root[…, %ld]: only %d real roots", k, count);
        mpfr_set(out, roots[k - 1], MPFR_RNDN);
        for (int i = 0; i < 16; i++)
            mpfr_clear(roots[i]);
        mma_poly_clear(&p);
    } else {
        ck_abort_msg("unsupported WXF expression");
    }
}

/* ------------------------------------------------------------------ the archive */

/* The smallest t of every roots file in the .tar.gz at path into out (+inf when
 * there is none); *files: how many .wxf files it had. */
static void test_mma_min_toi(mpfr_t out, size_t *files, const char *path)
{
    gzFile gz = gzopen(path, "rb");
    ck_assert_ptr_nonnull(gz);
    size_t len = 0, cap = 1 << 16;
    unsigned char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    for (int k; (k = gzread(gz, buf + len, (unsigned)(cap - len))) > 0;) {
        len += (size_t)k;
        if (len == cap)
            ck_assert_ptr_nonnull(buf = realloc(buf, cap *= 2));
    }
    gzclose(gz);
    mpfr_set_inf(out, 1);
    *files = 0;
    mpfr_t t;
    mpfr_init2(t, mpfr_get_prec(out));
    for (size_t off = 0; off + 512 <= len && buf[off];) {
        char name[101], size_text[13];
        memcpy(name, buf + off, 100);
        name[100] = '\0';
        memcpy(size_text, buf + off + 124, 12);
        size_text[12] = '\0';
        size_t size = (size_t)strtoull(size_text, NULL, 8);
        char type = (char)buf[off + 156];
        const char *base = strrchr(name, '/');
        base = base ? base + 1 : name;
        size_t nl = strlen(base);
        ck_assert_uint_le(off + 512 + size, len);
        if ((type == '0' || type == '\0') && nl > 4 && !strcmp(base + nl - 4, ".wxf") &&
            strncmp(base, "._", 2)) {
            const unsigned char *b = buf + off + 512;
            ck_assert(size > 2 && b[0] == '8' && b[1] == ':');
            size_t i = 2;
            wxf_node *e = wxf_parse(b, size, &i);
            ck_assert_uint_eq(i, size);
            ck_assert(wxf_is(e, "List"));
            for (size_t s = 0; s < e->nargs; s++) {
                ck_assert(wxf_is(e->args[s], "List"));
                for (size_t r = 0; r < e->args[s]->nargs; r++) {
                    const wxf_node *rule = e->args[s]->args[r];
                    ck_assert(wxf_is(rule, "Rule") &&
                              (rule->args[0]->type == 's' || rule->args[0]->type == 'S'));
                    if (strcmp(rule->args[0]->text, "t"))
                        continue;
                    mma_eval(t, rule->args[1]);
                    if (mpfr_less_p(t, out))
                        mpfr_set(out, t, MPFR_RNDN);
                }
            }
            wxf_free(e);
            (*files)++;
        }
        off += 512 + (size + 511) / 512 * 512;
    }
    mpfr_clear(t);
    free(buf);
}
#endif
