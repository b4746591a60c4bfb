/* SPDX-License-Identifier: MIT */
/* SDF primitives, composition, signed distances and activity indicators (Beker et al.),
 * and the interior-point baseline. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/common/qp_interior_point.h"
#include "contact/witness/sdf.h"
#include "contact/witness/signed_distance.h"
#include "exact/distance.h"

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}
static double rng_sym(uint64_t *s, double r) /* [-r, r) */
{
    return r * ((double)(rng_next(s) >> 11) * 0x1p-52 - 1.0);
}
static double norm(const double x[3])
{
    return sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
}

static ccd_sdf superquadric(double a, double b, double c, double e1, double e2)
{
    ccd_sdf s = {.type = CCD_SDF_SUPERQUADRIC};
    ccd_sdf_pose_identity(&s);
    s.u.sq.a = a, s.u.sq.b = b, s.u.sq.c = c, s.u.sq.e1 = e1, s.u.sq.e2 = e2;
    return s;
}

/* Unit cube [-h, h]³ as six planes. */
static const double cube_n[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
static double cube_p[6][3];
static ccd_sdf cube(double h, double tau)
{
    for (int i = 0; i < 6; i++)
        for (int k = 0; k < 3; k++)
            cube_p[i][k] = h * cube_n[i][k];
    ccd_sdf s = {.type = CCD_SDF_POLYHEDRON};
    ccd_sdf_pose_identity(&s);
    s.u.cp.normal = cube_n, s.u.cp.point = (const double (*)[3])cube_p, s.u.cp.count = 6;
    s.u.cp.tau = tau;
    return s;
}

/* Euclidean signed distance of the box [-h, h]³ (the true SDF). */
static double box_sdf(const double x[3], double h)
{
    double q[3], out = 0, in = -INFINITY;
    for (int k = 0; k < 3; k++) {
        q[k] = fabs(x[k]) - h;
        out += q[k] > 0 ? q[k] * q[k] : 0;
        in = fmax(in, q[k]);
    }
    return out > 0 ? sqrt(out) : in;
}

START_TEST(test_sphere_is_exact)
{
    uint64_t seed = 42;
    ccd_sdf s = superquadric(0.7, 0.7, 0.7, 1, 1);
    /* a posed sphere: rotation about z by 0.3, translation (1, 2, 3) */
    double c = cos(0.3), sn = sin(0.3);
    const double R[3][3] = {{c, -sn, 0}, {sn, c, 0}, {0, 0, 1}};
    memcpy(s.rot, R, sizeof R);
    s.trans[0] = 1, s.trans[1] = 2, s.trans[2] = 3;
    for (int n = 0; n < 2000; n++) {
        double x[3] = {1 + rng_sym(&seed, 3), 2 + rng_sym(&seed, 3), 3 + rng_sym(&seed, 3)};
        double d[3] = {x[0] - 1, x[1] - 2, x[2] - 3}, g[3], nn[3];
        double phi = ccd_sdf_eval(g, &s, x);
        ck_assert_double_eq_tol(phi, norm(d) - 0.7, 1e-14 * (1 + norm(d)));
        for (int k = 0; k < 3; k++) /* ∇φ = x/|x|, and the normal is parallel to it */
            ck_assert_double_eq_tol(g[k], d[k] / norm(d), 1e-12);
        ccd_sdf_normal(nn, &s, x, 0);
        for (int k = 0; k < 3; k++)
            ck_assert_double_eq_tol(nn[k], d[k] / norm(d), 1e-12);
    }
    double centre[3] = {1, 2, 3};
    ck_assert_double_eq(ccd_sdf_eval(NULL, &s, centre), -0.7);
}
END_TEST

START_TEST(test_superquadric_properties)
{
    uint64_t seed = 7;
    ccd_sdf s = superquadric(1.0, 0.5, 0.8, 0.1, 0.1); /* box-like, as in the box–box figure */
    for (int n = 0; n < 1000; n++) {
        double x[3] = {rng_sym(&seed, 2), rng_sym(&seed, 2), rng_sym(&seed, 2)};
        double f = ccd_superquadric_f(&s, x), phi = ccd_sdf_eval(NULL, &s, x);
        ck_assert((f > 1) == (phi > 0)); /* sign: outside iff f > 1 */
        /* homogeneity f(λx) = λ^(2/ε1) f(x), in logs */
        double y[3] = {0.5 * x[0], 0.5 * x[1], 0.5 * x[2]};
        ck_assert_double_eq_tol(log(ccd_superquadric_f(&s, y)), log(f) + 20 * log(0.5), 1e-9);
        /* on the surface f = 1: φ = 0 (scale x onto the surface along its ray) */
        double lam = pow(f, -0.05);
        double z[3] = {lam * x[0], lam * x[1], lam * x[2]};
        ck_assert(fabs(ccd_sdf_eval(NULL, &s, z)) < 1e-12);
        /* gradient against central differences */
        double g[3];
        ccd_sdf_eval(g, &s, x);
        for (int k = 0; k < 3; k++) {
            double p[3] = {x[0], x[1], x[2]}, m[3] = {x[0], x[1], x[2]};
            p[k] += 1e-7, m[k] -= 1e-7;
            double fd = (ccd_sdf_eval(NULL, &s, p) - ccd_sdf_eval(NULL, &s, m)) / 2e-7;
            ck_assert_double_eq_tol(g[k], fd, 1e-5 * (1 + fabs(fd)));
        }
    }
    /* normals near a face centre of the box-like superquadric point along the face */
    double x[3] = {1.02, 0.01, -0.02}, nn[3];
    ccd_sdf_normal(nn, &s, x, 1e-12);
    ck_assert(nn[0] > 0.999);
    /* overflow safety: far away and at the centre */
    double far[3] = {1e200, 1e-200, 3e150}, zero[3] = {0, 0, 0};
    ck_assert(isfinite(ccd_sdf_eval(NULL, &s, far)));
    ck_assert_double_eq(ccd_sdf_eval(NULL, &s, zero), -0.5);
}
END_TEST


/* The superquadric normal far from the surface: unit, and along ∇f, computed
 * here independently in log space (ε1 = ε2 = ε: ∂f/∂x_i ∝ sgn(x_i) |x̃_i|^(2/ε-1)/a_i).
 * ∇f itself overflows there (beyond |x̃| ≈ 6 for ε = 0.01, 40 for 0.02, 5e7 for
 * 0.1), which used to turn the normal into (0, 0, 0). */
START_TEST(test_superquadric_normal_far)
{
    const double eps[] = {0.01, 0.02, 0.1}, scales[] = {2, 10, 100, 1e4, 1e8, 1e12, 1e100};
    const double axes[3] = {1.0, 0.5, 0.8}, dir[3] = {1, 0.999, -0.998}; /* in units of axes */
    for (int e = 0; e < 3; e++) {
        ccd_sdf s = superquadric(axes[0], axes[1], axes[2], eps[e], eps[e]);
        for (int k = 0; k < 7; k++) {
            double x[3], want[3], lg[3], m = -INFINITY, nn[3], sum = 0;
            for (int i = 0; i < 3; i++) {
                x[i] = scales[k] * dir[i] * axes[i];
                lg[i] = (2 / eps[e] - 1) * log(fabs(x[i] / axes[i])) - log(axes[i]);
                m = fmax(m, lg[i]);
            }
            for (int i = 0; i < 3; i++)
                want[i] = copysign(exp(lg[i] - m), x[i]), sum += want[i] * want[i];
            for (int i = 0; i < 3; i++)
                want[i] /= sqrt(sum);
            ccd_sdf_normal(nn, &s, x, 1e-2);
            ck_assert_msg(fabs(norm(nn) - 1) < 1e-14, "ε = %g, |x̃| ~ %g: |n| = %.17g", eps[e],
                          scales[k], norm(nn));
            /* both sides work with logs of size (2/ε) log|x̃|: their rounding */
            double tol = 8 * 0x1p-53 * (2 / eps[e]) * (1 + log(scales[k]));
            for (int i = 0; i < 3; i++)
                ck_assert_msg(fabs(nn[i] - want[i]) < tol, "ε = %g, |x̃| ~ %g: n[%d] = %.17g, not %.17g",
                              eps[e], scales[k], i, nn[i], want[i]);
        }
    }
}
END_TEST

START_TEST(test_polyhedron)
{
    uint64_t seed = 9;
    ccd_sdf hard = cube(0.5, 0), soft = cube(0.5, 0.05);
    int underestimates = 0;
    for (int n = 0; n < 5000; n++) {
        double x[3] = {rng_sym(&seed, 1.5), rng_sym(&seed, 1.5), rng_sym(&seed, 1.5)};
        double phi = ccd_sdf_eval(NULL, &hard, x), exact = box_sdf(x, 0.5);
        int outside_axes = 0;
        for (int k = 0; k < 3; k++)
            outside_axes += fabs(x[k]) > 0.5;
        if (outside_axes <= 1) /* inside or in a face region: exact */
            ck_assert_double_eq_tol(phi, exact, 1e-15);
        else { /* edge or corner region: strictly below the Euclidean distance */
            ck_assert(phi < exact);
            underestimates++;
        }
        double ls = ccd_sdf_eval(NULL, &soft, x);
        ck_assert(ls >= phi - 1e-15 && ls <= phi + 0.05 * log(6.0) + 1e-15);
        double g[3];
        ccd_sdf_eval(g, &soft, x);
        for (int k = 0; k < 3; k++) {
            double p[3] = {x[0], x[1], x[2]}, m[3] = {x[0], x[1], x[2]};
            p[k] += 1e-7, m[k] -= 1e-7;
            double fd = (ccd_sdf_eval(NULL, &soft, p) - ccd_sdf_eval(NULL, &soft, m)) / 2e-7;
            ck_assert_double_eq_tol(g[k], fd, 1e-6);
        }
    }
    ck_assert(underestimates > 100);
}
END_TEST

START_TEST(test_union_and_subtraction)
{
    uint64_t seed = 11;
    ccd_sdf a = superquadric(0.5, 0.5, 0.5, 1, 1), b = superquadric(0.4, 0.4, 0.4, 1, 1);
    b.trans[0] = 0.6;
    const ccd_sdf *kids[2] = {&a, &b};
    ccd_sdf uni = {.type = CCD_SDF_UNION}, sub = {.type = CCD_SDF_SUBTRACTION};
    ccd_sdf_pose_identity(&uni), ccd_sdf_pose_identity(&sub);
    uni.u.comb.child = kids, uni.u.comb.count = 2, uni.u.comb.tau = 0.02;
    sub.u.comb.child = kids, sub.u.comb.count = 2, sub.u.comb.tau = 0.02;
    for (int n = 0; n < 2000; n++) {
        double x[3] = {rng_sym(&seed, 1.5), rng_sym(&seed, 1.5), rng_sym(&seed, 1.5)};
        double pa = ccd_sdf_eval(NULL, &a, x), pb = ccd_sdf_eval(NULL, &b, x);
        double u = ccd_sdf_eval(NULL, &uni, x), s = ccd_sdf_eval(NULL, &sub, x);
        ck_assert(u <= fmin(pa, pb) + 1e-15 && u >= fmin(pa, pb) - 0.02 * log(2.0) - 1e-15);
        double m = fmax(pa, -pb);
        ck_assert(s >= m - 1e-15 && s <= m + 0.02 * log(2.0) + 1e-15);
        double g[3];
        ccd_sdf_eval(g, &uni, x);
        for (int k = 0; k < 3; k++) {
            double p[3] = {x[0], x[1], x[2]}, q[3] = {x[0], x[1], x[2]};
            p[k] += 1e-7, q[k] -= 1e-7;
            double fd = (ccd_sdf_eval(NULL, &uni, p) - ccd_sdf_eval(NULL, &uni, q)) / 2e-7;
            ck_assert_double_eq_tol(g[k], fd, 1e-6);
        }
    }
}
END_TEST


/* ------------------------------------------------------------------ oriented point cloud */

static ccd_sdf point_cloud(const double (*p)[3], const double (*n)[3], size_t count, double sigma)
{
    ccd_sdf s = {.type = CCD_SDF_POINT_CLOUD};
    ccd_sdf_pose_identity(&s);
    s.u.pc.point = p, s.u.pc.normal = n, s.u.pc.count = count, s.u.pc.sigma = sigma;
    return s;
}

/* Coplanar samples with one normal reproduce the plane's SDF for any basis width,
 * in any pose; the gradient is that normal. */
START_TEST(test_point_cloud_plane)
{
    enum { N = 60 };
    static double p[N][3], n[N][3];
    uint64_t seed = 5;
    for (int i = 0; i < N; i++) {
        p[i][0] = rng_sym(&seed, 1), p[i][1] = rng_sym(&seed, 1), p[i][2] = 0.3;
        n[i][0] = 0, n[i][1] = 0, n[i][2] = 1;
    }
    const double sigmas[] = {0.01, 0.2, 5};
    double c = cos(0.4), sn = sin(0.4);
    const double R[3][3] = {{1, 0, 0}, {0, c, -sn}, {0, sn, c}}; /* about x */
    for (int k = 0; k < 3; k++) {
        ccd_sdf s = point_cloud((const double (*)[3])p, (const double (*)[3])n, N, sigmas[k]);
        memcpy(s.rot, R, sizeof R);
        s.trans[0] = 0.5, s.trans[1] = -1, s.trans[2] = 2;
        for (int it = 0; it < 500; it++) {
            double x[3] = {rng_sym(&seed, 3), rng_sym(&seed, 3), rng_sym(&seed, 3)}, g[3], nn[3];
            double d[3] = {x[0] - 0.5, x[1] + 1, x[2] - 2};
            double lz = R[0][2] * d[0] + R[1][2] * d[1] + R[2][2] * d[2]; /* (Rᵀd)_z */
            ck_assert_double_eq_tol(ccd_sdf_eval(g, &s, x), lz - 0.3, 1e-14);
            /* the gradient's second term, σ⁻² Σ ŵ (s_i - φ)(x - p_i), is 0 exactly but
             * carries rounding of s_i - φ (~u|x|) amplified by |x - p|/σ² */
            double tol = 1e-12 + 1e-14 / (sigmas[k] * sigmas[k]);
            for (int i = 0; i < 3; i++)
                ck_assert_double_eq_tol(g[i], R[i][2], tol);
            ccd_sdf_normal(nn, &s, x, 0);
            for (int i = 0; i < 3; i++)
                ck_assert_double_eq_tol(nn[i], R[i][2], tol);
        }
    }
}
END_TEST

/* A sphere of radius 0.5 sampled by a Fibonacci lattice with outward normals:
 * sign, closeness to |x| - r near the surface, the gradient against central
 * differences, finite values far away, and sphere tracing onto its surface. */
START_TEST(test_point_cloud_sphere)
{
    enum { N = 2000 };
    static double p[N][3], n[N][3];
    const double r = 0.5, golden = M_PI * (3 - sqrt(5.0));
    for (int i = 0; i < N; i++) {
        double z = 1 - (2 * i + 1) / (double)N, rho = sqrt(1 - z * z);
        n[i][0] = rho * cos(golden * i), n[i][1] = rho * sin(golden * i), n[i][2] = z;
        for (int k = 0; k < 3; k++)
            p[i][k] = r * n[i][k];
    }
    double spacing = sqrt(4 * M_PI * r * r / N); /* ≈ 0.02 */
    ccd_sdf s = point_cloud((const double (*)[3])p, (const double (*)[3])n, N, spacing);
    uint64_t seed = 17;
    double worst = 0, trace_off = 0;
    for (int it = 0; it < 400; it++) {
        double x[3] = {rng_sym(&seed, 1), rng_sym(&seed, 1), rng_sym(&seed, 1)};
        double len = norm(x), want = len - r;
        if (len < 0.35 || len > 0.65) /* a band around the surface */
            continue;
        double g[3], phi = ccd_sdf_eval(g, &s, x);
        /* every tangent-plane distance n_iᵀ(x - p_i) = |x| cos∠ - r is ≤ |x| - r, so
         * their weighted mean is too; the deficit grows with the distance h to
         * the surface (|x| θ²/2 over the basis' angular spread θ ~ σ/h) */
        double h = fabs(want);
        worst = fmax(worst, fabs(phi - want) / (h + spacing));
        ck_assert_msg(phi <= want + 1e-12 && phi >= want - 0.2 * (h + spacing),
                      "φ = %g, |x| - r = %g", phi, want);
        ck_assert((phi > 0) == (want > 0) || h < 0.2 * spacing);
        for (int k = 0; k < 3; k++) {
            double xp[3] = {x[0], x[1], x[2]}, xm[3] = {x[0], x[1], x[2]};
            xp[k] += 1e-7, xm[k] -= 1e-7;
            double fd = (ccd_sdf_eval(NULL, &s, xp) - ccd_sdf_eval(NULL, &s, xm)) / 2e-7;
            ck_assert_double_eq_tol(g[k], fd, 1e-6 * (1 + fabs(fd)));
        }
        double nn[3];
        ccd_sdf_normal(nn, &s, x, 0);
        ck_assert_double_eq_tol(norm(nn), 1, 1e-12);
        ck_assert(nn[0] * x[0] + nn[1] * x[1] + nn[2] * x[2] > 0.99 * len); /* ≈ radial */
        /* sphere tracing: a few unrolled steps land on the zero level set */
        double y[3];
        double res = ccd_sdf_sphere_trace(y, &s, x, 5);
        ck_assert_msg(res < 1e-9 && fabs(ccd_sdf_eval(NULL, &s, y)) == res, "|φ| = %g", res);
        /* the level set lies outside the sphere (φ underestimates), by O(σ²/r) */
        double off = norm(y) - r;
        trace_off = fmax(trace_off, off);
        ck_assert_msg(off >= -1e-12 && off < 10 * spacing * spacing / r, "|y| - r = %g", off);
    }
    fprintf(stderr, "point-cloud sphere (N = %d, σ = %.3g): max |φ - (|x| - r)|/(h + σ) = %.3g, "
            "zero level set at r + %.3g\n", N, spacing, worst, trace_off);
    /* far away and at a sample: finite */
    double far[3] = {1e200, -3e199, 1e-300}, g[3];
    ck_assert(isfinite(ccd_sdf_eval(g, &s, far)) && isfinite(g[0]) && isfinite(g[1]));
    ck_assert_double_eq_tol(norm(g), 1, 1e-12);
    ck_assert(ccd_sdf_eval(NULL, &s, far) > 0.99e200);
    double at = ccd_sdf_eval(NULL, &s, p[7]); /* at a sample: the same O(σ²/r) bias */
    ck_assert(at <= 0 && at > -2 * spacing * spacing / r);
    /* far away: the nearest sample's plane, whose normal is the gradient */
    ck_assert(g[0] * far[0] + g[1] * far[1] > 0.999 * hypot(far[0], far[1]));
    /* in a union with a superquadric: the composition bounds hold */
    ccd_sdf b = superquadric(0.3, 0.3, 0.3, 0.1, 0.1);
    b.trans[0] = 0.6;
    const ccd_sdf *kids[2] = {&s, &b};
    ccd_sdf uni = {.type = CCD_SDF_UNION};
    ccd_sdf_pose_identity(&uni);
    uni.u.comb.child = kids, uni.u.comb.count = 2, uni.u.comb.tau = 0.02;
    for (int it = 0; it < 200; it++) {
        double x[3] = {rng_sym(&seed, 1), rng_sym(&seed, 1), rng_sym(&seed, 1)};
        double a = ccd_sdf_eval(NULL, &s, x), c = ccd_sdf_eval(NULL, &b, x);
        double u = ccd_sdf_eval(NULL, &uni, x);
        ck_assert(u <= fmin(a, c) + 1e-15 && u >= fmin(a, c) - 0.02 * log(2.0) - 1e-15);
    }
}
END_TEST

/* Sphere tracing on an exact SDF converges in one step. */
START_TEST(test_sphere_trace_exact)
{
    ccd_sdf s = superquadric(0.7, 0.7, 0.7, 1, 1);
    s.trans[2] = 1;
    const double x[3] = {0.3, -0.9, 2.5};
    double y[3];
    ck_assert(ccd_sdf_sphere_trace(y, &s, x, 1) < 1e-15);
    const double d[3] = {y[0], y[1], y[2] - 1};
    ck_assert_double_eq_tol(norm(d), 0.7, 1e-15);
    /* along the ray from the centre */
    ck_assert_double_eq_tol(d[0] / 0.3, d[1] / -0.9, 1e-15);
    /* zero steps: the input, and |φ| there */
    ck_assert(ccd_sdf_sphere_trace(y, &s, x, 0) == fabs(ccd_sdf_eval(NULL, &s, x)));
    ck_assert(y[0] == x[0] && y[1] == x[1] && y[2] == x[2]);
}
END_TEST

/* Two unit cubes (8 vertices, 12 edges), body 2 rotated 45° about z and shifted up. */
static const unsigned cube_edges[12][2] = {{0, 1}, {1, 3}, {3, 2}, {2, 0}, {4, 5}, {5, 7},
                                           {7, 6}, {6, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
static void cube_vertices(double v[8][3], double h, double angle, double dz)
{
    double c = cos(angle), s = sin(angle);
    for (int i = 0; i < 8; i++) {
        double x = (i & 1) ? h : -h, y = (i & 2) ? h : -h, z = (i & 4) ? h : -h;
        v[i][0] = c * x - s * y, v[i][1] = s * x + c * y, v[i][2] = z + dz;
    }
}

START_TEST(test_signed_distances_and_indicators)
{
    const double gaps[2] = {0.2, -0.1}; /* separated, then penetrating */
    for (int g = 0; g < 2; g++) {
        double v1[8][3], v2[8][3];
        cube_vertices(v1, 0.5, 0, 0);
        cube_vertices(v2, 0.5, M_PI / 4, 1.0 + gaps[g]);
        /* smoothed polyhedra (eq. 5): the witness points lie on the cubes' edges,
         * where only the LSE gradient has the face-normal component the sign needs */
        ccd_sdf s1 = cube(0.5, 0.02), s2 = cube(0.5, 0.02), h1 = cube(0.5, 0);
        double c = cos(M_PI / 4), sn = sin(M_PI / 4);
        const double R[3][3] = {{c, -sn, 0}, {sn, c, 0}, {0, 0, 1}};
        memcpy(s2.rot, R, sizeof R);
        s2.trans[2] = 1.0 + gaps[g];
        ccd_contact_body b1 = {(const double (*)[3])v1, 8, cube_edges, 12, &s1};
        ccd_contact_body b2 = {(const double (*)[3])v2, 8, cube_edges, 12, &s2};
        ccd_contact_params p;
        ccd_contact_params_default(&p);
        ccd_smoothing_hard(&p.witness);
        static ccd_ee_contact out[144];
        ccd_error err;
        ck_assert_int_eq(ccd_contact_edge_edge(out, &err, &b1, &b2, &p), CCD_OK);
        /* the pair (top edge 4-5 of body 1, bottom edge 0-1 of body 2) crosses in xy */
        int best = -1;
        double dmin = INFINITY;
        for (int i = 0; i < 144; i++) {
            ccd_ee_contact *e = &out[i];
            double vals[] = {e->colliding, e->pen1, e->pen2, e->nn1, e->nn2, e->clash, e->act1, e->act2};
            for (int j = 0; j < 8; j++)
                ck_assert(vals[j] >= 0 && vals[j] <= 1 && isfinite(vals[j]));
            if (e->dbar < dmin && e->colliding > 0.5)
                dmin = e->dbar, best = i;
        }
        ck_assert_int_ge(best, 0);
        ccd_ee_contact *e = &out[best];
        ck_assert_double_eq_tol(e->dbar, fabs(gaps[g]), 1e-12);
        if (gaps[g] > 0) { /* separated: d > 0 at both points, normals out of the other body */
            ck_assert(e->d1 > 0 && e->d2 > 0);
            ck_assert(e->n1[2] < -0.99 && e->n2[2] > 0.99);
            ck_assert(e->pen1 < 1e-6 && e->act1 < 1e-6);
        } else { /* penetrating: d < 0, normals still out of the other body */
            ck_assert(e->d1 < 0 && e->d2 < 0);
            ck_assert(e->n1[2] < -0.99 && e->n2[2] > 0.99);
            /* the witness points lie on the other cube's side planes (edge crossing),
             * so the penetration indicators are only partly on there: φ ≈ 0 */
            ck_assert(e->clash > 0.99 && e->pen1 > 1e-3 && e->pen2 > 1e-3);
        }
        /* nn rows (nn1) and columns (nn2) sum to 1 */
        for (int k = 0; k < 12; k++) {
            double rs = 0, cs = 0;
            for (int l = 0; l < 12; l++)
                rs += out[k * 12 + l].nn1, cs += out[l * 12 + k].nn2;
            ck_assert_double_eq_tol(rs, 1, 1e-12);
            ck_assert_double_eq_tol(cs, 1, 1e-12);
        }
        /* vertex–SDF: the bottom vertices of body 2 against body 1 */
        ccd_vs_contact vs[8];
        ccd_contact_vertex_sdf(vs, &b2, &h1, &p);
        for (int i = 0; i < 4; i++) { /* max of planes: the Chebyshev distance minus h */
            double cheb = fmax(fmax(fabs(v2[i][0]), fabs(v2[i][1])), fabs(v2[i][2])) - 0.5;
            ck_assert_double_eq_tol(vs[i].d, cheb, 1e-12);
            ck_assert(vs[i].d <= box_sdf(v2[i], 0.5) + 1e-15);
            ck_assert(vs[i].act >= 0 && vs[i].act <= 1);
        }
    }
}
END_TEST

START_TEST(test_interior_point_matches_exact)
{
    uint64_t seed = 5;
    for (int kind = 0; kind < 2; kind++)
        for (int n = 0; n < 2000; n++) {
            double x[4][3];
            for (int i = 0; i < 4; i++)
                for (int k = 0; k < 3; k++)
                    x[i][k] = 0.5 + rng_sym(&seed, 0.5);
            ccd_qp2 qp;
            double sol[2], pa[3], pb[3];
            if (kind)
                ccd_qp2_edge_edge(&qp, x, 0);
            else
                ccd_qp2_vertex_face(&qp, x);
            ccd_qp2_interior_point(sol, &qp, 1e-10, 100);
            ccd_qp2_witness(pa, pb, kind, x, sol);
            mpq_t q[4][3], d2, ca[3], cb[3], st[2];
            mpq_inits(d2, ca[0], ca[1], ca[2], cb[0], cb[1], cb[2], st[0], st[1], NULL);
            for (int i = 0; i < 4; i++)
                for (int k = 0; k < 3; k++)
                    mpq_init(q[i][k]), mpq_set_d(q[i][k], x[i][k]);
            if (kind)
                ccd_exact_segment_segment(d2, ca, cb, st, q[0], q[1], q[2], q[3]);
            else
                ccd_exact_point_triangle(d2, cb, st, q[0], q[1], q[2], q[3]);
            double d = sqrt(mpq_get_d(d2));
            double dd[3] = {pa[0] - pb[0], pa[1] - pb[1], pa[2] - pb[2]};
            ck_assert_msg(fabs(norm(dd) - d) < 1e-5, "kind %d pair %d: ip distance %g, exact %g",
                          kind, n, norm(dd), d);
            for (int i = 0; i < 4; i++)
                for (int k = 0; k < 3; k++)
                    mpq_clear(q[i][k]);
            mpq_clears(d2, ca[0], ca[1], ca[2], cb[0], cb[1], cb[2], st[0], st[1], NULL);
        }
}
END_TEST

static Suite *sdf_suite(void)
{
    Suite *s = suite_create("contact_sdf");
    TCase *tc = tcase_create("sdf");
    tcase_add_test(tc, test_sphere_is_exact);
    tcase_add_test(tc, test_superquadric_properties);
    tcase_add_test(tc, test_superquadric_normal_far);
    tcase_add_test(tc, test_point_cloud_plane);
    tcase_add_test(tc, test_point_cloud_sphere);
    tcase_add_test(tc, test_sphere_trace_exact);
    tcase_add_test(tc, test_polyhedron);
    tcase_add_test(tc, test_union_and_subtraction);
    tcase_add_test(tc, test_signed_distances_and_indicators);
    tcase_add_test(tc, test_interior_point_matches_exact);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(sdf_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
