/* SPDX-License-Identifier: MIT */
/*
 * The contact pipeline of Beker et al. (Sec. IV-A): the SE(3) exponential, the
 * fixed-size contact set of the box-on-box and sphere-on-plane scenes with its
 * pose Jacobian against 256-bit MPFR central differences (also through every
 * other SDF type: point cloud, LSE polyhedron, union, subtraction), the geometry
 * of those contacts, and bad inputs.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/witness/pipeline.h"
#include "contact/witness/experiments/scenes.h"

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

/* R = exp([ω]×) is a rotation, matches Rodrigues' closed form on both sides of the
 * series switch (θ² = 1/4), and t = V v moves along ω by |v| for v ∥ ω. */
START_TEST(test_pose_exp)
{
    uint64_t seed = 3;
    const double thetas[] = {0, 1e-9, 1e-3, 0.3, 0.5 - 1e-12, 0.5 + 1e-12, 1, 3};
    for (int i = 0; i < 8; i++)
        for (int rep = 0; rep < 20; rep++) {
            double u[3] = {rng_sym(&seed, 1), rng_sym(&seed, 1), rng_sym(&seed, 1)};
            double nu = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]), th = thetas[i];
            double s[6] = {th * u[0] / nu, th * u[1] / nu, th * u[2] / nu, u[0], u[1], u[2]};
            double R[3][3], t[3];
            ccd_pose_exp(R, t, s);
            double c = cos(th), sn = sin(th), k[3] = {u[0] / nu, u[1] / nu, u[2] / nu};
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) {
                    double K = a == b ? 0 : (a + 1) % 3 == b ? -k[3 - a - b] : k[3 - a - b];
                    double rod = c * (a == b) + (1 - c) * k[a] * k[b] + sn * K;
                    ck_assert_msg(fabs(R[a][b] - rod) < 1e-15, "θ = %g: R[%d][%d] = %.17g, not %.17g",
                                  th, a, b, R[a][b], rod);
                    double rr = 0;
                    for (int m = 0; m < 3; m++)
                        rr += R[m][a] * R[m][b];
                    ck_assert_msg(fabs(rr - (a == b)) < 4e-15, "θ = %g: (RᵀR)[%d][%d] - δ = %g", th, a,
                                  b, rr - (a == b));
                }
            for (int a = 0; a < 3; a++) /* v ∥ ω: V v = v */
                ck_assert_double_eq_tol(t[a], u[a], 1e-15);
        }
}
END_TEST

/* d(values)/d(poses) of every contact against 256-bit MPFR central differences:
 * max |J - J_ref| / max |J_ref| per contact, and the values themselves. */
static double check_jacobian(ccd_contact_scene_kind kind, size_t kv, size_t ke, double *worst_value)
{
    ccd_contact_scene sc;
    ccd_contact_scene_init(&sc, kind, 0.5);
    ccd_contact_body body[2];
    ccd_contact_scene_bodies(body, &sc);
    ccd_pipeline_params p;
    ccd_pipeline_params_default(&p);
    p.vertex_k[0] = p.vertex_k[1] = kv;
    p.edge_k[0] = p.edge_k[1] = ke;
    size_t n = ccd_pipeline_contact_count(&p);
    ck_assert_uint_eq(n, 2 * kv + 2 * ke * ke);
    ccd_contact_point *out = malloc(n * sizeof *out), *ref = malloc(n * sizeof *ref);
    double (*J)[CCD_CONTACT_VALUES][12] = malloc(n * sizeof *J);
    double (*R)[CCD_CONTACT_VALUES][12] = malloc(n * sizeof *R);
    ck_assert(out && ref && J && R);
    ccd_error err;
    const double (*pose)[6] = (const double (*)[6])sc.pose;
    ck_assert_msg(ccd_contact_pipeline(out, J, &err, body, pose, &p) == CCD_OK, "%s", err.message);
    ck_assert_msg(ccd_contact_pipeline_reference(ref, R, &err, 256, body, pose, &p) == CCD_OK, "%s",
                  err.message);
    /* the values without the Jacobian are the same numbers */
    ccd_contact_point *plain = malloc(n * sizeof *plain);
    ck_assert(ccd_contact_pipeline(plain, NULL, &err, body, pose, &p) == CCD_OK);
    ck_assert(memcmp(plain, out, n * sizeof *out) == 0);
    double worst = 0, wv = 0, scale = 0;
    for (size_t c = 0; c < n; c++) {
        double num = 0, den = 0;
        for (int i = 0; i < CCD_CONTACT_VALUES; i++)
            for (int j = 0; j < 12; j++) {
                num = fmax(num, fabs(J[c][i][j] - R[c][i][j]));
                den = fmax(den, fabs(R[c][i][j]));
            }
        scale = fmax(scale, den);
        worst = fmax(worst, num / fmax(den, 1e-300));
        const double a[8] = {out[c].p[0], out[c].p[1], out[c].p[2], out[c].d,
                             out[c].n[0], out[c].n[1], out[c].n[2], out[c].activity};
        const double b[8] = {ref[c].p[0], ref[c].p[1], ref[c].p[2], ref[c].d,
                             ref[c].n[0], ref[c].n[1], ref[c].n[2], ref[c].activity};
        for (int i = 0; i < 8; i++)
            wv = fmax(wv, fabs(a[i] - b[i]));
        ck_assert(out[c].activity >= 0 && out[c].activity <= 1);
    }
    ck_assert(scale > 1); /* the poses move the contacts: a non-trivial Jacobian */
    *worst_value = wv;
    free(out), free(ref), free(J), free(R), free(plain);
    return worst;
}

START_TEST(test_pipeline_jacobian)
{
    ccd_contact_scene_kind kind = _i < 2 ? CCD_SCENE_BOX_ON_BOX : CCD_SCENE_SPHERE_ON_PLANE;
    size_t kv = _i % 2 ? 8 : 4, ke = _i % 2 ? 9 : 4; /* 4/4, and all 8 vertices, 9 edges */
    double wv, rel = check_jacobian(kind, kv, ke, &wv);
    fprintf(stderr, "%s, K_v = %zu, K_e = %zu: Jacobian max rel. error %.3g, values %.3g\n",
            ccd_contact_scene_name(kind), kv, ke, rel, wv);
    ck_assert_msg(rel < 1e-10, "Jacobian relative error %g", rel);
    ck_assert_msg(wv < 1e-12, "values differ from MPFR by %g", wv);
}
END_TEST

/* The same check through the SDF types the scenes do not use: body 0 of the
 * sphere-on-plane scene becomes the union of a point-cloud sphere and a small
 * box-like superquadric, body 1 an LSE slab (two planes) minus a sphere. */
START_TEST(test_pipeline_jacobian_all_sdf_types)
{
    enum { N = 60 };
    static double pcp[N][3], pcn[N][3];
    for (int i = 0; i < N; i++) {
        double z = 1 - (2 * i + 1) / (double)N, r = sqrt(1 - z * z), a = 2.4 * i;
        pcn[i][0] = r * cos(a), pcn[i][1] = r * sin(a), pcn[i][2] = z;
        for (int k = 0; k < 3; k++)
            pcp[i][k] = 0.5 * pcn[i][k];
    }
    static const double slab_n[2][3] = {{0, 0, 1}, {0, 0, -1}};
    static const double slab_p[2][3] = {{0, 0, 0}, {0, 0, -0.3}};
    ccd_contact_scene sc;
    ccd_contact_scene_init(&sc, CCD_SCENE_SPHERE_ON_PLANE, 0.5);
    ccd_sdf pc = {.type = CCD_SDF_POINT_CLOUD}, sq = {.type = CCD_SDF_SUPERQUADRIC},
            un = {.type = CCD_SDF_UNION}, slab = {.type = CCD_SDF_POLYHEDRON},
            hole = {.type = CCD_SDF_SUPERQUADRIC}, sub = {.type = CCD_SDF_SUBTRACTION};
    ccd_sdf *all[6] = {&pc, &sq, &un, &slab, &hole, &sub};
    for (int i = 0; i < 6; i++)
        ccd_sdf_pose_identity(all[i]);
    pc.u.pc.point = (const double (*)[3])pcp, pc.u.pc.normal = (const double (*)[3])pcn;
    pc.u.pc.count = N, pc.u.pc.sigma = 0.12;
    sq.u.sq.a = sq.u.sq.b = sq.u.sq.c = 0.2, sq.u.sq.e1 = sq.u.sq.e2 = 0.1, sq.trans[2] = 0.45;
    const ccd_sdf *uk[2] = {&pc, &sq};
    un.u.comb.child = uk, un.u.comb.count = 2, un.u.comb.tau = 0.02;
    slab.u.cp.normal = slab_n, slab.u.cp.point = slab_p, slab.u.cp.count = 2;
    slab.u.cp.tau = 0.02;
    hole.u.sq.a = hole.u.sq.b = hole.u.sq.c = 0.2, hole.u.sq.e1 = hole.u.sq.e2 = 1;
    hole.trans[0] = 0.8;
    const ccd_sdf *sk[2] = {&slab, &hole};
    sub.u.comb.child = sk, sub.u.comb.count = 2, sub.u.comb.tau = 0.02;
    sc.sdf[0] = un, sc.sdf[1] = sub;
    ccd_contact_body body[2];
    ccd_contact_scene_bodies(body, &sc);
    ccd_pipeline_params p;
    ccd_pipeline_params_default(&p);
    size_t n = ccd_pipeline_contact_count(&p);
    ccd_contact_point *out = malloc(n * sizeof *out), *ref = malloc(n * sizeof *ref);
    double (*J)[CCD_CONTACT_VALUES][12] = malloc(n * sizeof *J);
    double (*R)[CCD_CONTACT_VALUES][12] = malloc(n * sizeof *R);
    ccd_error err;
    const double (*pose)[6] = (const double (*)[6])sc.pose;
    ck_assert(ccd_contact_pipeline(out, J, &err, body, pose, &p) == CCD_OK);
    ck_assert(ccd_contact_pipeline_reference(ref, R, &err, 256, body, pose, &p) == CCD_OK);
    double worst = 0;
    for (size_t c = 0; c < n; c++) {
        double num = 0, den = 0;
        for (int i = 0; i < CCD_CONTACT_VALUES; i++)
            for (int j = 0; j < 12; j++) {
                num = fmax(num, fabs(J[c][i][j] - R[c][i][j]));
                den = fmax(den, fabs(R[c][i][j]));
            }
        worst = fmax(worst, num / fmax(den, 1e-300));
        ck_assert(fabs(out[c].d - ref[c].d) < 1e-12);
    }
    fprintf(stderr, "all SDF types: Jacobian max rel. error %.3g\n", worst);
    ck_assert_msg(worst < 1e-9, "Jacobian relative error %g", worst);
    free(out), free(ref), free(J), free(R);
}
END_TEST

/* Sphere on plane: the plane SDF is exact, so the sphere's vertex contacts have
 * d = p_z and n = +z; the plane's vertex contacts carry the sphere's exact SDF
 * |p - c| - r and its radial normal. */
START_TEST(test_sphere_on_plane_geometry)
{
    ccd_contact_scene sc;
    ccd_contact_scene_init(&sc, CCD_SCENE_SPHERE_ON_PLANE, 0.5);
    ccd_contact_body body[2];
    ccd_contact_scene_bodies(body, &sc);
    ccd_pipeline_params p;
    ccd_pipeline_params_default(&p);
    p.tau_topk = 0; /* hard top-K: the selected points are mesh vertices */
    size_t n = ccd_pipeline_contact_count(&p);
    ccd_contact_point *out = malloc(n * sizeof *out);
    ccd_error err;
    ck_assert(ccd_contact_pipeline(out, NULL, &err, body, (const double (*)[6])sc.pose, &p) ==
              CCD_OK);
    double R[3][3], c[3];
    ccd_pose_exp(R, c, sc.pose[0]);
    for (size_t k = 0; k < p.vertex_k[0]; k++) {
        ck_assert_double_eq_tol(out[k].d, out[k].p[2], 1e-15);
        ck_assert_double_eq_tol(out[k].n[2], 1, 1e-12); /* 1/√(1 + τ_n) */
    }
    /* the deepest sphere vertex first, and below the plane */
    ck_assert(out[0].d < 0 && out[0].d <= out[1].d);
    ck_assert(out[0].activity > 0.5);
    for (size_t k = p.vertex_k[0]; k < p.vertex_k[0] + p.vertex_k[1]; k++) {
        double d[3] = {out[k].p[0] - c[0], out[k].p[1] - c[1], out[k].p[2] - c[2]};
        double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        ck_assert_double_eq_tol(out[k].d, len - 0.5, 1e-15);
        for (int i = 0; i < 3; i++)
            ck_assert_double_eq_tol(out[k].n[i], d[i] / len, 1e-9);
    }
    free(out);
}
END_TEST

/* Box on box (Fig. 5): the contacts with activity > 0.5 are the four bottom
 * corners of the top box, penetrating the bottom box's top face, with normals
 * +z (out of the bottom box); every other contact is inactive. */
START_TEST(test_box_on_box_normals)
{
    ccd_contact_scene sc;
    ccd_contact_scene_init(&sc, CCD_SCENE_BOX_ON_BOX, 0.5);
    ccd_contact_body body[2];
    ccd_contact_scene_bodies(body, &sc);
    ccd_pipeline_params p;
    ccd_pipeline_params_default(&p);
    p.vertex_k[0] = p.vertex_k[1] = 8;
    size_t n = ccd_pipeline_contact_count(&p), active = 0;
    ccd_contact_point *out = malloc(n * sizeof *out);
    ccd_error err;
    ck_assert(ccd_contact_pipeline(out, NULL, &err, body, (const double (*)[6])sc.pose, &p) ==
              CCD_OK);
    for (size_t k = 0; k < n; k++) {
        double nn = sqrt(out[k].n[0] * out[k].n[0] + out[k].n[1] * out[k].n[1] +
                         out[k].n[2] * out[k].n[2]);
        ck_assert(nn <= 1 + 1e-12);
        if (out[k].activity > 0.5) {
            active++;
            ck_assert_msg(k >= 8 && k < 12, "contact %zu is active", k); /* top box's vertices */
            ck_assert_msg(out[k].n[2] > 0.999, "contact %zu: n = (%g, %g, %g)", k, out[k].n[0],
                          out[k].n[1], out[k].n[2]);
            /* sunk 0.02 h = 0.01 below the face z = h (the radial superquadric distance
             * is not the distance to the face: within 50%) */
            ck_assert(out[k].p[2] < 0.5 && out[k].d < 0);
            ck_assert_double_eq_tol(out[k].d, out[k].p[2] - 0.5, 0.5 * (0.5 - out[k].p[2]));
        } else {
            ck_assert(out[k].activity < 0.3);
        }
    }
    ck_assert_uint_eq(active, 4);
    free(out);
}
END_TEST

START_TEST(test_pipeline_bad_input)
{
    ccd_contact_scene sc;
    ccd_contact_scene_init(&sc, CCD_SCENE_BOX_ON_BOX, 0.5);
    ccd_contact_body body[2];
    ccd_contact_scene_bodies(body, &sc);
    ccd_pipeline_params p;
    ccd_pipeline_params_default(&p);
    ccd_contact_point out[64];
    ccd_error err;
    const double (*pose)[6] = (const double (*)[6])sc.pose;
    p.vertex_k[1] = 9; /* a box has 8 vertices */
    ck_assert_int_eq(ccd_contact_pipeline(out, NULL, &err, body, pose, &p), CCD_ERR_INPUT);
    ck_assert(strstr(err.message, "vertex K = 9") != NULL);
    p.vertex_k[1] = 4, p.edge_k[0] = 0;
    ck_assert_int_eq(ccd_contact_pipeline(out, NULL, &err, body, pose, &p), CCD_ERR_INPUT);
    p.edge_k[0] = 4;
    sc.edge[0][3][1] = 8; /* a missing vertex */
    ck_assert_int_eq(ccd_contact_pipeline(out, NULL, &err, body, pose, &p), CCD_ERR_INPUT);
    ck_assert(strstr(err.message, "missing vertex") != NULL);
}
END_TEST

static Suite *pipeline_suite(void)
{
    Suite *s = suite_create("contact_pipeline");
    TCase *tc = tcase_create("pipeline");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_pose_exp);
    tcase_add_loop_test(tc, test_pipeline_jacobian, 0, 4);
    tcase_add_test(tc, test_pipeline_jacobian_all_sdf_types);
    tcase_add_test(tc, test_sphere_on_plane_geometry);
    tcase_add_test(tc, test_box_on_box_normals);
    tcase_add_test(tc, test_pipeline_bad_input);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(pipeline_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
