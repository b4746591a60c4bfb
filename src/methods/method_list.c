/* SPDX-License-Identifier: MIT */
/* Lists of methods: lookup by name, unique names, selection by `--methods`. */
#include <config.h>

#include "methods/method_list.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>

const ccd_method *ccd_method_list_find(const ccd_method_list *l, const char *name)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->items[i]->name, name) == 0)
            return l->items[i];
    return NULL;
}

/* irf, uirf and additive-ccd took the shared data from 13 s to about 25 minutes;
 * tight-inclusion-scalar doubled a bare run (the degenerate generated queries) to
 * give tight-inclusion's decisions again (check_tight_inclusion_data compares them). */
static const char SLOW[] = "minutes where the others take seconds";
static const ccd_opt_in_method opt_in[] = {
    {"irf", SLOW},
    {"uirf", SLOW},
    {"additive-ccd", SLOW},
    {"tight-inclusion-scalar", "tight-inclusion's answers with the portable kernel, in twice "
                               "its time"},
};

const ccd_opt_in_method *ccd_method_list_opt_in(size_t *count)
{
    *count = sizeof opt_in / sizeof opt_in[0];
    return opt_in;
}

int ccd_method_list_runs_by_default(const ccd_method *m)
{
    for (size_t i = 0; i < sizeof opt_in / sizeof opt_in[0]; i++)
        if (strcmp(m->name, opt_in[i].name) == 0)
            return 0;
    return 1;
}

static ccd_status push(ccd_method_list *l, ccd_error *err, const ccd_method *m)
{
    const ccd_method **grown = realloc(l->items, (l->count + 1) * sizeof *grown);
    if (!grown)
        return ccd_error_oom(err, "ccdbench");
    l->items = grown;
    l->items[l->count++] = m;
    return CCD_OK;
}

/* A declared option table the CLI and the accessors can rely on: named options,
 * no name twice, a known type, names for an enum, a default inside the range. */
static ccd_status check_options(ccd_error *err, const ccd_method *m, const char *origin)
{
    if (m->option_count && !m->options)
        return ccd_error_set(err, CCD_ERR_INPUT, origin, 0, 0,
                             "method '%s': option_count %zu without options", m->name,
                             m->option_count);
    for (size_t i = 0; i < m->option_count; i++) {
        const ccd_option *o = &m->options[i];
        const char *why = NULL;
        if (!o->name || !o->name[0] || strpbrk(o->name, ".=,"))
            why = "has no name, or '.', '=' or ',' in it";
        else if ((unsigned)o->type > CCD_OPTION_ENUM)
            why = "has an unknown type";
        else if (o->type == CCD_OPTION_ENUM && (!o->enum_names || !o->enum_names[0]))
            why = "is an enum without names";
        else if (ccd_option_find(m, o->name) != (long)i)
            why = "is declared twice";
        else if (o->type == CCD_OPTION_DOUBLE && !(o->def.d >= o->min.d && o->def.d <= o->max.d))
            why = "has a default outside its range";
        else if (o->type == CCD_OPTION_INTEGER && (o->def.i < o->min.i || o->def.i > o->max.i))
            why = "has a default outside its range";
        else if (o->type == CCD_OPTION_BOOLEAN && o->def.i != 0 && o->def.i != 1)
            why = "has a default other than 0 or 1";
        if (o->type == CCD_OPTION_ENUM && !why) {
            long n = 0;
            while (o->enum_names[n])
                n++;
            if (o->def.i < 0 || o->def.i >= n)
                why = "has a default outside its names";
        }
        if (why)
            return ccd_error_set(err, CCD_ERR_INPUT, origin, 0, 0, "method '%s': option %zu (%s) %s",
                                 m->name, i, o->name ? o->name : "(null)", why);
    }
    return CCD_OK;
}

ccd_status ccd_method_list_append(ccd_method_list *l, ccd_error *err, const ccd_method *m,
                                  const char *origin)
{
    if (!m || !m->name || !m->name[0] || !m->vertex_face || !m->edge_edge)
        return ccd_error_set(err, CCD_ERR_INPUT, origin, 0, 0,
                             "a method without a name or without both query functions");
    if (strchr(m->name, ','))
        return ccd_error_set(err, CCD_ERR_INPUT, origin, 0, 0,
                             "method name '%s' contains a comma", m->name);
    ccd_status st = check_options(err, m, origin);
    if (st != CCD_OK)
        return st;
    if (ccd_method_list_find(l, m->name))
        return ccd_error_set(err, CCD_ERR_INPUT, origin, 0, 0,
                             "method '%s' is already defined (names must be unique)", m->name);
    return push(l, err, m);
}

ccd_status ccd_method_list_select(ccd_method_list *out, ccd_error *err,
                                  const ccd_method_list *available, const char *spec)
{
    ccd_status st = CCD_OK;
    out->items = NULL;
    out->count = 0;
    if (strcmp(spec, "all") == 0) {
        for (size_t i = 0; i < available->count; i++)
            if ((st = push(out, err, available->items[i])) != CCD_OK)
                goto fail;
        return CCD_OK;
    }
    const char *p = spec;
    for (;;) {
        size_t n = strcspn(p, ",");
        char name[256];
        if (n == 0 || n >= sizeof name) {
            st = ccd_error_set(err, CCD_ERR_INPUT, "--methods", 0, (unsigned long)(p - spec + 1),
                               "%s method name in '%s'", n == 0 ? "empty" : "too long", spec);
            goto fail;
        }
        memcpy(name, p, n);
        name[n] = '\0';
        const ccd_method *m = ccd_method_list_find(available, name);
        if (!m) {
            st = ccd_error_set(err, CCD_ERR_INPUT, "--methods", 0, (unsigned long)(p - spec + 1),
                               "unknown method '%s' (`ccdbench methods` lists them)", name);
            goto fail;
        }
        if (!ccd_method_list_find(out, name) && (st = push(out, err, m)) != CCD_OK)
            goto fail;
        if (p[n] == '\0')
            return CCD_OK;
        p += n + 1;
    }
fail:
    ccd_method_list_free(out);
    return st;
}

void ccd_method_list_free(ccd_method_list *l)
{
    free(l->items);
    l->items = NULL;
    l->count = 0;
}
