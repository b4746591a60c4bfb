/* SPDX-License-Identifier: MIT */
/* The method objects each built-in method file defines; the registry lists them. */
#ifndef CCD_METHODS_BUILTIN_H
#define CCD_METHODS_BUILTIN_H
#include "ccdbench.h"

extern const ccd_method ccd_method_exact;                  /* src/exact/exact_method.c   */
extern const ccd_method ccd_method_fprf;                   /* src/methods/fprf.c         */
extern const ccd_method ccd_method_tight_inclusion;        /* src/methods/tight_inclusion.c (SIMD dispatch) */
extern const ccd_method ccd_method_tight_inclusion_scalar; /* portable scalar twin        */
extern const ccd_method ccd_method_tight_inclusion_dfs;    /* depth-first variant         */
/* Baselines of Table 1 of Wang et al. 2021, "A Large Scale Benchmark and an
 * Inclusion-Based Algorithm for Continuous Collision Detection" (src/methods/<name>.c). */
extern const ccd_method ccd_method_irf;
extern const ccd_method ccd_method_uirf;
extern const ccd_method ccd_method_root_parity;
extern const ccd_method ccd_method_root_parity_rational;
extern const ccd_method ccd_method_bsc;
extern const ccd_method ccd_method_msrf; /* src/methods/msrf.c (Wang et al. 2021 §6.2) */
/* Wang, Tang, Tong and Manocha 2015, "TightCCD" (TCCD of Wang et al. 2021 Table 1). */
extern const ccd_method ccd_method_tight_ccd; /* src/methods/tight_ccd.c */
/* Li, Kaufman and Jiang 2021, "Codimensional Incremental Potential Contact" §4. */
extern const ccd_method ccd_method_additive_ccd; /* src/methods/additive_ccd.c */

/* The documented range of inputs of a built-in method that rejects queries
 * outside it (its query function returns CCD_ERR_INPUT), or NULL. */
const char *ccd_builtin_limit(const ccd_method *m);

#endif
