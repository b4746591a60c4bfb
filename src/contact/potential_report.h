/* SPDX-License-Identifier: MIT */
/*
 * The experiments of `ccdbench contact potential` (Ye, Wu, Komura and Pan,
 * "Efficient Differentiable Contact Model with Long-Range Influence") as report
 * tables for the writers of `ccdbench run`.
 *
 * check: one row per accuracy check: check, measured, bound, pass (1/0).
 * bench: two UV spheres of radius 0.5 at gap 0.1, value + pose gradient + pose
 *   Hessian through the hierarchy and by brute force for growing meshes:
 *   triangles (both meshes), bsh_seconds, brute_seconds, ratio (brute / bsh),
 *   exact_pairs (hierarchy), centred_pairs, rel_difference |P_bsh − P| / P.
 * Each returns 0, or -1 when out of memory; free with ccd_report_table_free.
 */
#ifndef CCD_CONTACT_POTENTIAL_REPORT_H
#define CCD_CONTACT_POTENTIAL_REPORT_H
#include <stddef.h>

#include "report/report.h"

/* *failed: the number of checks over their bound. */
int ccd_potential_check_table(ccd_report_table *t, size_t *failed, int precise);
/* Sizes up to max_triangles (both meshes together), hierarchy parameter eps. */
int ccd_potential_bench_table(ccd_report_table *t, size_t max_triangles, double eps, int precise);
#endif
