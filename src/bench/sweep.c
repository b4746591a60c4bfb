/* SPDX-License-Identifier: MIT */
/* Parsing and applying parameter sweeps (sweep.h). */
#include <config.h>

#include "bench/sweep.h"
#include "core/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static ccd_status bad(ccd_error *err, const char *text, const char *at, const char *what)
{
    return ccd_error_set(err, CCD_ERR_INPUT, "--sweep", 0, (unsigned long)(at - text) + 1, "%s",
                         what);
}

static int number(double *out, const char **p)
{
    char *end;
    *out = strtod(*p, &end);
    if (end == *p || !isfinite(*out))
        return -1;
    *p = end;
    return 0;
}

static ccd_status check(ccd_error *err, const char *text, const char *at, const char *param,
                        double v)
{
    if (strcmp(param, "delta") == 0 && !(v > 0))
        return bad(err, text, at, "delta values must be > 0");
    if (strcmp(param, "ms") == 0 && !(v >= 0))
        return bad(err, text, at, "ms values must be >= 0");
    if (strcmp(param, "max-checks") == 0 && !(v == floor(v) && fabs(v) < 9e18))
        return bad(err, text, at, "max-checks values must be integers");
    return CCD_OK;
}

ccd_status ccd_sweep_parse(ccd_sweep *s, ccd_error *err, const char *text)
{
    static const char *const params[] = {"delta", "max-checks", "ms"};
    memset(s, 0, sizeof *s);
    const char *eq = strchr(text, '=');
    for (size_t i = 0; eq && i < 3; i++)
        if ((size_t)(eq - text) == strlen(params[i]) && strncmp(text, params[i], strlen(params[i])) == 0)
            s->param = params[i];
    if (!s->param)
        return bad(err, text, text, "expected delta=SPEC, max-checks=SPEC or ms=SPEC");
    const char *p = eq + 1, *start = p;
    double first;
    if (number(&first, &p) != 0)
        return bad(err, text, p, "expected a number");
    s->values = malloc(CCD_SWEEP_MAX_VALUES * sizeof *s->values);
    if (!s->values)
        return ccd_error_oom(err, "--sweep");
    ccd_status st = CCD_OK;
    if (*p == ':') { /* LO:HI:N, log-spaced */
        double hi, n;
        const char *at_hi = ++p;
        if (number(&hi, &p) != 0 || *p != ':')
            st = bad(err, text, p, "expected LO:HI:N");
        const char *at_n = ++p;
        if (st == CCD_OK && (number(&n, &p) != 0 || *p || n != floor(n) || n < 1 ||
                             n > CCD_SWEEP_MAX_VALUES))
            st = bad(err, text, at_n, "N must be an integer from 1 to 1000");
        if (st == CCD_OK && !(first > 0 && hi > 0))
            st = bad(err, text, first > 0 ? at_hi : start, "LO and HI must be > 0 (log spacing)");
        /* one value is LO: a HI that differs would be silently dropped */
        if (st == CCD_OK && n == 1 && hi != first)
            st = bad(err, text, at_n, "N = 1 gives LO only, not HI: give N >= 2, or LO alone");
        for (size_t i = 0; st == CCD_OK && i < (size_t)n; i++) {
            /* exp of an affine function of i; the ends are exactly LO and HI. */
            double f = n > 1 ? (double)i / (n - 1) : 0;
            double v = i == 0 ? first : i + 1 == (size_t)n ? hi
                     : exp(log(first) + f * (log(hi) - log(first)));
            if (strcmp(s->param, "max-checks") == 0)
                v = nearbyint(v);
            s->values[s->count++] = v;
            st = check(err, text, start, s->param, v);
        }
    } else {
        const char *at = start;
        for (;;) {
            if ((st = check(err, text, at, s->param, first)) != CCD_OK)
                break;
            if (s->count == CCD_SWEEP_MAX_VALUES) {
                st = bad(err, text, at, "more than 1000 values");
                break;
            }
            s->values[s->count++] = first;
            if (*p == '\0')
                break;
            if (*p != ',') {
                st = bad(err, text, p, "expected ',' between values");
                break;
            }
            at = ++p;
            if (number(&first, &p) != 0) {
                st = bad(err, text, p, "expected a number");
                break;
            }
        }
    }
    if (st != CCD_OK)
        ccd_sweep_free(s);
    return st;
}

void ccd_sweep_free(ccd_sweep *s)
{
    free(s->values);
    s->values = NULL;
    s->count = 0;
}

void ccd_sweep_apply(ccd_params *p, const char *param, double value)
{
    /* delta and max-checks are method options: the caller sets them per method */
    if (strcmp(param, "ms") == 0)
        p->ms = value;
}
