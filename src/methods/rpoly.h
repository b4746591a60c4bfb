/* SPDX-License-Identifier: MIT */
/*
 * Jenkins–Traub three-stage root finder for real polynomials (RPOLY): Jenkins and
 * Traub 1970, "A three-stage algorithm for real polynomials using quadratic
 * iteration" (SIAM J. Numer. Anal. 7(4)), as published by Jenkins 1975, "Algorithm
 * 493: Zeros of a real polynomial" (ACM TOMS 1(2)).  Used by MSRF, whose reference
 * code solves its polynomials with RPOLY and keeps the roots whose imaginary part is
 * exactly zero, so that which roots come out real is part of MSRF's answer.
 */
#ifndef CCD_METHODS_RPOLY_H
#define CCD_METHODS_RPOLY_H

enum { CCD_RPOLY_MAX_DEGREE = 6 };

/* Zeros of coef[0] z^degree + coef[1] z^(degree-1) + … + coef[degree] (decreasing
 * powers, 1 ≤ degree ≤ CCD_RPOLY_MAX_DEGREE) into re[i] + i im[i].  Returns the
 * number of zeros found (degree unless the iteration failed to converge after 20
 * shifts), or -1 when coef[0] is 0 or every coefficient but coef[0] is 0 past the
 * leading one (a polynomial of degree < 1 after removing the zeros at the origin). */
int ccd_rpoly(double *re, double *im, const double *coef, int degree);

#endif
