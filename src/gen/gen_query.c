/* SPDX-License-Identifier: MIT */
/* One generated query: build, scale/translate, round (optionally), label exactly. */
#include <config.h>

#include "gen/gen.h"
#include "gen/gen_family.h"

#include "exact/exact_ccd.h"
#include "query/nearest_double.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct ccd_gen_scratch {
    ccd_exact_ctx *oracle;
    ccd_rounding_scratch rounding;
};

ccd_gen_scratch *ccd_gen_scratch_new(void)
{
    ccd_gen_scratch *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    s->oracle = ccd_exact_ctx_new();
    if (!s->oracle) {
        free(s);
        return NULL;
    }
    ccd_rounding_scratch_init(&s->rounding);
    return s;
}

void ccd_gen_scratch_free(ccd_gen_scratch *s)
{
    if (!s)
        return;
    ccd_exact_ctx_free(s->oracle);
    ccd_rounding_scratch_clear(&s->rounding);
    free(s);
}

void ccd_gen_config_init(ccd_gen_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->count = 100;
    cfg->seed = 1;
    cfg->kinds = CCD_GEN_VF | CCD_GEN_EE;
    cfg->rationals = CCD_GEN_EXACT;
    mpq_init(cfg->scale);
    mpq_set_ui(cfg->scale, 1, 1);
    for (int k = 0; k < 3; k++)
        mpq_init(cfg->translate[k]);
}

void ccd_gen_config_clear(ccd_gen_config *cfg)
{
    mpq_clear(cfg->scale);
    for (int k = 0; k < 3; k++)
        mpq_clear(cfg->translate[k]);
}

size_t ccd_gen_family_count(void)
{
    size_t n;
    ccd_gen_family_table(&n);
    return n;
}

const char *ccd_gen_family_name(size_t family)
{
    size_t n;
    const ccd_gen_family *t = ccd_gen_family_table(&n);
    return family < n ? t[family].name : NULL;
}

const char *ccd_gen_family_summary(size_t family)
{
    size_t n;
    const ccd_gen_family *t = ccd_gen_family_table(&n);
    return family < n ? t[family].summary : NULL;
}

long ccd_gen_family_find(const char *name)
{
    size_t n;
    const ccd_gen_family *t = ccd_gen_family_table(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return (long)i;
    return -1;
}

static int is_identity(const ccd_gen_config *cfg)
{
    return mpq_cmp_ui(cfg->scale, 1, 1) == 0 && mpq_sgn(cfg->translate[0]) == 0 &&
           mpq_sgn(cfg->translate[1]) == 0 && mpq_sgn(cfg->translate[2]) == 0;
}

ccd_status ccd_gen_query(ccd_query *q, int *label, ccd_exact_coords *coords, ccd_error *err,
                         const ccd_gen_config *cfg, size_t family, ccd_kind kind,
                         uint64_t index, ccd_gen_scratch *s)
{
    size_t n;
    const ccd_gen_family *fam = &ccd_gen_family_table(&n)[family];
    ccd_gen_rng rng;
    ccd_gen_rng_for_query(&rng, cfg->seed, ccd_gen_hash_name(fam->name), (int)kind, index);
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        for (int k = 0; k < 3; k++)
            mpq_set_ui(coords->q[row][k], 0, 1);
    fam->build(coords, &rng, kind, index);
    if (!is_identity(cfg))
        ccd_gen_affine(coords, cfg->scale, cfg->translate[0], cfg->translate[1], cfg->translate[2]);
    memset(q, 0, sizeof *q);
    q->kind = kind;
    q->index = index;
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        for (int k = 0; k < 3; k++) {
            int exact;
            double d = ccd_nearest_double_mpq(coords->q[row][k], &exact, &s->rounding);
            if (!isfinite(d))
                return ccd_error_set(err, CCD_ERR_INPUT, fam->name, 0, 0,
                                     "%s query %llu: a coordinate exceeds the range of "
                                     "doubles (reduce --scale or --translate)",
                                     kind == CCD_VF ? "vertex-face" : "edge-edge",
                                     (unsigned long long)index);
            if (cfg->rationals == CCD_GEN_DOUBLE && !exact) {
                mpq_set_d(coords->q[row][k], d);
                exact = 1;
            }
            q->v[row][k] = d;
            if (!exact)
                q->inexact |= 1u << (3 * row + k);
        }
    q->exact = q->inexact ? coords : NULL;
    int collides = 0;
    ccd_status st = ccd_exact_decide(&collides, NULL, q, NULL, 0, s->oracle);
    if (st != CCD_OK)
        return ccd_error_set(err, st, fam->name, 0, 0, "%s query %llu: the exact oracle failed",
                             kind == CCD_VF ? "vertex-face" : "edge-edge",
                             (unsigned long long)index);
    *label = collides ? 1 : 0;
    return CCD_OK;
}
