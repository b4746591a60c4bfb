/* SPDX-License-Identifier: MIT */
/* The methods a command can use: built-ins, then the plugins' in command-line order. */
#include <config.h>

#include "cli/cli.h"
#include "core/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ccd_status add_builtins(ccd_method_list *l, ccd_error *err)
{
    for (const ccd_method *const *m = ccd_builtin_methods(); *m; m++) {
        ccd_status st = ccd_method_list_append(l, err, *m, "built-in");
        if (st != CCD_OK)
            return st;
    }
    return CCD_OK;
}

ccd_status ccd_cli_methods_load(ccd_cli_methods *m, ccd_error *err, char *const *plugin_paths,
                                size_t count)
{
    memset(m, 0, sizeof *m);
    ccd_status st = add_builtins(&m->available, err);
    if (st == CCD_OK && count > 0 && !(m->plugins = calloc(count, sizeof *m->plugins)))
        st = ccd_error_oom(err, "ccdbench");
    for (size_t i = 0; i < count && st == CCD_OK; i++) {
        st = ccd_plugin_load(&m->plugins[m->plugin_count], err, plugin_paths[i]);
        if (st != CCD_OK)
            break;
        const ccd_plugin *p = m->plugins[m->plugin_count++];
        size_t n;
        const ccd_method *const *methods = ccd_plugin_methods(p, &n);
        for (size_t k = 0; k < n && st == CCD_OK; k++)
            st = ccd_method_list_append(&m->available, err, methods[k], ccd_plugin_path(p));
    }
    if (st != CCD_OK)
        ccd_cli_methods_free(m);
    return st;
}

void ccd_cli_methods_free(ccd_cli_methods *m)
{
    ccd_method_list_free(&m->available);
    for (size_t i = 0; i < m->plugin_count; i++)
        ccd_plugin_close(m->plugins[i]);
    free(m->plugins);
    memset(m, 0, sizeof *m);
}

int ccd_cli_method_from_plugin(const ccd_cli_methods *m, const ccd_method *x)
{
    for (size_t i = 0; i < m->plugin_count; i++) {
        size_t n;
        const ccd_method *const *methods = ccd_plugin_methods(m->plugins[i], &n);
        for (size_t k = 0; k < n; k++)
            if (methods[k] == x)
                return 1;
    }
    return 0;
}

void ccd_cli_caps_string(char *out, size_t size, unsigned caps)
{
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = {
        {CCD_CAP_TOI, "toi"},
        {CCD_CAP_CONSERVATIVE, "conservative"},
        {CCD_CAP_MIN_SEPARATION, "min-separation"},
        {CCD_CAP_EXACT, "exact"},
        {CCD_CAP_USES_RATIONALS, "rationals"},
        {CCD_CAP_SEPARATION_ONLY, "separation-only"},
    };
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (caps & names[i].bit) {
            int n = snprintf(out + used, size - used, "%s%s", used ? "," : "", names[i].name);
            if (n < 0 || (size_t)n >= size - used)
                break;
            used += (size_t)n;
        }
    if (!out[0])
        snprintf(out, size, "-");
}

void ccd_cli_print_opt_in_note(FILE *out)
{
    size_t n;
    const ccd_opt_in_method *m = ccd_method_list_opt_in(&n);
    char note[512] = "not run unless named or with --methods all:";
    size_t used = strlen(note);
    for (size_t i = 0; i < n; i++) {
        const int last_of_group = i + 1 == n || strcmp(m[i + 1].why, m[i].why) != 0;
        int w = snprintf(note + used, sizeof note - used, " %s%s", m[i].name,
                         last_of_group ? "" : ",");
        if (w > 0 && (size_t)w < sizeof note - used)
            used += (size_t)w;
        if (last_of_group) {
            w = snprintf(note + used, sizeof note - used, " (%s)%s", m[i].why,
                         i + 1 < n ? ";" : "");
            if (w > 0 && (size_t)w < sizeof note - used)
                used += (size_t)w;
        }
    }
    /* words onto lines of at most 100 columns (the note follows a text table) */
    size_t column = 0;
    for (char *word = strtok(note, " "); word; word = strtok(NULL, " ")) {
        size_t len = strlen(word);
        if (column && column + 1 + len > 100) {
            fputc('\n', out);
            column = 0;
        }
        fprintf(out, "%s%s", column ? " " : "", word);
        column += (column ? 1 : 0) + len;
    }
    fputc('\n', out);
}

char *ccd_cli_default_methods(int *skipped_slow, char *skipped, size_t skipped_size,
                              const ccd_method_list *available, int plain)
{
    size_t len = 1;
    for (size_t i = 0; i < available->count; i++)
        len += strlen(available->items[i]->name) + 1;
    char *list = calloc(len, 1);
    if (!list)
        return NULL;
    for (size_t i = 0; i < available->count; i++) {
        const ccd_method *m = available->items[i];
        if (!ccd_method_list_runs_by_default(m)) {
            *skipped_slow = 1;
            continue;
        }
        if (plain && (m->caps & CCD_CAP_SEPARATION_ONLY)) {
            size_t used = strlen(skipped);
            snprintf(skipped + used, skipped_size - used, "%s%s", used ? ", " : "", m->name);
            continue;
        }
        if (*list)
            strcat(list, ",");
        strcat(list, m->name);
    }
    return list;
}
