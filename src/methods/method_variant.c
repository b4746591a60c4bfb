/* SPDX-License-Identifier: MIT */
/* Configurations of a method under their own names (method_variant.h). */
#include <config.h>

#include "methods/method_variant.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>

/* One configuration: the method object and its name in one block. */
static ccd_method *make_variant(const ccd_method *base, const char *name, size_t length)
{
    ccd_method *m = malloc(sizeof *m + length + 1);
    if (!m)
        return NULL;
    char *text = (char *)(m + 1);
    memcpy(text, name, length);
    text[length] = '\0';
    *m = *base;
    m->name = text;
    return m;
}

ccd_status ccd_method_variants_add(ccd_method_variants *v, ccd_error *err,
                                   ccd_method_list *available, const char *spec)
{
    for (const char *p = spec; *p;) {
        size_t n = strcspn(p, ",");
        char name[256];
        if (n > 0 && n < sizeof name) {
            memcpy(name, p, n);
            name[n] = '\0';
            size_t base_length = ccd_method_variant_base_length(name);
            const ccd_method *base = NULL;
            if (base_length && !ccd_method_list_find(available, name)) {
                name[base_length] = '\0';
                base = ccd_method_list_find(available, name);
                name[base_length] = (char)CCD_METHOD_VARIANT_SEP;
            }
            if (base) {
                ccd_method **grown = realloc(v->items, (v->count + 1) * sizeof *grown);
                ccd_method *m = grown ? make_variant(base, name, n) : NULL;
                if (grown)
                    v->items = grown;
                if (!m)
                    return ccd_error_oom(err, "ccdbench");
                v->items[v->count++] = m;
                ccd_status st = ccd_method_list_append(available, err, m, "built-in");
                if (st != CCD_OK)
                    return st;
            }
        }
        p += n;
        if (*p == ',')
            p++;
    }
    return CCD_OK;
}

void ccd_method_variants_free(ccd_method_variants *v)
{
    for (size_t i = 0; i < v->count; i++)
        free(v->items[i]);
    free(v->items);
    v->items = NULL;
    v->count = 0;
}
