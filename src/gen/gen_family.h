/* SPDX-License-Identifier: MIT */
/*
 * The generator's families.  A family builds query `index` of a kind from its
 * own random stream; the index picks the variant (so every variant and both
 * intended outcomes appear in any run of a few dozen queries) and the stream
 * picks the shapes.  Families only build coordinates: every label is decided
 * afterwards by the exact oracle.
 */
#ifndef CCD_GEN_FAMILY_H
#define CCD_GEN_FAMILY_H
#include <stddef.h>

#include "gen/gen_builders.h"

typedef void (*ccd_gen_build_fn)(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind,
                                 uint64_t index);

typedef struct ccd_gen_family {
    const char *name;
    const char *summary;
    ccd_gen_build_fn build;
} ccd_gen_family;

/* The table, in the order `--family all` writes them. */
const ccd_gen_family *ccd_gen_family_table(size_t *count);

/* Even indices aim at a collision, odd ones at a miss (the oracle decides). */
static inline int ccd_gen_aims_to_hit(uint64_t index)
{
    return index % 2 == 0;
}

/* family_generic.c */
void ccd_gen_family_random(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
void ccd_gen_family_endpoint_time(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind,
                                  uint64_t index);
void ccd_gen_family_rational(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
void ccd_gen_family_scaled(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
/* family_near_miss.c */
void ccd_gen_family_near_miss(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
void ccd_gen_family_tangent(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
/* family_degenerate.c */
void ccd_gen_family_coplanar(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
void ccd_gen_family_parallel(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
void ccd_gen_family_point(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
void ccd_gen_family_zero_area(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind, uint64_t index);
/* family_multi_root.c */
void ccd_gen_family_multi_root(ccd_exact_coords *c, ccd_gen_rng *rng, ccd_kind kind,
                               uint64_t index);

/* The reference face and edge of the hand-made families (family_near_miss.c):
 * face f0 = (a,0,0), f1 = (b,0,0), f2 = (cx,e,0) with a ∈ [-1,-1/2], b ∈ [1/2,1],
 * cx ∈ [-1/4,1/4], e ∈ [1/2,1]: every point of it has y ≥ 0 and x ≤ b, its edge
 * f0f1 lies on the x axis, and it contains [-1/8,1/8] × [0,1/8].  Edge: (a,0,0)–(b,0,0). */
typedef struct ccd_gen_frame {
    mpq_t a, b, cx, e;
} ccd_gen_frame;
void ccd_gen_frame_init(ccd_gen_frame *f, ccd_gen_rng *rng);
void ccd_gen_frame_clear(ccd_gen_frame *f);
/* Points f0, f1, f2 of the face (or a0 = f0, a1 = f1 of the edge). */
void ccd_gen_frame_point(ccd_gen_vec *out, const ccd_gen_frame *f, int which);

#endif
