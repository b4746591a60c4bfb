/* SPDX-License-Identifier: MIT */
/* libccd's GJK+EPA and MPR behind the polyhedra method interface (libccd_contact.h). */
#include <config.h>

#include "contact/polyhedra/experiments/libccd_contact.h"

#include <stdlib.h>

#include <ccd/ccd.h>

/* A body as libccd sees it: its world vertices and their centroid. */
typedef struct libccd_body {
    double (*w)[3];
    size_t n;
    double center[3];
} libccd_body;

static int body_make(libccd_body *out, const ccd_posed_vertices *b)
{
    out->n = b->n;
    out->w = malloc((b->n ? b->n : 1) * sizeof *out->w);
    if (!out->w)
        return -1;
    out->center[0] = out->center[1] = out->center[2] = 0;
    for (size_t i = 0; i < b->n; i++)
        for (int r = 0; r < 3; r++) {
            out->w[i][r] = b->pos[r] + b->rot[r][0] * b->v[i][0] + b->rot[r][1] * b->v[i][1] +
                           b->rot[r][2] * b->v[i][2];
            out->center[r] += out->w[i][r];
        }
    for (int r = 0; r < 3 && b->n; r++)
        out->center[r] /= (double)b->n;
    return 0;
}

static void support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *vec)
{
    const libccd_body *b = obj;
    size_t best = 0;
    double bd = -1.0 / 0.0;
    for (size_t i = 0; i < b->n; i++) {
        double d = b->w[i][0] * dir->v[0] + b->w[i][1] * dir->v[1] + b->w[i][2] * dir->v[2];
        if (d > bd) {
            bd = d;
            best = i;
        }
    }
    ccdVec3Set(vec, b->w[best][0], b->w[best][1], b->w[best][2]);
}

static void center(const void *obj, ccd_vec3_t *c)
{
    const libccd_body *b = obj;
    ccdVec3Set(c, b->center[0], b->center[1], b->center[2]);
}

typedef int (*penetration_fn)(const void *, const void *, const ccd_t *, ccd_real_t *,
                              ccd_vec3_t *, ccd_vec3_t *);

static ccd_pm_status run(penetration_fn fn, double *phi, double normal[3],
                         const ccd_posed_vertices *a, const ccd_posed_vertices *b)
{
    if (a->n == 0 || b->n == 0)
        return CCD_PM_FAILED;
    libccd_body ba, bb;
    if (body_make(&ba, a) != 0)
        return CCD_PM_FAILED;
    if (body_make(&bb, b) != 0) {
        free(ba.w);
        return CCD_PM_FAILED;
    }
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = support;
    ccd.support2 = support;
    ccd.center1 = center;
    ccd.center2 = center;
    ccd.max_iterations = CCD_LIBCCD_MAX_ITERATIONS;
    ccd_real_t depth;
    ccd_vec3_t dir, pos;
    int r = fn(&ba, &bb, &ccd, &depth, &dir, &pos);
    free(ba.w);
    free(bb.w);
    if (r == -1)
        return CCD_PM_DISJOINT;
    if (r != 0)
        return CCD_PM_FAILED; /* -2: out of memory inside libccd */
    *phi = -depth;
    for (int k = 0; k < 3; k++)
        normal[k] = -dir.v[k];
    return CCD_PM_OK;
}

ccd_pm_status ccd_libccd_gjk_epa(double *phi, double normal[3], const void *ctx,
                                 const ccd_posed_vertices *a, const ccd_posed_vertices *b)
{
    (void)ctx;
    return run(ccdGJKPenetration, phi, normal, a, b);
}

ccd_pm_status ccd_libccd_mpr(double *phi, double normal[3], const void *ctx,
                             const ccd_posed_vertices *a, const ccd_posed_vertices *b)
{
    (void)ctx;
    return run(ccdMPRPenetration, phi, normal, a, b);
}
