/* SPDX-License-Identifier: MIT */
/* The active feature pair of a polyhedra contact as plain data, for its
 * derivatives (polyhedra_generic.h) and their 256-bit reference. */
#ifndef CCD_CONTACT_POLYHEDRA_JACOBIAN_H
#define CCD_CONTACT_POLYHEDRA_JACOBIAN_H
#include "ccdbench/polyhedra.h"

typedef enum ccd_polyh_jac_kind {
    CCD_POLYH_JAC_AXIS_FACE_A, /* n̂ = sign·rot_A·dir_a, φ = n̂·(pa − pb)           */
    CCD_POLYH_JAC_AXIS_FACE_B, /* n̂ = sign·rot_B·dir_b                             */
    CCD_POLYH_JAC_AXIS_EDGE,   /* n̂ = sign·normalise(rot_A dir_a × rot_B dir_b)    */
    CCD_POLYH_JAC_POINT_POINT, /* φ = |pa − pb|, n̂ = (pa − pb)/φ                    */
    CCD_POLYH_JAC_POINT_EDGE_A, /* pb against the line through pa along rot_A dir_a */
    CCD_POLYH_JAC_POINT_EDGE_B  /* pa against the line through pb along rot_B dir_b */
} ccd_polyh_jac_kind;

typedef struct ccd_polyh_jac_feature {
    ccd_polyh_jac_kind kind;
    double sign;
    double rot[2][3][3], pos[2][3]; /* the poses of A and B              */
    double pa[3], pb[3];            /* body-frame points of A and of B   */
    double dir_a[3], dir_b[3];      /* body-frame directions             */
} ccd_polyh_jac_feature;

/* Why (φ, n̂) of the contact r has no derivative (no contact data, or a
 * manifold of several points, a kink of φ), or NULL where it has one. */
const char *ccd_polyh_jac_undefined(const ccd_polyhedra_result *r);
/* The active features of the pair, CCD_ERR_INPUT where the derivative is not
 * defined (no contact data, or a tie in the closest features). */
ccd_status ccd_polyh_jac_features(ccd_polyh_jac_feature *fp, ccd_polyhedra_result *r,
                                 ccd_error *err, const ccd_polyhedron *a, const ccd_pose *pose_a,
                                 const ccd_polyhedron *b, const ccd_pose *pose_b,
                                 const ccd_polyhedra_options *opt);
/* (φ, n̂) of the features at s = 0 in double, and their Jacobian by dual numbers. */
void ccd_polyh_jac_eval(double out[4], double jac[4][12], const ccd_polyh_jac_feature *fp);
/* The same Jacobian by central differences of the routine in MPFR at prec bits
 * (step 2^(−prec/3)); CCD_ERR_INTERNAL when out of memory. */
ccd_status ccd_polyh_jac_reference(double out[4], double jac[4][12],
                                  const ccd_polyh_jac_feature *fp, unsigned prec);
#endif
