/* SPDX-License-Identifier: MIT */
/*
 * The internals of the witness routines: flat views for the experiments and
 * the 256-bit MPFR reference evaluation.  The routines a program calls
 * (smoothing, E-E and V-F witness points, their Jacobians) are declared in the
 * public header ccdbench/contact.h, with the input layout and sign convention.
 */
#ifndef CCD_CONTACT_CONTACT_H
#define CCD_CONTACT_CONTACT_H
#include "ccdbench/contact.h"

enum {
    CCD_EE_OUTPUTS = 9, /* pa[3], pb[3], alpha[2], colliding */
    CCD_VF_OUTPUTS = 4  /* pf[3], inside */
};

/* Flat views: out[CCD_*_OUTPUTS], jac[CCD_*_OUTPUTS][12] (rows in the struct order). */
void ccd_witness_flat(double *out, double (*jac)[12], ccd_kind kind, const double x[4][3],
                      const ccd_smoothing *sm);

/*
 * Reference values and derivatives at `prec` bits (MPFR, round to nearest): the
 * same formula evaluated in high precision, and its Jacobian by central
 * differences with step h = 2^-(prec/3) · max(1, max|x|), whose truncation and
 * rounding errors are both below 2^-(2 prec/3 - 8) relative (for inputs away from
 * the switching points of the hard guards).  out / jac may be NULL.
 */
typedef struct ccd_witness_reference ccd_witness_reference;
ccd_witness_reference *ccd_witness_reference_new(unsigned prec);
void ccd_witness_reference_free(ccd_witness_reference *ref);
void ccd_witness_reference_eval(ccd_witness_reference *ref, double *out, double (*jac)[12],
                                ccd_kind kind, const double x[4][3], const ccd_smoothing *sm);

#endif
