/* SPDX-License-Identifier: MIT */
/* The report as one self-contained HTML page (report_html.h). */
#include <config.h>

#include "report/report_html.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/json_doc.h"
#include "core/assert.h"
#include "core/xml_text.h"
#include "report/report_summary.h"

static const char style[] =
    "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:1.5em auto;max-width:1200px;"
    "padding:0 1em;color:#222;line-height:1.4}\n"
    "h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;margin-top:2em}h3{font-size:1.05em}\n"
    ".scroll{overflow-x:auto}\n"
    "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}\n"
    "th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}\n"
    "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\n"
    "table.sortable thead th{background:#eef3f8;cursor:pointer;user-select:none}\n"
    "table.sortable thead th:focus{outline:2px solid #0072B2}\n"
    "th[aria-sort=ascending]::after{content:' \\25B2'}"
    "th[aria-sort=descending]::after{content:' \\25BC'}\n"
    "tbody tr:nth-child(even){background:#f7f7f7}\n"
    "table.facts th{background:#f3f3f3;width:11em}\n"
    "figure{margin:1em 0 2em}figure svg{width:100%;height:auto;display:block}\n"
    "figcaption{font-size:.9em;color:#444}\n"
    "td.fn{background:#fde0dc;color:#a00;font-weight:bold}\n"
    "figure.multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));"
    "gap:.5em;max-width:1100px}\n"
    "figure.multiples>figcaption{grid-column:1/-1}figure.multiples figure{margin:0}\n"
    "figure.multiples figure figcaption{text-align:center}\n"
    "code{font-size:.85em;word-break:break-all}\n"
    ".note{color:#444}#ccd-errors{color:#b00;white-space:pre-wrap}\n"
    "#ccd-selftest{white-space:pre-wrap;word-break:break-all}#ccd-selftest:empty{display:none}\n";

/* Sorting by a header's column; uncaught errors into #ccd-errors; the
 * #selftest:TABLE:KEY fragment (report_html.h). */
static const char script[] =
    "(function () {\n"
    "  'use strict';\n"
    "  var errors = document.getElementById('ccd-errors');\n"
    "  window.addEventListener('error', function (e) {\n"
    "    errors.hidden = false;\n"
    "    errors.textContent += (e.message || 'error') + '\\n';\n"
    "    errors.setAttribute('data-count', String(+errors.getAttribute('data-count') + 1));\n"
    "  });\n"
    "  function key(row, col, num) {\n"
    "    var cell = row.cells[col];\n"
    "    if (!num) return cell ? cell.textContent : '';\n"
    "    var v = cell ? cell.getAttribute('data-v') : null;\n"
    "    return v === null ? NaN : parseFloat(v);\n"
    "  }\n"
    "  function sortBy(th) {\n"
    "    var table = th.closest('table'), body = table.tBodies[0], col = th.cellIndex;\n"
    "    var num = th.classList.contains('num');\n"
    "    var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;\n"
    "    Array.prototype.forEach.call(th.parentNode.cells, function (h) {\n"
    "      h.removeAttribute('aria-sort');\n"
    "    });\n"
    "    th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');\n"
    "    var rows = Array.prototype.map.call(body.rows, function (r, i) {\n"
    "      return {row: r, key: key(r, col, num), at: i};\n"
    "    });\n"
    "    rows.sort(function (a, b) {\n"
    "      if (num && (isNaN(a.key) || isNaN(b.key)))\n"
    "        return (isNaN(a.key) - isNaN(b.key)) || a.at - b.at; /* no number: last */\n"
    "      var c = num ? a.key - b.key : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;\n"
    "      return dir * c || a.at - b.at;\n"
    "    });\n"
    "    rows.forEach(function (r) { body.appendChild(r.row); });\n"
    "  }\n"
    "  Array.prototype.forEach.call(document.querySelectorAll('table.sortable thead th'),\n"
    "    function (th) {\n"
    "      th.tabIndex = 0;\n"
    "      th.addEventListener('click', function () { sortBy(th); });\n"
    "      th.addEventListener('keydown', function (e) {\n"
    "        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(th); }\n"
    "      });\n"
    "    });\n"
    "  function selftest(table, name) {\n"
    "    var out = document.getElementById('ccd-selftest'), lines = [];\n"
    "    var t = document.getElementById('table-' + table), th = null;\n"
    "    if (!t) throw new Error('selftest: no table ' + table);\n"
    "    Array.prototype.forEach.call(t.tHead.rows[0].cells, function (h) {\n"
    "      if (h.getAttribute('data-key') === name) th = h;\n"
    "    });\n"
    "    if (!th) throw new Error('selftest: no column ' + name + ' in ' + table);\n"
    "    function record(what) {\n"
    "      lines.push(what + Array.prototype.map.call(t.tBodies[0].rows, function (r) {\n"
    "        var v = r.cells[th.cellIndex].getAttribute('data-v');\n"
    "        return ' ' + r.getAttribute('data-row') + '=' + (v === null ? '' : v);\n"
    "      }).join(''));\n"
    "    }\n"
    "    record('before');\n"
    "    th.click();\n"
    "    record('ascending');\n"
    "    th.click();\n"
    "    record('descending');\n"
    "    out.textContent = '\\n' + lines.join('\\n') + '\\n';\n"
    "  }\n"
    "  var spec = decodeURIComponent(location.hash.slice(1)).split(':');\n"
    "  if (spec[0] === 'selftest') selftest(spec[1], spec[2]);\n"
    "})();\n";

/* A cell's number for sorting: the whole cell as a finite number, else none. */
static int cell_number(double *v, const char *cell)
{
    char *end = NULL;
    *v = strtod(cell, &end);
    return end != cell && *end == '\0' && isfinite(*v);
}

/* A false-negative count: a column fn or *_fn, or a row named FN (Table 1). */
static int fn_column(const char *header)
{
    size_t n = strlen(header);
    return strcmp(header, "fn") == 0 || (n > 3 && strcmp(header + n - 3, "_fn") == 0);
}

static int fn_row(const ccd_report_table *t, size_t r)
{
    for (size_t c = 0; c < t->columns; c++)
        if (t->numeric[c] == CCD_CELL_TEXT && strcmp(ccd_report_cell(t, r, c), "FN") == 0)
            return 1;
    return 0;
}

static void table(FILE *out, const char *id, const ccd_report_table *t)
{
    fputs("<div class=\"scroll\"><table class=\"sortable\" id=\"table-", out);
    ccd_xml_text(out, id);
    fputs("\">\n<thead><tr>", out);
    for (size_t c = 0; c < t->columns; c++) {
        fputs(t->numeric[c] == CCD_CELL_NUMBER ? "<th scope=\"col\" class=\"num\" data-key=\""
                                               : "<th scope=\"col\" data-key=\"", out);
        ccd_xml_text(out, t->header[c]);
        fputs("\">", out);
        ccd_xml_text(out, t->title[c]);
        fputs("</th>", out);
    }
    fputs("</tr></thead>\n<tbody>\n", out);
    for (size_t r = 0; r < t->rows; r++) {
        fprintf(out, "<tr data-row=\"%zu\">", r);
        int fn = fn_row(t, r);
        for (size_t c = 0; c < t->columns; c++) {
            const char *cell = ccd_report_cell(t, r, c);
            double v;
            if (t->numeric[c] != CCD_CELL_NUMBER) {
                fputs("<td>", out);
                ccd_xml_text(out, cell);
            } else if (cell_number(&v, cell)) {
                /* a full-precision cell (%.17g) shown to 6 digits for reading
                 * (9.9999999999999995e-07: 1e-06); the full number in data-v, which
                 * sorting reads, and in the tooltip; a short cell as it is */
                char shown[32];
                if (strlen(cell) > 12)
                    snprintf(shown, sizeof shown, "%.6g", v);
                else
                    snprintf(shown, sizeof shown, "%s", cell);
                fputs((fn || fn_column(t->header[c])) && v != 0
                          ? "<td class=\"num fn\" data-v=\"" : "<td class=\"num\" data-v=\"", out);
                ccd_xml_text(out, cell);
                if (strcmp(shown, cell) != 0) {
                    fputs("\" title=\"", out);
                    ccd_xml_text(out, cell);
                }
                fputs("\">", out);
                ccd_xml_text(out, shown);
            } else {
                fputs("<td class=\"num\">", out);
                ccd_xml_text(out, cell);
            }
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table></div>\n", out);
}

/* The summary of the runs without a sweep (Table 1's union): per method, and
 * per set and kind.  -1 when out of memory. */
static int summary(FILE *out, const ccd_report_set *s, const char *reference)
{
    fputs("<section id=\"summary\">\n<h2>Run summary</h2>\n", out);
    if (!s->table1_columns) {
        fputs("<p class=\"note\">These files hold sweeps only: their numbers per swept value "
              "are in the sweep tables below.</p>\n</section>\n", out);
        return 0;
    }
    const ccd_run_stats *stats = s->columns[0].stats;
    ccd_report_table t;
    fputs("<h3>Per method, all queries of the runs without a sweep</h3>\n", out);
    size_t ref;
    const char *why;
    if (ccd_report_summary_reference(&ref, &why, stats, reference) != 0)
        return -1; /* the caller checks the name first */
    if (ccd_report_summary_methods(&t, stats, ref) != 0)
        return -1;
    table(out, "summary", &t);
    ccd_report_table_free(&t);
    fputs("<h3>Per set and kind</h3>\n", out);
    if (ccd_report_summary_sets(&t, stats) != 0)
        return -1;
    table(out, "summary-sets", &t);
    ccd_report_table_free(&t);
    char *speed = ccd_report_summary_speed_note(stats, ref, why);
    if (!speed)
        return -1;
    fputs("<p class=\"note\">FP, FN: false positives and negatives against the truth (FP %: "
          "of the queries). µs: time "
          "per query, one core. ", out);
    ccd_xml_text(out, speed);
    free(speed);
    fputs(".</p>\n</section>\n", out);
    return 0;
}

/* "Figure N (Wang et al. 2021): what" for a figure's file stem. */
static void caption(FILE *out, const char *name)
{
    static const struct {
        const char *name, *what;
    } known[] = {
        {"fig1", "Figure 1: mean run time, false positives and false negatives per method and "
                 "dataset"},
        {"fig8", "Figure 8: run time against the tolerance δ"},
        {"fig9", "Figure 9: queries stopped at m_I checks and tolerance reached, against m_I"},
        {"fig11", "Figure 11: run time against the minimum separation d"},
        {"fig15", "Figure 15: run time and false positives against δ, per method"},
    };
    fputs("<figcaption>", out);
    if (strncmp(name, "fig7-", 5) == 0) {
        fputs("Figure 7: run time of the positive and negative queries of ", out);
        ccd_xml_text(out, name + 5);
    } else {
        size_t k = 0;
        while (k < sizeof known / sizeof *known && strcmp(known[k].name, name) != 0)
            k++;
        ccd_xml_text(out, k < sizeof known / sizeof *known ? known[k].what : name);
    }
    fputs(" (after Wang et al. 2021) — <code>", out);
    ccd_xml_text(out, name);
    fputs("</code></figcaption>\n", out);
}

static void figures(FILE *out, const ccd_html_figures *figs)
{
    fputs("<section id=\"figures\">\n<h2>Figures</h2>\n", out);
    if (figs->skipped) {
        fputs("<p class=\"note\" id=\"figures-skipped\">Figures were skipped: ", out);
        ccd_xml_text(out, figs->skipped);
        fputs(". The tables above hold every number; <code>ccdbench report --output-dir</code> "
              "writes each figure’s data and gnuplot script.</p>\n", out);
    } else if (!figs->count) {
        fputs("<p class=\"note\">These runs have no figure.</p>\n", out);
    }
    int fig7_open = 0;
    for (size_t i = 0; i < figs->count; i++) {
        /* Figure 7's near-identical per-method panels: one small-multiples figure */
        int fig7 = strncmp(figs->items[i].name, "fig7-", 5) == 0;
        if (fig7 && !fig7_open) {
            fputs("<figure class=\"multiples\" id=\"fig7\">\n", out);
            fig7_open = 1;
        }
        if (fig7) {
            fputs("<figure id=\"figure-", out);
            ccd_xml_text(out, figs->items[i].name);
            fputs("\">\n", out);
            fputs(figs->items[i].svg, out);
            fputs("<figcaption>", out);
            ccd_xml_text(out, figs->items[i].name + 5);
            fputs("</figcaption>\n</figure>\n", out);
            if (i + 1 == figs->count || strncmp(figs->items[i + 1].name, "fig7-", 5) != 0) {
                fputs("<figcaption>Figure 7: run time of the positive and negative queries, "
                      "one panel per method (after Wang et al. 2021) — <code>fig7-METHOD"
                      "</code></figcaption>\n</figure>\n", out);
                fig7_open = 0;
            }
            continue;
        }
        /* no wider than drawn: gnuplot's viewBox is the size in pixels */
        const char *box = strstr(figs->items[i].svg, "viewBox=\"0 0 ");
        int width = 0;
        if (!box || sscanf(box + strlen("viewBox=\"0 0 "), "%d", &width) != 1 || width <= 0)
            width = 1100;
        fputs("<figure id=\"figure-", out);
        ccd_xml_text(out, figs->items[i].name);
        fprintf(out, "\" style=\"max-width:%dpx\">\n", width);
        fputs(figs->items[i].svg, out); /* gnuplot's SVG, ids prefixed (html_figures.h) */
        caption(out, figs->items[i].name);
        fputs("</figure>\n", out);
    }
    fputs("</section>\n", out);
}

/* One row of a facts table: the label and the (escaped) value. */
static void fact(FILE *out, const char *label, const char *value)
{
    fputs("<tr><th scope=\"row\">", out);
    ccd_xml_text(out, label);
    fputs("</th><td>", out);
    ccd_xml_text(out, value ? value : "–");
    fputs("</td></tr>\n", out);
}

/* A JSON value as escaped text; -1 when out of memory. */
static int json_text(FILE *out, const ccd_json *v)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&buf, &size);
    if (!mem)
        return -1;
    ccd_json_write(mem, v);
    if (fclose(mem) != 0 || !buf) {
        free(buf);
        return -1;
    }
    /* numbers rounded for reading (a delta of 9.9999999999999995e-07 reads
     * 1e-06), the JSON itself in the tooltip */
    char *shown = malloc(2 * size + 1);
    if (!shown) {
        free(buf);
        return -1;
    }
    size_t n = 0;
    int in_string = 0;
    for (const char *p = buf; *p;) {
        if (in_string) { /* a string's text as it is, escapes included */
            if (*p == '\\' && p[1])
                shown[n++] = *p++;
            else if (*p == '"')
                in_string = 0;
            shown[n++] = *p++;
            continue;
        }
        if (*p == '"') {
            in_string = 1;
            shown[n++] = *p++;
            continue;
        }
        size_t len = strspn(p, "-+.0123456789eE");
        if (len > 12) {
            char num[64];
            snprintf(num, sizeof num, "%.*s", (int)(len < 63 ? len : 63), p);
            n += (size_t)snprintf(shown + n, 32, "%.6g", strtod(num, NULL));
        } else {
            memcpy(shown + n, p, len ? len : 1);
            n += len ? len : 1;
        }
        p += len ? len : 1;
    }
    shown[n] = '\0';
    fputs("<code title=\"", out);
    ccd_xml_text(out, buf);
    fputs("\">", out);
    ccd_xml_text(out, shown);
    fputs("</code>", out);
    free(shown);
    free(buf);
    return 0;
}

/* What a result file says about its runs; -1 when out of memory. */
static int run_facts(FILE *out, const ccd_result_doc *doc, size_t index)
{
    const ccd_result_header *h = &doc->header;
    fprintf(out, "<h3 id=\"run-%zu\">", index + 1);
    ccd_xml_text(out, doc->path);
    fputs("</h3>\n<table class=\"facts\">\n", out);
    fact(out, "tool", h->tool);
    fact(out, "date", h->date);
    fputs("<tr><th scope=\"row\">machine</th><td>", out);
    ccd_xml_text(out, h->cpu ? h->cpu : "–");
    fprintf(out, ", %ld core%s</td></tr>\n", h->cores, h->cores == 1 ? "" : "s");
    fputs("<tr><th scope=\"row\">build</th><td>", out);
    ccd_xml_text(out, h->compiler ? h->compiler : "–");
    const char *const libs[3][2] = {{"GMP", h->gmp}, {"MPFR", h->mpfr}, {"zlib", h->zlib}};
    for (int l = 0; l < 3; l++) {
        fprintf(out, "; %s ", libs[l][0]);
        ccd_xml_text(out, libs[l][1] ? libs[l][1] : "–");
    }
    fputs("</td></tr>\n<tr><th scope=\"row\">data</th><td>", out);
    for (size_t d = 0; d < h->data_count; d++) {
        fputs(d ? ", <code>" : "<code>", out);
        ccd_xml_text(out, h->data[d]);
        fputs("</code>", out);
    }
    fprintf(out, " (%zu query file%s)</td></tr>\n", h->file_count, h->file_count == 1 ? "" : "s");
    fact(out, "truth", h->truth);
    fputs("<tr><th scope=\"row\">methods</th><td>", out);
    for (size_t m = 0; m < h->method_count; m++) {
        fputs(m ? ", " : "", out);
        ccd_xml_text(out, h->methods[m]->name);
    }
    fputs("</td></tr>\n", out);
    if (h->sweep) {
        fputs("<tr><th scope=\"row\">sweep</th><td>", out);
        ccd_xml_text(out, h->sweep);
        fputs(" =", out);
        for (size_t r = 0; r < doc->run_count; r++)
            fprintf(out, "%s %.9g", r ? "," : "", doc->runs[r].sweep_value);
        fputs("</td></tr>\n", out);
    }
    for (size_t r = 0; r < doc->run_count; r++) {
        fputs("<tr><th scope=\"row\">parameters", out);
        if (h->sweep) {
            fputs(" (", out);
            ccd_xml_text(out, h->sweep);
            fprintf(out, " = %.9g)", doc->runs[r].sweep_value);
        }
        fputs("</th><td>", out);
        if (json_text(out, doc->runs[r].params_json) != 0)
            return -1;
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
    return 0;
}

static void named_table(FILE *out, const ccd_named_table *t);

int ccd_report_write_html(FILE *out, const ccd_report_set *s, const ccd_html_figures *figs,
                          const char *reference)
{
    CCD_ASSERT(!figs->skipped || figs->count == 0);
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"ccdbench " PACKAGE_VERSION "\">\n"
          "<title>ccdbench report", out);
    for (size_t d = 0; d < s->doc_count; d++) {
        fputs(d ? ", " : ": ", out);
        ccd_xml_text(out, s->docs[d].path);
    }
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n"
            "<div id=\"ccd-errors\" data-count=\"0\" hidden></div>\n"
            "<header>\n<h1>ccdbench report</h1>\n<p>%zu result file%s, written by ccdbench "
            PACKAGE_VERSION ". Tables and figures after Wang et al. 2021, “A Large-scale "
            "Benchmark and an Inclusion-based Algorithm for Continuous Collision Detection”. "
            "Click a column header to sort by it; click again to reverse.</p>\n"
            "<nav><a href=\"#paper-table1\">Table 1</a> · <a href=\"#summary\">Run summary</a> · "
            "<a href=\"#tables\">Tables</a> · "
            "<a href=\"#figures\">Figures</a> · <a href=\"#runs\">Runs</a></nav>\n</header>\n",
            style, s->doc_count, s->doc_count == 1 ? "" : "s");
    /* Table 1 first (the paper's headline numbers), then the run summary, then
     * every other table */
    fputs("<section id=\"paper-table1\">\n<h2>Table 1</h2>\n", out);
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->tables[i].name, "table1") == 0)
            named_table(out, &s->tables[i]);
    fputs("</section>\n", out);
    if (summary(out, s, reference) != 0)
        return -1;
    fputs("<section id=\"tables\">\n<h2>Tables</h2>\n", out);
    for (size_t i = 0; i < s->count; i++) {
        const ccd_named_table *t = &s->tables[i];
        if (strcmp(t->name, "table1") == 0)
            continue;
        named_table(out, t);
    }
    fputs("</section>\n", out);
    figures(out, figs);
    fputs("<section id=\"runs\">\n<h2>Runs</h2>\n", out);
    for (size_t d = 0; d < s->doc_count; d++)
        if (run_facts(out, &s->docs[d], d) != 0)
            return -1;
    fprintf(out, "</section>\n<footer><p class=\"note\">ccdbench " PACKAGE_VERSION
            "</p></footer>\n<pre id=\"ccd-selftest\"></pre>\n<script>\n%s</script>\n"
            "</body>\n</html>\n", script);
    return 0;
}

/* A table of the set under its title and name. */
static void named_table(FILE *out, const ccd_named_table *t)
{
    fputs("<h3 id=\"", out);
    ccd_xml_text(out, t->name);
    fputs("\">", out);
    ccd_xml_text(out, t->title);
    fputs(" <code>", out);
    ccd_xml_text(out, t->name);
    fputs("</code></h3>\n", out);
    table(out, t->name, &t->table);
}
