/* SPDX-License-Identifier: MIT */
/*
 * scene.h — continuous collision detection of a whole simulation step: two
 * frames of one triangle mesh (linear trajectories of its vertices over
 * t ∈ [0, 1]), a broad phase that finds the vertex–face and edge–edge pairs
 * whose swept boxes overlap, and a narrow phase that runs any method on those
 * pairs beside the exact oracle (docs/scene.md).
 *
 * Numbering follows the Scalable-CCD pipeline (Belgrod et al. 2023, "Time of
 * Impact Dataset for Continuous Collision Detection and a Scalable Conservative
 * Algorithm"), so that its published box pairs name the same primitives: box
 * ids are vertices [0, V), then edges [V, V + E), then faces [V + E, V + E + F);
 * edges are the unique (lo, hi) vertex pairs of the faces' sides, lo < hi,
 * ordered by hi, then lo (the column-major order of the adjacency matrix).
 */
#ifndef CCDBENCH_SCENE_H
#define CCDBENCH_SCENE_H
#include "ccdbench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Two frames of one mesh.  Every coordinate is a double of the files, which is
 * an exact rational, so the queries built from the scene are exact input. */
typedef struct ccd_scene {
    size_t vertex_count, edge_count, face_count;
    double *x0, *x1;   /* 3 * vertex_count: positions at t = 0 and t = 1 */
    uint32_t *edges;   /* 2 * edge_count: (lo, hi), in the order above */
    uint32_t *faces;   /* 3 * face_count, as in the files */
} ccd_scene;

/* Read two frames (PLY: ascii or binary, any endianness, float or double; OBJ;
 * OFF), polygons fanned into triangles.  The frames must have the same vertex
 * count and the same faces: otherwise an input error "frame1:line:column: what"
 * naming the first difference at its place in frame1 ("frame1: what" for a face
 * of binary PLY data, which has no lines). */
CCD_API ccd_status ccd_scene_read(ccd_scene *s, ccd_error *err, const char *frame0,
                                  const char *frame1);
CCD_API void ccd_scene_free(ccd_scene *s);

/* The steps of a scene directory in the Scalable-CCD layout: DIR/frames/S.ply
 * (or .obj, .off) for integers S; step S goes from frame S to frame S + 1, for
 * every S whose successor is there, in increasing S.  No step is an input error. */
typedef struct ccd_scene_step_files {
    unsigned long step;
    char *frame0, *frame1;
} ccd_scene_step_files;
typedef struct ccd_scene_layout {
    ccd_scene_step_files *steps;
    size_t count;
} ccd_scene_layout;
CCD_API ccd_status ccd_scene_layout_read(ccd_scene_layout *out, ccd_error *err, const char *dir);
CCD_API void ccd_scene_layout_free(ccd_scene_layout *l);

/* A candidate pair: VF (vertex, face) or EE (edge a, edge b) with a < b, by
 * their indices in the scene (not box ids). */
typedef struct ccd_scene_pair {
    uint32_t a, b;
} ccd_scene_pair;

typedef struct ccd_scene_candidates {
    ccd_scene_pair *vf, *ee; /* sorted by (a, b), whatever the thread count */
    size_t vf_count, ee_count;
} ccd_scene_candidates;

/* The broad phase: every VF and EE pair whose swept boxes over t ∈ [0, 1],
 * inflated by ms ≥ 0 in every axis, overlap; a vertex of its own face and two
 * edges with a common vertex are left out.  threads 0: the OpenMP default. */
CCD_API ccd_status ccd_scene_broad_phase(ccd_scene_candidates *out, ccd_error *err,
                                         const ccd_scene *s, double ms, int threads);
CCD_API void ccd_scene_candidates_free(ccd_scene_candidates *c);

/* The query of a candidate (rows as in the benchmark's CSV; label -1). */
CCD_API void ccd_scene_query(ccd_query *q, const ccd_scene *s, ccd_kind kind,
                             ccd_scene_pair pair);

/* Write the candidates as queries in the benchmark's CSV format, dir/queries/
 * STEMvf.csv and STEMee.csv (rows: ccd_scene_query), and as Scalable-CCD box id
 * pairs, dir/boxes/STEMvf.json and STEMee.json.  dir and its two
 * subdirectories are created when missing; every file is written atomically. */
CCD_API ccd_status ccd_scene_export(ccd_error *err, const ccd_scene *s,
                                    const ccd_scene_candidates *c, const char *dir,
                                    const char *stem);

/* One method over a step's candidates. */
typedef struct ccd_scene_method_step {
    uint64_t reported;        /* candidates it reports as colliding */
    uint64_t false_positives; /* reported, the exact oracle says no */
    uint64_t false_negatives; /* not reported, the exact oracle says yes */
    uint64_t failed;          /* candidates it gave no valid answer to: an error status, or
                               * a result its capabilities rule out (as run counts them) */
    double toi;               /* its earliest toi over the step; INFINITY: none */
    int toi_later;            /* 1: toi is later than the exact earliest toi */
    /* candidates it reports at toi 0 where the exact oracle has no collision
     * or a toi > 0: answers on which a simulator does not advance */
    uint64_t zero_toi;
    /* the step it lets a simulator take over the exact one: its earliest toi
     * (t_max when none) over the exact earliest (t_max when none), the exact
     * one taken as the double above it, so never overstated; 1 when both are
     * 0; NAN for a method without CCD_CAP_TOI */
    double toi_ratio;
    double seconds;           /* its time summed over the candidates */
} ccd_scene_method_step;

typedef struct ccd_scene_step {
    size_t vf_candidates, ee_candidates;
    uint64_t vf_positives, ee_positives; /* by the exact oracle */
    /* The exact earliest toi of the step as the doubles around it (equal when it
     * is a double); INFINITY when nothing collides. */
    double exact_toi_lo, exact_toi_hi;
    ccd_kind exact_toi_kind;   /* the candidate that has it */
    size_t exact_toi_index;    /* its index in the VF or EE candidates */
    double exact_seconds;      /* the oracle's time summed over the candidates */
    double narrow_seconds;     /* wall time of the narrow phase (oracle and methods) */
    ccd_scene_method_step *methods; /* one per method */
    size_t method_count;
} ccd_scene_step;

/* Run the exact oracle and every method (built-in or plugin, with p) on the
 * candidates.  method_options: NULL, or one array of option values per method
 * (ccd_params.options of its calls; a NULL entry: its defaults).  ms and norm of
 * the oracle come from p.  threads 0: OpenMP default.  The counts do not depend
 * on the thread count. */
CCD_API ccd_status ccd_scene_step_run(ccd_scene_step *out, ccd_error *err, const ccd_scene *s,
                                      const ccd_scene_candidates *c,
                                      const ccd_method *const *methods,
                                      const ccd_option_value *const *method_options,
                                      size_t method_count, const ccd_params *p, int threads);
CCD_API void ccd_scene_step_free(ccd_scene_step *st);

/* The check of a step against the data published with it (Scalable-CCD
 * layout, DIR the scene): the published pairs of one kind, DIR/boxes/
 * S{vf,ee}.json, among the broad phase's candidates; the queries built for
 * them equal to the rows of DIR/queries/S{vf,ee}.csv; the exact oracle (at
 * d = 0) on them equal to DIR/mma_bool/S{vf,ee}_mma_bool.json; and the roots of
 * DIR/roots/S{vf,ee}_roots.tar.gz (Mathematica's, one file per colliding query). */
typedef struct ccd_scene_published_kind {
    int published;           /* 0: DIR/boxes/S{vf,ee}.json is absent; nothing below set */
    size_t pairs;            /* published pairs */
    size_t missing;          /* published pairs that are not candidates */
    size_t first_missing;    /* the first of them: its index in the boxes file */
    uint64_t first_missing_ids[2]; /* and its box ids */
    size_t extra;            /* candidates of the kind that are not published */
    size_t query_mismatches; /* published pairs whose query differs from the CSV row */
    size_t first_query_mismatch;
    size_t positives;        /* mma_bool true */
    size_t disagreements;    /* published pairs where the exact oracle differs from mma_bool */
    size_t first_disagreement;
    int first_disagreement_exact; /* the oracle's answer there */
    size_t root_files, roots; /* roots files read, t values in them */
} ccd_scene_published_kind;

typedef enum ccd_scene_toi_check {
    CCD_SCENE_TOI_NOT_COMPARED = 0, /* no root, or nothing collides in the step */
    CCD_SCENE_TOI_EQUAL,            /* |exact - least root| <= 2^-CCD_SCENE_TOI_BITS */
    CCD_SCENE_TOI_DIFFERENT         /* they differ by more: see toi_difference */
} ccd_scene_toi_check;

/* Agreement of the step's exact earliest toi with the least published root:
 * both are enclosed in intervals narrower than 2^-(bits + 8) (the root in MPFR
 * interval arithmetic, raising the precision until it is), so "equal" and
 * "different" are both proofs. */
enum { CCD_SCENE_TOI_BITS = 200 };

typedef struct ccd_scene_published {
    ccd_scene_published_kind vf, ee;
    double least_root_lo, least_root_hi; /* doubles around the least root; INFINITY: none */
    char least_root[48];       /* its first 30 significant digits */
    char least_root_file[320]; /* "S{vf,ee}_roots.tar.gz: member" that has it */
    ccd_scene_toi_check toi;
    double toi_difference;     /* least root - exact toi (nearest double), when DIFFERENT */
} ccd_scene_published;

/* Whether step `step` of DIR has published data: DIR/boxes/S{vf,ee}.json. */
CCD_API int ccd_scene_has_published(const char *dir, unsigned long step);

/* The check.  st is the step run on c (ccd_scene_step_run) at d = 0: its exact
 * earliest toi is compared with the least root.  For a kind whose boxes file is
 * there, the queries, mma_bool and roots files must be there too; every file is
 * read strictly (input errors "path:line:column: what", or
 * "path[:member]:offset: what" in the binary roots archives). */
CCD_API ccd_status ccd_scene_published_check(ccd_scene_published *out, ccd_error *err,
                                             const char *dir, unsigned long step,
                                             const ccd_scene *s, const ccd_scene_candidates *c,
                                             const ccd_scene_step *st);
/* 1 when the check found a difference: a missing pair, a query or label that
 * differs, or a different earliest toi. */
CCD_API int ccd_scene_published_failed(const ccd_scene_published *p);

#ifdef __cplusplus
}
#endif
#endif /* CCDBENCH_SCENE_H */
