/* SPDX-License-Identifier: MIT */
/* Helpers shared by the Check suites of the exact oracle: building queries with
 * exact rational coordinates, and checking a reported time of impact against the
 * independent static oracle (exact_static_oracle.h). */
#ifndef CCD_TEST_EXACT_TEST_UTIL_H
#define CCD_TEST_EXACT_TEST_UTIL_H
#include <check.h>
#include <mpfr.h>
#include <stdlib.h>

#include "exact/algebraic.h"
#include "exact/exact_ccd.h"
#include "exact_static_oracle.h"

/* A query whose coordinates are the given rationals ("-3/4", "57/100", …). */
typedef struct test_query {
    ccd_query q;
    ccd_exact_coords ex;
} test_query;

static inline void test_query_set_mpq(test_query *t, ccd_kind kind)
{
    t->q.kind = kind;
    t->q.index = 0;
    t->q.inexact = 0;
    mpfr_t f;
    mpfr_init2(f, 53);
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++) {
            mpfr_set_q(f, t->ex.q[i][j], MPFR_RNDN);
            t->q.v[i][j] = mpfr_get_d(f, MPFR_RNDN);
            mpq_t d;
            mpq_init(d);
            mpq_set_d(d, t->q.v[i][j]);
            if (!mpq_equal(d, t->ex.q[i][j]))
                t->q.inexact |= 1u << (3 * i + j);
            mpq_clear(d);
        }
    mpfr_clear(f);
    t->q.exact = &t->ex;
}

static inline void test_query_init(test_query *t)
{
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++)
            mpq_init(t->ex.q[i][j]);
}

static inline void test_query_clear(test_query *t)
{
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++)
            mpq_clear(t->ex.q[i][j]);
}

static inline void test_query_from_strings(test_query *t, ccd_kind kind, const char *s[8][3])
{
    test_query_init(t);
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++) {
            ck_assert_int_eq(mpq_set_str(t->ex.q[i][j], s[i][j], 10), 0);
            mpq_canonicalize(t->ex.q[i][j]);
        }
    test_query_set_mpq(t, kind);
}

/* τ for the static oracle from the oracle's algebraic number. */
static inline void so_time_from_algebraic(so_time *t, const ccd_algebraic *a)
{
    t->exact = a->exact;
    if (a->exact) {
        mpq_set(t->value, a->value);
        return;
    }
    ccd_algebraic_bounds(t->lo, t->hi, a);
    for (int i = 0; i <= a->p.deg; i++)
        mpq_set_z(t->p.c[i], a->p.c[i]);
    t->p.deg = a->p.deg;
}

/* Independent check of a reported time of impact: the query touches at toi, and not
 * at the lower end of its isolating interval (just below it when toi is a rational),
 * nor at `samples` pseudo-random rationals in [0, toi).  Returns 1 when all hold. */
static inline int check_toi_independently(const ccd_query *q, const ccd_algebraic *toi, int samples,
                                   unsigned *seed)
{
    so_query s;
    so_query_init(&s, q);
    so_time t;
    so_time_init(&t);
    so_time_from_algebraic(&t, toi);
    int ok = so_contact_at(&s, &t);
    mpq_t lo, x;
    mpq_inits(lo, x, NULL);
    ccd_algebraic_bounds(lo, x, toi);
    if (toi->exact) { /* lo = toi (1 - 2^-40) */
        mpq_div_2exp(x, lo, 40);
        mpq_sub(lo, lo, x);
    }
    int below = !toi->exact || mpq_sgn(lo) > 0; /* nothing lies below toi = 0 */
    if (ok && below && mpq_sgn(lo) >= 0 && so_contact_at_q(q, lo))
        ok = 0;
    for (int k = 0; k < samples && ok && mpq_sgn(lo) > 0; k++) {
        mpq_set_ui(x, (unsigned long)(rand_r(seed) % 1000), 1000);
        mpq_mul(x, x, lo);
        if (so_contact_at_q(q, x))
            ok = 0;
    }
    mpq_clears(lo, x, NULL);
    so_time_clear(&t);
    so_query_clear(&s);
    return ok;
}

#endif
