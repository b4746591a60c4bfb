/* SPDX-License-Identifier: MIT */
/* Roots of a square-free integer polynomial in [0, 1], in increasing order. */
#include <config.h>

#include "exact/roots.h"

#include <stdlib.h>

/* A pending piece of the bisection tree: the open interval (c/2^k, (c+1)/2^k), or
 * (point) the exact root c/2^k found as a bisection point. */
struct ccd_root_node {
    mpz_t c;
    unsigned long k;
    int point;
};

void ccd_roots_init(ccd_roots *r)
{
    ccd_poly_init(&r->poly[0]);
    ccd_poly_init(&r->poly[1]);
    ccd_poly_init(&r->node);
    ccd_poly_init(&r->tmp);
    r->stack = NULL;
    r->len = r->cap = 0;
    ccd_algebraic_init(&r->root);
    mpz_inits(r->cur, r->hi, r->t1, r->t2, NULL);
    r->isolated = 0;
}

void ccd_roots_clear(ccd_roots *r)
{
    ccd_poly_clear(&r->poly[0]);
    ccd_poly_clear(&r->poly[1]);
    ccd_poly_clear(&r->node);
    ccd_poly_clear(&r->tmp);
    for (size_t i = 0; i < r->cap; i++)
        mpz_clear(r->stack[i].c);
    free(r->stack);
    ccd_algebraic_clear(&r->root);
    mpz_clears(r->cur, r->hi, r->t1, r->t2, NULL);
}

static int push(ccd_roots *r, const mpz_t c, unsigned long k, int point)
{
    if (r->len == r->cap) { /* grows only for deep bisection trees, then stays */
        size_t cap = r->cap ? 2 * r->cap : 64;
        struct ccd_root_node *s = realloc(r->stack, cap * sizeof *s);
        if (!s)
            return -1;
        for (size_t i = r->cap; i < cap; i++)
            mpz_init(s[i].c);
        r->stack = s;
        r->cap = cap;
    }
    struct ccd_root_node *n = &r->stack[r->len++];
    mpz_set(n->c, c);
    n->k = k;
    n->point = point;
    return 0;
}

int ccd_roots_visit(ccd_roots *r, const ccd_poly *p, ccd_root_visitor visit, void *data)
{
    if (p->deg <= 0)
        return 0;
    int w = 0; /* r->poly[w]: p with the rational roots found so far divided out */
    ccd_poly_set(&r->poly[w], p);
    r->len = 0;
    mpz_set_ui(r->cur, 0);
    if (ccd_poly_sign_at_zero(&r->poly[w]) == 0) { /* root at 0: report, divide by t */
        ccd_poly *q = &r->poly[w];
        for (int i = 1; i <= q->deg; i++)
            mpz_swap(q->c[i - 1], q->c[i]);
        q->deg--;
        r->isolated++;
        ccd_algebraic_set_dyadic(&r->root, r->cur, 0);
        if (visit(data, &r->root))
            return 1;
    }
    int root_at_one = 0;
    if (r->poly[w].deg >= 1 && ccd_poly_sign_at_one(&r->poly[w], r->t1) == 0) {
        mpz_set_ui(r->t1, 1);
        ccd_poly_deflate(&r->poly[1 - w], &r->poly[w], r->t1, r->t1, r->t2);
        w = 1 - w;
        root_at_one = 1;
    }
    if (push(r, r->cur, 0, 0))
        return -1;
    while (r->len) {
        struct ccd_root_node *n = &r->stack[--r->len];
        mpz_swap(r->cur, n->c);
        unsigned long k = n->k;
        if (n->point) {
            r->isolated++;
            ccd_algebraic_set_dyadic(&r->root, r->cur, k);
            if (visit(data, &r->root))
                return 1;
            continue;
        }
        ccd_poly *q = &r->poly[w];
        if (q->deg <= 0)
            continue;
        mpz_add_ui(r->hi, r->cur, 1);
        ccd_poly_to_interval(&r->node, q, r->cur, r->hi, k, r->t1, r->t2);
        int sign;
        int v = ccd_poly_descartes_01(&sign, &r->node, &r->tmp);
        if (v == 0)
            continue;
        if (v == 1) { /* exactly one root, strictly inside; node(0) has the sign of q(lo) */
            r->isolated++;
            ccd_algebraic_set_interval(&r->root, q, r->cur, r->hi, k, mpz_sgn(r->node.c[0]));
            if (visit(data, &r->root))
                return 1;
            continue;
        }
        /* Bisect at mid = (2c+1)/2^(k+1); children are pushed right first so that the
         * left one is visited first. */
        mpz_mul_2exp(r->cur, r->cur, 1);
        mpz_add_ui(r->hi, r->cur, 1); /* mid numerator */
        int s = ccd_poly_sign_at_dyadic(q, r->hi, k + 1, r->t1, r->t2);
        if (push(r, r->hi, k + 1, 0))
            return -1;
        if (s == 0) {
            mpz_set_ui(r->t1, 1);
            mpz_mul_2exp(r->t1, r->t1, k + 1);
            ccd_poly_deflate(&r->poly[1 - w], q, r->hi, r->t1, r->t2);
            w = 1 - w;
            if (push(r, r->hi, k + 1, 1))
                return -1;
        }
        if (push(r, r->cur, k + 1, 0))
            return -1;
    }
    if (root_at_one) {
        mpz_set_ui(r->cur, 1);
        r->isolated++;
        ccd_algebraic_set_dyadic(&r->root, r->cur, 0);
        if (visit(data, &r->root))
            return 1;
    }
    return 0;
}
