/* SPDX-License-Identifier: MIT */
/* Interval evaluation of Mathematica's radical expressions (published/mma_value.h).
 * Every operation rounds the lower end down and the upper end up, and every
 * MPFR operation used is correctly rounded, so [lo, hi] always holds the
 * exact value: a sum adds the ends; a product takes the least and the
 * greatest of the four products of ends; x^n for an integer n ≥ 0 is monotone
 * on each side of 0 (an even n on an interval holding 0 gives [0, …]); x^-n is
 * 1 / x^n, refused when x^n may be 0; x^(p/q), q > 1, is (x^(1/q))^p with
 * x^(1/q) monotone on x ≥ 0, refused when the enclosure of x holds negative
 * numbers (Mathematica's root of a negative number is complex). */
#include <config.h>

#include "core/error.h"
#include "published/mma_value.h"

#include <stdlib.h>
#include <string.h>

/* [lo, hi] = [alo, ahi] · [blo, bhi] */
static void interval_mul(mpfr_t lo, mpfr_t hi, const mpfr_t alo, const mpfr_t ahi,
                         const mpfr_t blo, const mpfr_t bhi)
{
    mpfr_prec_t prec = mpfr_get_prec(lo);
    mpfr_t d, u, x;
    mpfr_inits2(prec, d, u, x, (mpfr_ptr)0);
    const mpfr_srcptr as[2] = {alo, ahi}, bs[2] = {blo, bhi};
    for (int i = 0; i < 4; i++) {
        mpfr_mul(x, as[i / 2], bs[i % 2], MPFR_RNDD);
        if (i == 0 || mpfr_less_p(x, d))
            mpfr_set(d, x, MPFR_RNDD);
        mpfr_mul(x, as[i / 2], bs[i % 2], MPFR_RNDU);
        if (i == 0 || mpfr_greater_p(x, u))
            mpfr_set(u, x, MPFR_RNDU);
    }
    mpfr_set(lo, d, MPFR_RNDD);
    mpfr_set(hi, u, MPFR_RNDU);
    mpfr_clears(d, u, x, (mpfr_ptr)0);
}

/* [lo, hi] = [lo, hi]^n, n ≥ 0 */
static void interval_pow_ui(mpfr_t lo, mpfr_t hi, unsigned long n)
{
    mpfr_prec_t prec = mpfr_get_prec(lo);
    mpfr_t a, b;
    mpfr_inits2(prec, a, b, (mpfr_ptr)0);
    if (n % 2 == 1 || mpfr_sgn(lo) >= 0) { /* increasing */
        mpfr_pow_ui(a, lo, n, MPFR_RNDD);
        mpfr_pow_ui(b, hi, n, MPFR_RNDU);
    } else if (mpfr_sgn(hi) <= 0) { /* even n, x ≤ 0: decreasing */
        mpfr_pow_ui(a, hi, n, MPFR_RNDD);
        mpfr_pow_ui(b, lo, n, MPFR_RNDU);
    } else { /* even n, 0 inside */
        mpfr_set_ui(a, 0, MPFR_RNDD);
        mpfr_pow_ui(b, lo, n, MPFR_RNDU);
        mpfr_pow_ui(a, hi, n, MPFR_RNDU);
        mpfr_max(b, a, b, MPFR_RNDU);
        mpfr_set_ui(a, 0, MPFR_RNDD);
    }
    mpfr_swap(lo, a);
    mpfr_swap(hi, b);
    mpfr_clears(a, b, (mpfr_ptr)0);
}

/* [lo, hi] = base^x for an integer or rational exponent x. */
static ccd_status enclose_power(mpfr_t lo, mpfr_t hi, ccd_error *err, const ccd_wxf *e,
                                const char *where)
{
    ccd_status st = ccd_mma_enclose(lo, hi, err, e->args[0], where);
    if (st != CCD_OK)
        return st;
    const ccd_wxf *x = e->args[1];
    mpz_t p, q;
    if (x->type == CCD_WXF_INTEGER) {
        mpz_init_set(p, x->z);
        mpz_init_set_ui(q, 1);
    } else if (ccd_wxf_is(x, "Rational", 2) && x->args[0]->type == CCD_WXF_INTEGER &&
               x->args[1]->type == CCD_WXF_INTEGER && mpz_sgn(x->args[1]->z) > 0) {
        mpz_init_set(p, x->args[0]->z);
        mpz_init_set(q, x->args[1]->z);
    } else {
        return ccd_wxf_error(err, where, x, "exponent not an integer or Rational[p, q]");
    }
    if (!mpz_fits_slong_p(p) || !mpz_fits_ulong_p(q) || mpz_cmpabs_ui(p, 1u << 20) > 0 ||
        mpz_cmp_ui(q, 1u << 20) > 0) {
        mpz_clears(p, q, NULL);
        return ccd_wxf_error(err, where, x, "exponent beyond 2^20");
    }
    long pn = mpz_get_si(p);
    unsigned long qn = mpz_get_ui(q);
    mpz_clears(p, q, NULL);
    if (qn > 1) {
        if (mpfr_sgn(lo) < 0)
            return ccd_wxf_error(err, where, e,
                                 "fractional power of a number that may be negative "
                                 "(complex in Mathematica)");
        mpfr_rootn_ui(lo, lo, qn, MPFR_RNDD);
        mpfr_rootn_ui(hi, hi, qn, MPFR_RNDU);
    }
    interval_pow_ui(lo, hi, (unsigned long)labs(pn));
    if (pn < 0) {
        if (mpfr_sgn(lo) <= 0 && mpfr_sgn(hi) >= 0)
            return ccd_wxf_error(err, where, e, "negative power of a number that may be 0");
        /* 1/x is decreasing on each side of 0 */
        mpfr_ui_div(lo, 1, lo, MPFR_RNDU);
        mpfr_ui_div(hi, 1, hi, MPFR_RNDD);
        mpfr_swap(lo, hi);
    }
    return CCD_OK;
}

ccd_status ccd_mma_enclose(mpfr_t lo, mpfr_t hi, ccd_error *err, const ccd_wxf *e,
                           const char *where)
{
    if (e->type == CCD_WXF_INTEGER) {
        mpfr_set_z(lo, e->z, MPFR_RNDD);
        mpfr_set_z(hi, e->z, MPFR_RNDU);
        return CCD_OK;
    }
    if (ccd_wxf_is(e, "Rational", 2)) {
        const ccd_wxf *n = e->args[0], *d = e->args[1];
        if (n->type != CCD_WXF_INTEGER || d->type != CCD_WXF_INTEGER || mpz_sgn(d->z) == 0)
            return ccd_wxf_error(err, where, e, "Rational[p, q] without integers p, q ≠ 0");
        mpq_t x;
        mpq_init(x);
        mpq_set_num(x, n->z);
        mpq_set_den(x, d->z);
        mpq_canonicalize(x);
        mpfr_set_q(lo, x, MPFR_RNDD);
        mpfr_set_q(hi, x, MPFR_RNDU);
        mpq_clear(x);
        return CCD_OK;
    }
    int plus = ccd_wxf_is(e, "Plus", (size_t)-1);
    if (plus || ccd_wxf_is(e, "Times", (size_t)-1)) {
        mpfr_prec_t prec = mpfr_get_prec(lo);
        mpfr_t alo, ahi;
        mpfr_inits2(prec, alo, ahi, (mpfr_ptr)0);
        mpfr_set_ui(lo, plus ? 0 : 1, MPFR_RNDD);
        mpfr_set_ui(hi, plus ? 0 : 1, MPFR_RNDU);
        ccd_status st = CCD_OK;
        for (size_t k = 0; k < e->nargs && st == CCD_OK; k++) {
            if ((st = ccd_mma_enclose(alo, ahi, err, e->args[k], where)) != CCD_OK)
                break;
            if (plus) {
                mpfr_add(lo, lo, alo, MPFR_RNDD);
                mpfr_add(hi, hi, ahi, MPFR_RNDU);
            } else {
                interval_mul(lo, hi, lo, hi, alo, ahi);
            }
        }
        mpfr_clears(alo, ahi, (mpfr_ptr)0);
        return st;
    }
    if (ccd_wxf_is(e, "Power", 2))
        return enclose_power(lo, hi, err, e, where);
    if (ccd_wxf_is(e, "Root", (size_t)-1))
        return ccd_mma_root_enclose(lo, hi, err, e, where);
    if (e->type == CCD_WXF_FUNCTION && e->head->type == CCD_WXF_SYMBOL) {
        char what[200];
        snprintf(what, sizeof what, "%s[…] with %zu arguments is not a real number read here",
                 e->head->text, e->nargs);
        return ccd_wxf_error(err, where, e, what);
    }
    return ccd_wxf_error(err, where, e,
                         e->type == CCD_WXF_SYMBOL   ? "a symbol is not a number"
                         : e->type == CCD_WXF_STRING ? "a string is not a number"
                                                     : "not a real number read here");
}
