/* SPDX-License-Identifier: MIT */
/* Internals of the polyhedra contact routine shared with its Jacobian and tests. */
#ifndef CCD_CONTACT_POLYHEDRA_INTERNAL_H
#define CCD_CONTACT_POLYHEDRA_INTERNAL_H
#include "ccdbench/polyhedra.h"

/* A body's vertices, face normals and edge vectors in the world frame. */
typedef struct ccd_polyh_world_body {
    const ccd_polyhedron *p;
    double (*v)[3], (*n)[3], (*e)[3];
} ccd_polyh_world_body;
int ccd_polyh_world(ccd_polyh_world_body *w, const ccd_polyhedron *p, const ccd_pose *T);
void ccd_polyh_world_free(ccd_polyh_world_body *w);

/* The active feature pair that defines φ and n̂. */
typedef enum ccd_polyh_feature_kind {
    CCD_POLYH_FEAT_FACE_A,   /* a face of A (a) and a vertex of B (b) */
    CCD_POLYH_FEAT_FACE_B,   /* a vertex of A (a) and a face of B (b) */
    CCD_POLYH_FEAT_EDGE_EDGE /* edge a of A, edge b of B              */
} ccd_polyh_feature_kind;
typedef struct ccd_polyh_feature {
    ccd_polyh_feature_kind kind;
    size_t a, b;
    int sign;      /* SAT: n̂ = sign · axis                          */
    double sa, tb; /* disjoint edge–edge: closest-point parameters */
} ccd_polyh_feature;

typedef struct ccd_polyh_sat {
    ccd_polyh_feature feature, separating_axis;
    double normal[3], overlap;
    size_t deep_a, deep_b;
    double closest[2][3];
} ccd_polyh_sat;

/* ccd_polyhedra_contact, also returning the active features. */
ccd_status ccd_polyh_contact_sat(ccd_polyhedra_result *r, ccd_polyh_sat *sat, ccd_error *err,
                                const ccd_polyhedron *a, const ccd_pose *pose_a,
                                const ccd_polyhedron *b, const ccd_pose *pose_b,
                                const ccd_polyhedra_options *opt);
#endif
