/* SPDX-License-Identifier: MIT */
/*
 * polyhedra.h — convex polyhedra with rigid poses and their contact data, after
 * Cheng Yi & Drumwright, "Determining Contact Data for Time Stepping Rigid Body
 * Simulations with Convex Polyhedral Geometries".
 *
 * For a pair (A, B) the routine returns the signed distance φ (the distance when
 * disjoint, minus the minimum translational distance when intersecting), the unit
 * normal n̂ pointing from B toward A, the contact plane x·n̂ = d and the contact
 * manifold: the vertices of the intersection of the two bodies' on-plane vertex
 * sets (point, segment or convex polygon) after the bodies are moved along n̂
 * until they kiss.  Where the normal is not unique (kissing vertex–vertex,
 * vertex–edge or parallel edge–edge contact, or equal minimal separating axes
 * pointing different ways) the routine returns "no contact" with the reason,
 * as the paper prescribes, and never an arbitrary normal.
 */
#ifndef CCDBENCH_POLYHEDRA_H
#define CCDBENCH_POLYHEDRA_H

#include <stddef.h>

#include "ccdbench.h"
#include "pose.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A convex polyhedron in its body frame.  Faces are convex polygons listed
 * counter-clockwise seen from outside (face_start[f] .. face_start[f+1]-1 index
 * face_vertex); edges are the undirected pairs, each with its two faces. */
typedef struct ccd_polyhedron {
    size_t vertex_count, face_count, edge_count;
    double (*vertex)[3];
    double (*face_normal)[3]; /* unit outward normals */
    size_t *face_start;       /* face_count + 1 offsets into face_vertex */
    size_t *face_vertex;
    size_t (*edge)[2];      /* vertex indices */
    size_t (*edge_face)[2]; /* the two faces that share the edge */
    double radius;          /* max |vertex|: the scale of the body */
} ccd_polyhedron;

/* Constructors.  Each fills *p (free it with ccd_polyhedron_free) or returns
 * CCD_ERR_INPUT with a message in err (path is used in messages; may be NULL). */
CCD_API ccd_status ccd_polyhedron_box(ccd_polyhedron *p, ccd_error *err, const double half[3]);
/* A tessellated unit-radius sphere (then scaled by radius) with 50, 98 or 182
 * vertices: a UV sphere with poles on the y axis (pole at (0, −r, 0)) and 4 × 12,
 * 8 × 12 or 10 × 18 rings × sectors (the paper's vertex counts; every vertex on
 * the sphere). */
CCD_API ccd_status ccd_polyhedron_sphere(ccd_polyhedron *p, ccd_error *err, size_t vertices,
                                         double radius);
/* The convex hull of n points (exact orientation predicates).  Points that are not
 * vertices of the hull are dropped; fewer than 4 points or all points coplanar is
 * an error. */
CCD_API ccd_status ccd_polyhedron_hull(ccd_polyhedron *p, ccd_error *err, const double (*pts)[3],
                                       size_t n);
/* A convex polyhedron read from an OBJ, OFF or PLY file, told apart by its
 * contents and read as ccd_mesh_read reads it (<ccdbench/mesh.h>), except that
 * faces are optional: the body is the convex hull of the vertices, and the faces
 * a file has are only checked.  Bad syntax: `path:line:column: what` (binary PLY
 * data: `path: what (element N)`); a vertex that is not a corner of the hull (a
 * non-convex body, or a vertex on a face or an edge) is refused at its own line,
 * `path:line:1: vertex N is not a corner …` (binary PLY: `path: … (vertex N)`,
 * counted from 0); fewer than 4 vertices, or all coplanar: `path: what`. */
CCD_API ccd_status ccd_polyhedron_read(ccd_polyhedron *p, ccd_error *err, const char *path);
CCD_API void ccd_polyhedron_free(ccd_polyhedron *p);

typedef enum ccd_polyhedra_status {
    CCD_POLYH_CONTACT = 0,          /* contact data found                           */
    CCD_POLYH_VERTEX_VERTEX = 1,    /* kissing vertex–vertex: normal indeterminate */
    CCD_POLYH_VERTEX_EDGE = 2,      /* kissing vertex–edge                          */
    CCD_POLYH_PARALLEL_EDGES = 3,   /* kissing parallel edge–edge                   */
    CCD_POLYH_EQUAL_MINIMA = 4      /* equal minimal axes pointing different ways   */
} ccd_polyhedra_status;

enum { CCD_POLYH_MAX_POINTS = 64 };

/* The scales the routines accept: every |coordinate| of a polyhedron, and the pair's
 * scale L = max over both bodies of (radius + |pos|), at most CCD_POLYH_MAX_SCALE;
 * each body's radius (max |vertex|) and every edge (its largest coordinate
 * difference) at least CCD_POLYH_MIN_SCALE.  The contact's
 * double arithmetic takes up to fourth powers of lengths (squared norms of cross
 * products of edges), and 1e75^4 = 1e300 stays below DBL_MAX while 1e-75^4 =
 * 1e-300 stays above the subnormals; the exact predicates of the hull take the
 * doubles as they are.  Outside the range the constructors and
 * ccd_polyhedra_contact return CCD_ERR_INPUT, saying which number is out (a half
 * extent of 1e308 had reached the exact predicates as inf, 1e-200 gave a NaN
 * normal, corners at 1e160 a wrong "not intersecting"). */
#define CCD_POLYH_MAX_SCALE 1e75
#define CCD_POLYH_MIN_SCALE 1e-75

typedef struct ccd_polyhedra_result {
    ccd_polyhedra_status status;
    int intersecting;   /* 1 when no separating axis exists (φ ≤ 0)        */
    double phi;         /* signed distance                                  */
    double normal[3];   /* unit, from B toward A (also set for "no contact"
                           when one was computed, but not to be used)       */
    double plane_d;     /* the contact plane x·normal = plane_d             */
    double closest[2][3]; /* disjoint: closest points on A and B; intersecting:
                             the deepest vertices of A and B along normal   */
    size_t point_count; /* the manifold, 0 for "no contact"                 */
    double point[CCD_POLYH_MAX_POINTS][3];
    int fix_used;       /* bit 0: Fix 1 (no on-plane vertex), bit 1: Fix 2 */
} ccd_polyhedra_result;

/* Tolerances, relative to the pair's scale L = max over both bodies of
 * (radius + |pos|): on-plane vertices within plane_tol·L of the contact plane;
 * bodies kiss when |φ| ≤ kiss_tol·L; axis overlaps tie within tie_tol·L.
 * all_edge_pairs = 1 tests every edge × edge axis as the paper does (O(n³));
 * the default 0 tests only the pairs whose Gauss-map arcs cross, the only ones
 * that give faces of the Minkowski difference (same result, far fewer axes). */
typedef struct ccd_polyhedra_options {
    double plane_tol, kiss_tol, tie_tol;
    int all_edge_pairs;
} ccd_polyhedra_options;
CCD_API void ccd_polyhedra_options_default(ccd_polyhedra_options *opt);

/* Contact data for A at pose_a and B at pose_b (opt may be NULL: defaults).
 * Returns CCD_ERR_INTERNAL only when out of memory. */
CCD_API ccd_status ccd_polyhedra_contact(ccd_polyhedra_result *r, ccd_error *err,
                                         const ccd_polyhedron *a, const ccd_pose *pose_a,
                                         const ccd_polyhedron *b, const ccd_pose *pose_b,
                                         const ccd_polyhedra_options *opt);
CCD_API const char *ccd_polyhedra_status_name(ccd_polyhedra_status s);

/* ∂φ/∂(s_a, s_b) and ∂n̂/∂(s_a, s_b) at the pair's contact, where a pose is
 * perturbed by the twist s = (ω, v): rot(s) = exp([ω]×)·rot, pos(s) = pos + v
 * (world-frame rotation about the body origin, then translation).  Defined in
 * the generic case only (r->status == CCD_POLYH_CONTACT and the active features
 * are a vertex–face, face–vertex or non-parallel edge–edge pair, or, when
 * disjoint, any pair with a unique closest-point direction); returns
 * CCD_ERR_INPUT otherwise.  dphi[12], dn[3][12]. */
CCD_API ccd_status ccd_polyhedra_contact_jacobian(double dphi[12], double dn[3][12],
                                                  ccd_error *err, const ccd_polyhedron *a,
                                                  const ccd_pose *pose_a,
                                                  const ccd_polyhedron *b,
                                                  const ccd_pose *pose_b,
                                                  const ccd_polyhedra_options *opt);

#ifdef __cplusplus
}
#endif
#endif
