/* SPDX-License-Identifier: MIT */
/* The methods `ccdbench contact polyhedra check | bench` measure (polyhedra_methods.c). */
#ifndef CCD_CONTACT_POLYHEDRA_METHODS_H
#define CCD_CONTACT_POLYHEDRA_METHODS_H
#include <stddef.h>

#include "contact/polyhedra/polyhedra_method.h"

extern const ccd_pm_method ccd_poly_methods[];
extern const size_t ccd_poly_method_count;
#endif
