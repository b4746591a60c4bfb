/* SPDX-License-Identifier: MIT */
/* The accuracy checks and the scaling measurement of the long-range potential
 * (see potential_report.h). */
#include <config.h>

#include "contact/potential_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/potential.h"
#include "core/clock.h"

static double rel(double x, double ref)
{
    return fabs(x - ref) / fmax(fabs(ref), 1e-300);
}

typedef struct check_row {
    const char *name;
    double measured, bound;
} check_row;

enum { MAX_CHECKS = 16 };

/* A deterministic separated triangle pair (k picks it). */
static void sample_pair(double a[9], double b[9], int k)
{
    for (int i = 0; i < 9; i++) {
        double s = sin(1.7 * (i + 1) * (k + 1)), c = cos(0.9 * (i + 3) * (k + 2));
        a[i] = 0.4 * s + (i % 3 == 0 ? 1.3 : 0);
        b[i] = 0.4 * c;
    }
}

static size_t run_checks(check_row *row)
{
    size_t n = 0;
    const double radii[3] = {1, 4, 9}, want[3] = {48, 27, 64.0 / 3};
    static const char *const closed_names[3] = {"coincident vertices r=1: P vs 48",
                                                "coincident vertices r=4: P vs 27",
                                                "coincident vertices r=9: P vs 21.333"};
    for (int i = 0; i < 3; i++) {
        double a[9] = {0}, b[9] = {0}, P;
        for (int k = 0; k < 3; k++)
            a[3 * k] = radii[i];
        ccd_potential_triangles(&P, NULL, NULL, NULL, a, b);
        row[n++] = (check_row){closed_names[i], rel(P, want[i]), 1e-12};
    }
    /* random pairs: bounds, derivatives against central differences, balance */
    double jensen = -INFINITY, floor_margin = INFINITY, gerr = 0, herr = 0, balance = 0;
    for (int k = 0; k < 40; k++) {
        double a[9], b[9], P, g[18], H[324], pc[3];
        sample_pair(a, b, k);
        if (ccd_potential_triangles(&P, g, H, NULL, a, b) != CCD_POTENTIAL_OK)
            continue;
        double d2 = 0, gmax = 0, hmax = 0, sum[3] = {0, 0, 0};
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
        for (int i = 0; i < 324; i++)
            hmax = fmax(hmax, fabs(H[i]));
        balance = fmax(balance, fmax(fabs(sum[0]), fmax(fabs(sum[1]), fabs(sum[2]))) / gmax);
        const double h = 1e-5;
        for (int i = 0; i < 18; i++) {
            double x[18], Pp, Pm, gp[18], gm[18];
            memcpy(x, a, sizeof(double[9]));
            memcpy(x + 9, b, sizeof(double[9]));
            x[i] += h;
            ccd_potential_triangles(&Pp, gp, NULL, NULL, x, x + 9);
            x[i] -= 2 * h;
            ccd_potential_triangles(&Pm, gm, NULL, NULL, x, x + 9);
            gerr = fmax(gerr, fabs((Pp - Pm) / (2 * h) - g[i]) / gmax);
            for (int j = 0; j < 18; j++)
                herr = fmax(herr, fabs((gp[j] - gm[j]) / (2 * h) - H[18 * i + j]) / hmax);
        }
    }
    row[n++] = (check_row){"P > 12: min (P - 12) over 40 pairs, as -margin", -floor_margin, 0};
    row[n++] = (check_row){"P_c <= P: max (P_c - P)/P", jensen, 0};
    row[n++] = (check_row){"gradient vs central differences (rel.)", gerr, 1e-6};
    row[n++] = (check_row){"Hessian vs central differences (rel.)", herr, 1e-5};
    row[n++] = (check_row){"forces sum to zero (rel.)", balance, 1e-10};
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
    /* hierarchy against brute force on two small spheres */
    ccd_mesh m[2] = {{0}};
    ccd_bsh *hs[2] = {NULL, NULL};
    ccd_error err;
    int ok = 1;
    for (int i = 0; i < 2; i++)
        ok = ok && ccd_mesh_sphere(&m[i], &err, 0.5, 8) == CCD_OK &&
             ccd_bsh_build(&hs[i], &err, &m[i]) == CCD_OK;
    if (ok) {
        ccd_pose pa, pb;
        double va[6] = {1.6, 0.2, -0.1, 0.3, 0.2, 0.1}, vb[6] = {0, 0, 0, -0.2, 0.5, 0};
        ccd_pose_from_vector(&pa, va);
        ccd_pose_from_vector(&pb, vb);
        ccd_potential_total brute, big, small;
        ccd_potential_brute(&brute, &m[0], &pa, &m[1], &pb, 0);
        ccd_potential_bsh(&big, hs[0], &pa, hs[1], &pb, 1e7, 0);
        ccd_potential_bsh(&small, hs[0], &pa, hs[1], &pb, 0.5, 0);
        row[n++] = (check_row){"hierarchy eps=1e7 vs brute force (rel.)",
                               rel(big.value, brute.value), 1e-12};
        row[n++] = (check_row){"hierarchy eps=0.5 <= brute force: (P_bsh - P)/P",
                               (small.value - brute.value) / brute.value, 0};
    }
    for (int i = 0; i < 2; i++)
        ccd_bsh_free(hs[i]), ccd_mesh_free(&m[i]);
    return n;
}

static const char *const check_headers[4] = {"check", "measured", "bound", "pass"};
static const unsigned char check_numeric[4] = {0, 1, 1, 1};
static const char *const bench_headers[7] = {"triangles", "bsh_seconds", "brute_seconds", "ratio",
                                             "exact_pairs", "centred_pairs", "rel_difference"};
static const char *const bench_titles[7] = {"triangles", "BSH s", "brute s", "brute/BSH",
                                            "exact pairs", "centred pairs", "rel. diff."};
static const unsigned char bench_numeric[7] = {1, 1, 1, 1, 1, 1, 1};

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
        c[1] = ccd_report_printf(precise ? "%.9g" : "%.2e", row[i].measured);
        c[2] = ccd_report_printf(precise ? "%.9g" : "%.0e", row[i].bound);
        c[3] = ccd_report_printf("%d", pass);
    }
    return ccd_report_table_complete(t);
}

int ccd_potential_bench_table(ccd_report_table *t, size_t max_triangles, double eps, int precise)
{
    static const unsigned segments[5] = {18, 26, 34, 46, 56}; /* 576 … 6048 triangles */
    size_t rows = 0;
    for (int i = 0; i < 5; i++)
        if (4 * (size_t)segments[i] * (segments[i] / 2 - 1) <= max_triangles)
            rows++;
    if (ccd_report_table_init(t, 7, rows, bench_headers, bench_titles, bench_numeric) != 0)
        return -1;
    for (size_t i = 0; i < rows; i++) {
        ccd_mesh m[2] = {{0}};
        ccd_bsh *hs[2] = {NULL, NULL};
        ccd_error err;
        int ok = 1;
        for (int k = 0; k < 2; k++)
            ok = ok && ccd_mesh_sphere(&m[k], &err, 0.5, segments[i]) == CCD_OK &&
                 ccd_bsh_build(&hs[k], &err, &m[k]) == CCD_OK;
        if (!ok) {
            for (int k = 0; k < 2; k++)
                ccd_bsh_free(hs[k]), ccd_mesh_free(&m[k]);
            ccd_report_table_free(t);
            return -1;
        }
        ccd_pose pa, pb;
        double va[6] = {1.1, 0, 0, 0.3, 0.2, 0.1}, vb[6] = {0, 0, 0, -0.2, 0.5, 0};
        ccd_pose_from_vector(&pa, va);
        ccd_pose_from_vector(&pb, vb);
        ccd_potential_total bsh, brute;
        double t0 = ccd_clock_seconds();
        ccd_potential_bsh(&bsh, hs[0], &pa, hs[1], &pb, eps, 1);
        double t1 = ccd_clock_seconds();
        ccd_potential_brute(&brute, &m[0], &pa, &m[1], &pb, 1);
        double t2 = ccd_clock_seconds();
        char **c = t->cells + 7 * i;
        c[0] = ccd_report_printf("%zu", m[0].ntriangles + m[1].ntriangles);
        c[1] = ccd_report_printf(precise ? "%.9g" : "%.3g", t1 - t0);
        c[2] = ccd_report_printf(precise ? "%.9g" : "%.3g", t2 - t1);
        c[3] = ccd_report_printf(precise ? "%.9g" : "%.1f", (t2 - t1) / (t1 - t0));
        c[4] = ccd_report_printf("%llu", bsh.exact_pairs);
        c[5] = ccd_report_printf("%llu", bsh.centred_pairs);
        c[6] = ccd_report_printf(precise ? "%.9g" : "%.2e", rel(bsh.value, brute.value));
        for (int k = 0; k < 2; k++)
            ccd_bsh_free(hs[k]), ccd_mesh_free(&m[k]);
    }
    return ccd_report_table_complete(t);
}
