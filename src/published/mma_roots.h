/* SPDX-License-Identifier: MIT */
/* The roots files of the Scalable-CCD data (Belgrod et al. 2023):
 * roots/S{vf,ee}_roots.tar.gz holds one WXF file per colliding query
 * ("227vf_q12_roots.wxf"), each a list of solutions {t -> …, a -> …, b -> …}
 * computed by Mathematica, t written in radicals or as Root objects.  Files
 * whose name does not end in ".wxf", and macOS "._" companions, are skipped.
 * Errors are input errors "archive:offset: what" (the tar layer) or
 * "archive:member:offset: what" (a WXF file; offset within the member). */
#ifndef CCD_PUBLISHED_MMA_ROOTS_H
#define CCD_PUBLISHED_MMA_ROOTS_H
#include "published/mma_value.h"

typedef struct ccd_mma_roots {
    size_t files; /* .wxf members read */
    size_t roots; /* t values among them */
    /* The least t: the minimum over the members is in [least_lo, least_hi]
     * (both +inf when there is none), and the member that has it. */
    mpfr_t least_lo, least_hi;
    char least_member[256];
} ccd_mma_roots;

/* The members of the archive at path, every t enclosed at precision prec. */
void ccd_mma_roots_init(ccd_mma_roots *r, mpfr_prec_t prec);
void ccd_mma_roots_clear(ccd_mma_roots *r);
ccd_status ccd_mma_roots_read(ccd_mma_roots *r, ccd_error *err, const char *path);

#endif
