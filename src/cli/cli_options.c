/* SPDX-License-Identifier: MIT */
/*
 * Method options at the command line: `--param METHOD.KEY=VALUE` and the shorthand
 * flags (--delta, --max-checks, --filter, --eta), which set the option of that
 * name of every method that declares it.  Assignments are kept as given and
 * resolved into one value array per method once the methods are known (names are
 * looked up here, once per run, never per query).
 */
#include <config.h>

#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ccd_cli_option_add(ccd_cli_option_set *s, const char *method, const char *key,
                       const char *value, const char *flag)
{
    if (s->count == sizeof s->items / sizeof s->items[0])
        return ccd_cli_usage_error("%s: too many option settings", flag);
    s->items[s->count++] = (ccd_cli_option_setting){method, key, value, flag};
    return 0;
}

int ccd_cli_option_add_param(ccd_cli_option_set *s, char *text)
{
    char *dot = strchr(text, '.'), *eq = strchr(text, '=');
    if (!dot || !eq || dot > eq || dot == text || eq == dot + 1)
        return ccd_cli_usage_error("--param: '%s' is not METHOD.KEY=VALUE", text);
    *dot = '\0';
    *eq = '\0';
    return ccd_cli_option_add(s, text, dot + 1, eq + 1, "--param");
}

/* "delta, max_checks, filter" */
static void key_list(char *buf, size_t size, const ccd_method *m)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < m->option_count && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", m->options[i].name);
    if (m->option_count == 0)
        snprintf(buf, size, "none");
}

/* *out = a's value parsed as option index of m. */
static int apply(ccd_option_value *out, const ccd_method *m, size_t index,
                 const ccd_cli_option_setting *a)
{
    ccd_error err;
    char what[256];
    if (a->method)
        snprintf(what, sizeof what, "%s %s.%s", a->flag, m->name, a->key);
    else
        snprintf(what, sizeof what, "%s", a->flag);
    if (ccd_option_parse(out, &err, &m->options[index], a->value, what) == CCD_OK)
        return 0;
    /* err reads "what: why": a usage error is "ccdbench: what: why" */
    size_t skip = strlen(what) + strlen(": ");
    return ccd_cli_usage_error("%s: %s", what,
                               strlen(err.message) > skip ? err.message + skip : err.message);
}

int ccd_cli_options_resolve(ccd_option_value ***out, const ccd_cli_option_set *s,
                            const ccd_method_list *available, const ccd_method *const *methods,
                            size_t count)
{
    /* A shorthand's value is valid for every method declaring it, selected or not
     * (`--delta 0` is an error whatever --methods says). */
    for (size_t k = 0; k < s->count; k++) {
        const ccd_cli_option_setting *a = &s->items[k];
        for (size_t m = 0; !a->method && m < available->count; m++) {
            long index = ccd_option_find(available->items[m], a->key);
            ccd_option_value scratch;
            int status;
            if (index >= 0 && (status = apply(&scratch, available->items[m], (size_t)index, a)) != 0)
                return status;
        }
    }
    /* Explicit settings name a method that exists and a key it declares. */
    for (size_t k = 0; k < s->count; k++) {
        const ccd_cli_option_setting *a = &s->items[k];
        if (!a->method)
            continue;
        const ccd_method *m = ccd_method_list_find(available, a->method);
        if (!m)
            return ccd_cli_usage_error("--param: no method '%s' (see `ccdbench methods`)",
                                       a->method);
        if (ccd_option_find(m, a->key) < 0) {
            char keys[512];
            key_list(keys, sizeof keys, m);
            return ccd_cli_usage_error("--param: method '%s' has no option '%s' (its options: %s)",
                                       a->method, a->key, keys);
        }
    }
    ccd_option_value **values = calloc(count ? count : 1, sizeof *values);
    if (!values)
        return ccd_cli_out_of_memory();
    *out = values;
    for (size_t m = 0; m < count; m++) {
        const ccd_method *method = methods[m];
        values[m] = calloc(method->option_count ? method->option_count : 1, sizeof *values[m]);
        if (!values[m])
            return ccd_cli_out_of_memory();
        ccd_options_default(values[m], method);
        /* Shorthands first, then --param: the explicit setting wins. */
        for (int pass = 0; pass < 2; pass++)
            for (size_t k = 0; k < s->count; k++) {
                const ccd_cli_option_setting *a = &s->items[k];
                if ((pass == 0) != (a->method == NULL))
                    continue;
                if (a->method && strcmp(a->method, method->name) != 0)
                    continue;
                long index = ccd_option_find(method, a->key);
                int status;
                if (index >= 0 && (status = apply(&values[m][index], method, (size_t)index, a)) != 0)
                    return status;
            }
    }
    return 0;
}

void ccd_cli_options_free(ccd_option_value **values, size_t count)
{
    if (!values)
        return;
    for (size_t m = 0; m < count; m++)
        free(values[m]);
    free(values);
}
