/* SPDX-License-Identifier: MIT */
/*
 * The SDF primitives of Beker et al. (ccd_sdf, ccd_sdf_eval, ...) are declared
 * in the public header ccdbench/contact.h; here the superquadric's
 * inside-outside function, which the tests check directly.
 */
#ifndef CCD_CONTACT_SDF_H
#define CCD_CONTACT_SDF_H
#include "ccdbench/contact.h"

/* The superquadric's inside–outside function f at a local point (f = 1 on the surface). */
double ccd_superquadric_f(const ccd_sdf *s, const double local[3]);
#endif
