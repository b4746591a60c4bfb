/* SPDX-License-Identifier: MIT */
/* The accuracy checks of the long-range potential (see potential_report.h):
 * every check of the digest's list that has a number, measured on fixed,
 * deterministic configurations, with its bound. */
#include <config.h>

#include "contact/potential/experiments/potential_report.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/potential.h"
#include "contact/potential/potential_internal.h"
#include "contact/potential/potential_reference.h"
#include "contact/potential/potential_voronoi.h"

static double rel(double x, double ref)
{
    return fabs(x - ref) / fmax(fabs(ref), 1e-300);
}

typedef struct check_row {
    const char *name;
    double measured, bound;
} check_row;

enum { MAX_CHECKS = 32 };

/* A deterministic separated triangle pair (k picks it). */
static void sample_pair(double a[9], double b[9], int k)
{
    for (int i = 0; i < 9; i++) {
        double s = sin(1.7 * (i + 1) * (k + 1)), c = cos(0.9 * (i + 3) * (k + 2));
        a[i] = 0.4 * s + (i % 3 == 0 ? 1.3 : 0);
        b[i] = 0.4 * c;
    }
}

static size_t closed_form_checks(check_row *row)
{
    size_t n = 0;
    const double radii[3] = {1, 4, 9}, want[3] = {48, 27, 64.0 / 3};
    static const char *const names[3] = {"coincident vertices r=1: P vs 48",
                                         "coincident vertices r=4: P vs 27",
                                         "coincident vertices r=9: P vs 21.333"};
    for (int i = 0; i < 3; i++) {
        double a[9] = {0}, b[9] = {0}, P;
        for (int k = 0; k < 3; k++)
            a[3 * k] = radii[i];
        ccd_potential_triangles(&P, NULL, NULL, NULL, a, b);
        row[n++] = (check_row){names[i], rel(P, want[i]), 1e-12};
    }
    return n;
}

/* Bounds, balance and derivatives of the exact term on 40 pairs (derivatives
 * against the 256-bit reference on the first 12). */
static size_t triangle_checks(check_row *row)
{
    double jensen = -INFINITY, floor_margin = INFINITY, gerr = 0, herr = 0, balance = 0;
    for (int k = 0; k < 40; k++) {
        double a[9], b[9], P, g[18], H[324], pc[3];
        sample_pair(a, b, k);
        if (ccd_potential_triangles(&P, g, H, NULL, a, b) != CCD_POTENTIAL_OK)
            continue;
        double d2 = 0, gmax = 0, sum[3] = {0, 0, 0};
        for (int c = 0; c < 3; c++) {
            double d = (a[c] + a[3 + c] + a[6 + c] - b[c] - b[3 + c] - b[6 + c]) / 3;
            d2 += d * d;
        }
        ccd_potential_centred(pc, sqrt(d2));
        jensen = fmax(jensen, (pc[0] - P) / P);
        floor_margin = fmin(floor_margin, P - 12);
        for (int i = 0; i < 18; i++) {
            gmax = fmax(gmax, fabs(g[i]));
            sum[i % 3] += g[i];
        }
        balance = fmax(balance, fmax(fabs(sum[0]), fmax(fabs(sum[1]), fabs(sum[2]))) / gmax);
        if (k < 12) {
            double v, gr[18], Hr[324];
            if (ccd_potential_triangles_reference(&v, gr, Hr, a, b,
                                                  CCD_POTENTIAL_REFERENCE_STEP) !=
                CCD_POTENTIAL_OK) {
                gerr = herr = INFINITY;
                continue;
            }
            gerr = fmax(gerr, ccd_reference_error(g, gr, 18));
            herr = fmax(herr, ccd_reference_error(H, Hr, 324));
        }
    }
    size_t n = 0;
    row[n++] = (check_row){"P > 12: min (P - 12) over 40 pairs, as -margin", -floor_margin, 0};
    row[n++] = (check_row){"P_c <= P: max (P_c - P)/P", jensen, 0};
    row[n++] = (check_row){"exact term: gradient vs MPFR central differences", gerr, 1e-12};
    row[n++] = (check_row){"exact term: Hessian vs MPFR central differences", herr, 1e-11};
    row[n++] = (check_row){"forces sum to zero (rel.)", balance, 1e-10};
    double cerr = 0;
    const double radii[4] = {1e-3, 0.5, 7.5, 1e4};
    for (int i = 0; i < 4; i++) {
        double d[3], ref[3];
        ccd_potential_centred(d, radii[i]);
        ccd_potential_centred_reference(ref, radii[i], 0x1p-40 * radii[i]);
        for (int k = 0; k < 3; k++)
            cerr = fmax(cerr, rel(d[k], ref[k]));
    }
    row[n++] = (check_row){"centred: P_c, P_c', P_c'' vs MPFR central differences", cerr, 1e-14};
    const double far[3] = {1e3, 1e4, 1e6};
    static const char *const far_names[3] = {"|dP/dr| / (12 r^-3/2) - 1 at r=1e3",
                                             "|dP/dr| / (12 r^-3/2) - 1 at r=1e4",
                                             "|dP/dr| / (12 r^-3/2) - 1 at r=1e6"};
    for (int i = 0; i < 3; i++) {
        double a[9] = {0}, b[9] = {0}, P, g[18];
        for (int k = 0; k < 3; k++)
            a[3 * k] = far[i];
        ccd_potential_triangles(&P, g, NULL, NULL, a, b);
        double dPdr = g[0] + g[3] + g[6];
        row[n++] = (check_row){far_names[i], rel(-dPdr, 12 * pow(far[i], -1.5)),
                               1.01 / sqrt(far[i])}; /* the factor (1 + r^-1/2) */
    }
    return n;
}

/* Pose derivatives of a total against the 256-bit reference: err[0] gradient,
 * err[1] Hessian (max relative to the largest entry); INFINITY on failure. */
static void total_vs_reference(double err[2], ccd_bsh *const h[2], const ccd_pose pose[2],
                               double eps)
{
    ccd_potential_total t;
    double v, g[12], H[144];
    if (ccd_potential_bsh(&t, h[0], &pose[0], h[1], &pose[1], eps, 1) != CCD_POTENTIAL_OK ||
        ccd_potential_bsh_reference(&v, g, H, h[0], &pose[0], h[1], &pose[1], eps,
                                    CCD_POTENTIAL_REFERENCE_STEP) != CCD_POTENTIAL_OK) {
        err[0] = err[1] = INFINITY;
        return;
    }
    err[0] = fmax(err[0], ccd_reference_error(t.grad, g, 12));
    err[1] = fmax(err[1], ccd_reference_error(t.hess, H, 144));
}

/* The pose putting node 0 of a at centre distance r from node 0 of b along dir. */
static void pose_at_distance(ccd_pose *pa, const ccd_bsh *a, const ccd_bsh *b, double r)
{
    const double zero[6] = {0, 0, 0, 0, 0, 0}, dir[3] = {0.6, 0.8, 0};
    ccd_pose_from_vector(pa, zero);
    for (int c = 0; c < 3; c++)
        pa->pos[c] = b->node[0].c[c] - a->node[0].c[c] + r * dir[c];
}

/* The largest jump ratio of P, ∇P, ∇²P of the root pair across d (from ±s to
 * ±s/10): a jump J keeps it near 1, a continuous function makes it ~0.1. */
static double jump_ratio(ccd_bsh *const h[2], double d, double s, double eps)
{
    const double zero[6] = {0, 0, 0, 0, 0, 0};
    ccd_pose pb;
    ccd_pose_from_vector(&pb, zero);
    double jump[2][3];
    for (int level = 0; level < 2; level++) {
        ccd_potential_total t[2];
        for (int side = 0; side < 2; side++) {
            ccd_pose pa;
            double step = level ? s / 10 : s;
            pose_at_distance(&pa, h[0], h[1], d + (side ? step : -step));
            if (ccd_potential_bsh(&t[side], h[0], &pa, h[1], &pb, eps, 1) != CCD_POTENTIAL_OK)
                return INFINITY;
        }
        jump[level][0] = rel(t[1].value, t[0].value);
        jump[level][1] = ccd_reference_error(t[1].grad, t[0].grad, 12);
        jump[level][2] = ccd_reference_error(t[1].hess, t[0].hess, 144);
    }
    double worst = 0;
    for (int k = 0; k < 3; k++)
        worst = fmax(worst, jump[1][k] / fmax(jump[0][k], 1e-300));
    return worst;
}

static size_t hierarchy_checks(check_row *row)
{
    size_t n = 0;
    ccd_mesh m[2] = {{0}}, one[2];
    ccd_bsh *hs[2] = {NULL, NULL}, *h1[2] = {NULL, NULL}, *hb[2] = {NULL, NULL};
    ccd_mesh box[2] = {{0}};
    ccd_error err;
    const double half[3] = {0.5, 0.4, 0.3};
    double va[9] = {0, 0, 0, 0.6, 0.1, 0, 0.1, 0.5, 0.2};
    double vb[9] = {0, 0, 0, 0.5, -0.1, 0.1, 0, 0.4, -0.3};
    uint32_t tri[3] = {0, 1, 2};
    one[0] = (ccd_mesh){.nvertices = 3, .ntriangles = 1, .vertices = va, .triangles = tri};
    one[1] = (ccd_mesh){.nvertices = 3, .ntriangles = 1, .vertices = vb, .triangles = tri};
    int ok = 1;
    for (int i = 0; i < 2; i++)
        ok = ok && ccd_mesh_sphere(&m[i], &err, 0.5, 8) == CCD_OK &&
             ccd_bsh_build(&hs[i], &err, &m[i]) == CCD_OK &&
             ccd_bsh_build(&h1[i], &err, &one[i]) == CCD_OK &&
             ccd_mesh_box(&box[i], &err, half, 1) == CCD_OK &&
             ccd_bsh_build(&hb[i], &err, &box[i]) == CCD_OK;
    if (ok) {
        ccd_pose pa, pb;
        double v1[6] = {1.6, 0.2, -0.1, 0.3, 0.2, 0.1}, v2[6] = {0, 0, 0, -0.2, 0.5, 0};
        ccd_pose_from_vector(&pa, v1);
        ccd_pose_from_vector(&pb, v2);
        ccd_potential_total brute, big, small;
        ccd_potential_brute(&brute, &m[0], &pa, &m[1], &pb, 0);
        ccd_potential_bsh(&big, hs[0], &pa, hs[1], &pb, 1e7, 0);
        ccd_potential_bsh(&small, hs[0], &pa, hs[1], &pb, 0.5, 0);
        row[n++] = (check_row){"hierarchy eps=1e7 vs brute force (rel.)",
                               rel(big.value, brute.value), 1e-12};
        row[n++] = (check_row){"hierarchy eps=0.5 <= brute force: (P_bsh - P)/P",
                               (small.value - brute.value) / brute.value, 0};
        /* derivatives against the 256-bit reference: a leaf pair in its blend
         * zone (turned), the boxes' total at eps 0.3 and eps = ∞ (brute force) */
        double blend_err[2] = {0, 0}, total_err[2] = {0, 0};
        double d1, d2;
        ccd_bsh_switch(&d1, &d2, &h1[0]->node[0], &h1[1]->node[0], 0.5);
        for (int k = 1; k <= 4; k++) {
            ccd_pose pose[2];
            pose_at_distance(&pose[0], h1[0], h1[1], d1 + (d2 - d1) * k / 5.0);
            ccd_pose_from_vector(&pose[1], v2);
            double turn[6] = {0, 0, 0, 0.2, -0.1, 0.3};
            ccd_pose_perturb(&pose[1], &pose[1], turn);
            /* keep B's centre where it was: turn about it */
            double c[3];
            for (int i = 0; i < 3; i++)
                c[i] = pose[1].rot[i][0] * h1[1]->node[0].c[0] +
                       pose[1].rot[i][1] * h1[1]->node[0].c[1] +
                       pose[1].rot[i][2] * h1[1]->node[0].c[2];
            for (int i = 0; i < 3; i++)
                pose[1].pos[i] = h1[1]->node[0].c[i] - c[i];
            total_vs_reference(blend_err, h1, pose, 0.5);
        }
        ccd_pose pose[2];
        double w1[6] = {1.35, 0.3, 0.2, 0.3, -0.4, 0.2}, w2[6] = {0, 0, 0, 0.1, 0.2, -0.3};
        ccd_pose_from_vector(&pose[0], w1);
        ccd_pose_from_vector(&pose[1], w2);
        total_vs_reference(total_err, hb, pose, 0.3); /* (ε = ∞ in the tests: 20 s more) */
        row[n++] = (check_row){"blended leaf pair: gradient vs MPFR central differences",
                               blend_err[0], 1e-12};
        row[n++] = (check_row){"blended leaf pair: Hessian vs MPFR central differences",
                               blend_err[1], 1e-11};
        row[n++] = (check_row){"hierarchy total: gradient vs MPFR central differences",
                               total_err[0], 1e-12};
        row[n++] = (check_row){"hierarchy total: Hessian vs MPFR central differences",
                               total_err[1], 1e-11};
        /* Lemma A.3 on every node pair of the spheres whose spheres are apart */
        double below = -INFINITY, above = -INFINITY;
        for (size_t i = 0; i < ccd_bsh_nodes(hs[0]); i++)
            for (size_t j = 0; j < ccd_bsh_nodes(hs[1]); j++) {
                double t[3], r, dd;
                ccd_potential_status st = ccd_bsh_node_pair(t, &r, &dd, hs[0], &pa, (int32_t)i,
                                                            hs[1], &pb, (int32_t)j, 0.5);
                if (!(r >= dd))
                    continue;
                if (st != CCD_POTENTIAL_OK) {
                    below = above = INFINITY;
                    continue;
                }
                below = fmax(below, (t[0] - t[1]) / t[1]);
                above = fmax(above, (t[1] - t[2]) / t[2]);
            }
        row[n++] = (check_row){"Lemma A.3: max (P_c - P_bsh)/P_bsh, separated node pairs",
                               below, 1e-14};
        row[n++] = (check_row){"Lemma A.3: max (P_bsh - P_d1)/P_d1, separated node pairs",
                               above, 1e-14};
        /* continuity across the switches: leaf pair at d1 and d2, boxes at d2 */
        double ratio = jump_ratio(h1, d1, 1e-4 * d1, 0.5);
        ratio = fmax(ratio, jump_ratio(h1, d2, 1e-4 * d1, 0.5));
        ccd_bsh_switch(&d1, &d2, &hb[0]->node[0], &hb[1]->node[0], 0.5);
        ratio = fmax(ratio, jump_ratio(hb, d2, 1e-4 * d1, 0.5));
        row[n++] = (check_row){"d1, d2, cut: jump of P, grad, Hessian at s/10 over at s",
                               ratio, 0.2};
    }
    for (int i = 0; i < 2; i++) {
        ccd_bsh_free(hs[i]), ccd_bsh_free(h1[i]), ccd_bsh_free(hb[i]);
        ccd_mesh_free(&m[i]), ccd_mesh_free(&box[i]);
    }
    return n;
}

static size_t voronoi_checks(check_row *row)
{
    double ours = 0, kink = INFINITY;
    for (int b = 1; b <= 2; b++) {
        double j[2];
        ccd_voronoi_jumps(j, b, 1e-4);
        ours = fmax(ours, j[0]);
        kink = fmin(kink, j[1]);
    }
    size_t n = 0;
    row[n++] = (check_row){"Voronoi x=1,2: jump of P'' over 2e-4 (rel.)", ours, 1e-3};
    row[n++] = (check_row){"Voronoi x=1,2: point-segment d'' jumps: 1 - jump", 1 - kink, 1e-3};
    return n;
}

static size_t run_checks(check_row *row)
{
    size_t n = closed_form_checks(row);
    n += triangle_checks(row + n);
    n += hierarchy_checks(row + n);
    n += voronoi_checks(row + n);
    return n;
}

static const char *const check_headers[4] = {"check", "measured", "bound", "pass"};
static const unsigned char check_numeric[4] = {0, 1, 1, 1};

int ccd_potential_check_table(ccd_report_table *t, size_t *failed, int precise)
{
    check_row row[MAX_CHECKS];
    size_t n = run_checks(row);
    if (ccd_report_table_init(t, 4, n, check_headers, check_headers, check_numeric) != 0)
        return -1;
    *failed = 0;
    for (size_t i = 0; i < n; i++) {
        int pass = row[i].measured <= row[i].bound; /* NaN fails */
        *failed += !pass;
        char **c = t->cells + 4 * i;
        c[0] = strdup(row[i].name);
        c[1] = ccd_report_printf(precise ? "%.17g" : "%.2e", row[i].measured);
        c[2] = ccd_report_printf(precise ? "%.17g" : "%.2e", row[i].bound);
        c[3] = ccd_report_printf("%d", pass);
    }
    return ccd_report_table_complete(t);
}
