/* SPDX-License-Identifier: MIT */
/* The skeleton every subcommand of a command group shares (see cli.h): choosing
 * the subcommand, the options --format and --help, and refusing operands. */
#include <config.h>

#include "cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

int ccd_cli_dispatch(int argc, char **argv, const char *group, const char *usage,
                     const ccd_cli_subcommand *subs, size_t count)
{
    if (argc < 2)
        return fputs(usage, stderr), CCD_EXIT_USAGE;
    const char *sub = argv[1];
    if (!strcmp(sub, "--help") || !strcmp(sub, "-h") || !strcmp(sub, "help")) {
        fputs(usage, stdout);
        return CCD_EXIT_OK;
    }
    for (size_t i = 0; i < count; i++)
        if (!strcmp(sub, subs[i].name)) {
            opterr = 0;
            optind = 1;
            return subs[i].run(argc - 1, argv + 1);
        }
    char names[256] = "";
    for (size_t i = 0; i < count; i++) {
        size_t used = strlen(names);
        snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", subs[i].name);
    }
    return ccd_cli_usage_error("%s: unknown command '%s' (%s)", group, sub, names);
}

int ccd_cli_common_option(ccd_report_format *format, int c, const char *command,
                          const char *usage, char **argv)
{
    switch (c) {
    case 'h':
        fputs(usage, stdout);
        return CCD_EXIT_OK;
    case CCD_CLI_OPT_FORMAT:
        return ccd_cli_parse_format(format, command, optarg) ? CCD_EXIT_USAGE
                                                            : CCD_CLI_NEXT_OPTION;
    default:
        return ccd_cli_bad_option(command, argv, optopt);
    }
}

int ccd_cli_no_operands(const char *command, int argc, char **argv)
{
    if (optind < argc)
        return ccd_cli_usage_error("%s: unexpected argument '%s'", command, argv[optind]);
    return CCD_EXIT_OK;
}
