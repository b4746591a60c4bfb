/* SPDX-License-Identifier: MIT */
/* `ccdbench contact polyhedra pair`: the contact data of one pair of convex
 * polyhedra (Cheng Yi & Drumwright) — φ, n̂, the contact plane and manifold —
 * and, on request, its pose Jacobian beside the 256-bit MPFR reference. */
#include <config.h>

#include "cli/cli.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/polyhedra/experiments/polyhedra_pair_table.h"
#include "report/paper.h"
#include "report/report.h"

static const char usage[] =
    "Usage: ccdbench contact polyhedra pair A B [OPTION]...\n"
    "Contact data of two convex polyhedra (Cheng Yi & Drumwright): signed distance\n"
    "phi (distance apart, minus the minimum translational distance when\n"
    "intersecting), unit normal from B to A, contact plane x.n = d, and the\n"
    "manifold points; or \"no contact\" with the reason where the normal is\n"
    "indeterminate.\n"
    "\n"
    "A, B: box:HX,HY,HZ (half extents), sphere:N[,R] (N = 50, 98 or 182 vertices,\n"
    "radius R, default 1), or an OBJ, OFF or PLY file, told apart by its\n"
    "contents (the convex hull of its vertices; faces are optional; a vertex off\n"
    "the hull is an error).\n"
    "\n"
    "Options:\n"
    "  --pose-a W,X,Y,Z,PX,PY,PZ  pose of A: quaternion (normalised) and position\n"
    "  --pose-b W,X,Y,Z,PX,PY,PZ  pose of B (both default 1,0,0,0,0,0,0)\n"
    "  --jacobian        print d(phi, n)/d(twist of A, twist of B) instead, with\n"
    "                    its difference from 256-bit MPFR central differences\n"
    "  --format F        text (default), markdown, csv, json or latex\n"
    "  --help            show this help\n"
    "\n"
    "Status: contact, or where the normal is indeterminate (\"no contact\", the\n"
    "reason under the table) vertex-vertex, vertex-edge, parallel-edges or\n"
    "equal-minima.  With --jacobian: ok, or no-derivative where (phi, n) has\n"
    "none (no contact, or a manifold of several points: a kink of phi).\n"
    "\n"
    "Exit status: 0 ok (also for \"no contact\" and \"no-derivative\"), 1 internal\n"
    "failure, 2 bad input.\n";

enum { OPT_POSE_A = 256, OPT_POSE_B, OPT_JACOBIAN };

int ccd_cmd_contact_polyhedra_pair(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"pose-a", required_argument, NULL, OPT_POSE_A},
        {"pose-b", required_argument, NULL, OPT_POSE_B},
        {"jacobian", no_argument, NULL, OPT_JACOBIAN},
        CCD_CLI_COMMON_OPTIONS,
    };
    ccd_pose pose[2];
    ccd_pose_translation(&pose[0], NULL);
    ccd_pose_translation(&pose[1], NULL);
    ccd_report_format format = CCD_FORMAT_TEXT;
    int jacobian = 0, c, r;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_POSE_A:
        case OPT_POSE_B:
            if (ccd_cli_parse_pose(&pose[c == OPT_POSE_B], "contact polyhedra pair",
                                   c == OPT_POSE_A ? "--pose-a" : "--pose-b",
                           optarg))
                return CCD_EXIT_USAGE;
            break;
        case OPT_JACOBIAN:
            jacobian = 1;
            break;
        default:
            r = ccd_cli_common_option(&format, c, "contact polyhedra pair", usage, argv);
            if (r != CCD_CLI_NEXT_OPTION)
                return r;
        }
    }
    if (argc - optind != 2)
        return ccd_cli_usage_error("contact polyhedra pair: expected two bodies A and B, got "
                                   "%d (see --help)", argc - optind);
    ccd_polyhedron body[2];
    ccd_error err;
    for (int k = 0; k < 2; k++)
        if (ccd_polyhedra_from_spec(&body[k], &err, argv[optind + k]) != CCD_OK) {
            if (k)
                ccd_polyhedron_free(&body[0]);
            /* a file's error is "path:line:column: what"; a built-in body's
             * names the command that read it */
            if (strncmp(argv[optind + k], "box:", 4) && strncmp(argv[optind + k], "sphere:", 7))
                return ccd_cli_fail(&err);
            return ccd_cli_fail_in("contact polyhedra pair", &err);
        }
    int precise = ccd_cli_precise(format);
    ccd_report_table t;
    ccd_status st;
    ccd_polyhedra_result res;
    const char *why = NULL;
    if (jacobian) {
        st = ccd_polyhedra_jacobian_table(&t, &why, &err, &body[0], &pose[0], &body[1], &pose[1],
                                          precise);
    } else {
        st = ccd_polyhedra_contact(&res, &err, &body[0], &pose[0], &body[1], &pose[1], NULL);
        if (st == CCD_OK && ccd_polyhedra_pair_table(&t, &res, precise) != 0)
            st = ccd_error_set(&err, CCD_ERR_INTERNAL, "polyhedra", 0, 0, "out of memory");
    }
    ccd_polyhedron_free(&body[0]), ccd_polyhedron_free(&body[1]);
    if (st != CCD_OK)
        return ccd_cli_fail_in("contact polyhedra pair", &err);
    int status = ccd_cli_print_table(format, &t);
    if (status != CCD_EXIT_OK)
        return status;
    /* the text and markdown notes: what the numbers mean, or why there are none */
    if (jacobian && why)
        ccd_cli_note(format, 0, "no derivative: %s", why);
    else if (jacobian)
        ccd_cli_note(format, 0, "twist s = (w, v) of each pose: rot <- exp([w]x) rot, "
                                "pos <- pos + v");
    else if (res.status != CCD_POLYH_CONTACT)
        ccd_cli_note(format, 0, "%s", ccd_polyhedra_status_name(res.status));
    return status;
}
