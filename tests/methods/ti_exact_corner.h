/* SPDX-License-Identifier: MIT */
/* The exact value of Tight Inclusion's corner function F at (t, u, v) on one axis,
 * from a query's double inputs: what the suites of its filter compare the
 * computed corners with (check_tight_inclusion, check_ti_bounds). */
#ifndef CCD_TESTS_TI_EXACT_CORNER_H
#define CCD_TESTS_TI_EXACT_CORNER_H
#include "ccdbench.h"

#include <gmp.h>

static inline void test_ti_exact_corner(mpq_t out, const ccd_query *q, int axis, double t,
                                        double u, double v)
{
    mpq_t x[4], w, s, uu, vv;
    mpq_inits(w, s, uu, vv, NULL);
    mpq_set_d(s, t);
    mpq_set_d(uu, u);
    mpq_set_d(vv, v);
    for (int i = 0; i < 4; ++i) {
        mpq_init(x[i]);
        mpq_set_d(x[i], q->v[4 + i][axis]);
        mpq_set_d(w, q->v[i][axis]);
        mpq_sub(x[i], x[i], w);
        mpq_mul(x[i], x[i], s);
        mpq_add(x[i], x[i], w); /* x0 + t (x1 − x0) */
    }
    if (q->kind == CCD_VF) { /* p − a − u (b − a) − v (c − a) */
        mpq_sub(out, x[0], x[1]);
        mpq_sub(w, x[2], x[1]);
        mpq_mul(w, w, uu);
        mpq_sub(out, out, w);
        mpq_sub(w, x[3], x[1]);
        mpq_mul(w, w, vv);
        mpq_sub(out, out, w);
    } else { /* a + u (b − a) − c − v (d − c) */
        mpq_sub(w, x[1], x[0]);
        mpq_mul(w, w, uu);
        mpq_add(out, x[0], w);
        mpq_sub(out, out, x[2]);
        mpq_sub(w, x[3], x[2]);
        mpq_mul(w, w, vv);
        mpq_sub(out, out, w);
    }
    for (int i = 0; i < 4; ++i)
        mpq_clear(x[i]);
    mpq_clears(w, s, uu, vv, NULL);
}

#endif
