/* SPDX-License-Identifier: MIT */
/*
 * ∂φ/∂(pose A, pose B) and ∂n̂/∂(pose A, pose B) of the polyhedra contact: the
 * active feature pair found by the contact routine, then the generic feature
 * formula (polyhedra_generic.h) over dual numbers.  Defined where φ is smooth:
 * the manifold is one point (vertex–face, crossing edges, or the closest points
 * of disjoint bodies); face–face and edge–face contacts are kinks of φ.
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "contact/polyhedra/polyhedra_internal.h"
#include "contact/common/scalar_dual.h"
#include "contact/polyhedra/polyhedra_generic.h"

static void body_dir(double *r, const ccd_polyhedron *p, size_t e)
{
    for (int i = 0; i < 3; i++)
        r[i] = p->vertex[p->edge[e][1]][i] - p->vertex[p->edge[e][0]][i];
}

/* sign so that sign·(rot·dir) points along n */
static double along(const double rot[3][3], const double *dir, const double *n)
{
    double s = 0;
    for (int i = 0; i < 3; i++)
        s += (rot[i][0] * dir[0] + rot[i][1] * dir[1] + rot[i][2] * dir[2]) * n[i];
    return s >= 0 ? 1 : -1;
}

const char *ccd_polyh_jac_undefined(const ccd_polyhedra_result *r)
{
    if (r->status != CCD_POLYH_CONTACT)
        return ccd_polyhedra_status_name(r->status);
    if (r->point_count != 1)
        return "a manifold of several points (face or edge on a face), a kink of phi";
    return NULL;
}

ccd_status ccd_polyh_jac_features(ccd_polyh_jac_feature *fp, ccd_polyhedra_result *r,
                                 ccd_error *err, const ccd_polyhedron *a, const ccd_pose *pose_a,
                                 const ccd_polyhedron *b, const ccd_pose *pose_b,
                                 const ccd_polyhedra_options *opt)
{
    ccd_polyh_sat sat;
    ccd_status st = ccd_polyh_contact_sat(r, &sat, err, a, pose_a, b, pose_b, opt);
    if (st != CCD_OK)
        return st;
    const char *why = ccd_polyh_jac_undefined(r);
    if (why)
        return ccd_error_set(err, CCD_ERR_INPUT, "polyhedra", 0, 0, "no derivative: %s", why);
    memset(fp, 0, sizeof *fp);
    memcpy(fp->rot[0], pose_a->rot, sizeof fp->rot[0]);
    memcpy(fp->rot[1], pose_b->rot, sizeof fp->rot[1]);
    memcpy(fp->pos[0], pose_a->pos, sizeof fp->pos[0]);
    memcpy(fp->pos[1], pose_b->pos, sizeof fp->pos[1]);
    const ccd_polyh_feature *f = &sat.feature;
    const double *n = r->normal;
    if (r->intersecting) {
        memcpy(fp->pa, a->vertex[sat.deep_a], sizeof fp->pa);
        memcpy(fp->pb, b->vertex[sat.deep_b], sizeof fp->pb);
        if (f->kind == CCD_POLYH_FEAT_FACE_A) {
            fp->kind = CCD_POLYH_JAC_AXIS_FACE_A;
            memcpy(fp->dir_a, a->face_normal[f->a], sizeof fp->dir_a);
            fp->sign = along(pose_a->rot, fp->dir_a, n);
        } else if (f->kind == CCD_POLYH_FEAT_FACE_B) {
            fp->kind = CCD_POLYH_JAC_AXIS_FACE_B;
            memcpy(fp->dir_b, b->face_normal[f->b], sizeof fp->dir_b);
            fp->sign = along(pose_b->rot, fp->dir_b, n);
        } else {
            fp->kind = CCD_POLYH_JAC_AXIS_EDGE;
            body_dir(fp->dir_a, a, f->a), body_dir(fp->dir_b, b, f->b);
            double ea[3], eb[3], c[3];
            for (int i = 0; i < 3; i++) {
                ea[i] = pose_a->rot[i][0] * fp->dir_a[0] + pose_a->rot[i][1] * fp->dir_a[1] +
                        pose_a->rot[i][2] * fp->dir_a[2];
                eb[i] = pose_b->rot[i][0] * fp->dir_b[0] + pose_b->rot[i][1] * fp->dir_b[1] +
                        pose_b->rot[i][2] * fp->dir_b[2];
            }
            c[0] = ea[1] * eb[2] - ea[2] * eb[1], c[1] = ea[2] * eb[0] - ea[0] * eb[2];
            c[2] = ea[0] * eb[1] - ea[1] * eb[0];
            fp->sign = c[0] * n[0] + c[1] * n[1] + c[2] * n[2] >= 0 ? 1 : -1;
        }
        return CCD_OK;
    }
    /* disjoint: the closest features */
    if (f->kind == CCD_POLYH_FEAT_FACE_A) { /* vertex f->b of B over face f->a of A */
        fp->kind = CCD_POLYH_JAC_AXIS_FACE_A;
        memcpy(fp->dir_a, a->face_normal[f->a], sizeof fp->dir_a);
        memcpy(fp->pa, a->vertex[a->face_vertex[a->face_start[f->a]]], sizeof fp->pa);
        memcpy(fp->pb, b->vertex[f->b], sizeof fp->pb);
        fp->sign = along(pose_a->rot, fp->dir_a, n);
    } else if (f->kind == CCD_POLYH_FEAT_FACE_B) {
        fp->kind = CCD_POLYH_JAC_AXIS_FACE_B;
        memcpy(fp->dir_b, b->face_normal[f->b], sizeof fp->dir_b);
        memcpy(fp->pa, a->vertex[f->a], sizeof fp->pa);
        memcpy(fp->pb, b->vertex[b->face_vertex[b->face_start[f->b]]], sizeof fp->pb);
        fp->sign = along(pose_b->rot, fp->dir_b, n);
    } else {
        const double eps = 1e-12;
        int end_a = f->sa <= eps || f->sa >= 1 - eps, end_b = f->tb <= eps || f->tb >= 1 - eps;
        size_t va = a->edge[f->a][f->sa >= 0.5], vb = b->edge[f->b][f->tb >= 0.5];
        body_dir(fp->dir_a, a, f->a), body_dir(fp->dir_b, b, f->b);
        memcpy(fp->pa, a->vertex[end_a ? va : a->edge[f->a][0]], sizeof fp->pa);
        memcpy(fp->pb, b->vertex[end_b ? vb : b->edge[f->b][0]], sizeof fp->pb);
        if (end_a && end_b)
            fp->kind = CCD_POLYH_JAC_POINT_POINT;
        else if (end_a)
            fp->kind = CCD_POLYH_JAC_POINT_EDGE_B;
        else if (end_b)
            fp->kind = CCD_POLYH_JAC_POINT_EDGE_A;
        else {
            fp->kind = CCD_POLYH_JAC_AXIS_EDGE;
            double c[3], ea[3], eb[3];
            for (int i = 0; i < 3; i++) {
                ea[i] = pose_a->rot[i][0] * fp->dir_a[0] + pose_a->rot[i][1] * fp->dir_a[1] +
                        pose_a->rot[i][2] * fp->dir_a[2];
                eb[i] = pose_b->rot[i][0] * fp->dir_b[0] + pose_b->rot[i][1] * fp->dir_b[1] +
                        pose_b->rot[i][2] * fp->dir_b[2];
            }
            c[0] = ea[1] * eb[2] - ea[2] * eb[1], c[1] = ea[2] * eb[0] - ea[0] * eb[2];
            c[2] = ea[0] * eb[1] - ea[1] * eb[0];
            fp->sign = c[0] * n[0] + c[1] * n[1] + c[2] * n[2] >= 0 ? 1 : -1;
        }
    }
    return CCD_OK;
}

void ccd_polyh_jac_eval(double out[4], double jac[4][12], const ccd_polyh_jac_feature *fp)
{
    ccd_dual s[12], o[4];
    for (int j = 0; j < 12; j++) {
        s[j] = dual_const(0);
        s[j].d[j] = 1;
    }
    gen_poly_feature(NULL, o, s, fp);
    for (int i = 0; i < 4; i++) {
        if (out)
            out[i] = o[i].v;
        if (jac)
            memcpy(jac[i], o[i].d, sizeof jac[i]);
    }
}

ccd_status ccd_polyhedra_contact_jacobian(double dphi[12], double dn[3][12], ccd_error *err,
                                          const ccd_polyhedron *a, const ccd_pose *pose_a,
                                          const ccd_polyhedron *b, const ccd_pose *pose_b,
                                          const ccd_polyhedra_options *opt)
{
    ccd_polyh_jac_feature fp;
    ccd_polyhedra_result r;
    ccd_status st = ccd_polyh_jac_features(&fp, &r, err, a, pose_a, b, pose_b, opt);
    if (st != CCD_OK)
        return st;
    double jac[4][12];
    ccd_polyh_jac_eval(NULL, jac, &fp);
    memcpy(dphi, jac[0], sizeof jac[0]);
    for (int i = 0; i < 3; i++)
        memcpy(dn[i], jac[1 + i], sizeof jac[0]);
    return CCD_OK;
}
