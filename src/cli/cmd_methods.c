/* SPDX-License-Identifier: MIT */
/* `ccdbench methods`: list the available methods with their capabilities. */
#include <config.h>

#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench methods [--plugin FILE.so]...\n"
    "List the CCD methods: name, capabilities, summary.\n"
    "\n"
    "  --plugin FILE.so   also list the methods of a plugin (repeatable)\n"
    "  --help             show this help\n"
    "\n"
    "Capabilities: toi (reports a time of impact), conservative (no false negatives,\n"
    "toi <= exact toi), min-separation (honours --ms), exact (no false positives or\n"
    "negatives), rationals (reads the exact rational input).\n"
    "Exit status: 0 ok, 2 bad plugin or usage.\n";

int ccd_cmd_methods(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"plugin", required_argument, NULL, 'p'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    char **plugins = calloc((size_t)argc + 1, sizeof *plugins);
    size_t plugin_count = 0;
    if (!plugins)
        return ccd_cli_out_of_memory();
    int c, status = CCD_EXIT_OK;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'p') {
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
    printf("%-*s  %-40s  %s\n", (int)name_width, "name", "capabilities", "summary");
    for (size_t i = 0; i < m.available.count; i++) {
        const ccd_method *method = m.available.items[i];
        char caps[128];
        ccd_cli_caps_string(caps, sizeof caps, method->caps);
        printf("%-*s  %-40s  %s\n", (int)name_width, method->name, caps,
               method->summary ? method->summary : "");
    }
    ccd_cli_methods_free(&m);
    free(plugins);
    return status;
}
