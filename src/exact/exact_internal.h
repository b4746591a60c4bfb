/* SPDX-License-Identifier: MIT */
/* Functions shared inside the exact oracle. */
#ifndef CCD_EXACT_INTERNAL_H
#define CCD_EXACT_INTERNAL_H
#include "exact/exact_ctx.h"

/* Load q's coordinates times the lcm of their denominators (ctx->X, ctx->lcm). */
ccd_status ccd_exact_load_coordinates(ccd_exact_ctx *ctx, const ccd_query *q);
/* a, b, c (linear), n = a × b and f = c·n from ctx->X and ctx->kind. */
void ccd_exact_build_coplanarity(ccd_exact_ctx *ctx);
/* N, A, B, D1 (and D2 for EE) of DESIGN.md §2. */
void ccd_exact_build_interior(ccd_exact_ctx *ctx);
/* The edge (m, r) and vertex (r) cases of the domain boundary. */
void ccd_exact_build_boundary_cases(ccd_exact_ctx *ctx);
/* Inequalities of the interior case (N > 0 first) and of edge case e. */
int ccd_exact_interior_inequalities(ccd_inequality *in, const ccd_exact_ctx *ctx);
int ccd_exact_edge_inequalities(ccd_inequality *in, const ccd_exact_ctx *ctx, int e);
/* Solve one sign-condition problem and keep its infimum in ctx->best when it is
 * the earliest so far (*found set).  Returns -1 out of memory, 1 when ctx->best
 * is 0 (nothing can be earlier), 0 otherwise. */
int ccd_exact_solve_case(ccd_exact_ctx *ctx, int *found, const ccd_poly *const *eqs, int neq,
                         const ccd_inequality *in, int nin);
/* The same for a problem already solved into ctx->cand with result r. */
int ccd_exact_keep_earliest(ccd_exact_ctx *ctx, int *found, int r);

/* Contact at d = 0 (exact_ccd.c), as ccd_exact_decide with ms NULL. */
ccd_status ccd_exact_decide_contact(int *collides, ccd_algebraic *toi, const ccd_query *q,
                                    ccd_exact_ctx *ctx);
/* Minimum separation d = ms > 0 (DESIGN.md §9); norm 0: L∞, 2: Euclidean. */
ccd_status ccd_exact_decide_separation(int *collides, ccd_algebraic *toi, const ccd_query *q,
                                       const mpq_t ms, int norm, ccd_exact_ctx *ctx);

#endif
