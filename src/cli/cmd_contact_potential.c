/* SPDX-License-Identifier: MIT */
/* `ccdbench contact potential`: the long-range contact potential of Ye, Wu,
 * Komura and Pan, "Efficient Differentiable Contact Model with Long-Range
 * Influence" — its accuracy checks and its cost, hierarchy against brute force. */
#include <config.h>

#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "contact/potential_report.h"
#include "report/paper.h"
#include "report/report.h"

static const char usage[] =
    "Usage: ccdbench contact potential check|bench [OPTION]...\n"
    "The long-range contact potential of Ye, Wu, Komura and Pan, \"Efficient\n"
    "Differentiable Contact Model with Long-Range Influence\".\n"
    "\n"
    "  check             the accuracy checks: closed form, bounds, derivatives\n"
    "                    against central differences, force balance, decay, and\n"
    "                    the hierarchy against brute force (exit 1 if one fails)\n"
    "  bench             value, pose gradient and pose Hessian of two UV spheres\n"
    "                    (gap 0.1) through the hierarchy and by brute force, from\n"
    "                    576 to 6048 triangles\n"
    "    --max-triangles N   largest size measured (default 6048)\n"
    "    --eps E             hierarchy parameter ε > 0 (default 0.5)\n"
    "  --format F        text (default), markdown, csv, json or latex\n"
    "  --help            show this help\n";

enum { OPT_FORMAT = 256, OPT_MAX_TRIANGLES, OPT_EPS };

int ccd_cmd_contact_potential(int argc, char **argv)
{
    if (argc < 2)
        return fputs(usage, stderr), CCD_EXIT_USAGE;
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h")) {
        fputs(usage, stdout);
        return CCD_EXIT_OK;
    }
    int bench = !strcmp(sub, "bench");
    if (!bench && strcmp(sub, "check"))
        return ccd_cli_usage_error("contact potential: unknown command '%s' (check, bench)", sub);
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"max-triangles", required_argument, NULL, OPT_MAX_TRIANGLES},
        {"eps", required_argument, NULL, OPT_EPS},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    ccd_report_format format = CCD_FORMAT_TEXT;
    long max_triangles = 6048;
    double eps = 0.5;
    argc--, argv++;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'h':
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        case OPT_FORMAT:
            if (ccd_cli_parse_format(&format, "contact potential", optarg) != 0)
                return CCD_EXIT_USAGE;
            break;
        case OPT_MAX_TRIANGLES:
            if (!bench)
                return ccd_cli_usage_error("contact potential check: --max-triangles is an "
                                           "option of bench");
            if (ccd_cli_parse_long(&max_triangles, "--max-triangles", optarg))
                return CCD_EXIT_USAGE;
            if (max_triangles < 1)
                return ccd_cli_usage_error("contact potential bench: --max-triangles must be ≥ 1");
            break;
        case OPT_EPS:
            if (!bench)
                return ccd_cli_usage_error("contact potential check: --eps is an option of bench");
            if (ccd_cli_parse_double(&eps, "--eps", optarg))
                return CCD_EXIT_USAGE;
            if (!(eps > 0))
                return ccd_cli_usage_error("contact potential bench: --eps must be > 0");
            break;
        default:
            return ccd_cli_bad_option(bench ? "contact potential bench" : "contact potential check",
                                      argv, optopt);
        }
    }
    if (optind < argc)
        return ccd_cli_usage_error("contact potential: unexpected argument '%s'", argv[optind]);
    int precise = ccd_cli_precise(format);
    ccd_report_table t;
    size_t failed = 0;
    int r = bench ? ccd_potential_bench_table(&t, (size_t)max_triangles, eps, precise)
                  : ccd_potential_check_table(&t, &failed, precise);
    if (r != 0)
        return ccd_cli_out_of_memory();
    if (bench)
        ccd_cli_note(format, 1, "contact potential bench (Ye et al.): two spheres r = 0.5, gap "
                     "0.1, eps %g;\nseconds for value + pose gradient + pose Hessian", eps);
    else
        ccd_cli_note(format, 1, "contact potential check (Ye et al.): pass = measured <= bound");
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    if (failed) {
        fprintf(stderr, "ccdbench: contact potential check: %zu check(s) over their bound\n",
                failed);
        return CCD_EXIT_FAILURE;
    }
    return CCD_EXIT_OK;
}
