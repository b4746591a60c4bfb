/* SPDX-License-Identifier: MIT */
/* Reading a roots archive (published/mma_roots.h): each WXF member parsed whole
 * and checked to be List[List[Rule[name, value], …], …]; the values named t
 * are enclosed (published/mma_value.h) and the least kept: the minimum of numbers
 * x_i ∈ [lo_i, hi_i] lies in [min lo_i, min hi_i]. */
#include <config.h>

#include "core/tar_gz.h"
#include "published/mma_roots.h"

#include <string.h>

void ccd_mma_roots_init(ccd_mma_roots *r, mpfr_prec_t prec)
{
    memset(r, 0, sizeof *r);
    mpfr_inits2(prec, r->least_lo, r->least_hi, (mpfr_ptr)0);
    mpfr_set_inf(r->least_lo, 1);
    mpfr_set_inf(r->least_hi, 1);
}

void ccd_mma_roots_clear(ccd_mma_roots *r)
{
    mpfr_clears(r->least_lo, r->least_hi, (mpfr_ptr)0);
}

/* A member worth reading: "*.wxf", not a macOS "._" companion. */
static int is_roots_file(const char *name)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    size_t n = strlen(base);
    return n > 4 && !strcmp(base + n - 4, ".wxf") && strncmp(base, "._", 2) != 0;
}

static const char *base_name(const char *name)
{
    const char *base = strrchr(name, '/');
    return base ? base + 1 : name;
}

/* The t values of one solutions list into r. */
static ccd_status read_solutions(ccd_mma_roots *r, ccd_error *err, const ccd_wxf *e,
                                 const char *where, const char *member)
{
    if (!ccd_wxf_is(e, "List", (size_t)-1))
        return ccd_wxf_error(err, where, e, "not a List of solutions");
    mpfr_t lo, hi;
    mpfr_inits2(mpfr_get_prec(r->least_lo), lo, hi, (mpfr_ptr)0);
    ccd_status st = CCD_OK;
    for (size_t s = 0; s < e->nargs && st == CCD_OK; s++) {
        const ccd_wxf *sol = e->args[s];
        if (!ccd_wxf_is(sol, "List", (size_t)-1)) {
            st = ccd_wxf_error(err, where, sol, "solution not a List of rules");
            break;
        }
        for (size_t k = 0; k < sol->nargs && st == CCD_OK; k++) {
            const ccd_wxf *rule = sol->args[k];
            if (!ccd_wxf_is(rule, "Rule", 2) || (rule->args[0]->type != CCD_WXF_SYMBOL &&
                                                 rule->args[0]->type != CCD_WXF_STRING)) {
                st = ccd_wxf_error(err, where, rule, "not a rule name -> value");
                break;
            }
            if (strcmp(rule->args[0]->text, "t") != 0)
                continue;
            if ((st = ccd_mma_enclose(lo, hi, err, rule->args[1], where)) != CCD_OK)
                break;
            r->roots++;
            if (mpfr_less_p(lo, r->least_lo))
                mpfr_set(r->least_lo, lo, MPFR_RNDD);
            if (mpfr_less_p(hi, r->least_hi)) {
                mpfr_set(r->least_hi, hi, MPFR_RNDU);
                snprintf(r->least_member, sizeof r->least_member, "%s", member);
            }
        }
    }
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    return st;
}

ccd_status ccd_mma_roots_read(ccd_mma_roots *r, ccd_error *err, const char *path)
{
    ccd_tar_gz *t;
    ccd_status st = ccd_tar_gz_open(&t, err, path);
    if (st != CCD_OK)
        return st;
    for (;;) {
        ccd_tar_member m;
        if ((st = ccd_tar_gz_next(&m, err, t)) != CCD_OK || !m.name)
            break;
        if (!is_roots_file(m.name))
            continue;
        char where[4096];
        snprintf(where, sizeof where, "%s:%s", path, m.name);
        ccd_wxf *e;
        if ((st = ccd_wxf_parse(&e, err, m.data, m.size, where)) != CCD_OK)
            break;
        st = read_solutions(r, err, e, where, base_name(m.name));
        ccd_wxf_free(e);
        if (st != CCD_OK)
            break;
        r->files++;
    }
    ccd_tar_gz_close(t);
    return st;
}
