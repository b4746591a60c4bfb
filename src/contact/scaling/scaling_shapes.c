/* SPDX-License-Identifier: MIT */
/*
 * The primitives of Le Cleac'h et al., "Single-Level Differentiable Contact
 * Simulation" (2023), App. B, as conic rows (scaling_cone.h), with their support
 * functions and validity (Slater) checks.  Departures from the printed
 * appendix, all describing the same sets:
 * - squared forms (‖·‖² ≤ α²R², (p−x)ᵀEᵀE(p−x) ≤ α²) become second-order cones
 *   ‖·‖ ≤ αR, whose gradient in α does not vanish at α = 0;
 * - the cylinder's cap rows read ±(p − x)ᵀv − αL/2 ≤ 0 (the printed rows are
 *   mis-parenthesised), and its side is the cone ‖(I − vvᵀ)(p − x)‖ ≤ αR
 *   directly instead of the capsule's auxiliary ε (capsule ∩ slab = cylinder);
 * - the cone's coordinates are body-frame ones with the axis first: with
 *   q = Rᵀ(p − x), ‖q_yz‖ ≤ tan ν (q_x + 3αH/4) and q_x ≤ αH/4.
 */
#include <config.h>

#include "contact/scaling/scaling_cone.h"
#include "core/assert.h"

#include <math.h>
#include <string.h>

void ccd_shape_to_body(double out[3], const ccd_shape *s, const double v[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = s->rotation[0][i] * v[0] + s->rotation[1][i] * v[1] + s->rotation[2][i] * v[2];
}

/* Row k of M = Rᵀ: body axis k in world coordinates (column k of R). */
static void body_axis(double out[3], const ccd_shape *s, int k)
{
    for (int i = 0; i < 3; i++)
        out[i] = s->rotation[i][k];
}

static double dot3(const double *a, const double *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static int finite_n(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return 0;
    return 1;
}

/* Every number of s within CCD_SHAPE_MAX_SCALE in magnitude (the rotation is
 * checked apart: a rotation's entries are at most 1). */
int ccd_shape_in_range(const ccd_shape *s)
{
    double m = fmax(fabs(s->position[0]), fmax(fabs(s->position[1]), fabs(s->position[2])));
    for (int k = 0; k < 3; k++)
        m = fmax(m, fabs(s->half_extents[k]));
    m = fmax(m, fmax(fabs(s->radius), fmax(fabs(s->length), fabs(s->height))));
    for (size_t i = 0; i < s->faces && i < CCD_SHAPE_MAX_FACES; i++)
        m = fmax(m, fabs(s->offsets[i]));
    return m <= CCD_SHAPE_MAX_SCALE;
}

ccd_scaling_status ccd_shape_check(const ccd_shape *s)
{
    if (!s || (unsigned)s->kind >= CCD_SHAPE_KINDS)
        return CCD_SCALING_BAD_SHAPE;
    if (!finite_n(s->position, 3) || !finite_n(&s->rotation[0][0], 9) || !ccd_shape_in_range(s))
        return CCD_SCALING_BAD_SHAPE;
    /* R must be a rotation (to 1e-9): the conic rows use Rᵀ as its inverse. */
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double m = 0;
            for (int k = 0; k < 3; k++)
                m += s->rotation[k][i] * s->rotation[k][j];
            if (fabs(m - (i == j)) > 1e-9)
                return CCD_SCALING_BAD_SHAPE;
        }
    switch (s->kind) {
    case CCD_SHAPE_PADDED_POLYTOPE:
        if (!isfinite(s->radius))
            return CCD_SCALING_BAD_SHAPE;
        if (!(s->radius > 0))
            return CCD_SCALING_NO_INTERIOR;
        /* fall through */
    case CCD_SHAPE_POLYTOPE:
        if (s->faces == 0 || s->faces > CCD_SHAPE_MAX_FACES)
            return CCD_SCALING_BAD_SHAPE;
        for (size_t i = 0; i < s->faces; i++) {
            if (!finite_n(s->normals[i], 3) || !isfinite(s->offsets[i]))
                return CCD_SCALING_BAD_SHAPE;
            if (dot3(s->normals[i], s->normals[i]) == 0)
                return CCD_SCALING_BAD_SHAPE;
            /* b > 0 keeps the centre interior; b = 0 on two opposite faces is a flat
             * polygon. */
            if (!(s->offsets[i] > 0))
                return CCD_SCALING_NO_INTERIOR;
        }
        return CCD_SCALING_OK;
    case CCD_SHAPE_BOX:
    case CCD_SHAPE_ELLIPSOID:
        if (!finite_n(s->half_extents, 3))
            return CCD_SCALING_BAD_SHAPE;
        for (int k = 0; k < 3; k++)
            if (!(s->half_extents[k] > 0))
                return CCD_SCALING_NO_INTERIOR;
        return CCD_SCALING_OK;
    case CCD_SHAPE_SPHERE:
        if (!isfinite(s->radius))
            return CCD_SCALING_BAD_SHAPE;
        return s->radius > 0 ? CCD_SCALING_OK : CCD_SCALING_NO_INTERIOR;
    case CCD_SHAPE_CAPSULE:
        if (!isfinite(s->radius) || !isfinite(s->length) || s->length < 0)
            return CCD_SCALING_BAD_SHAPE;
        return s->radius > 0 ? CCD_SCALING_OK : CCD_SCALING_NO_INTERIOR; /* a segment */
    case CCD_SHAPE_CYLINDER:
        if (!isfinite(s->radius) || !isfinite(s->length))
            return CCD_SCALING_BAD_SHAPE;
        return s->radius > 0 && s->length > 0 ? CCD_SCALING_OK : CCD_SCALING_NO_INTERIOR;
    case CCD_SHAPE_CONE:
        if (!isfinite(s->height) || !isfinite(s->half_angle))
            return CCD_SCALING_BAD_SHAPE;
        if (!(s->half_angle < M_PI / 2))
            return CCD_SCALING_BAD_SHAPE;
        return s->height > 0 && s->half_angle > 0 ? CCD_SCALING_OK : CCD_SCALING_NO_INTERIOR;
    case CCD_SHAPE_HALFSPACE:
        if (!finite_n(s->normals[0], 3) || dot3(s->normals[0], s->normals[0]) == 0)
            return CCD_SCALING_BAD_SHAPE;
        return CCD_SCALING_OK;
    default:
        return CCD_SCALING_BAD_SHAPE;
    }
}

/* Appends one block of dim rows and returns its first row. */
static double (*block(ccd_cone_rows *c, size_t dim, int soc))[CCD_CONE_COLS]
{
    c->block_dim[c->blocks] = dim;
    c->block_soc[c->blocks++] = (unsigned char)soc;
    double (*row)[CCD_CONE_COLS] = &c->G[c->rows];
    c->rows += dim;
    return row;
}

/* The row a·(p − x) − β α ≤ 0 with a in world coordinates: G = (a, −β), h = a·x. */
static void linear_row(ccd_cone_rows *c, const double a[3], double beta, const ccd_shape *s)
{
    double (*g)[CCD_CONE_COLS] = block(c, 1, 0);
    memcpy(g[0], a, 3 * sizeof *a);
    g[0][3] = -beta;
    c->h[c->rows - 1] = dot3(a, s->position);
}

/* Half-spaces of a polytope, body-frame normal → world: a_w = R a. */
static void polytope_rows(ccd_cone_rows *c, const ccd_shape *s, int padded)
{
    for (size_t i = 0; i < s->faces; i++) {
        double a[3];
        for (int r = 0; r < 3; r++)
            a[r] = dot3(s->rotation[r], s->normals[i]);
        linear_row(c, a, s->offsets[i], s);
        if (padded) /* a·(p + ε − x) − bα ≤ 0 */
            memcpy(&c->G[c->rows - 1][4], a, 3 * sizeof *a);
    }
}

void ccd_cone_rows_make(ccd_cone_rows *c, const ccd_shape *s)
{
    memset(c, 0, sizeof *c);
    c->scaled = s->kind != CCD_SHAPE_HALFSPACE;
    double ax[3][3]; /* body axes in world coordinates */
    for (int k = 0; k < 3; k++)
        body_axis(ax[k], s, k);
    double (*g)[CCD_CONE_COLS];
    switch (s->kind) {
    case CCD_SHAPE_POLYTOPE:
        polytope_rows(c, s, 0);
        break;
    case CCD_SHAPE_PADDED_POLYTOPE:
        c->aux = 3;
        polytope_rows(c, s, 1);
        g = block(c, 4, 1); /* (αR, −ε): ‖ε‖ ≤ αR */
        g[0][3] = -s->radius;
        for (int k = 0; k < 3; k++)
            g[1 + k][4 + k] = 1;
        break;
    case CCD_SHAPE_BOX:
        for (int k = 0; k < 3; k++) {
            double neg[3] = {-ax[k][0], -ax[k][1], -ax[k][2]};
            linear_row(c, ax[k], s->half_extents[k], s);
            linear_row(c, neg, s->half_extents[k], s);
        }
        break;
    case CCD_SHAPE_SPHERE:
    case CCD_SHAPE_ELLIPSOID: {
        /* (α, E Rᵀ(x − p)) with E = diag(1/a); a sphere is (αR, x − p). */
        int sphere = s->kind == CCD_SHAPE_SPHERE;
        g = block(c, 4, 1);
        g[0][3] = sphere ? -s->radius : -1;
        for (int k = 0; k < 3; k++) {
            double e = sphere ? 1 : 1 / s->half_extents[k];
            for (int j = 0; j < 3; j++)
                g[1 + k][j] = sphere ? (j == k) : e * ax[k][j];
            c->h[1 + k] = sphere ? s->position[k] : e * dot3(ax[k], s->position);
        }
        break;
    }
    case CCD_SHAPE_CAPSULE: {
        /* ‖p − (x + εv)‖ ≤ αR, ±ε ≤ αL/2, ε the abscissa along the axis v. */
        c->aux = 1;
        double one[3] = {0, 0, 0};
        linear_row(c, one, s->length / 2, s);
        c->G[0][4] = 1;
        linear_row(c, one, s->length / 2, s);
        c->G[1][4] = -1;
        g = block(c, 4, 1); /* (αR, x + εv − p) */
        g[0][3] = -s->radius;
        for (int k = 0; k < 3; k++) {
            g[1 + k][k] = 1;
            g[1 + k][4] = -ax[0][k];
            c->h[2 + 1 + k] = s->position[k];
        }
        break;
    }
    case CCD_SHAPE_CYLINDER: {
        double neg[3] = {-ax[0][0], -ax[0][1], -ax[0][2]};
        linear_row(c, ax[0], s->length / 2, s);
        linear_row(c, neg, s->length / 2, s);
        g = block(c, 3, 1); /* (αR, Rᵀ(x − p) across the axis) */
        g[0][3] = -s->radius;
        for (int k = 1; k < 3; k++) {
            memcpy(g[k], ax[k], 3 * sizeof(double));
            c->h[2 + k] = dot3(ax[k], s->position);
        }
        break;
    }
    case CCD_SHAPE_CONE: {
        double t = tan(s->half_angle);
        linear_row(c, ax[0], s->height / 4, s); /* base: q_x ≤ αH/4 */
        g = block(c, 3, 1); /* (tan ν (q_x + 3αH/4), q_y, q_z), q = Rᵀ(p − x) */
        for (int j = 0; j < 3; j++)
            g[0][j] = -t * ax[0][j];
        g[0][3] = -t * 3 * s->height / 4;
        c->h[1] = -t * dot3(ax[0], s->position);
        for (int k = 1; k < 3; k++) {
            for (int j = 0; j < 3; j++)
                g[k][j] = -ax[k][j];
            c->h[1 + k] = -dot3(ax[k], s->position);
        }
        break;
    }
    case CCD_SHAPE_HALFSPACE: {
        double a[3];
        for (int r = 0; r < 3; r++)
            a[r] = dot3(s->rotation[r], s->normals[0]);
        linear_row(c, a, 0, s);
        break;
    }
    default:
        break;
    }
}

size_t ccd_polytope_vertices(double (*out)[3], size_t (*faces)[3], const ccd_shape *s)
{
    size_t m = s->faces, n = 0;
    for (size_t i = 0; i < m; i++)
        for (size_t j = i + 1; j < m; j++)
            for (size_t k = j + 1; k < m; k++) {
                const double *a = s->normals[i], *b = s->normals[j], *c = s->normals[k];
                double bc[3] = {b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2],
                                b[0] * c[1] - b[1] * c[0]};
                double det = dot3(a, bc);
                if (fabs(det) < 1e-12)
                    continue;
                double ca[3] = {c[1] * a[2] - c[2] * a[1], c[2] * a[0] - c[0] * a[2],
                                c[0] * a[1] - c[1] * a[0]};
                double ab[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                                a[0] * b[1] - a[1] * b[0]};
                double q[3];
                for (int r = 0; r < 3; r++)
                    q[r] = (s->offsets[i] * bc[r] + s->offsets[j] * ca[r] +
                            s->offsets[k] * ab[r]) / det;
                int keep = 1;
                for (size_t f = 0; f < m && keep; f++)
                    keep = dot3(s->normals[f], q) <= s->offsets[f] * (1 + 1e-9) + 1e-12;
                /* more than three faces through a vertex: keep it once */
                for (size_t v = 0; v < n && keep; v++)
                    keep = fabs(out[v][0] - q[0]) + fabs(out[v][1] - q[1]) +
                               fabs(out[v][2] - q[2]) > 1e-12;
                if (keep) {
                    CCD_ASSERT(n < CCD_POLYTOPE_MAX_VERTICES);
                    if (faces)
                        faces[n][0] = i, faces[n][1] = j, faces[n][2] = k;
                    memcpy(out[n++], q, sizeof q);
                }
            }
    return n;
}

/* max{d·q : A q ≤ b} over the vertices; the polytope must be bounded. */
static double polytope_support(const ccd_shape *s, const double d[3])
{
    double v[CCD_POLYTOPE_MAX_VERTICES][3], best = -INFINITY;
    size_t n = ccd_polytope_vertices(v, NULL, s);
    for (size_t i = 0; i < n; i++)
        best = fmax(best, dot3(d, v[i]));
    return best == -INFINITY ? INFINITY : best;
}

double ccd_shape_support(const ccd_shape *s, const double d[3])
{
    double b[3];
    ccd_shape_to_body(b, s, d);
    double norm = sqrt(dot3(d, d)), axial = fabs(b[0]), across = hypot(b[1], b[2]);
    switch (s->kind) {
    case CCD_SHAPE_POLYTOPE:
        return polytope_support(s, b);
    case CCD_SHAPE_PADDED_POLYTOPE:
        return polytope_support(s, b) + s->radius * norm;
    case CCD_SHAPE_BOX:
        return s->half_extents[0] * fabs(b[0]) + s->half_extents[1] * fabs(b[1]) +
               s->half_extents[2] * fabs(b[2]);
    case CCD_SHAPE_SPHERE:
        return s->radius * norm;
    case CCD_SHAPE_ELLIPSOID:
        return sqrt(pow(s->half_extents[0] * b[0], 2) + pow(s->half_extents[1] * b[1], 2) +
                    pow(s->half_extents[2] * b[2], 2));
    case CCD_SHAPE_CAPSULE:
        return s->length / 2 * axial + s->radius * norm;
    case CCD_SHAPE_CYLINDER:
        return s->length / 2 * axial + s->radius * across;
    case CCD_SHAPE_CONE:
        return fmax(-0.75 * s->height * b[0],
                    0.25 * s->height * b[0] + s->height * tan(s->half_angle) * across);
    case CCD_SHAPE_HALFSPACE: {
        const double *a = s->normals[0];
        double cr[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                        a[0] * b[1] - a[1] * b[0]};
        return dot3(cr, cr) == 0 && dot3(a, b) >= 0 ? 0 : INFINITY;
    }
    default:
        return NAN;
    }
}

const char *ccd_shape_kind_name(ccd_shape_kind kind)
{
    static const char *const names[CCD_SHAPE_KINDS] = {
        "polytope", "padded-polytope", "box", "sphere", "ellipsoid",
        "capsule", "cylinder", "cone", "halfspace",
    };
    return (unsigned)kind < CCD_SHAPE_KINDS ? names[kind] : "unknown";
}

const char *ccd_scaling_status_name(ccd_scaling_status st)
{
    switch (st) {
    case CCD_SCALING_OK:
        return "ok";
    case CCD_SCALING_NO_INTERIOR:
        return "no interior (Slater's condition fails)";
    case CCD_SCALING_BAD_SHAPE:
        return "bad shape";
    case CCD_SCALING_NOT_CONVERGED:
        return "not converged";
    case CCD_SCALING_SINGULAR:
        return "singular KKT Jacobian (no derivatives)";
    }
    return "unknown";
}
