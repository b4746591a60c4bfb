/* SPDX-License-Identifier: MIT */
/*
 * The exact reference of the convex-polyhedra experiments: the signed distance
 * of two posed convex vertex sets computed through their Minkowski difference,
 * as the unit test of Cheng Yi & Drumwright ("Determining Contact Data for Time
 * Stepping Rigid Body Simulations with Convex Polyhedral Geometries") does, but
 * in exact arithmetic.
 *
 * The doubles given (vertices, rotation, translation) are taken as the
 * rationals they are; the world vertices rot · v + pos and the pairwise
 * differences a_i − b_j are formed exactly (GMP), their convex hull D = A ⊖ B is
 * built with exact orientation predicates (a floating-point filter with a
 * proven error bound decides the clear cases, integers decide the rest), and
 * the hull is verified (closed, every point on the inner side of every facet).
 *
 *   origin strictly inside D:  φ = −min over facets of c/|n| (facet plane n·x = c);
 *                              the minimum is found by comparing the rational
 *                              squares c²/|n|² exactly; n̂ = −n/|n|
 *   origin on the boundary:    φ = 0 exactly; n̂ = −n/|n| of the facets through it
 *   origin outside:            φ = distance to the nearest point x* of D (exact
 *                              closest point on a triangle, rational); n̂ = x* / |x*|
 *
 * φ and each component of n̂ are the square roots of exact rationals, rounded
 * correctly to the nearest double.  normal_unique is 0 when the facets that
 * attain the minimum (or pass through the origin) point different ways, the
 * case in which the paper returns no contact.
 */
#ifndef CCD_CONTACT_MINKOWSKI_EXACT_H
#define CCD_CONTACT_MINKOWSKI_EXACT_H
#include <stddef.h>

#include <gmp.h>

#include "ccdbench.h"
#include "contact/polyhedra/polyhedra_method.h"

typedef struct ccd_minkowski_result {
    double phi;        /* correctly rounded exact signed distance              */
    double normal[3];  /* correctly rounded exact unit normal, from B toward A */
    int inside;        /* 1: origin strictly inside D, 0: on its boundary, -1: outside */
    int normal_unique;
    size_t hull_vertices, hull_facets; /* of the triangulated hull of A ⊖ B */
} ccd_minkowski_result;

/* CCD_ERR_INPUT when A ⊖ B is flat (every difference on one plane), when a
 * coordinate is not finite, or when a body has no vertex; CCD_ERR_INTERNAL when
 * out of memory or the hull fails its own verification. */
ccd_status ccd_minkowski_signed_distance(ccd_minkowski_result *out, ccd_error *err,
                                         const ccd_posed_vertices *a,
                                         const ccd_posed_vertices *b);

/* The same quantity by brute force, for tests: every triple of differences that
 * spans a supporting plane is a facet candidate (O(n⁴) exact predicates, no
 * hull).  Only φ (correctly rounded) and inside are set. */
ccd_status ccd_minkowski_signed_distance_brute(ccd_minkowski_result *out, ccd_error *err,
                                               const ccd_posed_vertices *a,
                                               const ccd_posed_vertices *b);

/* sqrt(num / den) rounded to the nearest double (num ≥ 0, den > 0). */
double ccd_sqrt_ratio_rounded(const mpz_t num, const mpz_t den);

/* The pose ccd_posed_vertices expects from a quaternion (w, x, y, z), which is
 * normalised first; the rotation is then rounded to doubles, which are the pose. */
void ccd_quaternion_rotation(double rot[3][3], const double q[4]);
#endif
