/* SPDX-License-Identifier: MIT */
/* Worked examples for the contact pipeline (see scenes.h). */
#include <config.h>

#include <math.h>
#include <string.h>

#include "contact/witness/experiments/scenes.h"

static const unsigned cube_edges[12][2] = {{0, 1}, {1, 3}, {3, 2}, {2, 0}, {4, 5}, {5, 7},
                                           {7, 6}, {6, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};

static void superquadric(ccd_sdf *s, double a, double e)
{
    memset(s, 0, sizeof *s);
    s->type = CCD_SDF_SUPERQUADRIC;
    ccd_sdf_pose_identity(s);
    s->u.sq.a = s->u.sq.b = s->u.sq.c = a;
    s->u.sq.e1 = s->u.sq.e2 = e;
}

static void box(ccd_contact_scene *sc, int b, double h)
{
    for (int i = 0; i < 8; i++) {
        sc->vertex[b][i][0] = (i & 1) ? h : -h;
        sc->vertex[b][i][1] = (i & 2) ? h : -h;
        sc->vertex[b][i][2] = (i & 4) ? h : -h;
    }
    memcpy(sc->edge[b], cube_edges, sizeof cube_edges);
    sc->vertex_count[b] = 8;
    sc->edge_count[b] = 12;
    superquadric(&sc->sdf[b], h, 0.1);
}

/* The icosahedron on the sphere of radius r: 12 vertices, the 30 edges of length
 * 4r/√(10 + 2√5). */
static void icosphere(ccd_contact_scene *sc, int b, double r)
{
    const double g = (1 + sqrt(5.0)) / 2, s = r / sqrt(1 + g * g);
    const double v[12][3] = {{-1, g, 0}, {1, g, 0}, {-1, -g, 0}, {1, -g, 0},
                             {0, -1, g}, {0, 1, g}, {0, -1, -g}, {0, 1, -g},
                             {g, 0, -1}, {g, 0, 1}, {-g, 0, -1}, {-g, 0, 1}};
    for (int i = 0; i < 12; i++)
        for (int k = 0; k < 3; k++)
            sc->vertex[b][i][k] = s * v[i][k];
    size_t n = 0;
    for (unsigned i = 0; i < 12; i++)
        for (unsigned j = i + 1; j < 12; j++) {
            double d2 = 0;
            for (int k = 0; k < 3; k++)
                d2 += (v[i][k] - v[j][k]) * (v[i][k] - v[j][k]);
            if (fabs(d2 - 4) < 1e-9) /* edge length 2 in the unscaled icosahedron */
                sc->edge[b][n][0] = i, sc->edge[b][n][1] = j, n++;
        }
    sc->vertex_count[b] = 12;
    sc->edge_count[b] = n;
    superquadric(&sc->sdf[b], r, 1.0);
}

static void plane(ccd_contact_scene *sc, int b, double half)
{
    size_t n = 0;
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) {
            sc->vertex[b][3 * j + i][0] = (i - 1) * half;
            sc->vertex[b][3 * j + i][1] = (j - 1) * half;
            sc->vertex[b][3 * j + i][2] = 0;
        }
    for (unsigned j = 0; j < 3; j++)
        for (unsigned i = 0; i < 3; i++) {
            if (i < 2)
                sc->edge[b][n][0] = 3 * j + i, sc->edge[b][n][1] = 3 * j + i + 1, n++;
            if (j < 2)
                sc->edge[b][n][0] = 3 * j + i, sc->edge[b][n][1] = 3 * j + i + 3, n++;
        }
    sc->vertex_count[b] = 9;
    sc->edge_count[b] = n;
    sc->plane_normal[0][0] = sc->plane_normal[0][1] = 0, sc->plane_normal[0][2] = 1;
    memset(sc->plane_point, 0, sizeof sc->plane_point);
    ccd_sdf *s = &sc->sdf[b];
    memset(s, 0, sizeof *s);
    s->type = CCD_SDF_POLYHEDRON;
    ccd_sdf_pose_identity(s);
    s->u.cp.normal = (const double (*)[3])sc->plane_normal;
    s->u.cp.point = (const double (*)[3])sc->plane_point;
    s->u.cp.count = 1;
    s->u.cp.tau = 0;
}

void ccd_contact_scene_init(ccd_contact_scene *sc, ccd_contact_scene_kind kind, double size)
{
    memset(sc, 0, sizeof *sc);
    sc->kind = kind;
    if (kind == CCD_SCENE_BOX_ON_BOX) {
        box(sc, 0, size);
        box(sc, 1, 0.5 * size);
        /* top box: ω = (0.004, -0.002, 0.3) (turned about z, slightly tilted);
         * the translation part puts its centre 1.48 h above the bottom one's, so
         * that its bottom face is about 0.02 h deep, all four corners over the
         * interior of the bottom box's top face */
        const double s1[6] = {0.004, -0.002, 0.3, 0.05 * size, 0.03 * size, 1.48 * size};
        memcpy(sc->pose[1], s1, sizeof s1);
    } else {
        icosphere(sc, 0, size);
        plane(sc, 1, 2 * size);
        /* sphere: turned (so that no vertex is straight below the centre) and
         * 0.02 r deep in the plane */
        const double s0[6] = {0.3, 0.2, 0.1, 0.01 * size, -0.02 * size, 0.98 * size};
        memcpy(sc->pose[0], s0, sizeof s0);
    }
}

int ccd_contact_scene_parse(ccd_contact_scene_kind *kind, const char *name)
{
    if (!strcmp(name, "box-on-box"))
        *kind = CCD_SCENE_BOX_ON_BOX;
    else if (!strcmp(name, "sphere-on-plane"))
        *kind = CCD_SCENE_SPHERE_ON_PLANE;
    else
        return -1;
    return 0;
}

const char *ccd_contact_scene_name(ccd_contact_scene_kind kind)
{
    return kind == CCD_SCENE_BOX_ON_BOX ? "box-on-box" : "sphere-on-plane";
}

void ccd_contact_scene_bodies(ccd_contact_body body[2], const ccd_contact_scene *sc)
{
    for (int b = 0; b < 2; b++) {
        body[b].vertex = (const double (*)[3])sc->vertex[b];
        body[b].vertex_count = sc->vertex_count[b];
        body[b].edge = (const unsigned (*)[2])sc->edge[b];
        body[b].edge_count = sc->edge_count[b];
        body[b].sdf = &sc->sdf[b];
    }
}
