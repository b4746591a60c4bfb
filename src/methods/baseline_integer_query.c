/* SPDX-License-Identifier: MIT */
/* A query's coordinates as integers over one common scale, and the exact
 * vector algebra the rational baselines build on (baseline_integer_query.h). */
#include <config.h>

#include "methods/baseline_integer_query.h"

void ccd_zvec_init(ccd_zvec *v)
{
    mpz_inits(v->c[0], v->c[1], v->c[2], NULL);
}

void ccd_zvec_clear(ccd_zvec *v)
{
    mpz_clears(v->c[0], v->c[1], v->c[2], NULL);
}

void ccd_integer_query_init(ccd_integer_query *iq)
{
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        ccd_zvec_init(&iq->row[i]);
}

void ccd_integer_query_clear(ccd_integer_query *iq)
{
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        ccd_zvec_clear(&iq->row[i]);
}

void ccd_integer_query_set(ccd_integer_query *iq, const ccd_query *q)
{
    mpq_t x[CCD_QUERY_ROWS][3];
    mpz_t scale, factor;
    mpz_init_set_ui(scale, 1);
    mpz_init(factor);
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int k = 0; k < 3; k++) {
            mpq_init(x[i][k]);
            ccd_query_coord_mpq(x[i][k], q, i, k);
            mpz_lcm(scale, scale, mpq_denref(x[i][k]));
        }
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int k = 0; k < 3; k++) {
            mpz_divexact(factor, scale, mpq_denref(x[i][k]));
            mpz_mul(iq->row[i].c[k], mpq_numref(x[i][k]), factor);
            mpq_clear(x[i][k]);
        }
    mpz_clears(scale, factor, NULL);
}

void ccd_zvec_set(ccd_zvec *r, const ccd_zvec *a)
{
    for (int k = 0; k < 3; k++)
        mpz_set(r->c[k], a->c[k]);
}

void ccd_zvec_add(ccd_zvec *r, const ccd_zvec *a, const ccd_zvec *b)
{
    for (int k = 0; k < 3; k++)
        mpz_add(r->c[k], a->c[k], b->c[k]);
}

void ccd_zvec_sub(ccd_zvec *r, const ccd_zvec *a, const ccd_zvec *b)
{
    for (int k = 0; k < 3; k++)
        mpz_sub(r->c[k], a->c[k], b->c[k]);
}

int ccd_zvec_is_zero(const ccd_zvec *a)
{
    return mpz_sgn(a->c[0]) == 0 && mpz_sgn(a->c[1]) == 0 && mpz_sgn(a->c[2]) == 0;
}

void ccd_zvec_cross(ccd_zvec *r, const ccd_zvec *a, const ccd_zvec *b)
{
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpz_mul(r->c[k], a->c[i], b->c[j]);
        mpz_submul(r->c[k], a->c[j], b->c[i]);
    }
}

void ccd_zvec_dot(mpz_t r, const ccd_zvec *a, const ccd_zvec *b)
{
    mpz_mul(r, a->c[0], b->c[0]);
    mpz_addmul(r, a->c[1], b->c[1]);
    mpz_addmul(r, a->c[2], b->c[2]);
}

void ccd_zvec_det(mpz_t r, const ccd_zvec *a, const ccd_zvec *b, const ccd_zvec *c)
{
    mpz_t t;
    mpz_init(t);
    mpz_set_ui(r, 0);
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpz_mul(t, b->c[i], c->c[j]);
        mpz_submul(t, b->c[j], c->c[i]);
        mpz_addmul(r, a->c[k], t);
    }
    mpz_clear(t);
}
