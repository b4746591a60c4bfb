/* SPDX-License-Identifier: MIT */
/* `ccdbench gen`: write queries with exact labels (src/gen). */
#include <config.h>

#include "cli/cli.h"
#include "gen/gen.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench gen --family NAME[,NAME]...|all --count N --seed S --output DIR [OPTION]...\n"
    "Generate CCD queries of the named families, each labelled by the exact oracle, as\n"
    "DIR/<family>/{vertex-face,edge-edge}/data.csv[.gz] (the benchmark's rational CSV,\n"
    "7 columns: the label on every row).  The same arguments give the same bytes.\n"
    "\n"
    "  --family LIST       comma-separated family names, or 'all' (see --list)\n"
    "  --count N           queries per family and kind\n"
    "  --seed S            seed (an integer 0 .. 2^64-1)\n"
    "  --output DIR        output directory (created; files replaced atomically)\n"
    "  --kind K            vf, ee or both (default both)\n"
    "  --gzip              write data.csv.gz\n"
    "  --scale X           multiply every coordinate by X (exact: 1e-6, 0.1, 1/3 ...)\n"
    "  --translate X[,Y,Z] then add X (or (X, Y, Z)) to every point\n"
    "  --rationals MODE    exact: write the exact rationals (default; some are not\n"
    "                      doubles, e.g. 10^-k or 1/3); double: round every coordinate\n"
    "                      to the nearest double first, then label exactly\n"
    "  --threads N         OpenMP threads (default: all cores; the output is the same)\n"
    "  --list              list the families and exit\n"
    "  --help              show this help\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or usage.\n";

static int parse_u64(uint64_t *out, const char *option, const char *text, uint64_t max)
{
    char *end;
    errno = 0;
    if (text[0] < '0' || text[0] > '9')
        return ccd_cli_usage_error("%s: '%s' is not a non-negative integer", option, text), -1;
    unsigned long long x = strtoull(text, &end, 10);
    if (*end != '\0' || errno == ERANGE)
        return ccd_cli_usage_error("%s: '%s' is not an integer in 0 .. 2^64-1", option, text), -1;
    if (x > max)
        return ccd_cli_usage_error("%s: %llu is larger than %llu", option, x,
                                   (unsigned long long)max), -1;
    *out = (uint64_t)x;
    return 0;
}

/* Family indices of a comma-separated list (or "all") into *out (malloc'd).
 * Returns 0, or the exit status of the error printed. */
static int parse_families(size_t **out, size_t *count, const char *text)
{
    size_t total = ccd_gen_family_count();
    size_t *list = calloc(total, sizeof *list);
    if (!list)
        return ccd_cli_out_of_memory();
    size_t n = 0;
    if (strcmp(text, "all") == 0) {
        for (size_t i = 0; i < total; i++)
            list[n++] = i;
    } else {
        char *copy = strdup(text);
        if (!copy)
            return free(list), ccd_cli_out_of_memory();
        char *save = NULL;
        int bad = 0;
        for (char *name = strtok_r(copy, ",", &save); name && !bad;
             name = strtok_r(NULL, ",", &save)) {
            long f = ccd_gen_family_find(name);
            if (f < 0) {
                ccd_cli_usage_error("--family: unknown family '%s' (see ccdbench gen --list)",
                                    name);
                bad = 1;
            }
            for (size_t i = 0; i < n && !bad; i++)
                if (list[i] == (size_t)f) {
                    ccd_cli_usage_error("--family: '%s' is listed twice", name);
                    bad = 1;
                }
            if (!bad)
                list[n++] = (size_t)f;
        }
        free(copy);
        if (!bad && n == 0) {
            ccd_cli_usage_error("--family: no family named in '%s'", text);
            bad = 1;
        }
        if (bad)
            return free(list), CCD_EXIT_USAGE;
    }
    *out = list;
    *count = n;
    return 0;
}

/* Returns 0, or the exit status of the error printed. */
static int parse_translate(ccd_gen_config *cfg, const char *text)
{
    char *copy = strdup(text);
    if (!copy)
        return ccd_cli_out_of_memory();
    char *parts[4];
    int n = 0;
    char *p = copy;
    for (;;) {
        if (n == 4)
            break;
        parts[n++] = p;
        char *comma = strchr(p, ',');
        if (!comma)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    int rc = 0;
    if (n != 1 && n != 3) {
        rc = CCD_EXIT_USAGE;
        ccd_cli_usage_error("--translate: '%s' is not X or X,Y,Z", text);
    }
    for (int k = 0; k < 3 && rc == 0; k++)
        if (ccd_gen_parse_rational(cfg->translate[k], parts[n == 1 ? 0 : k]) != 0) {
            rc = CCD_EXIT_USAGE;
            ccd_cli_usage_error("--translate: '%s' is not a number (decimal or n/d)",
                                parts[n == 1 ? 0 : k]);
        }
    free(copy);
    return rc;
}

static void print_file(void *ctx, const char *family, ccd_kind kind, const char *path,
                       uint64_t queries, uint64_t positives)
{
    uint64_t *totals = ctx; /* queries, positives, files listed */
    if (totals[2]++ == 0) /* the files are listed once all are written */
        printf("%-14s %-12s %8s %9s  %s\n", "family", "kind", "queries", "positives", "file");
    totals[0] += queries;
    totals[1] += positives;
    printf("%-14s %-12s %8llu %9llu  %s\n", family, kind == CCD_VF ? "vertex-face" : "edge-edge",
           (unsigned long long)queries, (unsigned long long)positives, path);
}

int ccd_cmd_gen(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"family", required_argument, NULL, 'f'},
        {"count", required_argument, NULL, 'c'},
        {"seed", required_argument, NULL, 's'},
        {"output", required_argument, NULL, 'o'},
        {"kind", required_argument, NULL, 'k'},
        {"gzip", no_argument, NULL, 'z'},
        {"scale", required_argument, NULL, 'S'},
        {"translate", required_argument, NULL, 'T'},
        {"rationals", required_argument, NULL, 'r'},
        {"threads", required_argument, NULL, 't'},
        {"list", no_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    ccd_gen_config cfg;
    ccd_gen_config_init(&cfg);
    const char *families = NULL, *output = NULL;
    int have_count = 0, have_seed = 0, status = CCD_EXIT_USAGE;
    int parsed; /* the exit status of a parse helper, 0 when it succeeded */
    size_t *family_list = NULL;
    long threads = 0;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'f': families = optarg; break;
        case 'c':
            if (parse_u64(&cfg.count, "--count", optarg, 1000000000u) != 0)
                goto done;
            if (cfg.count == 0) {
                ccd_cli_usage_error("--count: must be at least 1");
                goto done;
            }
            have_count = 1;
            break;
        case 's':
            if (parse_u64(&cfg.seed, "--seed", optarg, UINT64_MAX) != 0)
                goto done;
            have_seed = 1;
            break;
        case 'o': output = optarg; break;
        case 'k':
            if (strcmp(optarg, "vf") == 0)
                cfg.kinds = CCD_GEN_VF;
            else if (strcmp(optarg, "ee") == 0)
                cfg.kinds = CCD_GEN_EE;
            else if (strcmp(optarg, "both") == 0)
                cfg.kinds = CCD_GEN_VF | CCD_GEN_EE;
            else {
                ccd_cli_usage_error("--kind: '%s' is not vf, ee or both", optarg);
                goto done;
            }
            break;
        case 'z': cfg.gzip = 1; break;
        case 'S':
            if (ccd_gen_parse_rational(cfg.scale, optarg) != 0) {
                ccd_cli_usage_error("--scale: '%s' is not a number (decimal or n/d)", optarg);
                goto done;
            }
            if (mpq_sgn(cfg.scale) == 0) {
                ccd_cli_usage_error("--scale: must not be 0");
                goto done;
            }
            break;
        case 'T':
            if ((parsed = parse_translate(&cfg, optarg)) != 0) {
                status = parsed;
                goto done;
            }
            break;
        case 'r':
            if (strcmp(optarg, "exact") == 0)
                cfg.rationals = CCD_GEN_EXACT;
            else if (strcmp(optarg, "double") == 0)
                cfg.rationals = CCD_GEN_DOUBLE;
            else {
                ccd_cli_usage_error("--rationals: '%s' is not exact or double", optarg);
                goto done;
            }
            break;
        case 't':
            if (ccd_cli_parse_long(&threads, "--threads", optarg) != 0)
                goto done;
            if (threads < 1 || threads > 4096) {
                ccd_cli_usage_error("--threads: %ld is not between 1 and 4096", threads);
                goto done;
            }
            break;
        case 'l':
            for (size_t i = 0; i < ccd_gen_family_count(); i++)
                printf("%-14s %s\n", ccd_gen_family_name(i), ccd_gen_family_summary(i));
            status = CCD_EXIT_OK;
            goto done;
        case 'h':
            fputs(usage, stdout);
            status = CCD_EXIT_OK;
            goto done;
        default: status = ccd_cli_bad_option("gen", argv, optopt); goto done;
        }
    }
    if (optind < argc) {
        ccd_cli_usage_error("gen: unexpected argument '%s' (see ccdbench gen --help)",
                            argv[optind]);
        goto done;
    }
    const char *missing = !families ? "--family" : !have_count ? "--count"
                        : !have_seed ? "--seed" : !output ? "--output" : NULL;
    if (missing) {
        ccd_cli_usage_error("gen: %s is required (see ccdbench gen --help)", missing);
        goto done;
    }
    if (output[0] == '\0') {
        ccd_cli_usage_error("--output: empty directory name");
        goto done;
    }
    if ((parsed = parse_families(&family_list, &cfg.family_count, families)) != 0) {
        status = parsed;
        goto done;
    }
    cfg.families = family_list;
    cfg.threads = (int)threads;
    uint64_t totals[3] = {0, 0, 0};
    cfg.on_file = print_file;
    cfg.ctx = totals;
    ccd_error err;
    if (ccd_gen_write(&err, output, &cfg) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    fprintf(stderr, "gen: %llu queries, %llu collide, written under %s\n",
            (unsigned long long)totals[0], (unsigned long long)totals[1], output);
    status = CCD_EXIT_OK;
done:
    free(family_list);
    ccd_gen_config_clear(&cfg);
    return status;
}
