/* SPDX-License-Identifier: MIT */
/*
 * The primitives of the minimum-scaling program (include/ccdbench/scaling.h) as
 * conic rows: with the unknowns v = (p, α, ε), a shape is {p : ∃ε, h − G v ∈ K},
 * K a product of blocks, each either one non-negative row or a second-order
 * cone (s₀ ≥ ‖s₁..‖).  The constraint is g(v) = G v − h ∈ −K: its derivative
 * with respect to the unknowns is G itself, and since every g depends on p − x
 * only, ∂g/∂x = −G_p (the p columns).
 */
#ifndef CCD_CONTACT_SCALING_CONE_H
#define CCD_CONTACT_SCALING_CONE_H
#include <stddef.h>

#include "ccdbench/scaling.h"

/* Rows and auxiliary variables of one shape at most (padded polytope: faces + a
 * 4-row cone; ε ∈ R³). */
#define CCD_CONE_MAX_ROWS (CCD_SHAPE_MAX_FACES + 4)
#define CCD_CONE_MAX_AUX 3
#define CCD_CONE_MAX_BLOCKS (CCD_SHAPE_MAX_FACES + 1)
/* Columns of G: p (0..2), α (3), then the shape's ε. */
#define CCD_CONE_COLS (4 + CCD_CONE_MAX_AUX)

typedef struct ccd_cone_rows {
    size_t rows, aux, blocks;
    size_t block_dim[CCD_CONE_MAX_BLOCKS]; /* 1: a non-negative row; ≥ 2: a cone */
    unsigned char block_soc[CCD_CONE_MAX_BLOCKS];
    double G[CCD_CONE_MAX_ROWS][CCD_CONE_COLS];
    double h[CCD_CONE_MAX_ROWS];
    int scaled; /* 0 for a half-space (no α column) */
} ccd_cone_rows;

/* The conic rows of s (ccd_shape_check(s) must be OK). */
void ccd_cone_rows_make(ccd_cone_rows *out, const ccd_shape *s);

/* The vertices of a bounded (padded) polytope's {q : A q ≤ b} in its body frame,
 * as the feasible intersections of three faces (relative slack 1e-9), each once,
 * with the three faces of each in faces (may be NULL); returns their count. */
#define CCD_POLYTOPE_MAX_VERTICES 560 /* C(16, 3) */
size_t ccd_polytope_vertices(double (*out)[3], size_t (*faces)[3], const ccd_shape *s);

/* M = Rᵀ (world to body), v_world → M v_world. */
void ccd_shape_to_body(double out[3], const ccd_shape *s, const double v[3]);
#endif
