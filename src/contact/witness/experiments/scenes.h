/* SPDX-License-Identifier: MIT */
/*
 * Worked examples for the contact pipeline (pipeline.h): two bodies, each a mesh
 * and an SDF in its own frame, and default poses.
 *   box-on-box       two cubes, of half-size h (bottom) and h/2 (top), each the
 *                    8-vertex, 12-edge cube mesh and a superquadric with
 *                    ε1 = ε2 = 0.1 and a = b = c = the half-size (the set-up of
 *                    Beker et al., Fig. 5, whose sizes are not given); the top
 *                    box turned by 0.3 rad about z, tilted slightly, and sunk
 *                    0.02 h into the bottom one's top face.
 *   sphere-on-plane  a sphere of radius r (superquadric ε1 = ε2 = 1, exact SDF)
 *                    meshed as an icosahedron (12 vertices, 30 edges) on its
 *                    surface, resting 0.02 r deep on the plane z = 0 (a one-plane
 *                    polyhedron) meshed as a 3 × 3 grid of 4r × 4r (9 vertices,
 *                    12 edges).
 * A scene owns its arrays; ccd_contact_scene_body() fills the pipeline's bodies.
 */
#ifndef CCD_CONTACT_SCENES_H
#define CCD_CONTACT_SCENES_H
#include "contact/witness/signed_distance.h"

enum { CCD_SCENE_MAX_VERTICES = 16, CCD_SCENE_MAX_EDGES = 32 };

typedef enum ccd_contact_scene_kind {
    CCD_SCENE_BOX_ON_BOX,
    CCD_SCENE_SPHERE_ON_PLANE
} ccd_contact_scene_kind;

typedef struct ccd_contact_scene {
    ccd_contact_scene_kind kind;
    double vertex[2][CCD_SCENE_MAX_VERTICES][3];
    unsigned edge[2][CCD_SCENE_MAX_EDGES][2];
    size_t vertex_count[2], edge_count[2];
    ccd_sdf sdf[2];
    double plane_normal[1][3], plane_point[1][3];
    double pose[2][6]; /* default poses s_0, s_1 */
} ccd_contact_scene;

/* size: h (box-on-box) or r (sphere-on-plane), > 0. */
void ccd_contact_scene_init(ccd_contact_scene *sc, ccd_contact_scene_kind kind, double size);
/* Name ("box-on-box", "sphere-on-plane") to kind; -1 if unknown. */
int ccd_contact_scene_parse(ccd_contact_scene_kind *kind, const char *name);
const char *ccd_contact_scene_name(ccd_contact_scene_kind kind);
/* body[b] points into sc (valid while sc lives and is not moved). */
void ccd_contact_scene_bodies(ccd_contact_body body[2], const ccd_contact_scene *sc);
#endif
