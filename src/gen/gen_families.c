/* SPDX-License-Identifier: MIT */
/* The table of families (the order of `--family all`). */
#include <config.h>

#include "gen/gen_family.h"

static const ccd_gen_family families[] = {
    {"random", "generic contacts at random times and random scatter", ccd_gen_family_random},
    {"near-miss", "misses at distance exactly 10^-k (k = 1..12) and the hits beside them",
     ccd_gen_family_near_miss},
    {"tangent", "grazing and tangential contact at one instant; misses by 2^-m",
     ccd_gen_family_tangent},
    {"coplanar", "sliding in one plane (the coplanarity cubic is identically 0)",
     ccd_gen_family_coplanar},
    {"parallel", "parallel and collinear edges; a vertex along an edge or parallel to the face",
     ccd_gen_family_parallel},
    {"point", "point-point coincidence: corners, endpoints, collapsed primitives",
     ccd_gen_family_point},
    {"zero-area", "collinear faces, coincident face vertices, zero-length edges",
     ccd_gen_family_zero_area},
    {"multi-root", "2 or 3 roots of the coplanarity polynomial in [0, 1]",
     ccd_gen_family_multi_root},
    {"endpoint-time", "contact exactly at t = 0 or t = 1, and just outside the step",
     ccd_gen_family_endpoint_time},
    {"scaled", "the configurations above at magnitudes 1e-6 .. 1e6, translated",
     ccd_gen_family_scaled},
    {"rational", "non-dyadic rationals: times 1/3, offsets 3^-j, rational rotations",
     ccd_gen_family_rational},
};

const ccd_gen_family *ccd_gen_family_table(size_t *count)
{
    *count = sizeof families / sizeof families[0];
    return families;
}
