/* SPDX-License-Identifier: MIT */
/* `ccdbench merge OUT.json SHARD.json...`: combine the result files of the shards
 * of one run (`ccdbench run --shard I/N --json ...`) into the file one run writes:
 * the same counts and histograms; timing-independent fields byte-identical. */
#include <config.h>

#include "bench/result_merge.h"
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench merge OUT.json SHARD.json...\n"
    "Merge the result files of all N shards of one run (ccdbench run --shard I/N\n"
    "--json) into OUT.json, the result file one unsharded run writes: counts, time\n"
    "histograms (hence medians and p99) and per-query records are those of the\n"
    "single run; the date and machine are shard 0's, wall_seconds the sum\n"
    "over the shards.\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or usage (shards that do not\n"
    "belong together, missing or repeated shards, malformed files, per-query records\n"
    "missing, repeated, ill-formed or outside their shard: path:line:column: what;\n"
    "OUT.json one of the shards: it would be overwritten, so it is refused).\n";

int ccd_cmd_merge(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return CCD_EXIT_OK;
    }
    if (argc < 3)
        return ccd_cli_usage_error("merge: expected OUT.json SHARD.json... (see --help)");
    if (argv[1][0] == '-')
        return ccd_cli_usage_error("merge: unknown option '%s'", argv[1]);
    ccd_error err;
    if (ccd_result_merge(&err, argv[1], argv + 2, (size_t)argc - 2) != CCD_OK)
        return ccd_cli_fail(&err);
    return CCD_EXIT_OK;
}
