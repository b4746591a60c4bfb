/* SPDX-License-Identifier: MIT */
/* The methods `ccdbench contact polyhedra` measures, in table order (the first
 * is the one the throughput ratio divides by).  A new method is one line here:
 * an adapter with the ccd_pm_fn signature and its read-only context. */
#include <config.h>

#include "contact/polyhedra/experiments/polyhedra_methods.h"

#include "contact/polyhedra/experiments/libccd_contact.h"
#include "contact/polyhedra/experiments/polyhedra_sat_method.h"

const ccd_pm_method ccd_poly_methods[] = {
    {"libccd GJK+EPA", ccd_libccd_gjk_epa, NULL},
    {"libccd MPR", ccd_libccd_mpr, NULL},
    {"SAT (ours)", ccd_polyhedra_sat_method, NULL},
};
const size_t ccd_poly_method_count = sizeof ccd_poly_methods / sizeof ccd_poly_methods[0];
