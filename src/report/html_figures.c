/* SPDX-License-Identifier: MIT */
/* The figures of a report as inline SVG (html_figures.h). */
#include <config.h>

#include "report/html_figures.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "core/grow.h"
#include "core/path_join.h"
#include "report/report.h"

/* The ids gnuplot's svg terminal defines (id='gpPt3', id="gnuplot_canvas") and
 * its references to them (xlink:href='#gpPt3', filter='url(#textbox)'): the
 * prefix goes right after each of these.  The first two kinds define an id. */
static const char *const id_marks[] = {" id='", " id=\"", "href='#", "href=\"#", "url(#"};
enum { DEFINITIONS = 2, MARKS = sizeof id_marks / sizeof *id_marks };

/* The ids an SVG defined so far: a multiplot defines gnuplot_plot_1 once per
 * panel, but an HTML page may define an id only once. */
typedef struct id_list {
    char **ids;
    size_t count, cap;
} id_list;

/* How often id was defined before (and now once more); -1 when out of memory. */
static long id_seen(id_list *l, const char *id, size_t len)
{
    long times = 0;
    for (size_t i = 0; i < l->count; i++)
        times += strlen(l->ids[i]) == len && strncmp(l->ids[i], id, len) == 0;
    char **ids = ccd_grow(l->ids, &l->cap, l->count, sizeof *ids, 32);
    if (!ids || !(ids[l->count] = strndup(id, len))) {
        if (ids)
            l->ids = ids;
        return -1;
    }
    l->ids = ids;
    l->count++;
    return times;
}

static int prefixed_line(FILE *out, id_list *defined, const char *line, const char *prefix)
{
    while (*line) {
        size_t k = 0, len = 0;
        for (; k < MARKS; k++)
            if (strncmp(line, id_marks[k], len = strlen(id_marks[k])) == 0)
                break;
        if (k == MARKS) {
            fputc(*line++, out);
            continue;
        }
        fwrite(line, 1, len, out);
        fputs(prefix, out);
        line += len;
        if (k < DEFINITIONS) { /* the id itself, numbered when defined again */
            char quote = id_marks[k][len - 1];
            size_t n = strcspn(line, quote == '\'' ? "'" : "\"");
            long times = id_seen(defined, line, n);
            if (times < 0)
                return -1;
            fwrite(line, 1, n, out);
            if (times > 0)
                fprintf(out, "-%ld", times + 1);
            line += n;
        }
    }
    return 0;
}

int ccd_html_svg_inline(FILE *out, FILE *svg, const char *prefix)
{
    char *line = NULL;
    size_t cap = 0;
    int in_svg = 0, r = 0;
    id_list defined = {0};
    while (r == 0 && getline(&line, &cap, svg) >= 0) {
        const char *from = line;
        if (!in_svg) {
            /* the XML prolog and doctype are not HTML: start at the element */
            if (!(from = strstr(line, "<svg")))
                continue;
            in_svg = 1;
        }
        r = prefixed_line(out, &defined, from, prefix);
    }
    free(line);
    for (size_t i = 0; i < defined.count; i++)
        free(defined.ids[i]);
    free(defined.ids);
    return r != 0 ? -2 : in_svg ? 0 : -1;
}

void ccd_html_figures_free(ccd_html_figures *figs)
{
    for (size_t i = 0; i < figs->count; i++) {
        free(figs->items[i].name);
        free(figs->items[i].svg);
    }
    free(figs->items);
    free(figs->skipped);
    memset(figs, 0, sizeof *figs);
}

/* Whether program can be run: a path with a '/' as it is, else found in PATH. */
static int program_found(const char *program)
{
    if (strchr(program, '/'))
        return access(program, X_OK) == 0;
    const char *path = getenv("PATH");
    char *dirs = strdup(path ? path : "/usr/bin:/bin");
    int found = 0;
    for (char *save = NULL, *d = dirs ? strtok_r(dirs, ":", &save) : NULL; d && !found;
         d = strtok_r(NULL, ":", &save)) {
        char *p = ccd_path_join(*d ? d : ".", program);
        found = p && access(p, X_OK) == 0;
        free(p);
    }
    free(dirs);
    return found;
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* DIR/NAME as the next figure (NAME without .svg), its ids prefixed "fN-". */
static ccd_status add_figure(ccd_html_figures *figs, ccd_error *err, const char *dir,
                             const char *file)
{
    ccd_html_figure *items = ccd_grow(figs->items, &figs->cap, figs->count, sizeof *items, 8);
    if (!items)
        return ccd_error_oom(err, dir);
    figs->items = items;
    char *path = ccd_path_join(dir, file);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "f%zu-", figs->count + 1);
    FILE *in = path ? fopen(path, "r") : NULL;
    if (path && !in) {
        ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "cannot read: %s", strerror(errno));
        free(path);
        return err->status;
    }
    free(path);
    if (!in)
        return ccd_error_oom(err, dir);
    char *svg = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&svg, &size);
    int r = mem ? ccd_html_svg_inline(mem, in, prefix) : -2;
    fclose(in);
    if (mem && fclose(mem) != 0)
        r = -2;
    ccd_html_figure *f = &figs->items[figs->count];
    f->name = strndup(file, strlen(file) - strlen(".svg"));
    f->svg = svg;
    if (r != 0 || !f->name || !f->svg) {
        free(f->name);
        free(f->svg);
        if (r == -1)
            return ccd_error_set(err, CCD_ERR_INTERNAL, dir, 0, 0, "%s: not an SVG image", file);
        return ccd_error_oom(err, dir);
    }
    figs->count++;
    return CCD_OK;
}

/* Every NAME.svg in dir, in the order of the figure numbers (fig1, fig7-…,
 * fig8, fig9, fig11, fig15), then dir emptied and removed. */
static ccd_status collect(ccd_html_figures *figs, ccd_error *err, const char *dir,
                          ccd_status st)
{
    struct dirent **list = NULL;
    int n = scandir(dir, &list, NULL, versionsort);
    if (n < 0 && st == CCD_OK)
        st = ccd_error_set(err, CCD_ERR_INTERNAL, dir, 0, 0, "cannot list: %s", strerror(errno));
    for (int i = 0; i < n; i++) {
        const char *file = list[i]->d_name;
        if (strcmp(file, ".") != 0 && strcmp(file, "..") != 0) {
            if (st == CCD_OK && has_suffix(file, ".svg"))
                st = add_figure(figs, err, dir, file);
            char *path = ccd_path_join(dir, file);
            if (path)
                unlink(path);
            free(path);
        }
        free(list[i]);
    }
    free(list);
    rmdir(dir);
    return st;
}

/* No figures, for the reason why (malloc'd; NULL: out of memory). */
static ccd_status skip(ccd_html_figures *figs, ccd_error *err, char *why)
{
    figs->skipped = why;
    return why ? CCD_OK : ccd_error_oom(err, "report");
}

ccd_status ccd_html_figures_draw(ccd_html_figures *figs, ccd_error *err, const ccd_report_set *s,
                                 const char *figure_method, const char *gnuplot, FILE *notes)
{
    memset(figs, 0, sizeof *figs);
    if (!gnuplot)
        return skip(figs, err, strdup("figures not drawn (--no-render)"));
    if (!program_found(gnuplot))
        return skip(figs, err, ccd_report_printf("figures not drawn: %s not found", gnuplot));
    const char *tmp = getenv("TMPDIR");
    char *dir = ccd_path_join(tmp && *tmp ? tmp : "/tmp", "ccdbench-figures-XXXXXX");
    if (!dir)
        return ccd_error_oom(err, "report");
    if (!mkdtemp(dir)) {
        ccd_error_set(err, CCD_ERR_INTERNAL, dir, 0, 0, "cannot create: %s", strerror(errno));
        free(dir);
        return err->status;
    }
    ccd_figures fig = {.dir = dir, .gnuplot = gnuplot, .notes = notes};
    ccd_status st = ccd_report_set_figures(&fig, err, s, figure_method);
    st = collect(figs, err, dir, st);
    if (st == CCD_OK && figs->count != fig.written)
        st = ccd_error_set(err, CCD_ERR_INTERNAL, gnuplot, 0, 0, "drew %zu of the %zu figures "
                           "as SVG", figs->count, fig.written);
    free(dir);
    if (st != CCD_OK)
        ccd_html_figures_free(figs);
    return st;
}
