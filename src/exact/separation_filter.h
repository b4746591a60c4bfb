/* SPDX-License-Identifier: MIT */
/*
 * Floating-point filter of the minimum-separation truth (separation_filter.c):
 * proves, with a stated error bound, that a query stays farther than d apart on
 * a prefix [0, t_a] of the time step, by separating axes on dyadic pieces.
 */
#ifndef CCD_EXACT_SEPARATION_FILTER_H
#define CCD_EXACT_SEPARATION_FILTER_H
#include "ccdbench.h"

#include <stdint.h>

/* Pieces are dyadic intervals of [0, 1] down to width 2^-CCD_SEPARATION_FILTER_DEPTH. */
enum { CCD_SEPARATION_FILTER_DEPTH = 24 };

/*
 * d_up: a double ≥ d; norm 0 (L∞) or 2 (Euclidean); the search covers [0, end / 2^DEPTH]
 * (0 < end ≤ 2^DEPTH).  Returns a ∈ [0, end] such that no point of the two primitives
 * comes within d of each other at any t ∈ [0, a / 2^DEPTH] (nothing is claimed when
 * a = 0); a == end means the whole of [0, end / 2^DEPTH] is clear.
 */
uint32_t ccd_separation_filter_clear_prefix(const ccd_query *q, double d_up, int norm,
                                            uint32_t end);

#endif
