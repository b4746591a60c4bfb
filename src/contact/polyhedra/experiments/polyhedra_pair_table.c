/* SPDX-License-Identifier: MIT */
/* The contact data of one pair of convex polyhedra as report tables. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contact/polyhedra/polyhedra_jacobian.h"
#include "contact/polyhedra/experiments/polyhedra_pair_table.h"
#include "core/number_list.h"

ccd_status ccd_polyhedra_from_spec(ccd_polyhedron *p, ccd_error *err, const char *spec)
{
    double x[3];
    if (!strncmp(spec, "box:", 4)) {
        if (ccd_number_list_parse(x, 3, 0, spec + 4) != 3)
            return ccd_error_set(err, CCD_ERR_INPUT, spec, 0, 0,
                                 "expected box:HX,HY,HZ (three half extents)");
        return ccd_polyhedron_box(p, err, x);
    }
    if (!strncmp(spec, "sphere:", 7)) {
        int k = ccd_number_list_parse(x, 2, 1, spec + 7);
        if (k < 1 || x[0] != floor(x[0]) || x[0] < 0 || x[0] > 1e6)
            return ccd_error_set(err, CCD_ERR_INPUT, spec, 0, 0,
                                 "expected sphere:N[,R] (N vertices: 50, 98 or 182)");
        return ccd_polyhedron_sphere(p, err, (size_t)x[0], k == 2 ? x[1] : 1);
    }
    return ccd_polyhedron_read(p, err, spec);
}

static char *num(double x, int precise)
{
    return ccd_report_printf(precise ? "%.17g" : "%.6g", x + 0.0); /* no "-0" */
}

enum { PAIR_COLUMNS = 11 };
static const char *const pair_headers[PAIR_COLUMNS] = {
    "status", "intersecting", "phi", "nx", "ny", "nz", "plane_d", "point", "x", "y", "z",
};
static const char *const pair_titles[PAIR_COLUMNS] = {
    "status", "intersecting", "φ", "n_x", "n_y", "n_z", "plane d", "point", "x", "y", "z",
};
static const unsigned char pair_numeric[PAIR_COLUMNS] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

static const char *status_word(ccd_polyhedra_status s)
{
    switch (s) {
    case CCD_POLYH_CONTACT: return "contact";
    case CCD_POLYH_VERTEX_VERTEX: return "vertex-vertex";
    case CCD_POLYH_VERTEX_EDGE: return "vertex-edge";
    case CCD_POLYH_PARALLEL_EDGES: return "parallel-edges";
    case CCD_POLYH_EQUAL_MINIMA: return "equal-minima";
    }
    return "?";
}

int ccd_polyhedra_pair_table(ccd_report_table *t, const ccd_polyhedra_result *r, int precise)
{
    size_t rows = r->point_count ? r->point_count : 1;
    if (ccd_report_table_init(t, PAIR_COLUMNS, rows, pair_headers, pair_titles, pair_numeric))
        return -1;
    for (size_t k = 0; k < rows; k++) {
        char **c = t->cells + k * PAIR_COLUMNS;
        c[0] = ccd_report_printf("%s", status_word(r->status));
        c[1] = ccd_report_printf("%d", r->intersecting);
        c[2] = num(r->phi, precise);
        for (int i = 0; i < 3; i++)
            c[3 + i] = num(r->normal[i], precise);
        c[6] = num(r->plane_d, precise);
        c[7] = ccd_report_printf("%zu", r->point_count ? k + 1 : 0);
        for (int i = 0; i < 3; i++) /* no point: NaN, which JSON writes as null */
            c[8 + i] = r->point_count ? num(r->point[k][i], precise) : ccd_report_printf("nan");
    }
    return ccd_report_table_complete(t);
}

enum { JAC_COLUMNS = 15 };
static const char *const jac_headers[JAC_COLUMNS] = {
    "output", "status", "d_wAx", "d_wAy", "d_wAz", "d_vAx", "d_vAy", "d_vAz",
    "d_wBx", "d_wBy", "d_wBz", "d_vBx", "d_vBy", "d_vBz", "mpfr_diff",
};
static const char *const jac_titles[JAC_COLUMNS] = {
    "output", "status", "∂/∂ωA_x", "∂/∂ωA_y", "∂/∂ωA_z", "∂/∂vA_x", "∂/∂vA_y", "∂/∂vA_z",
    "∂/∂ωB_x", "∂/∂ωB_y", "∂/∂ωB_z", "∂/∂vB_x", "∂/∂vB_y", "∂/∂vB_z", "vs MPFR",
};
static const unsigned char jac_numeric[JAC_COLUMNS] = {0, 0, 1, 1, 1, 1, 1, 1,
                                                       1, 1, 1, 1, 1, 1, 1};

ccd_status ccd_polyhedra_jacobian_table(ccd_report_table *t, const char **why, ccd_error *err,
                                        const ccd_polyhedron *a, const ccd_pose *pose_a,
                                        const ccd_polyhedron *b, const ccd_pose *pose_b,
                                        int precise)
{
    ccd_polyhedra_result r;
    ccd_status st = ccd_polyhedra_contact(&r, err, a, pose_a, b, pose_b, NULL);
    if (st != CCD_OK)
        return st;
    /* where the derivative does not exist, the rows say so (NaN: null in JSON) */
    double jac[4][12], ref[4][12];
    *why = ccd_polyh_jac_undefined(&r);
    if (*why) {
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 12; j++)
                jac[i][j] = ref[i][j] = NAN;
    } else {
        ccd_polyh_jac_feature fp;
        st = ccd_polyh_jac_features(&fp, &r, err, a, pose_a, b, pose_b, NULL);
        if (st != CCD_OK)
            return st;
        ccd_polyh_jac_eval(NULL, jac, &fp);
        if (ccd_polyh_jac_reference(NULL, ref, &fp, 256) != CCD_OK)
            return ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
    }
    if (ccd_report_table_init(t, JAC_COLUMNS, 4, jac_headers, jac_titles, jac_numeric))
        return ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
    static const char *const names[4] = {"phi", "n_x", "n_y", "n_z"};
    for (int i = 0; i < 4; i++) {
        char **c = t->cells + (size_t)i * JAC_COLUMNS;
        double diff = *why ? NAN : 0;
        c[0] = ccd_report_printf("%s", names[i]);
        c[1] = ccd_report_printf("%s", *why ? "no-derivative" : "ok");
        for (int j = 0; j < 12; j++) {
            c[2 + j] = *why ? ccd_report_printf("nan") : num(jac[i][j], precise);
            diff = fmax(diff, fabs(jac[i][j] - ref[i][j]));
        }
        c[14] = *why ? ccd_report_printf("nan") : ccd_report_printf(precise ? "%.17g" : "%.2e", diff);
    }
    if (ccd_report_table_complete(t))
        return ccd_error_set(err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
    return CCD_OK;
}
