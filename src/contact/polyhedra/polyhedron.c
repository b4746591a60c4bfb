/* SPDX-License-Identifier: MIT */
/*
 * Convex polyhedra for the contact routine of Cheng Yi & Drumwright, the base
 * below their constructors: the exact orientation predicate (a floating-point
 * filter with Shewchuk's error bound, GMP rationals when the filter cannot
 * decide) and freeing a body.  Bodies are built by the exact hull
 * (polyhedron_hull.c), from boxes and spheres (polyhedron_shapes.c) or files
 * (polyhedron_io.c).
 */
#include <config.h>

#include <float.h>
#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/polyhedra.h"
#include "contact/polyhedra/polyhedron_internal.h"

/* ---------------------------------------------------------------- predicates */

/* Sign of (b − a) × (c − a) · (d − a) from the exact rationals of the doubles. */
static int orient_exact(const double *a, const double *b, const double *c, const double *d)
{
    mpq_t u[3], v[3], w[3], t, s, r;
    for (int i = 0; i < 3; i++)
        mpq_inits(u[i], v[i], w[i], NULL);
    mpq_inits(t, s, r, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_set_d(t, a[i]);
        mpq_set_d(u[i], b[i]), mpq_sub(u[i], u[i], t);
        mpq_set_d(v[i], c[i]), mpq_sub(v[i], v[i], t);
        mpq_set_d(w[i], d[i]), mpq_sub(w[i], w[i], t);
    }
    mpq_set_ui(r, 0, 1);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_mul(t, u[j], v[k]);
        mpq_mul(s, u[k], v[j]);
        mpq_sub(t, t, s);
        mpq_mul(t, t, w[i]);
        mpq_add(r, r, t);
    }
    int sign = mpq_sgn(r);
    for (int i = 0; i < 3; i++)
        mpq_clears(u[i], v[i], w[i], NULL);
    mpq_clears(t, s, r, NULL);
    return sign;
}

int ccd_polyh_orient(const double *a, const double *b, const double *c, const double *d)
{
    double u[3], v[3], w[3];
    for (int i = 0; i < 3; i++)
        u[i] = b[i] - a[i], v[i] = c[i] - a[i], w[i] = d[i] - a[i];
    double det = 0, perm = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        det += (u[j] * v[k] - u[k] * v[j]) * w[i];
        perm += (fabs(u[j] * v[k]) + fabs(u[k] * v[j])) * fabs(w[i]);
    }
    /* the differences themselves are rounded: the filter is Shewchuk's orient3d
     * bound widened by the three extra subtractions (a generous 16 ε). */
    double bound = 16 * DBL_EPSILON * perm;
    if (det > bound)
        return 1;
    if (det < -bound)
        return -1;
    return orient_exact(a, b, c, d);
}

void ccd_polyhedron_free(ccd_polyhedron *p)
{
    free(p->vertex), free(p->face_normal), free(p->face_start), free(p->face_vertex);
    free(p->edge), free(p->edge_face);
    memset(p, 0, sizeof *p);
}
