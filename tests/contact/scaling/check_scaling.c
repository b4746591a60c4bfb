/* SPDX-License-Identifier: MIT */
/* Minimum-scaling collision detection (Le Cleac'h et al., "Single-Level
 * Differentiable Contact Simulation"): primitives, the conic interior-point
 * method, the exact and closed-form references, and the properties. */
#include <config.h>

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/scaling.h"
#include "contact/common/exact_simplex.h"
#include "contact/scaling/experiments/scaling_check.h"
#include "contact/scaling/scaling_gauge.h"
#include "contact/scaling/scaling_overlap.h"
#include "contact/scaling/scaling_param.h"
#include "contact/scaling/scaling_reference.h"
#include "test_tier.h"

static void identity(ccd_shape *s, ccd_shape_kind kind)
{
    memset(s, 0, sizeof *s);
    s->kind = kind;
    for (int i = 0; i < 3; i++)
        s->rotation[i][i] = 1;
}

static ccd_shape sphere(double r, double x, double y, double z)
{
    ccd_shape s;
    identity(&s, CCD_SHAPE_SPHERE);
    s.radius = r;
    s.position[0] = x, s.position[1] = y, s.position[2] = z;
    return s;
}

static ccd_shape box(double hx, double hy, double hz, double x, double y, double z)
{
    ccd_shape s;
    identity(&s, CCD_SHAPE_BOX);
    s.half_extents[0] = hx, s.half_extents[1] = hy, s.half_extents[2] = hz;
    s.position[0] = x, s.position[1] = y, s.position[2] = z;
    return s;
}

static double norm3(const double v[3])
{
    return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

static double dist3(const double a[3], const double b[3])
{
    double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return norm3(d);
}

/* sphere–sphere: α* = ‖Δ‖/(R₁+R₂), p*, n, and |∂α* / ∂x| = 1/(R₁+R₂) */
START_TEST(test_spheres_closed_form)
{
    ccd_shape a = sphere(0.7, 0.1, -0.2, 0.3), b = sphere(0.4, 1.9, 0.8, -0.5);
    ccd_scaling_result r;
    ck_assert_int_eq(ccd_scaling_solve(&r, &a, &b, 0), CCD_SCALING_OK);
    double d[3] = {1.8, 1.0, -0.8}, len = norm3(d);
    double alpha = len / 1.1;
    ck_assert_double_le(fabs(r.alpha - alpha) / alpha, 1e-10);
    ck_assert_double_le(fabs(r.phi - (alpha - 1)), 1e-10);
    for (int k = 0; k < 3; k++) {
        ck_assert_double_le(fabs(r.normal[k] - d[k] / len), 1e-7);
        ck_assert_double_le(fabs(r.normal2[k] + d[k] / len), 1e-7);
        ck_assert_double_le(fabs(r.p[k] - (a.position[k] + 0.7 * d[k] / 1.1)), 1e-9);
        /* ∂α* / ∂x₂ = Δ / (‖Δ‖ (R₁ + R₂)) = −∂α* / ∂x₁ */
        ck_assert_double_le(fabs(r.dalpha_dx[1][k] - d[k] / (len * 1.1)), 1e-7);
        ck_assert_double_le(fabs(r.dalpha_dx[0][k] + d[k] / (len * 1.1)), 1e-7);
    }
    ck_assert_int_lt(r.iterations, 30);
    /* the 256-bit reference agrees */
    ccd_scaling_ref ref;
    ccd_scaling_ref_init(&ref);
    ccd_scaling_reference(&ref, &a, &b);
    ck_assert_int_eq(ref.kind, CCD_SCALING_REF_CLOSED_FORM);
    ck_assert(ref.has_p && ref.has_normal);
    ck_assert_double_le(ccd_scaling_ref_alpha_error(&ref, r.alpha), 1e-10);
    ck_assert_double_le(dist3(r.p, ref.p), 1e-9);
    ccd_scaling_ref_clear(&ref);
}
END_TEST

/* The α error of the check is relative wherever it is defined, α* ≥ 1e-3 (below, it
 * was an absolute error × 1e3 in the same column); below, undefined (NaN: the pair
 * is left out of the α columns, its absolute error is in the φ columns). */
/* ccd_shape_check refuses a number beyond CCD_SHAPE_MAX_SCALE, and the boundary is in */
START_TEST(test_shape_range)
{
    ccd_shape a = box(1, 1, CCD_SHAPE_MAX_SCALE, 0, 0, 0);
    ck_assert_int_eq(ccd_shape_check(&a), CCD_SCALING_OK);
    a.half_extents[2] = 2 * CCD_SHAPE_MAX_SCALE;
    ck_assert_int_eq(ccd_shape_check(&a), CCD_SCALING_BAD_SHAPE);
    ck_assert(!ccd_shape_in_range(&a));
    ccd_shape b = sphere(1, -3 * CCD_SHAPE_MAX_SCALE, 0, 0);
    ck_assert_int_eq(ccd_shape_check(&b), CCD_SCALING_BAD_SHAPE);
}
END_TEST

START_TEST(test_alpha_error_is_relative)
{
    const double alphas[3] = {2.5, 0.01, 1e-3};
    for (int i = 0; i < 3; i++) {
        /* two spheres of radius 1 and 0.5 with centres 1.5 α* apart */
        ccd_shape a = sphere(1, 0, 0, 0), b = sphere(0.5, 1.5 * alphas[i], 0, 0);
        ccd_scaling_ref ref;
        ccd_scaling_ref_init(&ref);
        ccd_scaling_reference(&ref, &a, &b);
        const double alpha = mpfr_get_d(ref.alpha, MPFR_RNDN);
        const double off = alpha * (1 + 0x1p-30); /* relative error 2^-30 */
        const double e = ccd_scaling_ref_alpha_error(&ref, off);
        ck_assert_msg(fabs(e / 0x1p-30 - 1) < 1e-6, "alpha* %g: error %g, not 2^-30", alphas[i], e);
        ck_assert_double_eq_tol(ccd_scaling_ref_alpha_abs_error(&ref, off), off - alpha,
                                1e-6 * (off - alpha));
        ccd_scaling_ref_clear(&ref);
    }
    for (int i = 0; i < 2; i++) {
        ccd_shape a = sphere(1, 0, 0, 0), b = sphere(0.5, i ? 1.5 * 5e-4 : 0, 0, 0);
        ccd_scaling_ref ref;
        ccd_scaling_ref_init(&ref);
        ccd_scaling_reference(&ref, &a, &b);
        ck_assert(isnan(ccd_scaling_ref_alpha_error(&ref, 1e-300)));
        ck_assert_double_le(ccd_scaling_ref_alpha_abs_error(&ref, 0), i ? 5e-4 * (1 + 1e-12) : 0);
        ccd_scaling_ref_clear(&ref);
    }
}
END_TEST

/* axis-aligned boxes: α* = max_k |Δ_k| / (h₁ₖ + h₂ₖ), normal ±e_k; and the exact
 * LP of the same pair (boxes rotated by the identity written as polytopes) gives
 * the same rational */
START_TEST(test_axis_aligned_boxes)
{
    ccd_shape a = box(1, 0.5, 0.25, 0, 0, 0), b = box(0.5, 0.5, 0.5, 1.0, -2.5, 0.3);
    ccd_scaling_result r;
    ck_assert_int_eq(ccd_scaling_solve(&r, &a, &b, 0), CCD_SCALING_OK);
    double alpha = 2.5 / 1.0; /* y: 2.5/(0.5+0.5) beats x: 1/1.5 and z: 0.3/0.75 */
    ck_assert_double_le(fabs(r.alpha - alpha) / alpha, 1e-10);
    ck_assert_double_le(fabs(r.normal[1] + 1), 1e-9);
    ccd_scaling_ref ref;
    ccd_scaling_ref_init(&ref);
    ccd_scaling_reference(&ref, &a, &b);
    ck_assert_int_eq(ref.kind, CCD_SCALING_REF_CLOSED_FORM);
    ck_assert(mpfr_cmp_d(ref.alpha, 2.5) == 0);
    ck_assert_double_le(ccd_scaling_ref_alpha_error(&ref, r.alpha), 1e-10);
    /* the same boxes as general polytopes: the exact LP */
    ccd_shape pa, pb;
    const ccd_shape *src[2] = {&a, &b};
    ccd_shape *dst[2] = {&pa, &pb};
    for (int s = 0; s < 2; s++) {
        identity(dst[s], CCD_SHAPE_POLYTOPE);
        memcpy(dst[s]->position, src[s]->position, sizeof pa.position);
        dst[s]->faces = 6;
        for (int f = 0; f < 6; f++) {
            dst[s]->normals[f][f / 2] = f % 2 ? -1 : 1;
            dst[s]->offsets[f] = src[s]->half_extents[f / 2];
        }
    }
    ccd_scaling_ref lp;
    ccd_scaling_ref_init(&lp);
    ccd_scaling_reference(&lp, &pa, &pb);
    ck_assert_int_eq(lp.kind, CCD_SCALING_REF_EXACT_LP);
    ck_assert(mpfr_cmp(lp.alpha, ref.alpha) == 0);
    ck_assert_double_le(fabs(lp.normal[1] + 1), 1e-15);
    ccd_scaling_ref_clear(&lp);
    ccd_scaling_ref_clear(&ref);
}
END_TEST

/* every primitive against a half-space, random poses: the solver against the
 * 256-bit closed form α* = max(0, aᵀ(x − x_h)/h_S(−a)) (exact LP for polytopes
 * and boxes), and the double support function against both */
START_TEST(test_halfspace_every_primitive)
{
    uint64_t state = 12345;
    ccd_scaling_ref ref;
    ccd_scaling_ref_init(&ref);
    for (int kind = 0; kind < CCD_SHAPE_HALFSPACE; kind++)
        for (int k = 0; k < 40; k++) {
            ccd_shape a, h;
            ccd_scaling_random_pair(&a, &h, (ccd_shape_kind)kind, CCD_SHAPE_HALFSPACE, &state);
            ccd_scaling_result r;
            ck_assert_int_eq(ccd_scaling_solve(&r, &a, &h, 0), CCD_SCALING_OK);
            ccd_scaling_reference(&ref, &a, &h);
            ck_assert_int_ne(ref.kind, CCD_SCALING_REF_NONE);
            /* relative where α* ≥ 1e-3; below (a centre inside the half-space or
             * near it) the absolute error */
            double e = mpfr_cmp_d(ref.alpha, CCD_SCALING_REL_ALPHA_MIN) >= 0
                           ? ccd_scaling_ref_alpha_error(&ref, r.alpha)
                           : ccd_scaling_ref_alpha_abs_error(&ref, r.alpha);
            ck_assert_msg(e <= 1e-10, "%s vs half-space: α error %g", ccd_shape_kind_name(kind), e);
            /* support function in double: a_w = R_h n_h */
            double aw[3], ma[3], u = 0;
            for (int i = 0; i < 3; i++) {
                aw[i] = 0;
                for (int j = 0; j < 3; j++)
                    aw[i] += h.rotation[i][j] * h.normals[0][j];
                ma[i] = -aw[i];
                u += aw[i] * (a.position[i] - h.position[i]);
            }
            double closed = fmax(0, u / ccd_shape_support(&a, ma));
            ck_assert_double_le(fabs(closed - mpfr_get_d(ref.alpha, MPFR_RNDN)),
                                1e-10 * fmax(1, closed));
            if (ref.has_normal)
                ck_assert_double_le(dist3(r.normal, ref.normal), 1e-7);
        }
    ccd_scaling_ref_clear(&ref);
}
END_TEST

/* polytope pairs (random faces, random poses): the exact rational LP */
START_TEST(test_polytopes_exact_lp)
{
    uint64_t state = 777;
    ccd_scaling_ref ref;
    ccd_scaling_ref_init(&ref);
    const ccd_shape_kind kinds[3][2] = {
        {CCD_SHAPE_POLYTOPE, CCD_SHAPE_POLYTOPE},
        {CCD_SHAPE_POLYTOPE, CCD_SHAPE_BOX},
        {CCD_SHAPE_BOX, CCD_SHAPE_BOX},
    };
    for (int c = 0; c < 3; c++)
        for (int k = 0; k < 60; k++) {
            ccd_shape a, b;
            ccd_scaling_random_pair(&a, &b, kinds[c][0], kinds[c][1], &state);
            ccd_scaling_result r;
            ck_assert_int_eq(ccd_scaling_solve(&r, &a, &b, 0), CCD_SCALING_OK);
            ck_assert_int_lt(r.iterations, 30);
            ccd_scaling_reference(&ref, &a, &b);
            ck_assert_int_eq(ref.kind, CCD_SCALING_REF_EXACT_LP);
            ck_assert_double_le(ccd_scaling_ref_alpha_error(&ref, r.alpha), 1e-10);
        }
    ccd_scaling_ref_clear(&ref);
}
END_TEST

/* Slater's condition: shapes without interior are refused with a status, not
 * answered with a number */
START_TEST(test_no_interior_status)
{
    ccd_shape ok = sphere(1, 0, 0, 0), s;
    ccd_scaling_result r;
    s = sphere(0, 3, 0, 0);
    ck_assert_int_eq(ccd_scaling_solve(&r, &ok, &s, 0), CCD_SCALING_NO_INTERIOR);
    identity(&s, CCD_SHAPE_CAPSULE); /* a segment */
    s.length = 1;
    s.position[0] = 3;
    ck_assert_int_eq(ccd_scaling_solve(&r, &s, &ok, 0), CCD_SCALING_NO_INTERIOR);
    s.radius = 0.2;
    ck_assert_int_eq(ccd_scaling_solve(&r, &s, &ok, 0), CCD_SCALING_OK);
    identity(&s, CCD_SHAPE_CYLINDER); /* a disk */
    s.radius = 1;
    ck_assert_int_eq(ccd_shape_check(&s), CCD_SCALING_NO_INTERIOR);
    identity(&s, CCD_SHAPE_POLYTOPE); /* a flat square: z ≤ 0 and −z ≤ 0 */
    s.faces = 6;
    for (int f = 0; f < 6; f++) {
        s.normals[f][f / 2] = f % 2 ? -1 : 1;
        s.offsets[f] = f / 2 == 2 ? 0 : 1;
    }
    ck_assert_int_eq(ccd_scaling_solve(&r, &s, &ok, 0), CCD_SCALING_NO_INTERIOR);
    identity(&s, CCD_SHAPE_CONE);
    s.height = 1;
    ck_assert_int_eq(ccd_shape_check(&s), CCD_SCALING_NO_INTERIOR); /* half-angle 0 */
    s = box(1, 1, 0, 0, 0, 0);
    ck_assert_int_eq(ccd_shape_check(&s), CCD_SCALING_NO_INTERIOR);
    /* not shapes */
    s = sphere(NAN, 0, 0, 0);
    ck_assert_int_eq(ccd_shape_check(&s), CCD_SCALING_BAD_SHAPE);
    s = sphere(1, 0, 0, 0);
    s.rotation[0][0] = 2;
    ck_assert_int_eq(ccd_shape_check(&s), CCD_SCALING_BAD_SHAPE);
    ccd_shape h1, h2;
    identity(&h1, CCD_SHAPE_HALFSPACE);
    h1.normals[0][2] = 1;
    h2 = h1;
    ck_assert_int_eq(ccd_scaling_solve(&r, &h1, &h2, 0), CCD_SCALING_BAD_SHAPE);
    ck_assert_int_eq(ccd_scaling_solve(&r, &ok, &h1, -1), CCD_SCALING_BAD_SHAPE);
    ck_assert_str_eq(ccd_scaling_status_name(CCD_SCALING_NO_INTERIOR),
                     "no interior (Slater's condition fails)");
}
END_TEST

/* common rigid motion, swapped bodies, both grown by k: on random pairs of
 * every combination at ρ = 0 and ρ = 1e-4 (motion and swap) */
START_TEST(test_properties_random_pairs)
{
    ccd_scaling_check_options o;
    ccd_scaling_check_options_default(&o);
    /* 3 random pairs of each of the 44 combinations at 2 levels (264 solves) show
     * what 15 show; the full tier runs 15 */
    const size_t pairs = test_full_tier() ? 15 : 3;
    o.pairs = pairs;
    o.nrho = 2;
    o.rho[0] = 0;
    o.rho[1] = 1e-4;
    ccd_scaling_check c;
    ccd_error err;
    ck_assert_int_eq(ccd_scaling_check_run(&c, &err, &o), CCD_OK);
    ck_assert_uint_eq(c.nrows, 44 * 2);
    for (size_t i = 0; i < c.nrows; i++) {
        ccd_scaling_check_row *row = &c.rows[i];
        const char *a = ccd_shape_kind_name(row->a), *b = ccd_shape_kind_name(row->b);
        ck_assert_uint_eq(row->pairs, pairs);
        ck_assert_msg(row->failed == 0, "%s-%s ρ=%g: %zu failed", a, b, row->rho, row->failed);
        ck_assert_msg(row->over_30 == 0, "%s-%s: ≥ 30 iterations", a, b);
        ccd_sample_summary s = ccd_sample_summarize(&row->n_sum);
        ck_assert_msg(s.n == 0 || s.max <= 1e-6, "%s-%s: n1 + n2 = %g", a, b, s.max);
        s = ccd_sample_summarize(&row->motion);
        ck_assert_msg(s.max <= 1e-5, "%s-%s ρ=%g: motion %g", a, b, row->rho, s.max);
        s = ccd_sample_summarize(&row->swap);
        ck_assert_msg(s.max <= 1e-5, "%s-%s ρ=%g: swap %g", a, b, row->rho, s.max);
        if (row->rho == 0) {
            s = ccd_sample_summarize(&row->scale);
            ck_assert_msg(s.n == pairs && s.max <= 1e-10, "%s-%s: scale %g", a, b, s.max);
            s = ccd_sample_summarize(&row->alpha);
            ck_assert_msg(s.n == 0 || s.max <= 1e-10, "%s-%s: α error %g", a, b, s.max);
        }
    }
    ccd_scaling_check_free(&c);
}
END_TEST

/* relaxation: α*(ρ) → α*(0) as ρ → 0 at a smooth point, monotonically here,
 * and ρ > 0 never undershoots the exact answer (the central path is feasible) */
START_TEST(test_relaxation_continuity)
{
    ccd_shape a, b;
    identity(&a, CCD_SHAPE_ELLIPSOID);
    a.half_extents[0] = 1, a.half_extents[1] = 0.5, a.half_extents[2] = 0.7;
    b = sphere(0.6, 2.2, 0.7, -0.4);
    ccd_scaling_result r0, r;
    ck_assert_int_eq(ccd_scaling_solve(&r0, &a, &b, 0), CCD_SCALING_OK);
    double last = INFINITY;
    const double rho[] = {1e-2, 1e-4, 1e-6, 1e-8};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(ccd_scaling_solve(&r, &a, &b, rho[i]), CCD_SCALING_OK);
        double e = r.alpha - r0.alpha;
        ck_assert_double_ge(e, 0);
        ck_assert_double_lt(e, last);
        ck_assert_double_le(e, 10 * rho[i]);
        ck_assert_double_le(dist3(r.normal, r0.normal), 100 * sqrt(rho[i]));
        last = e;
    }
}
END_TEST

/* face-to-face: a box resting on the ground plane touches along its bottom
 * face; p* is asserted to lie in that contact patch only, never at a point */
START_TEST(test_face_to_face_patch)
{
    ccd_shape b = box(0.5, 0.3, 0.2, 0.1, -0.2, 0.2), g;
    identity(&g, CCD_SHAPE_HALFSPACE);
    g.normals[0][2] = 1; /* z ≤ 0 */
    for (int i = 0; i < 2; i++) {
        double rho = i ? 1e-4 : 0;
        ccd_scaling_result r;
        ck_assert_int_eq(ccd_scaling_solve(&r, &b, &g, rho), CCD_SCALING_OK);
        ck_assert_double_le(fabs(r.alpha - 1), rho ? 1e-2 : 1e-10);
        ck_assert_double_le(fabs(r.p[2]), rho ? 1e-2 : 1e-9);
        ck_assert_double_le(fabs(r.p[0] - 0.1), 0.5 * r.alpha + 1e-9);
        ck_assert_double_le(fabs(r.p[1] + 0.2), 0.3 * r.alpha + 1e-9);
        ck_assert_double_le(fabs(r.normal[2] + 1), 1e-7);
    }
}
END_TEST

/* the exact simplex on small programs with known answers */
START_TEST(test_exact_simplex)
{
    /* min −z₀ − z₁ s.t. z₀ + 2z₁ + z₂ = 4, 3z₀ + z₁ + z₃ = 6: optimum −14/5 at (8/5, 6/5) */
    ccd_simplex S;
    ccd_simplex_init(&S, 2, 4);
    mpq_set_si(S.B[0][0], 1, 1), mpq_set_si(S.B[0][1], 2, 1), mpq_set_si(S.B[0][2], 1, 1);
    mpq_set_si(S.B[1][0], 3, 1), mpq_set_si(S.B[1][1], 1, 1), mpq_set_si(S.B[1][3], 1, 1);
    mpq_set_si(S.r[0], 4, 1), mpq_set_si(S.r[1], 6, 1);
    mpq_set_si(S.f[0], -1, 1), mpq_set_si(S.f[1], -1, 1);
    mpq_t v, z[4], want;
    mpq_inits(v, z[0], z[1], z[2], z[3], want, NULL);
    ck_assert_int_eq(ccd_simplex_solve(v, z, &S), CCD_SIMPLEX_OPTIMAL);
    mpq_set_si(want, -14, 5);
    ck_assert(mpq_equal(v, want));
    mpq_set_si(want, 8, 5);
    ck_assert(mpq_equal(z[0], want));
    /* unbounded: drop z₁'s rows */
    mpq_set_si(S.B[0][1], -2, 1), mpq_set_si(S.B[1][1], 0, 1);
    ck_assert_int_eq(ccd_simplex_solve(v, z, &S), CCD_SIMPLEX_UNBOUNDED);
    /* infeasible: z₀ = −1 */
    ccd_simplex_clear(&S);
    ccd_simplex_init(&S, 1, 1);
    mpq_set_si(S.B[0][0], 1, 1), mpq_set_si(S.r[0], -1, 1);
    ck_assert_int_eq(ccd_simplex_solve(v, z, &S), CCD_SIMPLEX_INFEASIBLE);
    ccd_simplex_clear(&S);
    mpq_clears(v, z[0], z[1], z[2], z[3], want, NULL);
}
END_TEST

/* dual sensitivity against central differences of the solver itself, on a smooth
 * pair (ellipsoid–capsule): ∂α* / ∂x = λᵀ∂g/∂x */
START_TEST(test_dual_sensitivity_positions)
{
    ccd_shape a, b;
    identity(&a, CCD_SHAPE_ELLIPSOID);
    a.half_extents[0] = 0.8, a.half_extents[1] = 0.5, a.half_extents[2] = 0.6;
    identity(&b, CCD_SHAPE_CAPSULE);
    b.radius = 0.3, b.length = 1.2;
    b.position[0] = 1.1, b.position[1] = 1.3, b.position[2] = 0.4;
    ccd_scaling_result r, rp, rm;
    ck_assert_int_eq(ccd_scaling_solve(&r, &a, &b, 0), CCD_SCALING_OK);
    const double h = 1e-5;
    for (int body = 0; body < 2; body++)
        for (int k = 0; k < 3; k++) {
            ccd_shape ap = a, bp = b, am = a, bm = b;
            (body ? bp.position : ap.position)[k] += h;
            (body ? bm.position : am.position)[k] -= h;
            ck_assert_int_eq(ccd_scaling_solve(&rp, &ap, &bp, 0), CCD_SCALING_OK);
            ck_assert_int_eq(ccd_scaling_solve(&rm, &am, &bm, 0), CCD_SCALING_OK);
            double fd = (rp.alpha - rm.alpha) / (2 * h);
            ck_assert_msg(fabs(fd - r.dalpha_dx[body][k]) <= 1e-6,
                          "body %d axis %d: %g vs %g", body, k, fd, r.dalpha_dx[body][k]);
        }
}
END_TEST

/* ---------------------------------------------------------------- box on ground */

/* Rank of the rows × cols rational matrix M (destroyed), by exact elimination. */
static int rank_q(mpq_t *M, int rows, int cols)
{
    int rank = 0;
    mpq_t f, t;
    mpq_inits(f, t, NULL);
    for (int c = 0; c < cols && rank < rows; c++) {
        int piv = -1;
        for (int r = rank; r < rows && piv < 0; r++)
            if (mpq_sgn(M[r * cols + c]) != 0)
                piv = r;
        if (piv < 0)
            continue;
        for (int j = 0; j < cols; j++)
            mpq_swap(M[piv * cols + j], M[rank * cols + j]);
        for (int r = 0; r < rows; r++) {
            if (r == rank || mpq_sgn(M[r * cols + c]) == 0)
                continue;
            mpq_div(f, M[r * cols + c], M[rank * cols + c]);
            for (int j = 0; j < cols; j++) {
                mpq_mul(t, f, M[rank * cols + j]);
                mpq_sub(M[r * cols + j], M[r * cols + j], t);
            }
        }
        rank++;
    }
    mpq_clears(f, t, NULL);
    return rank;
}

/* The paper's 2-D box on the ground (Le Cleac'h et al., eqs. 17–19 and 58–59),
 * coordinates (y, z): the unit-half-size square A = [−e_z, e_y, e_z, −e_y]ᵀ,
 * b = 1, at x₊ = (0, 1), θ₊ = 0, on the unscaled ground pᵀe_z ≤ 0.  Unknowns
 * v = [p (2), α, γ_p (4), γ_n, γ_α, s_p (4), s_n, s_α] and, with the dynamics,
 * [x₊ (2), θ₊, γ, s_γ].  At the printed KKT point the residual (18) vanishes, the
 * collision Jacobian (19) has rank 14 of 15 (col p_y = col s_p2 − col s_p4: the
 * contact point may slide along the face), and the dynamics rows (58), whose
 * torque row depends on p, make the 20 × 20 Jacobian nonsingular.  The Jacobian
 * is written here from (18) and (58), re-derived (the printed (59) has sign and
 * column slips); mass m = 1, inertia 1/6, Δt = 1/100, g = 981/100, at rest. */
enum { NV = 15, NF = 20, PY = 0, PZ = 1, AL = 2, GP = 3, GN = 7, GA = 8, SP = 9, SN = 13, SA = 14,
       XY = 15, XZ = 16, TH = 17, GM = 18, SG = 19 };

START_TEST(test_box_on_ground_kkt)
{
    const int A[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}}; /* rows (y, z) */
    const int b[4] = {1, 1, 1, 1}, n[2] = {0, 1};
    /* the KKT point */
    const int p[2] = {0, 0}, x[2] = {0, 1}, alpha = 1;
    const int gp[4] = {1, 0, 0, 0}, gn = 1, ga = 0, sp[4] = {0, 1, 2, 1}, sn = 0, sa = 1;
    /* residual (18) at θ = 0 (R = I): every row zero */
    for (int k = 0; k < 2; k++) {
        int r = gn * n[k];
        for (int i = 0; i < 4; i++)
            r += A[i][k] * gp[i];
        ck_assert_int_eq(r, 0);
    }
    ck_assert_int_eq(1 - (gp[0] * b[0] + gp[1] * b[1] + gp[2] * b[2] + gp[3] * b[3]) - ga, 0);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(sp[i] + A[i][0] * (p[0] - x[0]) + A[i][1] * (p[1] - x[1]) - b[i] * alpha, 0);
        ck_assert_int_eq(gp[i] * sp[i], 0);
    }
    ck_assert_int_eq(sn + p[0] * n[0] + p[1] * n[1], 0);
    ck_assert_int_eq(sa - alpha, 0);
    ck_assert_int_eq(gn * sn + ga * sa, 0);

    /* the Jacobian, full size; the collision block is its top-left 15 × 15 */
    mpq_t J[NF * NF], K[NV * NV];
    for (int i = 0; i < NF * NF; i++)
        mpq_init(J[i]);
#define SET(r, c, num, den) mpq_set_si(J[(r) * NF + (c)], (num), (den)), mpq_canonicalize(J[(r) * NF + (c)])
    int row = 0;
    for (int k = 0; k < 2; k++, row++) { /* Rᵀ Aᵀ γ_p + γ_n n */
        for (int i = 0; i < 4; i++)
            SET(row, GP + i, A[i][k], 1);
        SET(row, GN, n[k], 1);
        /* ∂/∂θ of R(θ)ᵀAᵀγ_p at θ = 0, R = [[c, s], [−s, c]]: R'ᵀ = [[0, −1], [1, 0]] */
        int atg[2] = {0, 0};
        for (int i = 0; i < 4; i++)
            atg[0] += A[i][0] * gp[i], atg[1] += A[i][1] * gp[i];
        SET(row, TH, k == 0 ? -atg[1] : atg[0], 1);
    }
    for (int i = 0; i < 4; i++) /* 1 − γ_pᵀb − γ_α */
        SET(row, GP + i, -b[i], 1);
    SET(row, GA, -1, 1);
    row++;
    for (int i = 0; i < 4; i++, row++) { /* s_p + A R (p − x₊) − bα */
        SET(row, PY, A[i][0], 1);
        SET(row, PZ, A[i][1], 1);
        SET(row, AL, -b[i], 1);
        SET(row, SP + i, 1, 1);
        SET(row, XY, -A[i][0], 1);
        SET(row, XZ, -A[i][1], 1);
        /* A R'(0)(p − x₊), R'(0) = [[0, 1], [−1, 0]] */
        int d[2] = {p[0] - x[0], p[1] - x[1]}, rd[2] = {d[1], -d[0]};
        SET(row, TH, A[i][0] * rd[0] + A[i][1] * rd[1], 1);
    }
    SET(row, PY, n[0], 1); /* s_n + pᵀn */
    SET(row, PZ, n[1], 1);
    SET(row, SN, 1, 1);
    row++;
    SET(row, AL, -1, 1); /* s_α − α */
    SET(row, SA, 1, 1);
    row++;
    for (int i = 0; i < 4; i++, row++) { /* γ_p ∘ s_p */
        SET(row, GP + i, sp[i], 1);
        SET(row, SP + i, gp[i], 1);
    }
    SET(row, GN, sn, 1); /* γ_n s_n */
    SET(row, SN, gn, 1);
    row++;
    SET(row, GA, sa, 1); /* γ_α s_α */
    SET(row, SA, ga, 1);
    row++;
    ck_assert_int_eq(row, NV);
    /* dynamics (58): (m/Δt)(x₊ − 2x + x₋) − γn − m g Δt = 0, at rest γ = m g Δt */
    const long m_num = 1, dt_den = 100, inertia_den = 6;
    for (int k = 0; k < 2; k++, row++) {
        SET(row, XY + k, m_num * dt_den, 1);
        SET(row, GM, -n[k], 1);
    }
    /* (J/Δt)(θ₊ − 2θ + θ₋) − γ e_yᵀ(p − x₊) = 0, γ = m g Δt = 981/10000 */
    SET(row, TH, dt_den, inertia_den);
    SET(row, GM, -(p[0] - x[0]), 1);
    SET(row, PY, -981, 10000);
    SET(row, XY, 981, 10000);
    row++;
    SET(row, SG, 1, 1); /* s_γ − (α − 1) */
    SET(row, AL, -1, 1);
    row++;
    SET(row, GM, 0, 1); /* γ s_γ: s_γ = 0, γ = 981/10000 */
    SET(row, SG, 981, 10000);
    row++;
    ck_assert_int_eq(row, NF);
#undef SET
    for (int i = 0; i < NV; i++)
        for (int j = 0; j < NV; j++) {
            mpq_init(K[i * NV + j]);
            mpq_set(K[i * NV + j], J[i * NF + j]);
        }
    /* col p_y = col s_p2 − col s_p4 in the collision block */
    for (int i = 0; i < NV; i++) {
        mpq_t d;
        mpq_init(d);
        mpq_sub(d, K[i * NV + SP + 1], K[i * NV + SP + 3]);
        ck_assert(mpq_equal(d, K[i * NV + PY]));
        mpq_clear(d);
    }
    ck_assert_int_eq(rank_q(K, NV, NV), NV - 1);
    ck_assert_int_eq(rank_q(J, NF, NF), NF);
    for (int i = 0; i < NV * NV; i++)
        mpq_clear(K[i]);
    for (int i = 0; i < NF * NF; i++)
        mpq_clear(J[i]);
}
END_TEST

/* ---------------------------------------------------------------- dual sensitivity */

static void turn(ccd_shape *s, int axis, double angle)
{
    double c = cos(angle), sn = sin(angle), Q[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, R[3][3];
    int i = (axis + 1) % 3, j = (axis + 2) % 3;
    Q[i][i] = c, Q[i][j] = -sn, Q[j][i] = sn, Q[j][j] = c;
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 3; k++)
            R[r][k] = Q[r][0] * s->rotation[0][k] + Q[r][1] * s->rotation[1][k] +
                      Q[r][2] * s->rotation[2][k];
    memcpy(s->rotation, R, sizeof R);
}

/* The parameters of a shape as pointers (count returned); rotation handled apart. */
static int parameters(double **out, ccd_shape *s)
{
    int n = 0;
    for (int k = 0; k < 3; k++)
        out[n++] = &s->position[k];
    switch (s->kind) {
    case CCD_SHAPE_PADDED_POLYTOPE:
        out[n++] = &s->radius;
        /* fall through */
    case CCD_SHAPE_POLYTOPE:
        for (size_t i = 0; i < s->faces; i++)
            out[n++] = &s->offsets[i];
        break;
    case CCD_SHAPE_BOX:
    case CCD_SHAPE_ELLIPSOID:
        for (int k = 0; k < 3; k++)
            out[n++] = &s->half_extents[k];
        break;
    case CCD_SHAPE_SPHERE:
        out[n++] = &s->radius;
        break;
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
        out[n++] = &s->radius;
        out[n++] = &s->length;
        break;
    case CCD_SHAPE_CONE:
        out[n++] = &s->height;
        out[n++] = &s->half_angle;
        break;
    default:
        break;
    }
    return n;
}

/* The same parameters in the gradient, in the same order. */
static int gradient_entries(double *out, const ccd_scaling_gradient *g, const ccd_shape *s)
{
    ccd_scaling_gradient copy = *g;
    ccd_shape t = *s;
    double *ps[32];
    int n = parameters(ps, &t);
    for (int i = 0; i < n; i++) {
        /* map the address in t to the same field of the gradient */
        size_t off = (size_t)((char *)ps[i] - (char *)&t);
        const double *v;
        if (off >= offsetof(ccd_shape, position) && off < offsetof(ccd_shape, position) + 24)
            v = &copy.position[(off - offsetof(ccd_shape, position)) / 8];
        else if (off == offsetof(ccd_shape, radius))
            v = &copy.radius;
        else if (off == offsetof(ccd_shape, length))
            v = &copy.length;
        else if (off == offsetof(ccd_shape, height))
            v = &copy.height;
        else if (off == offsetof(ccd_shape, half_angle))
            v = &copy.half_angle;
        else if (off >= offsetof(ccd_shape, half_extents) &&
                 off < offsetof(ccd_shape, half_extents) + 24)
            v = &copy.half_extents[(off - offsetof(ccd_shape, half_extents)) / 8];
        else
            v = &copy.offsets[(off - offsetof(ccd_shape, offsets)) / 8];
        out[i] = *v;
    }
    return n;
}

/* ∂α* / ∂θ = λᵀ∂g/∂θ for every parameter (centre, orientation, sizes) of both
 * shapes, against central differences of the solver, on random pairs */
START_TEST(test_dual_sensitivity_all_parameters)
{
    const ccd_shape_kind kinds[][2] = {
        {CCD_SHAPE_SPHERE, CCD_SHAPE_ELLIPSOID},  {CCD_SHAPE_CAPSULE, CCD_SHAPE_CONE},
        {CCD_SHAPE_CYLINDER, CCD_SHAPE_PADDED_POLYTOPE}, {CCD_SHAPE_POLYTOPE, CCD_SHAPE_BOX},
        {CCD_SHAPE_ELLIPSOID, CCD_SHAPE_HALFSPACE}, {CCD_SHAPE_CONE, CCD_SHAPE_CYLINDER},
    };
    uint64_t state = 4242;
    const double h = 1e-5;
    for (size_t c = 0; c < sizeof kinds / sizeof *kinds; c++)
        for (int pair = 0; pair < 3; pair++) {
            ccd_shape s[2];
            ccd_scaling_random_pair(&s[0], &s[1], kinds[c][0], kinds[c][1], &state);
            ccd_scaling_result r, rp, rm;
            ck_assert_int_eq(ccd_scaling_solve(&r, &s[0], &s[1], 0), CCD_SCALING_OK);
            if (r.alpha < 1e-3)
                continue; /* centre inside a half-space: α* = 0, no gradient */
            ccd_scaling_gradient g[2];
            ccd_scaling_gradient_of(g, &r, &s[0], &s[1]);
            for (int body = 0; body < 2; body++) {
                double want[32], *ps[32];
                int n = gradient_entries(want, &g[body], &s[body]);
                for (int i = 0; i < n + 3; i++) {
                    ccd_shape plus[2] = {s[0], s[1]}, minus[2] = {s[0], s[1]};
                    double exact;
                    if (i < n) {
                        parameters(ps, &plus[body]);
                        *ps[i] += h;
                        parameters(ps, &minus[body]);
                        *ps[i] -= h;
                        exact = want[i];
                    } else {
                        turn(&plus[body], i - n, h);
                        turn(&minus[body], i - n, -h);
                        exact = g[body].rotation[i - n];
                    }
                    ck_assert_int_eq(ccd_scaling_solve(&rp, &plus[0], &plus[1], 0), CCD_SCALING_OK);
                    ck_assert_int_eq(ccd_scaling_solve(&rm, &minus[0], &minus[1], 0), CCD_SCALING_OK);
                    double fd = (rp.alpha - rm.alpha) / (2 * h);
                    ck_assert_msg(fabs(fd - exact) <= 1e-5 * (1 + fabs(fd)),
                                  "%s-%s pair %d body %d parameter %d: FD %.10g, dual %.10g",
                                  ccd_shape_kind_name(kinds[c][0]), ccd_shape_kind_name(kinds[c][1]),
                                  pair, body, i, fd, exact);
                }
            }
        }
    /* spheres in closed form: ∂α* / ∂R₁ = −α* / (R₁ + R₂) */
    ccd_shape a = sphere(0.7, 0, 0, 0), b = sphere(0.4, 2, 1, 0);
    ccd_scaling_result r;
    ck_assert_int_eq(ccd_scaling_solve(&r, &a, &b, 0), CCD_SCALING_OK);
    ccd_scaling_gradient g[2];
    ccd_scaling_gradient_of(g, &r, &a, &b);
    ck_assert_double_le(fabs(g[0].radius + r.alpha / 1.1), 1e-9);
    ck_assert_double_le(fabs(g[1].radius + r.alpha / 1.1), 1e-9);
}
END_TEST

/* ---------------------------------------------------------------- IFT derivatives */

/* The shape turned by ω = angle e_axis about its centre, or parameter i moved. */
static void nudge(ccd_shape *s, size_t i, double h)
{
    if (i >= 3 && i < 6)
        turn(s, (int)i - 3, h);
    else
        *ccd_shape_param(s, i) += h;
}

/* ∂(α*, p*)/∂θ by the implicit function theorem, every parameter of both shapes,
 * against central differences of the solver at the same ρ: ρ = 1e-3 on every
 * kind of pair (smoothed), ρ = 0 on smooth pairs; and at ρ = 0 ∂α* / ∂θ equals the
 * dual sensitivity λᵀ∂g/∂θ */
START_TEST(test_ift_derivatives)
{
    const struct {
        ccd_shape_kind a, b;
        double rho;
    } cases[] = {
        {CCD_SHAPE_SPHERE, CCD_SHAPE_ELLIPSOID, 0},      {CCD_SHAPE_ELLIPSOID, CCD_SHAPE_CAPSULE, 0},
        {CCD_SHAPE_POLYTOPE, CCD_SHAPE_BOX, 1e-3},       {CCD_SHAPE_CAPSULE, CCD_SHAPE_CONE, 1e-3},
        {CCD_SHAPE_CYLINDER, CCD_SHAPE_PADDED_POLYTOPE, 1e-3},
        {CCD_SHAPE_CONE, CCD_SHAPE_HALFSPACE, 1e-3},     {CCD_SHAPE_ELLIPSOID, CCD_SHAPE_HALFSPACE, 0},
    };
    uint64_t state = 99;
    const double h = 1e-5;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        for (int pair = 0; pair < 2; pair++) {
            ccd_shape s[2];
            ccd_scaling_random_pair(&s[0], &s[1], cases[k].a, cases[k].b, &state);
            double rho = cases[k].rho;
            ccd_scaling_result r, rp, rm;
            ccd_scaling_derivatives d;
            ck_assert_int_eq(ccd_scaling_derivatives_solve(&d, &r, &s[0], &s[1], rho),
                             CCD_SCALING_OK);
            if (r.alpha < 1e-2)
                continue;
            ccd_scaling_gradient g[2];
            ccd_scaling_gradient_of(g, &r, &s[0], &s[1]);
            for (int body = 0; body < 2; body++) {
                ck_assert_uint_eq(d.params[body], ccd_shape_param_count(&s[body]));
                double dual[32];
                int nd = gradient_entries(dual, &g[body], &s[body]);
                for (size_t q = 0; q < d.params[body]; q++) {
                    ccd_shape plus[2] = {s[0], s[1]}, minus[2] = {s[0], s[1]};
                    nudge(&plus[body], q, h);
                    nudge(&minus[body], q, -h);
                    ck_assert_int_eq(ccd_scaling_solve(&rp, &plus[0], &plus[1], rho), CCD_SCALING_OK);
                    ck_assert_int_eq(ccd_scaling_solve(&rm, &minus[0], &minus[1], rho), CCD_SCALING_OK);
                    double fd = (rp.alpha - rm.alpha) / (2 * h);
                    ck_assert_msg(fabs(fd - d.dalpha[body][q]) <= 1e-5 * (1 + fabs(fd)),
                                  "%s-%s ρ=%g body %d %s: dα FD %.10g, IFT %.10g",
                                  ccd_shape_kind_name(cases[k].a), ccd_shape_kind_name(cases[k].b),
                                  rho, body, ccd_shape_param_name(&s[body], q), fd,
                                  d.dalpha[body][q]);
                    for (int j = 0; j < 3; j++) {
                        double fp = (rp.p[j] - rm.p[j]) / (2 * h);
                        ck_assert_msg(fabs(fp - d.dp[body][q][j]) <= 1e-4 * (1 + fabs(fp)),
                                      "%s-%s ρ=%g body %d %s: dp%d FD %.10g, IFT %.10g",
                                      ccd_shape_kind_name(cases[k].a),
                                      ccd_shape_kind_name(cases[k].b), rho, body,
                                      ccd_shape_param_name(&s[body], q), j, fp, d.dp[body][q][j]);
                    }
                    /* dual sensitivity: the pose first (centre, turn), then the sizes */
                    double dual_q = q < 3 ? dual[q] : q < 6 ? g[body].rotation[q - 3]
                                                           : dual[q - 3];
                    if (rho == 0 && (int)q < nd + 3)
                        ck_assert_double_le(fabs(dual_q - d.dalpha[body][q]),
                                            1e-6 * (1 + fabs(dual_q)));
                }
            }
        }
}
END_TEST

/* face to face at ρ = 0: the KKT Jacobian is singular (p* slides on the face),
 * and a status says so; ρ > 0 makes it regular */
START_TEST(test_ift_face_to_face_singular)
{
    ccd_shape b = box(0.5, 0.3, 0.2, 0.1, -0.2, 0.2), g;
    identity(&g, CCD_SHAPE_HALFSPACE);
    g.normals[0][2] = 1;
    ccd_scaling_result r;
    ccd_scaling_derivatives d;
    ck_assert_int_eq(ccd_scaling_derivatives_solve(&d, &r, &b, &g, 0), CCD_SCALING_SINGULAR);
    ck_assert_double_le(fabs(r.alpha - 1), 1e-10); /* the solution itself is there */
    ck_assert_int_eq(ccd_scaling_derivatives_solve(&d, &r, &b, &g, 1e-3), CCD_SCALING_OK);
    /* lifting the box by δ raises α* by δ/h_z at ρ > 0 too (the ground is unscaled) */
    ck_assert_double_le(fabs(d.dalpha[0][2] - 1 / 0.2), 1e-2);
}
END_TEST

/* ------------------------------------------------- the gauge reference (MPFR) */

/* |gauge α* − x| / x, in MPFR. */
static double gauge_rel_error(const ccd_scaling_gauge *g, double x)
{
    mpfr_t e;
    mpfr_init2(e, 256);
    mpfr_set_d(e, x, MPFR_RNDN);
    mpfr_sub(e, g->alpha, e, MPFR_RNDN);
    mpfr_div_d(e, e, x, MPFR_RNDN);
    double r = fabs(mpfr_get_d(e, MPFR_RNDN));
    mpfr_clear(e);
    return r;
}

START_TEST(test_gauge_spheres_closed_form)
{
    /* ‖Δ‖ = 5 exactly: α* = 5 / (R₁ + R₂) = 5/2.5 = 2, to the last of 256 bits */
    ccd_shape a = sphere(1, 0, 0, 0), b = sphere(1.5, 3, 4, 0);
    ccd_scaling_gauge g;
    ccd_scaling_gauge_init(&g);
    ck_assert(ccd_scaling_gauge_solve(&g, &a, &b));
    ck_assert_msg(gauge_rel_error(&g, 2.0) < 1e-60, "%g", gauge_rel_error(&g, 2.0));
    ck_assert_double_eq_tol(g.normal[0], 0.6, 1e-15);
    ck_assert_double_eq_tol(g.normal[1], 0.8, 1e-15);
    /* p* = x_a + α* R₁ n */
    ck_assert_double_eq_tol(g.p[0], 1.2, 1e-15);
    ck_assert_double_eq_tol(g.p[1], 1.6, 1e-15);
    /* ∂α* / ∂x_b = Δ / (‖Δ‖ (R₁ + R₂)) */
    ck_assert_double_eq_tol(g.dalpha_dx[1][0], 0.6 / 2.5, 1e-15);
    ck_assert_double_eq_tol(g.dalpha_dx[0][1], -0.8 / 2.5, 1e-15);
    ccd_scaling_gauge_clear(&g);
}
END_TEST

START_TEST(test_gauge_declines_kinks_and_coincident_centres)
{
    ccd_scaling_gauge g;
    ccd_scaling_gauge_init(&g);
    /* two boxes: the gauge of a polytope pair is always at a kink */
    ccd_shape a = box(1, 1, 1, 0, 0, 0), b = box(0.5, 0.7, 0.9, 2.1, 0.3, -0.2);
    ck_assert(!ccd_scaling_gauge_solve(&g, &a, &b));
    /* a sphere against a box's face: a kink; against its corner: smooth, and
     * then α* = (‖Δ − v‖ … ) agrees with the solver */
    ccd_shape f = sphere(0.5, 3, 0.2, 0.1);
    ck_assert(!ccd_scaling_gauge_solve(&g, &a, &f));
    f = sphere(0.5, 2, 2.2, 1.8);
    ck_assert(ccd_scaling_gauge_solve(&g, &a, &f));
    ccd_scaling_result rf;
    ck_assert_int_eq(ccd_scaling_solve(&rf, &a, &f, 0), CCD_SCALING_OK);
    ck_assert_msg(gauge_rel_error(&g, rf.alpha) < 1e-10, "%g", gauge_rel_error(&g, rf.alpha));
    /* a sphere beside the straight part of a capsule (axis x): d* ⟂ axis, a kink */
    ccd_shape c;
    identity(&c, CCD_SHAPE_CAPSULE);
    c.radius = 0.5, c.length = 2;
    ccd_shape s = sphere(0.5, 0.25, 3, 0);
    ck_assert(!ccd_scaling_gauge_solve(&g, &c, &s));
    /* beyond its end it is smooth: α* = (‖Δ − (L/2)e_x‖ … ) checked against the IPM */
    s = sphere(0.5, 3, 1, 0.5);
    ck_assert(ccd_scaling_gauge_solve(&g, &c, &s));
    ccd_scaling_result r;
    ck_assert_int_eq(ccd_scaling_solve(&r, &c, &s, 0), CCD_SCALING_OK);
    ck_assert_msg(gauge_rel_error(&g, r.alpha) < 1e-10, "%g", gauge_rel_error(&g, r.alpha));
    /* coincident centres: α* = 0, no direction */
    s = sphere(0.5, 0, 0, 0);
    ck_assert(!ccd_scaling_gauge_solve(&g, &c, &s));
    /* a polytope given by half-spaces, at a vertex: the MPFR vertices */
    ccd_shape poly;
    identity(&poly, CCD_SHAPE_POLYTOPE);
    poly.faces = 6;
    for (int k = 0; k < 6; k++) {
        poly.normals[k][k / 2] = k % 2 ? -1 : 1;
        poly.offsets[k] = 1;
    }
    ck_assert(ccd_scaling_gauge_solve(&g, &poly, &f));
    ck_assert_msg(gauge_rel_error(&g, rf.alpha) < 1e-10, "%g", gauge_rel_error(&g, rf.alpha));
    /* kinds it does not handle */
    ccd_shape h;
    identity(&h, CCD_SHAPE_HALFSPACE);
    h.normals[0][2] = 1;
    ck_assert(!ccd_scaling_gauge_solve(&g, &s, &h));
    ccd_scaling_gauge_clear(&g);
}
END_TEST

START_TEST(test_gauge_agrees_with_solver_random_smooth_pairs)
{
    ccd_scaling_gauge g;
    ccd_scaling_gauge_init(&g);
    uint64_t state = 7;
    const ccd_shape_kind kinds[] = {CCD_SHAPE_SPHERE, CCD_SHAPE_ELLIPSOID, CCD_SHAPE_CAPSULE,
                                    CCD_SHAPE_CYLINDER, CCD_SHAPE_CONE};
    size_t referenced = 0;
    for (size_t i = 0; i < 5; i++)
        for (size_t j = i; j < 5; j++)
            for (int k = 0; k < 6; k++) {
                ccd_shape a, b;
                ccd_scaling_random_pair(&a, &b, kinds[i], kinds[j], &state);
                ccd_scaling_result r;
                if (ccd_scaling_solve(&r, &a, &b, 0) != CCD_SCALING_OK ||
                    !ccd_scaling_gauge_solve(&g, &a, &b))
                    continue;
                referenced++;
                ck_assert_msg(gauge_rel_error(&g, r.alpha) < 1e-10, "%s-%s: %g",
                              ccd_shape_kind_name(a.kind), ccd_shape_kind_name(b.kind),
                              gauge_rel_error(&g, r.alpha));
            }
    ck_assert_uint_gt(referenced, 40); /* most smooth pairs have a reference */
    ccd_scaling_gauge_clear(&g);
}
END_TEST

START_TEST(test_gauge_differences_spheres_closed_form)
{
    /* α* = ‖Δ‖ / (R₁ + R₂): ∂/∂x_b = Δ/(‖Δ‖ S), ∂/∂R = −‖Δ‖/S², rotations 0;
     * p* = x_a + R₁ Δ/S: ∂p/∂R₁ = Δ/S − R₁Δ/S² */
    ccd_shape a = sphere(1, 0.5, 0, 0), b = sphere(1.5, 2.5, 3, 1);
    double D[3] = {2, 3, 1}, L = sqrt(14), S = 2.5;
    ccd_scaling_gauge_derivatives d;
    ck_assert(ccd_scaling_gauge_differences(&d, &a, &b));
    ck_assert_uint_eq(d.params[0], 7);
    for (int k = 0; k < 3; k++) {
        ck_assert_double_eq_tol(d.dalpha[1][k], D[k] / (L * S), 1e-14);
        ck_assert_double_eq_tol(d.dalpha[0][k], -D[k] / (L * S), 1e-14);
        ck_assert_double_eq_tol(d.dalpha[0][3 + k], 0, 1e-14);
        ck_assert_double_eq_tol(d.dp[0][6][k], D[k] / S - 1 * D[k] / (S * S), 1e-14);
    }
    ck_assert_double_eq_tol(d.dalpha[0][6], -L / (S * S), 1e-14);
    ck_assert_double_eq_tol(d.dalpha[1][6], -L / (S * S), 1e-14);
    /* and the solver's implicit-function derivatives agree with them */
    ccd_scaling_derivatives ift;
    ccd_scaling_result r;
    ck_assert_int_eq(ccd_scaling_derivatives_solve(&ift, &r, &a, &b, 0), CCD_SCALING_OK);
    for (int body = 0; body < 2; body++)
        for (size_t i = 0; i < 7; i++)
            ck_assert_double_eq_tol(ift.dalpha[body][i], d.dalpha[body][i], 1e-9);
}
END_TEST

START_TEST(test_gauge_differences_rotation_and_shape)
{
    /* an ellipsoid turned and a cone: every derivative of the solver against the
     * MPFR central differences, including rotations, semi-axes, height and angle */
    ccd_shape a, b;
    identity(&a, CCD_SHAPE_ELLIPSOID);
    a.half_extents[0] = 1, a.half_extents[1] = 0.6, a.half_extents[2] = 0.4;
    turn(&a, 2, 0.3);
    identity(&b, CCD_SHAPE_CONE);
    b.height = 1.2, b.half_angle = 0.5;
    turn(&b, 1, 0.2); /* its apex (body −x) towards the ellipsoid: a smooth point */
    b.position[0] = 2.4, b.position[1] = 0.3, b.position[2] = -0.2;
    ccd_scaling_gauge_derivatives d;
    ck_assert(ccd_scaling_gauge_differences(&d, &a, &b));
    ccd_scaling_derivatives ift;
    ccd_scaling_result r;
    ck_assert_int_eq(ccd_scaling_derivatives_solve(&ift, &r, &a, &b, 0), CCD_SCALING_OK);
    for (int body = 0; body < 2; body++)
        for (size_t i = 0; i < d.params[body]; i++) {
            ck_assert_msg(fabs(ift.dalpha[body][i] - d.dalpha[body][i]) < 1e-6,
                          "body %d %s: %g vs %g", body, ccd_shape_param_name(body ? &b : &a, i),
                          ift.dalpha[body][i], d.dalpha[body][i]);
            for (int k = 0; k < 3; k++)
                ck_assert_msg(fabs(ift.dp[body][i][k] - d.dp[body][i][k]) < 1e-5,
                              "body %d %s p%d: %g vs %g", body,
                              ccd_shape_param_name(body ? &b : &a, i), k, ift.dp[body][i][k],
                              d.dp[body][i][k]);
        }
}
END_TEST

START_TEST(test_overlap_independent_sign)
{
    ccd_shape a = sphere(1, 0, 0, 0), b = sphere(1, 1.9, 0, 0);
    ck_assert_int_eq(ccd_scaling_overlap_test(&a, &b), CCD_OVERLAP_GJK);
    ck_assert_int_eq(ccd_scaling_overlap(&a, &b), 1);
    b.position[0] = 2.1;
    ck_assert_int_eq(ccd_scaling_overlap(&a, &b), 0);
    ccd_shape c = box(1, 1, 1, 0, 0, 0), e = box(0.5, 0.5, 0.5, 1.4, 0.2, 0);
    ck_assert_int_eq(ccd_scaling_overlap_test(&c, &e), CCD_OVERLAP_SAT);
    ck_assert_int_eq(ccd_scaling_overlap(&c, &e), 1);
    e.position[0] = 1.6;
    ck_assert_int_eq(ccd_scaling_overlap(&c, &e), 0);
    ccd_shape h;
    identity(&h, CCD_SHAPE_HALFSPACE);
    h.normals[0][2] = 1;
    ck_assert_int_eq(ccd_scaling_overlap(&a, &h), -1);
    /* the support point of a cone: the apex along −x, the rim otherwise */
    ccd_shape k;
    identity(&k, CCD_SHAPE_CONE);
    k.height = 2, k.half_angle = atan(0.5);
    double p[3];
    ccd_shape_support_point(p, &k, (double[3]){-1, 0, 0});
    ck_assert_double_eq_tol(p[0], -1.5, 1e-15);
    ccd_shape_support_point(p, &k, (double[3]){0, 1, 0});
    ck_assert_double_eq_tol(p[0], 0.5, 1e-15);
    ck_assert_double_eq_tol(p[1], 1, 1e-15);
}
END_TEST

START_TEST(test_check_covers_gauge_and_overlap)
{
    /* the check's table: smooth pairs get the gauge reference and their
     * derivatives checked, every pair without a half-space its sign cross-checked */
    ccd_scaling_check_options o;
    ccd_scaling_check_options_default(&o);
    o.pairs = 6, o.differences = 2, o.nrho = 1;
    ccd_scaling_check c;
    ccd_error err;
    ck_assert_int_eq(ccd_scaling_check_run(&c, &err, &o), CCD_OK);
    size_t gauge_rows = 0;
    for (size_t i = 0; i < c.nrows; i++) {
        ccd_scaling_check_row *row = &c.rows[i];
        ck_assert_uint_eq(row->overlap_disagree, 0);
        if (row->a != CCD_SHAPE_HALFSPACE && row->b != CCD_SHAPE_HALFSPACE)
            ck_assert_int_ne(row->overlap, CCD_OVERLAP_NONE);
        if (row->reference == CCD_SCALING_REF_GAUGE) {
            gauge_rows++;
            ck_assert_double_le(ccd_sample_summarize(&row->alpha).max, 1e-10);
        }
    }
    ck_assert_uint_ge(gauge_rows, 15);
    ccd_scaling_check_free(&c);
}
END_TEST

int main(void)
{

    Suite *s = suite_create("scaling");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_spheres_closed_form);
    tcase_add_test(tc, test_alpha_error_is_relative);
    tcase_add_test(tc, test_shape_range);
    tcase_add_test(tc, test_axis_aligned_boxes);
    tcase_add_test(tc, test_halfspace_every_primitive);
    tcase_add_test(tc, test_polytopes_exact_lp);
    tcase_add_test(tc, test_no_interior_status);
    tcase_add_test(tc, test_properties_random_pairs);
    tcase_add_test(tc, test_relaxation_continuity);
    tcase_add_test(tc, test_face_to_face_patch);
    tcase_add_test(tc, test_exact_simplex);
    tcase_add_test(tc, test_dual_sensitivity_positions);
    tcase_add_test(tc, test_box_on_ground_kkt);
    tcase_add_test(tc, test_dual_sensitivity_all_parameters);
    tcase_add_test(tc, test_ift_derivatives);
    tcase_add_test(tc, test_ift_face_to_face_singular);
    tcase_add_test(tc, test_gauge_spheres_closed_form);
    tcase_add_test(tc, test_gauge_declines_kinks_and_coincident_centres);
    tcase_add_test(tc, test_gauge_agrees_with_solver_random_smooth_pairs);
    tcase_add_test(tc, test_gauge_differences_spheres_closed_form);
    tcase_add_test(tc, test_gauge_differences_rotation_and_shape);
    tcase_add_test(tc, test_overlap_independent_sign);
    tcase_add_test(tc, test_check_covers_gauge_and_overlap);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
