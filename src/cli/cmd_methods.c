/* SPDX-License-Identifier: MIT */
/* `ccdbench methods`: list the available methods with their capabilities. */
#include <config.h>

#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench methods [--details] [--plugin FILE.so]...\n"
    "List the CCD methods: name, capabilities, summary.\n"
    "\n"
    "  --details          also list every method's options (set them with\n"
    "                     `run --param METHOD.KEY=VALUE`): type, default, range, help\n"
    "  --plugin FILE.so   also list the methods of a plugin (repeatable)\n"
    "  --help             show this help\n"
    "\n"
    "Capabilities: toi (reports a time of impact), conservative (no false negatives,\n"
    "toi <= exact toi), min-separation (honours --ms), exact (no false positives or\n"
    "negatives), rationals (reads the exact rational input).\n"
    "Exit status: 0 ok, 2 bad plugin or usage.\n";

static const char *type_name(ccd_option_type t)
{
    static const char *const names[] = {"double", "integer", "boolean", "enum"};
    return (unsigned)t < 4 ? names[t] : "?";
}


enum { LINE_WIDTH = 100, CAPS_WIDTH = 31, SUMMARY_MIN_WIDTH = 30 };

/* The length of the first line of s in width columns: up to the last ',' (kept
 * on the line) or ' ' (dropped), as sep says, that fits; a longer word whole. */
static size_t piece(const char *s, size_t width, char sep)
{
    size_t n = strlen(s), keep = sep == ',', cut = 0;
    if (n <= width)
        return n;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != sep)
            continue;
        if (i + keep <= width || cut == 0)
            cut = i + keep;
        if (i + keep > width)
            break;
    }
    return cut ? cut : n;
}

/* One method: name, capabilities (wrapped after a comma) and summary (wrapped
 * between words) in columns, continued on indented lines so that every line fits
 * in LINE_WIDTH columns (unless a name or a word is longer). */
static void print_method(int name_width, const char *name, const char *caps, const char *summary)
{
    int summary_width = LINE_WIDTH - name_width - 2 - CAPS_WIDTH - 2;
    if (summary_width < SUMMARY_MIN_WIDTH)
        summary_width = SUMMARY_MIN_WIDTH;
    do {
        size_t nc = piece(caps, CAPS_WIDTH, ','), ns = piece(summary, (size_t)summary_width, ' ');
        if (ns)
            printf("%-*s  %-*.*s  %.*s\n", name_width, name, CAPS_WIDTH, (int)nc, caps, (int)ns,
                   summary);
        else if (nc)
            printf("%-*s  %.*s\n", name_width, name, (int)nc, caps);
        else
            printf("%s\n", name);
        name = "";
        caps += nc;
        summary += ns;
        while (*summary == ' ')
            summary++;
    } while (*caps || *summary);
}

/* "    tight-inclusion.delta  double  default 1e-06  range (0, inf)  help", the
 * help wrapped between words onto lines indented by 6 to fit in LINE_WIDTH. */
static void print_options(const ccd_method *m)
{
    for (size_t i = 0; i < m->option_count; i++) {
        const ccd_option *o = &m->options[i];
        char def[128], range[512];
        ccd_option_format(def, sizeof def, o, o->def);
        ccd_option_range(range, sizeof range, o);
        int used = printf("    %s.%s  %s  default %s  range %s  ", m->name, o->name,
                          type_name(o->type), def, range);
        const char *help = o->help ? o->help : "";
        size_t width = used > 0 && used < LINE_WIDTH ? (size_t)(LINE_WIDTH - used) : 1;
        for (;;) {
            size_t n = piece(help, width, ' ');
            printf("%.*s\n", (int)n, help);
            help += n;
            while (*help == ' ')
                help++;
            if (!*help)
                break;
            fputs("      ", stdout);
            width = LINE_WIDTH - 6;
        }
    }
}

int ccd_cmd_methods(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"plugin", required_argument, NULL, 'p'},
        {"details", no_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    char **plugins = calloc((size_t)argc + 1, sizeof *plugins);
    size_t plugin_count = 0;
    if (!plugins)
        return ccd_cli_out_of_memory();
    int c, status = CCD_EXIT_OK, details = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'd') {
            details = 1;
        } else if (c == 'p') {
            plugins[plugin_count++] = optarg;
        } else if (c == 'h') {
            fputs(usage, stdout);
            free(plugins);
            return CCD_EXIT_OK;
        } else {
            free(plugins);
            return ccd_cli_bad_option("methods", argv, optopt);
        }
    }
    if (optind < argc) {
        free(plugins);
        return ccd_cli_usage_error("methods: unexpected argument '%s'", argv[optind]);
    }
    ccd_error err;
    ccd_cli_methods m;
    if (ccd_cli_methods_load(&m, &err, plugins, plugin_count) != CCD_OK) {
        free(plugins);
        return ccd_cli_fail(&err);
    }
    size_t name_width = 4;
    for (size_t i = 0; i < m.available.count; i++) {
        size_t n = strlen(m.available.items[i]->name);
        name_width = n > name_width ? n : name_width;
    }
    print_method((int)name_width, "name", "capabilities", "summary");
    for (size_t i = 0; i < m.available.count; i++) {
        const ccd_method *method = m.available.items[i];
        char caps[128];
        ccd_cli_caps_string(caps, sizeof caps, method->caps);
        print_method((int)name_width, method->name, caps, method->summary ? method->summary : "");
        if (details)
            print_options(method);
    }
    ccd_cli_methods_free(&m);
    free(plugins);
    return status;
}
