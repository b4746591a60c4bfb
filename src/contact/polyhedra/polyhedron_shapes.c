/* SPDX-License-Identifier: MIT */
/*
 * The built-in convex polyhedra of the contact routine of Cheng Yi & Drumwright:
 * boxes and the tessellated spheres of the paper's experiments (50, 98 and 182
 * vertices), both built through the exact hull.
 */
#include <config.h>

#include <math.h>

#include "ccdbench/polyhedra.h"
#include "contact/polyhedra/polyhedron_internal.h"

ccd_status ccd_polyhedron_box(ccd_polyhedron *p, ccd_error *err, const double half[3])
{
    for (int k = 0; k < 3; k++)
        if (!(half[k] > 0 && isfinite(half[k])))
            return ccd_error_set(err, CCD_ERR_INPUT, "box", 0, 0,
                                 "half extents must be positive and finite, got %g %g %g",
                                 half[0], half[1], half[2]);
    double v[8][3];
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            v[i][k] = (i >> k & 1) ? half[k] : -half[k];
    return ccd_polyh_hull_path(p, err, (const double (*)[3])v, 8, "box");
}

ccd_status ccd_polyhedron_sphere(ccd_polyhedron *p, ccd_error *err, size_t vertices,
                                 double radius)
{
    int rings, sectors;
    switch (vertices) {
    case 50: rings = 4, sectors = 12; break;
    case 98: rings = 8, sectors = 12; break;
    case 182: rings = 10, sectors = 18; break;
    default:
        return ccd_error_set(err, CCD_ERR_INPUT, "sphere", 0, 0,
                             "tessellated spheres have 50, 98 or 182 vertices, not %zu", vertices);
    }
    if (!(radius > 0 && isfinite(radius)))
        return ccd_error_set(err, CCD_ERR_INPUT, "sphere", 0, 0,
                             "radius must be positive and finite, got %g", radius);
    double v[182][3];
    size_t n = 0;
    v[n][0] = 0, v[n][1] = -radius, v[n][2] = 0, n++;
    v[n][0] = 0, v[n][1] = radius, v[n][2] = 0, n++;
    const double pi = 3.14159265358979323846;
    for (int r = 1; r <= rings; r++) {
        /* polar angle from the bottom pole; rings symmetric about the equator */
        double th = pi * r / (rings + 1);
        double y = -cos(th), s = sin(th);
        if (2 * r == rings + 1)
            y = 0;
        else if (2 * r > rings + 1)
            y = -v[2 + (size_t)(rings - r) * (size_t)sectors][1]; /* mirror exactly */
        for (int k = 0; k < sectors; k++) {
            double ph = 2 * pi * k / sectors;
            v[n][0] = radius * s * cos(ph);
            v[n][1] = radius * y;
            v[n][2] = radius * s * sin(ph);
            if (2 * r > rings + 1) {
                v[n][1] = -v[2 + (size_t)(rings - r) * (size_t)sectors + (size_t)k][1];
                v[n][0] = v[2 + (size_t)(rings - r) * (size_t)sectors + (size_t)k][0];
                v[n][2] = v[2 + (size_t)(rings - r) * (size_t)sectors + (size_t)k][2];
            }
            n++;
        }
    }
    return ccd_polyh_hull_path(p, err, (const double (*)[3])v, n, "sphere");
}
