/* SPDX-License-Identifier: MIT */
/*
 * A rigid pose, shared by the contact APIs that place bodies in the world
 * (<ccdbench/polyhedra.h>, <ccdbench/potential.h>): x_world = rot · x_body + pos.
 */
#ifndef CCDBENCH_POSE_H
#define CCDBENCH_POSE_H
#include "ccdbench.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ccd_pose {
    double rot[3][3];
    double pos[3];
} ccd_pose;

/* The largest |position| component the contact routines take (the potential, the
 * polyhedra): their arithmetic squares and multiplies lengths up to fourth powers,
 * and 1e75^4 = 1e300 stays a finite double.  The command line refuses poses beyond
 * it; callers of the C API keep to it (a pair 1e301 apart got P = 12). */
#define CCD_POSE_MAX_POSITION 1e75

/* The pose written "W,X,Y,Z,PX,PY,PZ" (a quaternion, normalised here, and a
 * position within CCD_POSE_MAX_POSITION), as on the command line's --pose-a.
 * Bad input: CCD_ERR_INPUT and "name: at character N: what" (or "name: what"). */
CCD_API ccd_status ccd_pose_parse(ccd_pose *pose, ccd_error *err, const char *name,
                                  const char *text);
/* The identity pose translated by pos (pos may be NULL). */
CCD_API void ccd_pose_translation(ccd_pose *pose, const double pos[3]);
/* The pose of the unit quaternion (w, x, y, z), normalised here at any scale of
 * finite components (it must not be 0), and translation pos (may be NULL). */
CCD_API void ccd_pose_from_quaternion(ccd_pose *pose, const double q[4], const double pos[3]);
/* From v = (pos, rotation vector ω): rot = exp([ω]×). */
CCD_API void ccd_pose_from_vector(ccd_pose *pose, const double v[6]);
/* The pose p moved by d = (δt, δω): rot' = exp([δω]×) rot, pos' = pos + δt (a world
 * rotation about the body's origin after the pose's own).  out may be p. */
CCD_API void ccd_pose_perturb(ccd_pose *out, const ccd_pose *p, const double d[6]);

#ifdef __cplusplus
}
#endif
#endif
