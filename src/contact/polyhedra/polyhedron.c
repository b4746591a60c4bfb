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

/* Whether the product xy of nonzero x and y may have underflowed: below
 * 2^-1021 (rounded), its exact value may be below DBL_MIN, where a product's
 * error is absolute (up to 2^-1075) and no longer ε of it. */
static int may_underflow(double x, double y, double xy)
{
    return x != 0 && y != 0 && fabs(xy) < 0x1p-1021;
}

int ccd_polyh_orient(const double *a, const double *b, const double *c, const double *d)
{
    double u[3], v[3], w[3];
    for (int i = 0; i < 3; i++)
        u[i] = b[i] - a[i], v[i] = c[i] - a[i], w[i] = d[i] - a[i];
    double det = 0, perm = 0;
    int underflow = 0;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        const double p = u[j] * v[k], q = u[k] * v[j], r = p - q, t = r * w[i];
        underflow |= may_underflow(u[j], v[k], p) | may_underflow(u[k], v[j], q) |
                     may_underflow(r, w[i], t);
        det += t;
        perm += (fabs(p) + fabs(q)) * fabs(w[i]);
    }
    /* Shewchuk's orient3d bound, widened by the three subtractions that make
     * u, v, w (a generous 16 ε), holds while every rounding is relative: a sum
     * or difference is, even in the subnormal range (where it is exact), but a
     * product that underflows is not, and its absolute error, multiplied by a
     * large factor next, can exceed the bound (the hull of a vertex at (2.7e-312,
     * −3.4e70, 1.6e-319), found by tests/fuzz/fuzz_mesh.c: a face's own corner
     * was found above it).  Such products, and a bound or determinant that
     * overflowed (infinite or NaN: no comparison below holds), go to the exact
     * sign. */
    double bound = 16 * DBL_EPSILON * perm;
    if (!underflow && det > bound)
        return 1;
    if (!underflow && det < -bound)
        return -1;
    return orient_exact(a, b, c, d);
}

void ccd_polyhedron_free(ccd_polyhedron *p)
{
    free(p->vertex), free(p->face_normal), free(p->face_start), free(p->face_vertex);
    free(p->edge), free(p->edge_face);
    memset(p, 0, sizeof *p);
}
