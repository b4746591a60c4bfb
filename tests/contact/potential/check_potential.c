/* SPDX-License-Identifier: MIT */
/* The long-range contact potential of Ye, Wu, Komura and Pan, "Efficient
 * Differentiable Contact Model with Long-Range Influence": exact triangle term,
 * centred closed form, smoothstep, hierarchy and brute force, meshes. */
#include <config.h>

#include <check.h>
#include <glob.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/potential.h"
#include "contact/potential/potential_internal.h"
#include "contact/potential/potential_reference.h"
#include "contact/potential/potential_voronoi.h"
#include "test_support.h"

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

/* A random triangle around c with vertices within `size`. */
static void random_triangle(double t[9], uint64_t *s, const double c[3], double size)
{
    for (int k = 0; k < 9; k++)
        t[k] = c[k % 3] + rng_sym(s, size);
}

static double rel(double x, double ref)
{
    return fabs(x - ref) / fmax(fabs(ref), 1e-300);
}

START_TEST(test_coincident_vertices_give_the_closed_form)
{
    /* Each "triangle" is one point: P = 12 (1 + r^-1/2)², ‖n*‖ = 1/(1 + √r), midplane. */
    const double r[3] = {1, 4, 9}, want[3] = {48, 27, 64.0 / 3};
    for (int i = 0; i < 3; i++) {
        double a[9], b[9], P, plane[4], pc[3];
        for (int k = 0; k < 3; k++) {
            a[3 * k] = 0.3 + r[i], a[3 * k + 1] = -0.2, a[3 * k + 2] = 0.7;
            b[3 * k] = 0.3, b[3 * k + 1] = -0.2, b[3 * k + 2] = 0.7;
        }
        ck_assert_int_eq(ccd_potential_triangles(&P, NULL, NULL, plane, a, b), CCD_POTENTIAL_OK);
        ccd_potential_centred(pc, r[i]);
        ck_assert_double_le(rel(P, want[i]), 1e-12);
        ck_assert_double_le(rel(pc[0], want[i]), 1e-15);
        double s = sqrt(plane[0] * plane[0] + plane[1] * plane[1] + plane[2] * plane[2]);
        ck_assert_double_le(rel(s, 1 / (1 + sqrt(r[i]))), 1e-8);
        double mid = plane[0] * (0.3 + r[i] / 2) - 0.2 * plane[1] + 0.7 * plane[2] + plane[3];
        ck_assert_double_le(fabs(mid), 1e-10);
    }
}
END_TEST

START_TEST(test_bounds_on_random_separated_pairs)
{
    uint64_t s = 0x9e3779b97f4a7c15ULL;
    for (int n = 0; n < 300; n++) {
        double ca[3] = {1.5 + rng_sym(&s, 1), rng_sym(&s, 1), rng_sym(&s, 1)}, cb[3] = {0, 0, 0};
        double a[9], b[9], P, pc[3];
        random_triangle(a, &s, ca, 0.5);
        random_triangle(b, &s, cb, 0.5);
        ccd_potential_status st = ccd_potential_triangles(&P, NULL, NULL, NULL, a, b);
        if (st == CCD_POTENTIAL_CONTACT) {
            ck_assert(isinf(P) && P > 0);
            continue;
        }
        ck_assert_int_eq(st, CCD_POTENTIAL_OK);
        double d[3], r = 0;
        for (int c = 0; c < 3; c++) {
            d[c] = (a[c] + a[3 + c] + a[6 + c] - b[c] - b[3 + c] - b[6 + c]) / 3;
            r += d[c] * d[c];
        }
        ccd_potential_centred(pc, sqrt(r));
        ck_assert_double_gt(P, 12);
        ck_assert_double_le(pc[0], P * (1 + 1e-14)); /* Jensen: 1/g is convex */
    }
}
END_TEST

START_TEST(test_contact_is_infinite_never_nan)
{
    double a[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    double pierce[9] = {0.2, 0.2, -1, 0.2, 0.2, 1, 0.5, 0.3, 1};   /* crosses a */
    double touch[9] = {1, 0, 0, 2, 0, 0, 2, 1, 0};                 /* shares a vertex */
    double coplanar[9] = {0.1, 0.1, 0, 2, 0.1, 0, 0.1, 2, 0};     /* overlaps in-plane */
    const double *b[3] = {pierce, touch, coplanar};
    for (int i = 0; i < 3; i++) {
        double P = 0, g[18] = {0};
        ck_assert_int_eq(ccd_potential_triangles(&P, g, NULL, NULL, a, b[i]),
                         CCD_POTENTIAL_CONTACT);
        ck_assert(isinf(P) && P > 0);
        for (int k = 0; k < 18; k++)
            ck_assert(!isnan(g[k]));
    }
    /* 1/gap growth near contact: P · gap tends to a constant as gap → 0. */
    double prev = 0;
    for (int e = 3; e <= 7; e++) {
        double gap = pow(10, -e), c[9], P;
        for (int k = 0; k < 9; k++)
            c[k] = a[k] + (k % 3 == 2 ? gap : 0);
        /* c is a lifted copy of a: parallel faces at distance gap */
        ck_assert_int_eq(ccd_potential_triangles(&P, NULL, NULL, NULL, c, a), CCD_POTENTIAL_OK);
        if (prev > 0)
            ck_assert_double_le(rel(P * gap, prev), 0.1);
        prev = P * gap;
    }
}
END_TEST

/* P at a + h e_k (k < 9) or b + h e_{k−9}. */
static double shifted(const double a[9], const double b[9], int k, double h)
{
    double x[18], P;
    memcpy(x, a, 9 * sizeof *a);
    memcpy(x + 9, b, 9 * sizeof *b);
    x[k] += h;
    ccd_potential_triangles(&P, NULL, NULL, NULL, x, x + 9);
    return P;
}

START_TEST(test_gradient_and_hessian_against_central_differences)
{
    uint64_t s = 0x1234567ULL;
    int checked = 0;
    while (checked < 20) {
        double ca[3] = {1.2 + rng_sym(&s, 0.5), rng_sym(&s, 0.5), rng_sym(&s, 0.5)},
               cb[3] = {0, 0, 0};
        double a[9], b[9], P, g[18], H[324];
        random_triangle(a, &s, ca, 0.4);
        random_triangle(b, &s, cb, 0.4);
        if (ccd_potential_triangles(&P, g, H, NULL, a, b) != CCD_POTENTIAL_OK)
            continue;
        checked++;
        double gmax = 0, hmax = 0;
        for (int k = 0; k < 18; k++)
            gmax = fmax(gmax, fabs(g[k]));
        for (int k = 0; k < 324; k++)
            hmax = fmax(hmax, fabs(H[k]));
        const double h = 1e-5;
        for (int k = 0; k < 18; k++) {
            double fd = (shifted(a, b, k, h) - shifted(a, b, k, -h)) / (2 * h);
            ck_assert_double_le(fabs(fd - g[k]), 1e-6 * gmax + 1e-9 * P);
            double x[18], gp[18], gm[18], Pp;
            memcpy(x, a, sizeof(double[9]));
            memcpy(x + 9, b, sizeof(double[9]));
            x[k] += h;
            ccd_potential_triangles(&Pp, gp, NULL, NULL, x, x + 9);
            x[k] -= 2 * h;
            ccd_potential_triangles(&Pp, gm, NULL, NULL, x, x + 9);
            for (int j = 0; j < 18; j++)
                ck_assert_double_le(fabs((gp[j] - gm[j]) / (2 * h) - H[18 * k + j]), 1e-5 * hmax);
        }
        for (int i = 0; i < 18; i++)
            for (int j = 0; j < i; j++)
                ck_assert_double_le(fabs(H[18 * i + j] - H[18 * j + i]), 1e-10 * hmax);
    }
}
END_TEST

START_TEST(test_symmetry_invariance_and_optimality)
{
    uint64_t s = 0xabcdefULL;
    int checked = 0;
    while (checked < 50) {
        double ca[3] = {1.3 + rng_sym(&s, 0.3), rng_sym(&s, 0.5), rng_sym(&s, 0.5)},
               cb[3] = {0, 0, 0};
        double a[9], b[9], P, g[18], plane[4];
        random_triangle(a, &s, ca, 0.4);
        random_triangle(b, &s, cb, 0.4);
        if (ccd_potential_triangles(&P, g, NULL, plane, a, b) != CCD_POTENTIAL_OK)
            continue;
        checked++;
        /* swap: same value, plane (−n, −d) */
        double Ps, ps[4];
        ck_assert_int_eq(ccd_potential_triangles(&Ps, NULL, NULL, ps, b, a), CCD_POTENTIAL_OK);
        ck_assert_double_le(rel(Ps, P), 1e-12);
        for (int c = 0; c < 4; c++)
            ck_assert_double_le(fabs(ps[c] + plane[c]), 1e-8 * (1 + fabs(plane[c])));
        /* vertex order */
        double ar[9] = {a[6], a[7], a[8], a[0], a[1], a[2], a[3], a[4], a[5]}, Po;
        ccd_potential_triangles(&Po, NULL, NULL, NULL, ar, b);
        ck_assert_double_le(rel(Po, P), 1e-12);
        /* a common rigid motion */
        ccd_pose q;
        double v[6] = {3, -1, 2, 0.4, -0.9, 1.3};
        ccd_pose_from_vector(&q, v);
        double am[9], bm[9], Pm;
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < 3; i++) {
                am[3 * k + i] = q.pos[i], bm[3 * k + i] = q.pos[i];
                for (int j = 0; j < 3; j++) {
                    am[3 * k + i] += q.rot[i][j] * a[3 * k + j];
                    bm[3 * k + i] += q.rot[i][j] * b[3 * k + j];
                }
            }
        ccd_potential_triangles(&Pm, NULL, NULL, NULL, am, bm);
        ck_assert_double_le(rel(Pm, P), 1e-10);
        /* forces sum to zero; Σ 1/g² = Σ 1/h²; forces along n, pushing a along +n */
        double gmax = 0, sum[3] = {0, 0, 0}, wg = 0, wh = 0;
        for (int k = 0; k < 6; k++)
            for (int c = 0; c < 3; c++) {
                sum[c] += g[3 * k + c];
                gmax = fmax(gmax, fabs(g[3 * k + c]));
            }
        for (int c = 0; c < 3; c++)
            ck_assert_double_le(fabs(sum[c]), 1e-9 * gmax);
        for (int k = 0; k < 3; k++) {
            double ga = plane[0] * a[3 * k] + plane[1] * a[3 * k + 1] + plane[2] * a[3 * k + 2] +
                        plane[3];
            double hb = -(plane[0] * b[3 * k] + plane[1] * b[3 * k + 1] + plane[2] * b[3 * k + 2] +
                          plane[3]);
            wg += 1 / (ga * ga), wh += 1 / (hb * hb);
            double fdotn = -(g[3 * k] * plane[0] + g[3 * k + 1] * plane[1] + g[3 * k + 2] * plane[2]);
            ck_assert_double_gt(fdotn, 0);
        }
        ck_assert_double_le(rel(wg, wh), 1e-9);
        /* the rest of the optimality residual, ∇_n L = 12/(1 − s)² u − Σ a_k/g_k²
         * + Σ b_k/h_k², against the size of its terms */
        double sn = sqrt(plane[0] * plane[0] + plane[1] * plane[1] + plane[2] * plane[2]);
        for (int c = 0; c < 3; c++) {
            double norm_term = 12 / ((1 - sn) * (1 - sn)) * plane[c] / sn, r = norm_term,
                   scale = fabs(norm_term);
            for (int k = 0; k < 3; k++) {
                double ga = plane[0] * a[3 * k] + plane[1] * a[3 * k + 1] +
                            plane[2] * a[3 * k + 2] + plane[3];
                double hb = -(plane[0] * b[3 * k] + plane[1] * b[3 * k + 1] +
                              plane[2] * b[3 * k + 2] + plane[3]);
                r += -a[3 * k + c] / (ga * ga) + b[3 * k + c] / (hb * hb);
                scale += fabs(a[3 * k + c]) / (ga * ga) + fabs(b[3 * k + c]) / (hb * hb);
            }
            ck_assert_double_le(fabs(r), 1e-9 * scale);
        }
    }
}
END_TEST

START_TEST(test_non_vanishing_at_long_range)
{
    const double r[3] = {1e3, 1e4, 1e6};
    for (int i = 0; i < 3; i++) {
        double pc[3], a[9], b[9], P, g[18];
        ccd_potential_centred(pc, r[i]);
        ck_assert_double_le(rel(-pc[1], 12 * pow(r[i], -1.5)), 1.1 / sqrt(r[i]));
        ck_assert_double_gt(-pc[1], 0);
        for (int k = 0; k < 9; k++)
            a[k] = k % 3 == 0 ? r[i] : 0, b[k] = 0;
        ck_assert_int_eq(ccd_potential_triangles(&P, g, NULL, NULL, a, b), CCD_POTENTIAL_OK);
        double dPdr = g[0] + g[3] + g[6];
        ck_assert_double_le(rel(dPdr, pc[1]), 1e-8);
    }
    /* P_c strictly decreasing, and its derivatives match central differences */
    for (double x = 0.05; x < 50; x *= 1.7) {
        double lo[3], mid[3], hi[3], h = 1e-6 * x;
        ccd_potential_centred(lo, x - h);
        ccd_potential_centred(mid, x);
        ccd_potential_centred(hi, x + h);
        ck_assert_double_lt(hi[0], lo[0]);
        ck_assert_double_le(rel((hi[0] - lo[0]) / (2 * h), mid[1]), 1e-7);
        ck_assert_double_le(rel((hi[1] - lo[1]) / (2 * h), mid[2]), 1e-7);
    }
}
END_TEST

START_TEST(test_smoothstep_is_c2_at_its_ends)
{
    double lo[3], hi[3], in[3];
    for (int e = 0; e <= 1; e++) {
        ccd_potential_smoothstep(lo, e - 1e-9);
        ccd_potential_smoothstep(hi, e + 1e-9);
        ccd_potential_smoothstep(in, e);
        for (int k = 0; k < 3; k++) {
            ck_assert_double_le(fabs(lo[k] - hi[k]), 1e-7);
            ck_assert_double_le(fabs(in[k] - (k == 0 ? e : 0)), 0);
        }
    }
    for (double u = 0.01; u < 1; u += 0.07) {
        double a[3], b[3], m[3], h = 1e-6;
        ccd_potential_smoothstep(a, u - h);
        ccd_potential_smoothstep(b, u + h);
        ccd_potential_smoothstep(m, u);
        ck_assert_double_le(fabs((b[0] - a[0]) / (2 * h) - m[1]), 1e-8);
        ck_assert_double_le(fabs((b[1] - a[1]) / (2 * h) - m[2]), 1e-7);
    }
}
END_TEST

/* Two boxes (grid n) or spheres, B at the origin and A along x at distance dx. */
static void two_bodies(ccd_mesh m[2], ccd_bsh *h[2], int sphere)
{
    ccd_error err;
    double half[3] = {0.5, 0.4, 0.3};
    for (int i = 0; i < 2; i++) {
        ccd_status st = sphere ? ccd_mesh_sphere(&m[i], &err, 0.5, 8) : ccd_mesh_box(&m[i], &err, half, 1);
        ck_assert_int_eq(st, CCD_OK);
        ck_assert_int_eq(ccd_bsh_build(&h[i], &err, &m[i]), CCD_OK);
    }
}

static void pose_at(ccd_pose *p, double x, double y, double z, double wx, double wy, double wz)
{
    double v[6] = {x, y, z, wx, wy, wz};
    ccd_pose_from_vector(p, v);
}

START_TEST(test_hierarchy_tends_to_brute_force_and_is_bounded)
{
    ccd_mesh m[2];
    ccd_bsh *h[2];
    two_bodies(m, h, 1);
    ccd_pose pa, pb;
    pose_at(&pa, 1.6, 0.2, -0.1, 0.3, 0.2, 0.1);
    pose_at(&pb, 0, 0, 0, -0.2, 0.5, 0);
    ccd_potential_total brute, bsh, prev = {0};
    ck_assert_int_eq(ccd_potential_brute(&brute, &m[0], &pa, &m[1], &pb, 0), CCD_POTENTIAL_OK);
    ck_assert_uint_eq(brute.exact_pairs, m[0].ntriangles * m[1].ntriangles);
    double pc[3];
    ccd_potential_centred(pc, 1.6 * sqrt(1 + 0.2 * 0.2 / 2.56 + 0.01 / 2.56));
    for (double eps = 0.1; eps <= 1e7; eps *= 10) {
        ck_assert_int_eq(ccd_potential_bsh(&bsh, h[0], &pa, h[1], &pb, eps, 0), CCD_POTENTIAL_OK);
        /* P_c(roots) ≤ P_BSH ≤ brute force, and nearer to it as ε grows */
        ck_assert_double_le(bsh.value, brute.value * (1 + 1e-12));
        if (prev.value > 0)
            ck_assert_double_ge(bsh.value, prev.value * (1 - 1e-12));
        prev = bsh;
    }
    ck_assert_double_le(rel(bsh.value, brute.value), 1e-12);
    for (int k = 0; k < 12; k++)
        ck_assert_double_le(fabs(bsh.grad[k] - brute.grad[k]), 1e-9 * fabs(brute.value));
    ck_assert_double_gt(prev.value, 12.0); /* the root pair's floor */
    for (int i = 0; i < 2; i++)
        ccd_bsh_free(h[i]), ccd_mesh_free(&m[i]);
}
END_TEST

START_TEST(test_hierarchy_pose_derivatives_against_central_differences)
{
    ccd_mesh m[2];
    ccd_bsh *h[2];
    two_bodies(m, h, 0);
    ccd_pose pose[2];
    pose_at(&pose[0], 1.35, 0.3, 0.2, 0.3, -0.4, 0.2);
    pose_at(&pose[1], 0, 0, 0, 0.1, 0.2, -0.3);
    const double eps_list[3] = {0.3, 1, 1e3};
    for (int e = 0; e < 3; e++) {
        ccd_potential_total t;
        ck_assert_int_eq(ccd_potential_bsh(&t, h[0], &pose[0], h[1], &pose[1], eps_list[e], 1),
                         CCD_POTENTIAL_OK);
        ck_assert_uint_gt(t.exact_pairs, 0);
        double gmax = 0, hmax = 0;
        for (int k = 0; k < 12; k++)
            gmax = fmax(gmax, fabs(t.grad[k]));
        for (int k = 0; k < 144; k++)
            hmax = fmax(hmax, fabs(t.hess[k]));
        for (int k = 0; k < 3; k++) /* forces sum to zero */
            ck_assert_double_le(fabs(t.grad[k] + t.grad[6 + k]), 1e-9 * gmax);
        const double step = 1e-5;
        for (int k = 0; k < 12; k++) {
            ccd_potential_total tp, tm;
            ccd_pose q[2] = {pose[0], pose[1]};
            double d[6] = {0};
            d[k % 6] = step;
            ccd_pose_perturb(&q[k / 6], &pose[k / 6], d);
            ccd_potential_bsh(&tp, h[0], &q[0], h[1], &q[1], eps_list[e], 0);
            d[k % 6] = -step;
            ccd_pose_perturb(&q[k / 6], &pose[k / 6], d);
            ccd_potential_bsh(&tm, h[0], &q[0], h[1], &q[1], eps_list[e], 0);
            ck_assert_double_le(fabs((tp.value - tm.value) / (2 * step) - t.grad[k]),
                                1e-5 * gmax);
        }
        /* Hessian: second central differences of the value */
        for (int k = 0; k < 12; k++)
            for (int j = 0; j <= k; j++) {
                double v[4];
                for (int sgn = 0; sgn < 4; sgn++) {
                    ccd_pose q[2] = {pose[0], pose[1]};
                    double d[2][6] = {{0}};
                    d[k / 6][k % 6] += (sgn & 1 ? -1 : 1) * 1e-4;
                    d[j / 6][j % 6] += (sgn & 2 ? -1 : 1) * 1e-4;
                    for (int b = 0; b < 2; b++)
                        ccd_pose_perturb(&q[b], &pose[b], d[b]);
                    ccd_potential_total tt;
                    ccd_potential_bsh(&tt, h[0], &q[0], h[1], &q[1], eps_list[e], 0);
                    v[sgn] = tt.value;
                }
                double fd = (v[0] - v[1] - v[2] + v[3]) / (4e-8);
                ck_assert_double_le(fabs(fd - t.hess[12 * k + j]), 1e-3 * hmax);
                ck_assert_double_le(fabs(t.hess[12 * k + j] - t.hess[12 * j + k]), 1e-9 * hmax);
            }
    }
    for (int i = 0; i < 2; i++)
        ccd_bsh_free(h[i]), ccd_mesh_free(&m[i]);
}
END_TEST

/* ---------------------------------------------------------------- MPFR references */

START_TEST(test_triangle_derivatives_against_mpfr_central_differences)
{
    /* Random separated pairs from far to nearly touching (gap down to ~1e-3 of
     * the size): the envelope gradient and the implicit-function Hessian against
     * central differences of a 256-bit solve. */
    uint64_t s = 0x51ed270b27f1ULL;
    double gworst = 0, hworst = 0, vworst = 0;
    int checked = 0;
    for (int n = 0; checked < 12 && n < 200; n++) {
        double sep = n % 3 == 0 ? 0.85 : n % 3 == 1 ? 1.2 : 4;
        double ca[3] = {sep + rng_sym(&s, 0.1), rng_sym(&s, 0.3), rng_sym(&s, 0.3)},
               cb[3] = {0, 0, 0};
        double a[9], b[9], P, g[18], H[324], Pr, gr[18], Hr[324];
        random_triangle(a, &s, ca, 0.4);
        random_triangle(b, &s, cb, 0.4);
        if (ccd_potential_triangles(&P, g, H, NULL, a, b) != CCD_POTENTIAL_OK)
            continue;
        ck_assert_int_eq(ccd_potential_triangles_reference(&Pr, gr, Hr, a, b,
                                                           CCD_POTENTIAL_REFERENCE_STEP),
                         CCD_POTENTIAL_OK);
        checked++;
        vworst = fmax(vworst, rel(P, Pr));
        gworst = fmax(gworst, ccd_reference_error(g, gr, 18));
        hworst = fmax(hworst, ccd_reference_error(H, Hr, 324));
    }
    ck_assert_int_eq(checked, 12);
    fprintf(stderr, "triangles vs MPFR: value %.2e gradient %.2e Hessian %.2e\n", vworst, gworst,
            hworst);
    ck_assert_double_le(vworst, 1e-13);
    ck_assert_double_le(gworst, 1e-12);
    ck_assert_double_le(hworst, 1e-11);
}
END_TEST

START_TEST(test_centred_derivatives_against_mpfr_central_differences)
{
    const double r[6] = {1e-3, 0.25, 1, 7.5, 1e3, 1e6};
    for (int i = 0; i < 6; i++) {
        double d[3], ref[3];
        ccd_potential_centred(d, r[i]);
        ccd_potential_centred_reference(ref, r[i], 0x1p-40 * r[i]);
        for (int k = 0; k < 3; k++)
            ck_assert_double_le(rel(d[k], ref[k]), 1e-14);
    }
}
END_TEST

/* A mesh of one triangle (borrowing the arrays). */
static ccd_mesh one_triangle(double *v, uint32_t *t)
{
    t[0] = 0, t[1] = 1, t[2] = 2;
    return (ccd_mesh){.nvertices = 3, .ntriangles = 1, .vertices = v, .triangles = t};
}

/* The pose derivatives of a hierarchy total against the 256-bit reference;
 * returns the worst relative errors of the gradient and the Hessian. */
static void total_against_reference(double worst[2], ccd_bsh *const h[2], const ccd_pose pose[2],
                                    double eps, int want_blend)
{
    ccd_potential_total t;
    ck_assert_int_eq(ccd_potential_bsh(&t, h[0], &pose[0], h[1], &pose[1], eps, 1),
                     CCD_POTENTIAL_OK);
    double v, g[12], H[144];
    ck_assert_int_eq(ccd_potential_bsh_reference(&v, g, H, h[0], &pose[0], h[1], &pose[1], eps,
                                                 CCD_POTENTIAL_REFERENCE_STEP),
                     CCD_POTENTIAL_OK);
    ck_assert_double_le(rel(t.value, v), 1e-13);
    if (want_blend)
        ck_assert_uint_gt(t.centred_pairs, 0);
    worst[0] = fmax(worst[0], ccd_reference_error(t.grad, g, 12));
    worst[1] = fmax(worst[1], ccd_reference_error(t.hess, H, 144));
}

START_TEST(test_blended_pairs_against_mpfr_central_differences)
{
    /* Two single triangles whose centres lie inside the blend zone d₁ < r < d₂ of
     * their (leaf) pair, at several points of it, turned: the blend of Eq. 4 with
     * the exact term, and its pose chain rule, against the 256-bit reference. */
    double va[9] = {0, 0, 0, 0.6, 0.1, 0, 0.1, 0.5, 0.2}, vb[9] = {0, 0, 0, 0.5, -0.1, 0.1, 0, 0.4, -0.3};
    uint32_t ta[3], tb[3];
    ccd_mesh m[2] = {one_triangle(va, ta), one_triangle(vb, tb)};
    ccd_bsh *h[2];
    ccd_error err;
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(ccd_bsh_build(&h[i], &err, &m[i]), CCD_OK);
    double worst[2] = {0, 0};
    const double eps = 0.5;
    for (int k = 1; k <= 4; k++) {
        /* centre distance d₁ (1 + ε k/5) along a slanted direction */
        ccd_pose pose[2];
        pose_at(&pose[1], 0, 0, 0, 0.2, -0.1, 0.3);
        pose_at(&pose[0], 0, 0, 0, -0.3, 0.2, 0.1);
        double ca[3], cb[3], d1 = 0;
        /* world centres at zero translation: R c (c = vertex mean) */
        for (int i = 0; i < 3; i++) {
            ca[i] = cb[i] = 0;
            for (int j = 0; j < 3; j++) {
                double xa = (va[j] + va[3 + j] + va[6 + j]) / 3, xb = (vb[j] + vb[3 + j] + vb[6 + j]) / 3;
                ca[i] += pose[0].rot[i][j] * xa;
                cb[i] += pose[1].rot[i][j] * xb;
            }
        }
        for (int s = 0; s < 2; s++) {
            const double *v = s ? vb : va;
            double c[3] = {(v[0] + v[3] + v[6]) / 3, (v[1] + v[4] + v[7]) / 3,
                           (v[2] + v[5] + v[8]) / 3}, R = 0;
            for (int q = 0; q < 3; q++)
                R = fmax(R, sqrt(pow(v[3 * q] - c[0], 2) + pow(v[3 * q + 1] - c[1], 2) +
                                 pow(v[3 * q + 2] - c[2], 2)));
            d1 += R;
        }
        double dir[3] = {0.8, 0.36, 0.48}, r = d1 * (1 + eps * k / 5.0);
        for (int i = 0; i < 3; i++)
            pose[0].pos[i] = cb[i] - ca[i] + r * dir[i];
        total_against_reference(worst, h, pose, eps, 1);
    }
    fprintf(stderr, "blended leaf pair vs MPFR: gradient %.2e Hessian %.2e\n", worst[0], worst[1]);
    ck_assert_double_le(worst[0], 1e-12);
    ck_assert_double_le(worst[1], 1e-11);
    for (int i = 0; i < 2; i++)
        ccd_bsh_free(h[i]);
}
END_TEST

START_TEST(test_hierarchy_totals_against_mpfr_central_differences)
{
    /* Boxes and spheres, turned, at distances where node pairs are near, blended
     * and far; ε finite and ε = ∞ (the brute-force sum). */
    double worst[2] = {0, 0};
    /* The spheres' 2304 exact pairs take 9/10 of the time: the full tier alone; the
     * boxes have exact, centred and blended pairs and ε = ∞ as well. */
    for (int sphere = 0; sphere < (test_full_tier() ? 2 : 1); sphere++) {
        ccd_mesh m[2];
        ccd_bsh *h[2];
        two_bodies(m, h, sphere);
        ccd_pose pose[2];
        pose_at(&pose[0], sphere ? 1.3 : 1.35, 0.3, 0.2, 0.3, -0.4, 0.2);
        pose_at(&pose[1], 0, 0, 0, 0.1, 0.2, -0.3);
        /* 337 evaluations each: the spheres at ε = 0.3 only (32 exact and 625
         * centred pairs, blends at every level), the boxes at ε = 0.3, ∞ and, in the
         * full tier, 1 (144 exact pairs each, against the spheres' 2304) */
        /* the fast tier keeps ε = 0.3 (exact, centred and blended pairs) and ε = ∞
         * (the brute-force sum); ε = 1 is the same three kinds of pair again */
        const double eps_list[3] = {0.3, INFINITY, 1};
        const int boxes_eps = test_full_tier() ? 3 : 2;
        for (int e = 0; e < (sphere ? 1 : boxes_eps); e++)
            total_against_reference(worst, h, pose, eps_list[e], e != 1);
        for (int i = 0; i < 2; i++)
            ccd_bsh_free(h[i]), ccd_mesh_free(&m[i]);
    }
    fprintf(stderr, "hierarchy totals vs MPFR: gradient %.2e Hessian %.2e\n", worst[0], worst[1]);
    ck_assert_double_le(worst[0], 1e-12);
    ck_assert_double_le(worst[1], 1e-11);
}
END_TEST

START_TEST(test_node_pairs_satisfy_lemma_a3)
{
    /* For every node pair whose spheres are apart (r ≥ R_I + R_J):
     * P_c ≤ P_BSH ≤ P_d₁ (Lemma A.3), on boxes and spheres at several poses. */
    unsigned long long checked = 0;
    for (int sphere = 0; sphere < 2; sphere++) {
        ccd_mesh m[2];
        ccd_bsh *h[2];
        two_bodies(m, h, sphere);
        const double xs[3] = {1.4, 1.8, 3}, eps_list[2] = {0.2, 1};
        for (int p = 0; p < 3; p++)
            for (int e = 0; e < 2; e++) {
                ccd_pose pose[2];
                pose_at(&pose[0], xs[p], 0.2, -0.1, 0.3, -0.4, 0.2);
                pose_at(&pose[1], 0, 0, 0, 0.1, 0.2, -0.3);
                for (size_t i = 0; i < ccd_bsh_nodes(h[0]); i++)
                    for (size_t j = 0; j < ccd_bsh_nodes(h[1]); j++) {
                        double t[3], r, d1;
                        ccd_potential_status st = ccd_bsh_node_pair(
                            t, &r, &d1, h[0], &pose[0], (int32_t)i, h[1], &pose[1], (int32_t)j,
                            eps_list[e]);
                        if (!(r >= d1))
                            continue;
                        ck_assert_int_eq(st, CCD_POTENTIAL_OK);
                        ck_assert_double_le(t[0], t[1] * (1 + 1e-14));
                        ck_assert_double_le(t[1], t[2] * (1 + 1e-14));
                        checked++;
                    }
            }
        for (int i = 0; i < 2; i++)
            ccd_bsh_free(h[i]), ccd_mesh_free(&m[i]);
    }
    ck_assert_uint_gt(checked, 10000);
}
END_TEST

/* The largest relative jump of P, ∇P and ∇²P of the root pair between the
 * centre distances at − s and at + s along the centre line. */
static void root_jump(double jump[3], ccd_bsh *const h[2], const ccd_pose *pb, double at, double s,
                      double eps)
{
    ccd_potential_total t[2];
    for (int side = 0; side < 2; side++) {
        double d1, d2, r = at + (side ? s : -s);
        ccd_bsh_switch(&d1, &d2, &h[0]->node[0], &h[1]->node[0], eps);
        ccd_pose pa;
        pose_at(&pa, 0, 0, 0, 0, 0, 0);
        /* centre of A's root at B's root centre + r (0.6, 0.8, 0) */
        const double dir[3] = {0.6, 0.8, 0};
        for (int c = 0; c < 3; c++)
            pa.pos[c] = h[1]->node[0].c[c] - h[0]->node[0].c[c] + r * dir[c];
        ck_assert_int_eq(ccd_potential_bsh(&t[side], h[0], &pa, h[1], pb, eps, 1),
                         CCD_POTENTIAL_OK);
    }
    double g = 0, H = 0;
    for (int k = 0; k < 12; k++)
        g = fmax(g, fabs(t[0].grad[k]));
    for (int k = 0; k < 144; k++)
        H = fmax(H, fabs(t[0].hess[k]));
    jump[0] = rel(t[1].value, t[0].value);
    jump[1] = ccd_reference_error(t[1].grad, t[0].grad, 12);
    jump[2] = ccd_reference_error(t[1].hess, t[0].hess, 144);
}

START_TEST(test_value_gradient_and_hessian_are_continuous_across_the_switches)
{
    /* The root pair of two single triangles (exact ↔ blend ↔ closed form) and of
     * two boxes (sum over child pairs ↔ blend ↔ closed form, d₂ being the cut of
     * the recursion): P, ∇P and ∇²P jump by O(s) across d₁ and d₂, so the jumps
     * shrink tenfold when s does. */
    double va[9] = {0, 0, 0, 0.6, 0.1, 0, 0.1, 0.5, 0.2}, vb[9] = {0, 0, 0, 0.5, -0.1, 0.1, 0, 0.4, -0.3};
    uint32_t ta[3], tb[3];
    ccd_mesh one[2] = {one_triangle(va, ta), one_triangle(vb, tb)}, box[2];
    ccd_bsh *h1[2], *h2[2];
    ccd_error err;
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(ccd_bsh_build(&h1[i], &err, &one[i]), CCD_OK);
    two_bodies(box, h2, 0);
    ccd_pose pb;
    pose_at(&pb, 0, 0, 0, 0, 0, 0);
    const double eps = 0.5;
    for (int body = 0; body < 2; body++) {
        ccd_bsh *const *h = body ? h2 : h1;
        double d1, d2;
        ccd_bsh_switch(&d1, &d2, &h[0]->node[0], &h[1]->node[0], eps);
        const double at[2] = {d1, d2};
        for (int w = 0; w < 2; w++) {
            if (body == 1 && w == 0)
                continue; /* boxes at d₁: their hulls touch within R_I + R_J */
            /* a jump J would stay ≥ J; O(s) shrinks tenfold with s */
            double prev[3] = {0, 0, 0};
            for (int e10 = 4; e10 <= 6; e10++) {
                double jump[3];
                root_jump(jump, h, &pb, at[w], pow(10, -e10) * d1, eps);
                for (int k = 0; k < 3; k++) {
                    if (e10 > 4)
                        ck_assert_double_le(jump[k], 0.2 * prev[k] + 1e-12);
                    prev[k] = jump[k];
                }
            }
        }
    }
    for (int i = 0; i < 2; i++)
        ccd_bsh_free(h1[i]), ccd_bsh_free(h2[i]), ccd_mesh_free(&box[i]);
}
END_TEST

START_TEST(test_voronoi_example_is_c2_where_a_distance_has_a_kink)
{
    /* Appendix A.4: P″ is continuous at the region boundaries x = 1 and 2 (its
     * jump shrinks with s), where the point–segment distance's d″ jumps by 1. */
    for (int b = 1; b <= 2; b++) {
        double big[2], small[2];
        ccd_voronoi_jumps(big, b, 1e-3);
        ccd_voronoi_jumps(small, b, 1e-4);
        ck_assert_double_le(small[0], 1e-3);
        ck_assert_double_le(small[0], 0.2 * big[0]);
        ck_assert_double_ge(small[1], 0.99);
    }
    /* P′ and P″ from the envelope theorem and implicit functions against
     * central differences along the whole range */
    for (double x = 0.05; x < 3; x += 0.1) {
        ccd_voronoi_sample s, lo, hi;
        const double h = 1e-4;
        ck_assert_int_eq(ccd_voronoi_sample_at(&s, x), CCD_POTENTIAL_OK);
        ccd_voronoi_sample_at(&lo, x - h);
        ccd_voronoi_sample_at(&hi, x + h);
        ck_assert_double_le(fabs((hi.P[0] - lo.P[0]) / (2 * h) - s.P[1]), 1e-6 * fabs(s.P[0]));
        ck_assert_double_le(fabs((hi.P[1] - lo.P[1]) / (2 * h) - s.P[2]), 1e-6 * fabs(s.P[0]));
    }
}
END_TEST

START_TEST(test_hierarchy_is_smooth_and_monotone_along_a_pull)
{
    /* Pull A away along x through every switch of the recursion: the value
     * decreases strictly, and the gradient's x component (its derivative) has no
     * jump larger than O(step) between neighbouring samples. */
    ccd_mesh m[2];
    ccd_bsh *h[2];
    two_bodies(m, h, 1);
    ccd_pose pb;
    pose_at(&pb, 0, 0, 0, 0, 0, 0);
    /* A jump J in ∂²P/∂x² keeps the largest change between samples ≥ J whatever
     * the step; a continuous one makes it shrink with the step (O(step)). */
    double max_dH[2] = {0, 0};
    /* the fast tier samples at four times these steps: the same ratio of 4
     * between them, and a jump still stays while a continuous change shrinks */
    const double coarse = test_full_tier() ? 1e-3 : 4e-3;
    for (int pass = 0; pass < 2; pass++) {
        const double step = pass ? coarse / 4 : coarse;
        double prevP = INFINITY, prevG = 0, prevH = 0;
        for (double x = 1.05; x < 4; x += step) {
            ccd_pose pa;
            pose_at(&pa, x, 0.1, 0.05, 0, 0, 0);
            ccd_potential_total t;
            ck_assert_int_eq(ccd_potential_bsh(&t, h[0], &pa, h[1], &pb, 0.5, 1),
                             CCD_POTENTIAL_OK);
            ck_assert_double_lt(t.value, prevP);
            if (isfinite(prevP)) {
                ck_assert_double_le(fabs(t.grad[0] - prevG),
                                    2 * step * fmax(fabs(prevH), fabs(t.hess[0])) + 1e-9);
                max_dH[pass] = fmax(max_dH[pass], fabs(t.hess[0] - prevH));
            }
            prevP = t.value, prevG = t.grad[0], prevH = t.hess[0];
        }
    }
    ck_assert_double_ge(max_dH[0], 2.5 * max_dH[1]);
    for (int i = 0; i < 2; i++)
        ccd_bsh_free(h[i]), ccd_mesh_free(&m[i]);
}
END_TEST

/* ccd_pose_parse: the --pose-a text through the C API */
START_TEST(test_pose_parse)
{
    ccd_pose p;
    ccd_error err;
    ck_assert_int_eq(ccd_pose_parse(&p, &err, "pose", "2,0,0,0,1,-2,3e-320"), CCD_OK);
    ck_assert_double_eq(p.rot[0][0], 1);
    ck_assert_double_eq(p.pos[1], -2);
    ck_assert_double_eq(p.pos[2], 3e-320); /* a subnormal is a number */
    ck_assert_int_eq(ccd_pose_parse(&p, &err, "pose", "1,0,0,0,1,2,1e80"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "pose: at character 13: '1e80' (number 7 of W,X,Y,Z,PX,PY,PZ) "
                                  "is beyond 1e+75 in magnitude (the range of the contact "
                                  "routines' arithmetic)");
    ck_assert_int_eq(ccd_pose_parse(&p, &err, "pose", "0,0,0,0,1,2,3"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "pose: the quaternion is zero");
    ck_assert_int_eq(ccd_pose_parse(&p, &err, "pose", "1,0,0,0,1,2"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "pose: expected W,X,Y,Z,PX,PY,PZ (7 numbers), got '1,0,0,0,1,2'");
    ck_assert_int_eq(ccd_pose_parse(&p, &err, "pose", "1,nan,0,0,1,2,3"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message,
                     "pose: at character 3: 'nan' (number 2 of W,X,Y,Z,PX,PY,PZ) is not finite");
}
END_TEST

START_TEST(test_meshes_from_files_and_built_ins)
{
    ccd_error err;
    ccd_mesh m;
    double half[3] = {1, 1, 1};
    ck_assert_int_eq(ccd_mesh_box(&m, &err, half, 3), CCD_OK);
    ck_assert_uint_eq(m.ntriangles, 12 * 9);
    ccd_mesh_free(&m);
    ck_assert_int_eq(ccd_mesh_sphere(&m, &err, 1, 16), CCD_OK);
    ck_assert_uint_eq(m.ntriangles, 2 * 16 * 7);
    for (size_t v = 0; v < m.nvertices; v++) {
        const double *x = m.vertices + 3 * v;
        ck_assert_double_le(fabs(sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) - 1), 1e-15);
    }
    ccd_mesh_free(&m);
    char path[] = "/tmp/check_potential_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("# a quad\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//1 -1//1\n", f);
    fclose(f);
    ck_assert_int_eq(ccd_mesh_read(&m, &err, path), CCD_OK);
    ck_assert_uint_eq(m.ntriangles, 2);
    ck_assert_uint_eq(m.triangles[5], 3);
    ccd_mesh_free(&m);
    f = fopen(path, "w");
    fputs("OFF\n4 1 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n", f);
    fclose(f);
    ck_assert_int_eq(ccd_mesh_read(&m, &err, path), CCD_OK);
    ck_assert_uint_eq(m.ntriangles, 2);
    ccd_mesh_free(&m);
    f = fopen(path, "w");
    fputs("v 0 0 0\nv 1 0 0\nf 1 2 7\n", f);
    fclose(f);
    ck_assert_int_eq(ccd_mesh_read(&m, &err, path), CCD_ERR_INPUT);
    char want[512];
    snprintf(want, sizeof want, "%s:3:7: vertex index out of range", path);
    ck_assert_str_eq(err.message, want);
    remove(path);
}
END_TEST

/* ------------------------------------------------------------------ PLY */

/* A file being built: bytes, and values in either byte order. */
typedef struct ply_bytes {
    unsigned char data[4096];
    size_t n;
} ply_bytes;

static void ply_text(ply_bytes *b, const char *s)
{
    size_t k = strlen(s);
    ck_assert_uint_le(b->n + k, sizeof b->data);
    memcpy(b->data + b->n, s, k);
    b->n += k;
}

/* The n bytes of *v, most significant first when big. */
static void ply_put(ply_bytes *b, const void *v, size_t n, int big)
{
    const uint16_t one = 1;
    unsigned char host_little;
    memcpy(&host_little, &one, 1);
    const unsigned char *p = v;
    ck_assert_uint_le(b->n + n, sizeof b->data);
    for (size_t i = 0; i < n; i++)
        b->data[b->n++] = p[(host_little != 0) == (big != 0) ? n - 1 - i : i];
}
static void ply_f64(ply_bytes *b, double x, int big) { ply_put(b, &x, 8, big); }
static void ply_f32(ply_bytes *b, float x, int big) { ply_put(b, &x, 4, big); }
static void ply_i32(ply_bytes *b, int32_t x, int big) { ply_put(b, &x, 4, big); }
static void ply_u16(ply_bytes *b, uint16_t x, int big) { ply_put(b, &x, 2, big); }
static void ply_u8(ply_bytes *b, uint8_t x) { ply_put(b, &x, 1, 0); }

/* Writes b to dir/name; the malloc'd path. */
static char *ply_write(const char *dir, const char *name, const ply_bytes *b)
{
    char *path = NULL;
    ck_assert_int_ge(asprintf(&path, "%s/%s", dir, name), 0);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(b->data, 1, b->n, f), b->n);
    ck_assert_int_eq(fclose(f), 0);
    return path;
}

/* The mesh has these vertices and triangles, exactly. */
static void ply_expect(const ccd_mesh *m, size_t nv, const double *v, size_t nt,
                       const uint32_t *t)
{
    ck_assert_uint_eq(m->nvertices, nv);
    ck_assert_uint_eq(m->ntriangles, nt);
    for (size_t i = 0; i < 3 * nv; i++)
        ck_assert_msg(m->vertices[i] == v[i], "coordinate %zu: %.17g, expected %.17g", i,
                      m->vertices[i], v[i]);
    for (size_t i = 0; i < 3 * nt; i++)
        ck_assert_msg(m->triangles[i] == t[i], "index %zu: %u, expected %u", i,
                      (unsigned)m->triangles[i], (unsigned)t[i]);
}

/* Reading path fails with CCD_ERR_INPUT and "path" followed by `rest`. */
static void ply_expect_error(const char *path, const char *rest)
{
    ccd_mesh m;
    ccd_error err;
    memset(&m, 0, sizeof m);
    ck_assert_int_eq(ccd_mesh_read(&m, &err, path), CCD_ERR_INPUT);
    ck_assert_ptr_null(m.vertices);
    char want[1024];
    snprintf(want, sizeof want, "%s%s", path, rest);
    ck_assert_str_eq(err.message, want);
}

static const double ply_square[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5, 0.5, -2.25};

START_TEST(test_ply_ascii)
{
    char *dir = test_make_tmpdir("ply");
    ply_bytes b = {{0}, 0};
    ply_text(&b, "ply\nformat ascii 1.0\ncomment made by hand\nobj_info no object\n"
                 "element vertex 5\nproperty float x\nproperty float y\nproperty float z\n"
                 "property uchar red\nelement face 2\nproperty list uchar int vertex_indices\n"
                 "end_header\n0 0 0 255\n1 0 0 0\n1 1 0 7\n0 1 0 1\n0.5 0.5 -2.25 9\n"
                 "4 0 1 2 3\n3 0 1 4\n");
    char *path = ply_write(dir, "ascii.ply", &b);
    ccd_mesh m;
    ccd_error err;
    ck_assert_msg(ccd_mesh_read(&m, &err, path) == CCD_OK, "%s", err.message);
    const uint32_t t[] = {0, 1, 2, 0, 2, 3, 0, 1, 4};
    ply_expect(&m, 5, ply_square, 3, t);
    ccd_mesh_free(&m);
    free(path);
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_ply_binary_little_endian_doubles_with_extra_properties)
{
    char *dir = test_make_tmpdir("ply");
    ply_bytes b = {{0}, 0};
    ply_text(&b, "ply\nformat binary_little_endian 1.0\ncomment x y z are doubles\n"
                 "element vertex 5\nproperty float64 nx\nproperty double x\n"
                 "property uint8 red\nproperty double y\nproperty ushort flags\n"
                 "property double z\nproperty float confidence\n"
                 "element face 2\nproperty list uchar uint vertex_index\n"
                 "property int material\nend_header\n");
    for (int v = 0; v < 5; v++) {
        ply_f64(&b, 1e300, 0);
        ply_f64(&b, ply_square[3 * v], 0);
        ply_u8(&b, 200);
        ply_f64(&b, ply_square[3 * v + 1], 0);
        ply_u16(&b, 0xbeef, 0);
        ply_f64(&b, ply_square[3 * v + 2], 0);
        ply_f32(&b, -1.5f, 0);
    }
    const int32_t faces[2][3] = {{0, 1, 2}, {4, 3, 2}};
    for (int f = 0; f < 2; f++) {
        ply_u8(&b, 3);
        for (int k = 0; k < 3; k++)
            ply_i32(&b, faces[f][k], 0);
        ply_i32(&b, -7, 0);
    }
    char *path = ply_write(dir, "le.ply", &b);
    ccd_mesh m;
    ccd_error err;
    ck_assert_msg(ccd_mesh_read(&m, &err, path) == CCD_OK, "%s", err.message);
    const uint32_t t[] = {0, 1, 2, 4, 3, 2};
    ply_expect(&m, 5, ply_square, 2, t);
    ccd_mesh_free(&m);
    free(path);
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_ply_integer_coordinates)
{
    char *dir = test_make_tmpdir("ply");
    ply_bytes b = {{0}, 0};
    ply_text(&b, "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty char x\n"
                 "property int16 y\nproperty int z\nproperty uchar u\nelement face 1\n"
                 "property list ushort uint vertex_indices\nend_header\n");
    const int v[3][3] = {{-1, -300, -70000}, {127, 32767, 2147483647}, {-128, -32768, -5}};
    for (int i = 0; i < 3; i++) {
        int8_t x = (int8_t)v[i][0];
        int16_t y = (int16_t)v[i][1];
        ply_put(&b, &x, 1, 0);
        ply_put(&b, &y, 2, 0);
        ply_i32(&b, v[i][2], 0);
        ply_u8(&b, 255);
    }
    ply_u16(&b, 3, 0);
    for (int32_t k = 2; k >= 0; k--)
        ply_i32(&b, k, 0);
    char *path = ply_write(dir, "int.ply", &b);
    ccd_mesh m;
    ccd_error err;
    ck_assert_msg(ccd_mesh_read(&m, &err, path) == CCD_OK, "%s", err.message);
    double want[9];
    for (int i = 0; i < 9; i++)
        want[i] = v[i / 3][i % 3];
    const uint32_t t[] = {2, 1, 0};
    ply_expect(&m, 3, want, 1, t);
    ccd_mesh_free(&m);
    free(path);
    test_remove_tmpdir(dir);
}
END_TEST

/* A big-endian file: float vertices, a quad and a triangle (uchar count, int
 * indices); with `extra`, an element before the vertices, a list property and a
 * scalar in the faces and an element after them, all to be skipped. */
static void ply_big_endian(ply_bytes *b, int extra)
{
    ply_text(b, "ply\r\nformat binary_big_endian 1.0\r\n");
    if (extra)
        ply_text(b, "element camera 2\nproperty list ushort double view\nproperty short id\n");
    ply_text(b, "element vertex 5\nproperty float32 x\nproperty float32 y\nproperty float32 z\n"
                "element face 2\n");
    if (extra)
        ply_text(b, "property list uchar float texcoord\nproperty int16 flags\n");
    ply_text(b, "property list uint8 int32 vertex_indices\n");
    if (extra)
        ply_text(b, "element edge 1\nproperty int vertex1\nproperty int vertex2\n"
                    "property list uint int weights\n");
    ply_text(b, "end_header\n");
    if (extra) {
        ply_u16(b, 2, 1);
        ply_f64(b, 1, 1), ply_f64(b, 2, 1);
        ply_u16(b, 0xffff, 1);
        ply_u16(b, 0, 1);
        ply_u16(b, 3, 1);
    }
    for (int i = 0; i < 15; i++)
        ply_f32(b, (float)ply_square[i], 1);
    const int32_t quad[] = {3, 2, 1, 0}, tri[] = {4, 0, 1};
    if (extra) {
        ply_u8(b, 8);
        for (int k = 0; k < 8; k++)
            ply_f32(b, (float)k, 1);
        ply_u16(b, 0x7fff, 1);
    }
    ply_u8(b, 4);
    for (int k = 0; k < 4; k++)
        ply_i32(b, quad[k], 1);
    if (extra) {
        ply_u8(b, 0);
        ply_u16(b, 1, 1);
    }
    ply_u8(b, 3);
    for (int k = 0; k < 3; k++)
        ply_i32(b, tri[k], 1);
    if (extra) {
        ply_i32(b, 0, 1), ply_i32(b, 1, 1);
        ply_i32(b, 2, 1), ply_i32(b, 5, 1), ply_i32(b, 6, 1);
    }
}

START_TEST(test_ply_binary_big_endian_floats_and_skipped_elements)
{
    char *dir = test_make_tmpdir("ply");
    const uint32_t t[] = {3, 2, 1, 3, 1, 0, 4, 0, 1};
    for (int extra = 0; extra < 2; extra++) {
        ply_bytes b = {{0}, 0};
        ply_big_endian(&b, extra);
        char *path = ply_write(dir, extra ? "be-extra.ply" : "be.ply", &b);
        ccd_mesh m;
        ccd_error err;
        ck_assert_msg(ccd_mesh_read(&m, &err, path) == CCD_OK, "%s", err.message);
        ply_expect(&m, 5, ply_square, 3, t);
        ccd_mesh_free(&m);
        free(path);
    }
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_ply_bad_input_is_located)
{
    char *dir = test_make_tmpdir("ply");
    ply_bytes good = {{0}, 0};
    ply_big_endian(&good, 1);
    char *path;

    /* binary data: truncated in the last face's indices, the last byte lost */
    ply_bytes b = good;
    b.n -= 4 * 5 + 1;
    path = ply_write(dir, "truncated.ply", &b);
    ply_expect_error(path, ": end of file (face 1)");
    free(path);
    /* a byte too many */
    b = good;
    ply_u8(&b, 0);
    path = ply_write(dir, "long.ply", &b);
    ply_expect_error(path, ": 1 byte after the last element");
    free(path);

    /* the header promises more vertices than the file can hold: no allocation
     * for 2³² vertices (100 GB, which would fail), and the error names the
     * first vertex that is cut off */
    b = (ply_bytes){{0}, 0};
    ply_text(&b, "ply\nformat binary_little_endian 1.0\nelement vertex 4294967296\n"
                 "property double x\nproperty double y\nproperty double z\n"
                 "element face 1\nproperty list uchar int vertex_indices\nend_header\n");
    for (int i = 0; i < 7; i++)
        ply_f64(&b, i, 0);
    path = ply_write(dir, "huge.ply", &b);
    ply_expect_error(path, ": end of file (vertex 2)");
    free(path);

    /* one more vertex than uint32_t indices can reach */
    b = (ply_bytes){{0}, 0};
    ply_text(&b, "ply\nformat binary_little_endian 1.0\nelement vertex 4294967297\n"
                 "property double x\nproperty double y\nproperty double z\n"
                 "element face 1\nproperty list uchar int vertex_indices\nend_header\n");
    path = ply_write(dir, "toomany.ply", &b);
    ply_expect_error(path, ":3:9: more than 4294967296 vertices");
    free(path);

    /* binary index out of range (3 vertices), and a non-finite coordinate */
    b = (ply_bytes){{0}, 0};
    ply_text(&b, "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
                 "property float y\nproperty float z\nelement face 2\n"
                 "property list uchar int vertex_indices\nend_header\n");
    for (int i = 0; i < 9; i++)
        ply_f32(&b, i == 7 ? (float)INFINITY : (float)i, 0);
    ply_u8(&b, 3), ply_i32(&b, 0, 0), ply_i32(&b, 1, 0), ply_i32(&b, 2, 0);
    ply_u8(&b, 3), ply_i32(&b, 0, 0), ply_i32(&b, 3, 0), ply_i32(&b, 2, 0);
    path = ply_write(dir, "nonfinite.ply", &b);
    ply_expect_error(path, ": non-finite coordinate (vertex 2)");
    free(path);
    memcpy(b.data + b.n - 2 * 13 - 2 * 4, "\0\0\0\0", 4); /* vertex 2's y: 0 */
    path = ply_write(dir, "range.ply", &b);
    ply_expect_error(path, ": vertex index out of range (face 1)");
    free(path);

    /* ascii: at the line and column */
    b = (ply_bytes){{0}, 0};
    ply_text(&b, "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
                 "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
                 "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0  1 3\n");
    path = ply_write(dir, "ascii-range.ply", &b);
    ply_expect_error(path, ":13:8: vertex index out of range");
    free(path);
    b.n -= 10;
    path = ply_write(dir, "ascii-short.ply", &b);
    ply_expect_error(path, ":13:0: end of file (face 0)");
    free(path);

    /* header: an unknown type, a missing list of vertex indices, a missing z */
    b = (ply_bytes){{0}, 0};
    ply_text(&b, "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty half y\n");
    path = ply_write(dir, "type.ply", &b);
    ply_expect_error(path, ":5:10: unknown type 'half'");
    free(path);
    b = (ply_bytes){{0}, 0};
    ply_text(&b, "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
                 "property float z\nelement face 1\nproperty list uchar int indices\n"
                 "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
    path = ply_write(dir, "noindices.ply", &b);
    ply_expect_error(path, ":7:9: element face has no list property vertex_indices");
    free(path);
    b = (ply_bytes){{0}, 0};
    ply_text(&b, "ply\nformat ascii 1.0\ncomment\nelement vertex 3\nproperty float x\n"
                 "property float y\nelement face 0\nproperty list uchar int vertex_indices\n"
                 "end_header\n");
    path = ply_write(dir, "noz.ply", &b);
    ply_expect_error(path, ":4:9: element vertex has no property z");
    free(path);
    b = (ply_bytes){{0}, 0};
    ply_text(&b, "ply\nformat binary_middle_endian 1.0\n");
    path = ply_write(dir, "format.ply", &b);
    ply_expect_error(path, ":2:8: unknown format 'binary_middle_endian' (ascii, "
                           "binary_little_endian or binary_big_endian)");
    free(path);
    test_remove_tmpdir(dir);
}
END_TEST

/* The frames of the Scalable CCD data sets: binary PLY with double vertices.
 * The counts are those of the header, and the file size shows that every face
 * is a triangle (uchar count, 3 int indices). */
START_TEST(test_ply_scalable_ccd_frames)
{
    TEST_REQUIRE_SHARED_DATA(data);
    char *pattern = NULL;
    ck_assert_int_ge(asprintf(&pattern, "%s/scalable-ccd/*/frames/*.ply", data), 0);
    glob_t g;
    int rc = glob(pattern, 0, NULL, &g);
    free(pattern);
    if (rc != 0) {
        fprintf(stderr, "SKIP %s: no %s/scalable-ccd/*/frames/*.ply\n", __func__, data);
        return;
    }
    for (size_t i = 0; i < g.gl_pathc && i < 2; i++) {
        const char *path = g.gl_pathv[i];
        FILE *f = fopen(path, "rb");
        ck_assert_ptr_nonnull(f);
        char line[256];
        size_t nv = 0, nf = 0, header = 0;
        int doubles = 0;
        while (fgets(line, sizeof line, f)) {
            header += strlen(line);
            sscanf(line, "element vertex %zu", &nv);
            sscanf(line, "element face %zu", &nf);
            doubles += !strcmp(line, "property double x\n");
            if (!strcmp(line, "end_header\n"))
                break;
        }
        ck_assert_int_eq(doubles, 1);
        ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
        long size = ftell(f);
        ck_assert_int_eq(size, (long)(header + 24 * nv + 13 * nf));
        double first[3];
        ck_assert_int_eq(fseek(f, (long)header, SEEK_SET), 0);
        ck_assert_uint_eq(fread(first, sizeof first[0], 3, f), 3);
        fclose(f);
        ccd_mesh m;
        ccd_error err;
        ck_assert_msg(ccd_mesh_read(&m, &err, path) == CCD_OK, "%s", err.message);
        ck_assert_uint_gt(nf, 0);
        ck_assert_uint_eq(m.nvertices, nv);
        ck_assert_uint_eq(m.ntriangles, nf);
        /* little-endian hosts: the first vertex as stored */
        const uint16_t one = 1;
        if (*(const unsigned char *)&one)
            ck_assert(memcmp(m.vertices, first, sizeof first) == 0);
        ccd_mesh_free(&m);
    }
    globfree(&g);
}
END_TEST

static Suite *potential_suite(void)
{
    Suite *s = suite_create("potential");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_coincident_vertices_give_the_closed_form);
    tcase_add_test(tc, test_bounds_on_random_separated_pairs);
    tcase_add_test(tc, test_contact_is_infinite_never_nan);
    tcase_add_test(tc, test_gradient_and_hessian_against_central_differences);
    tcase_add_test(tc, test_symmetry_invariance_and_optimality);
    tcase_add_test(tc, test_non_vanishing_at_long_range);
    tcase_add_test(tc, test_smoothstep_is_c2_at_its_ends);
    tcase_add_test(tc, test_hierarchy_tends_to_brute_force_and_is_bounded);
    tcase_add_test(tc, test_hierarchy_pose_derivatives_against_central_differences);
    tcase_add_test(tc, test_hierarchy_is_smooth_and_monotone_along_a_pull);
    tcase_add_test(tc, test_meshes_from_files_and_built_ins);
    tcase_add_test(tc, test_pose_parse);
    tcase_add_test(tc, test_triangle_derivatives_against_mpfr_central_differences);
    tcase_add_test(tc, test_centred_derivatives_against_mpfr_central_differences);
    tcase_add_test(tc, test_blended_pairs_against_mpfr_central_differences);
    tcase_add_test(tc, test_hierarchy_totals_against_mpfr_central_differences);
    tcase_add_test(tc, test_node_pairs_satisfy_lemma_a3);
    tcase_add_test(tc, test_value_gradient_and_hessian_are_continuous_across_the_switches);
    tcase_add_test(tc, test_voronoi_example_is_c2_where_a_distance_has_a_kink);
    tcase_add_test(tc, test_ply_ascii);
    tcase_add_test(tc, test_ply_binary_little_endian_doubles_with_extra_properties);
    tcase_add_test(tc, test_ply_binary_big_endian_floats_and_skipped_elements);
    tcase_add_test(tc, test_ply_integer_coordinates);
    tcase_add_test(tc, test_ply_bad_input_is_located);
    tcase_add_test(tc, test_ply_scalable_ccd_frames);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(potential_suite());
}
