/* SPDX-License-Identifier: MIT */
/* The ccdbench command line: one file per subcommand, and the helpers they share. */
#ifndef CCD_CLI_CLI_H
#define CCD_CLI_CLI_H
#include <gmp.h>
#include <stdint.h>

#include "ccdbench.h"
#include "ccdbench/pose.h"
#include "bench/batch_loop.h"
#include "methods/method_list.h"
#include "ccdbench.h"
#include "report/report.h"

/* Exit statuses. */
enum {
    CCD_EXIT_OK = 0,
    CCD_EXIT_FAILURE = 1, /* verification found disagreements, or an internal failure */
    CCD_EXIT_USAGE = 2    /* bad input or bad usage                                    */
};

/* Subcommands: argv[0] is the subcommand's name. */
int ccd_cmd_run(int argc, char **argv);
int ccd_cmd_info(int argc, char **argv);
int ccd_cmd_methods(int argc, char **argv);
int ccd_cmd_truth(int argc, char **argv);
int ccd_cmd_bench_io(int argc, char **argv); /* src/cli/cmd_bench_io.c */
int ccd_cmd_bench_schedule(int argc, char **argv); /* src/cli/cmd_bench_schedule.c */
int ccd_cmd_contact(int argc, char **argv);  /* src/cli/cmd_contact.c  */
int ccd_cmd_contact_potential(int argc, char **argv); /* cmd_contact_potential.c */
int ccd_cmd_contact_polyhedra(int argc, char **argv); /* src/cli/cmd_contact_polyhedra.c */
int ccd_cmd_contact_scaling(int argc, char **argv); /* cmd_contact_scaling.c */
/* src/cli/cmd_contact_polyhedra_pair.c: `contact polyhedra pair` */
int ccd_cmd_contact_polyhedra_pair(int argc, char **argv);
int ccd_cmd_gen(int argc, char **argv);      /* src/cli/cmd_gen.c      */
int ccd_cmd_report(int argc, char **argv);   /* src/cli/cmd_report.c   */
int ccd_cmd_gate(int argc, char **argv);     /* src/cli/cmd_gate.c     */
int ccd_cmd_merge(int argc, char **argv);    /* src/cli/cmd_merge.c    */
int ccd_cmd_show(int argc, char **argv);     /* src/cli/cmd_show.c     */
int ccd_cmd_scene(int argc, char **argv);    /* src/cli/cmd_scene.c    */
int ccd_cmd_wrong(int argc, char **argv);    /* src/cli/cmd_wrong.c    */

/* Another command on run's options and set-up (cmd_run.c): `NAME [OPTION]...
 * METHOD [DATA]...` with --vs OTHER, --format text|csv|json and the options of
 * run that choose the methods' settings, plugins, threads, isolation and the
 * truth (--truth, --truth-dir, the shipped truth without DATA), parsed and
 * checked as run does; then run is called with the run's configuration (methods
 * METHOD and OTHER), instead of run's table.  Returns the exit status. */
struct ccd_run_config;
struct ccd_cli_progress;
typedef struct ccd_cli_run_mode {
    const char *name;  /* the command, for messages */
    const char *usage; /* its --help */
    int (*run)(void *ctx, const ccd_dataset *ds, const struct ccd_run_config *cfg,
               ccd_report_format format, struct ccd_cli_progress *bar);
    void *ctx;
} ccd_cli_run_mode;
int ccd_cli_run_mode_main(int argc, char **argv, const ccd_cli_run_mode *mode);

/* "ccdbench: <message>" on stderr; returns CCD_EXIT_USAGE. */
int ccd_cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* "ccdbench: out of memory" on stderr; returns CCD_EXIT_FAILURE (a resource
 * failure, not bad input).  The one way commands report running out of memory. */
int ccd_cli_out_of_memory(void);
/* err's "path:line:column: what" on stderr; returns the exit status of its status. */
int ccd_cli_fail(const ccd_error *err);
/* The same, the message after "ccdbench: COMMAND: " (a message that names no
 * command of its own, such as "box:1,1: expected …"). */
int ccd_cli_fail_in(const char *command, const ccd_error *err);
/* The getopt error for the option at argv[optind - 1]; returns CCD_EXIT_USAGE. */
int ccd_cli_bad_option(const char *command, char **argv, int optopt_value);

/* Number options: 0 on success; otherwise a usage error was printed. */
int ccd_cli_parse_double(double *out, const char *option, const char *text);
int ccd_cli_parse_long(long *out, const char *option, const char *text);

/* --threads N (1 … 4096), and the method parameters shared by run and gate:
 * option is the long name without dashes ("delta", "max-checks", "ms", "t-max",
 * "filter", "norm", "eta").  0 on success; otherwise a usage error was printed
 * and the exit status is returned. */
int ccd_cli_parse_threads(long *out, const char *text);
/* Method options set at the command line (cli_options.c). */
typedef struct ccd_cli_option_setting {
    const char *method; /* NULL: a shorthand flag, for every method declaring key */
    const char *key;
    const char *value;
    const char *flag;   /* "--param", "--delta", … (for messages) */
} ccd_cli_option_setting;
typedef struct ccd_cli_option_set {
    ccd_cli_option_setting items[64];
    size_t count;
} ccd_cli_option_set;
int ccd_cli_option_add(ccd_cli_option_set *s, const char *method, const char *key,
                       const char *value, const char *flag);
/* text: METHOD.KEY=VALUE (modified in place). */
int ccd_cli_option_add_param(ccd_cli_option_set *s, char *text);
/* *out[m] = the option values of methods[m]: defaults, then the shorthands, then
 * --param.  Unknown method or key, bad type or range: usage error (2). */
int ccd_cli_options_resolve(ccd_option_value ***out, const ccd_cli_option_set *s,
                            const ccd_method_list *available, const ccd_method *const *methods,
                            size_t count);
void ccd_cli_options_free(ccd_option_value **values, size_t count);

/* --ms, --t-max, --norm into p; --delta, --max-checks, --filter, --eta into s. */
int ccd_cli_parse_param(ccd_params *p, ccd_cli_option_set *s, const char *option,
                        const char *text);
/* --max-digits N (1 … 10^9) of run, gate, truth, info, show and contact: the
 * longest integer accepted in a query file (ccd_reader_set_max_digits; stored in
 * the dataset's max_digits).  0 on success; otherwise a usage error was printed
 * and the exit status is returned. */
int ccd_cli_parse_max_digits(size_t *out, const char *text);
/* --ms D read exactly (a decimal such as 1e-8 is exactly 10^-8; n/d works too):
 * 0 with d initialised, else a usage error was printed and d is not initialised.
 * ccd_cli_ms_double: its nearest double (what the methods are given). */
int ccd_cli_parse_ms(mpq_t d, const char *text);
double ccd_cli_ms_double(const mpq_t d);

/* The tables a command prints (cli_table.c).  Each parser returns 0, or prints a
 * usage error "COMMAND: OPTION: what" and returns its exit status (2). */
int ccd_cli_parse_format(ccd_report_format *out, const char *command, const char *text);
/* Comma-separated non-negative numbers (positive unless allow_zero), at most max. */
int ccd_cli_parse_number_list(double *out, size_t *n, size_t max, const char *command,
                              const char *option, const char *text, int allow_zero);
/* A whole number in [lo, hi]. */
int ccd_cli_parse_count(size_t *out, const char *command, const char *option, const char *text,
                        long lo, long hi);
/* --seed: a non-negative integer. */
int ccd_cli_parse_seed(uint64_t *out, const char *command, const char *text);
/* --pose-a / --pose-b: W,X,Y,Z,PX,PY,PZ, a quaternion (normalised, not 0) and a
 * position. */
int ccd_cli_parse_pose(ccd_pose *pose, const char *command, const char *option, const char *text);
/* text and Markdown are for readers (notes, rounded numbers); csv and json for
 * programs (full precision). */
int ccd_cli_readable(ccd_report_format format);
int ccd_cli_precise(ccd_report_format format);
/* A note for readers, text and Markdown only (a paragraph of its own in Markdown). */
void ccd_cli_note(ccd_report_format format, int before_table, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Writes t on stdout and frees it; returns the exit status. */
int ccd_cli_print_table(ccd_report_format format, ccd_report_table *t);

/* A command group's subcommands ("contact", "contact polyhedra", …) and the
 * skeleton they share (cli_subcommand.c). */
typedef struct ccd_cli_subcommand {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the subcommand's name */
} ccd_cli_subcommand;
/* Runs the subcommand named by argv[1] with getopt reset.  --help, -h or help:
 * usage on stdout (0); none: usage on stderr (2); another name: "GROUP: unknown
 * command 'X' (the names in order)" (2). */
int ccd_cli_dispatch(int argc, char **argv, const char *group, const char *usage,
                     const ccd_cli_subcommand *subs, size_t count);
/* --format F and --help, last in a subcommand's getopt table (the value of
 * --format above every command's own option values). */
enum { CCD_CLI_OPT_FORMAT = 1000, CCD_CLI_NEXT_OPTION = -1 };
#define CCD_CLI_COMMON_OPTIONS                                                                   \
    {"format", required_argument, NULL, CCD_CLI_OPT_FORMAT}, {"help", no_argument, NULL, 'h'},    \
    {NULL, 0, NULL, 0}
/* An option c that a subcommand's getopt loop does not handle itself: after
 * --format F (into *format), CCD_CLI_NEXT_OPTION; after --help, usage on stdout
 * and 0; for anything else the getopt error (2).  A status other than
 * CCD_CLI_NEXT_OPTION is the command's exit status. */
int ccd_cli_common_option(ccd_report_format *format, int c, const char *command,
                          const char *usage, char **argv);
/* 0 when getopt has consumed every argument, else "COMMAND: unexpected argument
 * 'X'" (2). */
int ccd_cli_no_operands(const char *command, int argc, char **argv);

/* The dataset named by paths, or the default dataset when there are none: every
 * set under $CCD_DATADIR, else under the installed datasets, else the source
 * tree's (the sets "default" and "generated").  Prints the notes of discovery
 * ("ccdbench: d/x.csv: same file as ..., counted once") on stderr. */
ccd_status ccd_cli_discover(ccd_dataset *ds, ccd_error *err, char *const *paths, int count);
/* Queries read without a label, by set: "ccdbench: set S: N queries have no label;
 * <consequence>" on stderr, one line per set with any (in order of first appearance;
 * counts of one set add up), so that data missing its labels (a Scalable-CCD scene
 * without mma_bool/, a 6-column CSV) is never used unlabelled unsaid. */
typedef struct ccd_cli_set_count {
    const char *set;
    uint64_t count;
} ccd_cli_set_count;
void ccd_cli_note_unlabelled(const ccd_cli_set_count *counts, size_t n,
                             const char *consequence);
/* The same for the groups of a run whose truth came from labels where there were
 * any (consequence: "the exact oracle decides them"). */
struct ccd_run_stats;
void ccd_cli_note_unlabelled_run(const struct ccd_run_stats *stats);
/* The directory of datasets used when none is given (never NULL), and a malloc'd
 * copy of it (the root the default dataset's paths are relative to; NULL when out
 * of memory). */
const char *ccd_cli_default_datadir(void);
char *ccd_cli_default_dataset(void);
/* The ground truth of the default dataset: $CCD_TRUTHDIR, else the installed or
 * source tree's ground_truth/ beside the datasets used (NULL with $CCD_DATADIR
 * alone, or when absent).  Its truth files for minimum separation ms in norm
 * (NULL or 0: plain CCD, the directory itself; d = 10^-k: ms/1e-<k>-<inf|2>),
 * malloc'd, or NULL when none is shipped for them. */
const char *ccd_cli_default_truthdir(void);
char *ccd_cli_shipped_truth(mpq_srcptr ms, int norm);

/* Built-in methods plus those of the plugins. */
typedef struct ccd_cli_methods {
    ccd_method_list available;
    ccd_plugin **plugins;
    size_t plugin_count;
} ccd_cli_methods;
ccd_status ccd_cli_methods_load(ccd_cli_methods *m, ccd_error *err, char *const *plugin_paths,
                                size_t count);
void ccd_cli_methods_free(ccd_cli_methods *m);
/* Whether method x comes from one of m's plugins. */
int ccd_cli_method_from_plugin(const ccd_cli_methods *m, const ccd_method *x);
/* The methods of a run (or show) without --methods, whatever the data: every
 * available one but those that run only when named (ccd_method_list_opt_in: irf,
 * uirf, additive-ccd, tight-inclusion-scalar; *skipped_slow set to 1), and when plain (d = 0) those
 * whose domain is minimum separation only (CCD_CAP_SEPARATION_ONLY; appended to
 * the string skipped, ", " between names).  Comma-separated, malloc'd; NULL when
 * out of memory. */
char *ccd_cli_default_methods(int *skipped_slow, char *skipped, size_t skipped_size,
                              const ccd_method_list *available, int plain);
/* The closing note of a run without --methods: the methods it left out
 * (ccd_method_list_opt_in) and why, on lines of at most 100 columns. */
void ccd_cli_print_opt_in_note(FILE *out);
/* Comma-separated capability names, e.g. "toi,conservative". */
void ccd_cli_caps_string(char *out, size_t size, unsigned caps);

/* A progress bar on stderr, drawn only when stderr is a terminal (whatever stdout
 * is) and the work has taken more than half a second: the label (with "2/5" for
 * the runs of a series), the share done, the time spent and the time left, and
 * over a dataset the set, family and kind at hand; clipped to the terminal's
 * width.  Two
 * seconds into work expected to take more than ten (CCD_ESTIMATE_ABOVE seconds),
 * one line above it says what runs (`what`, set by the caller; may be NULL) and
 * about how long it all takes. */
typedef struct ccd_cli_progress {
    const char *base; /* the label as given (static): a run of a series adds "2/5" */
    char label[64];
    const char *what;
    char at[96]; /* over a dataset: "set/family VF", the file at hand */
    size_t run, runs; /* this run of a series, of runs */
    int enabled, drawn, estimated;
    uint64_t start_ns, last_ns;
    double estimate_above_ns, estimate_after_ns; /* CCD_ESTIMATE_ABOVE (cli_progress.c) */
} ccd_cli_progress;
void ccd_cli_progress_init(ccd_cli_progress *p, const char *label);
/* Starts run `run` (from 0) of `runs` with the clock, label and `what` kept. */
void ccd_cli_progress_run(ccd_cli_progress *p, size_t run, size_t runs);
void ccd_cli_progress_update(void *progress, uint64_t done, uint64_t total);
/* The bar as the progress of a pass over a dataset (bench/batch_loop.h): also
 * names the file at hand. */
void ccd_cli_progress_dataset(void *progress, const ccd_dataset_file *at, uint64_t done,
                              uint64_t total);
void ccd_cli_progress_finish(ccd_cli_progress *p);

#endif
