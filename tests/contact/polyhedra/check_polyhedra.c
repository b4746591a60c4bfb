/* SPDX-License-Identifier: MIT */
/* Convex polyhedra and their contact data (Cheng Yi & Drumwright): construction,
 * the files read as bodies and their errors, the manifold counts, degenerate
 * normals, scale, and the sphere on a box. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdbench/polyhedra.h"
#include "contact/polyhedra/polyhedra_jacobian.h"
#include "contact/polyhedra/polyhedron_internal.h"
#include "test_support.h"

static ccd_polyhedron box(double h)
{
    ccd_polyhedron p;
    ccd_error err;
    double half[3] = {h, h, h};
    ck_assert_int_eq(ccd_polyhedron_box(&p, &err, half), CCD_OK);
    return p;
}

static ccd_pose at(double x, double y, double z)
{
    ccd_pose T;
    double pos[3] = {x, y, z};
    ccd_pose_translation(&T, pos);
    return T;
}

static ccd_pose turned(const double axis[3], double angle, double x, double y, double z)
{
    ccd_pose T;
    double n = sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    double q[4] = {cos(angle / 2), sin(angle / 2) * axis[0] / n, sin(angle / 2) * axis[1] / n,
                   sin(angle / 2) * axis[2] / n};
    double pos[3] = {x, y, z};
    ccd_pose_from_quaternion(&T, q, pos);
    return T;
}

static ccd_polyhedra_result contact(const ccd_polyhedron *a, ccd_pose ta,
                                    const ccd_polyhedron *b, ccd_pose tb)
{
    ccd_polyhedra_result r;
    ccd_error err;
    ck_assert_int_eq(ccd_polyhedra_contact(&r, &err, a, &ta, b, &tb, NULL), CCD_OK);
    return r;
}

START_TEST(test_box_topology)
{
    ccd_polyhedron p = box(1);
    ck_assert_uint_eq(p.vertex_count, 8);
    ck_assert_uint_eq(p.face_count, 6);
    ck_assert_uint_eq(p.edge_count, 12);
    for (size_t f = 0; f < 6; f++)
        ck_assert_uint_eq(p.face_start[f + 1] - p.face_start[f], 4);
    /* outward normals: each face's vertices lie at +1 along it */
    for (size_t f = 0; f < 6; f++) {
        const double *v = p.vertex[p.face_vertex[p.face_start[f]]], *n = p.face_normal[f];
        ck_assert_double_eq_tol(v[0] * n[0] + v[1] * n[1] + v[2] * n[2], 1, 1e-15);
    }
    ccd_polyhedron_free(&p);
}
END_TEST

START_TEST(test_spheres)
{
    static const size_t counts[3] = {50, 98, 182};
    for (int k = 0; k < 3; k++) {
        ccd_polyhedron p;
        ccd_error err;
        ck_assert_int_eq(ccd_polyhedron_sphere(&p, &err, counts[k], 1), CCD_OK);
        ck_assert_uint_eq(p.vertex_count, counts[k]);
        /* Euler: V − E + F = 2 */
        ck_assert_uint_eq(p.vertex_count + p.face_count, p.edge_count + 2);
        ccd_polyhedron_free(&p);
    }
    ccd_polyhedron p;
    ccd_error err;
    ck_assert_int_eq(ccd_polyhedron_sphere(&p, &err, 100, 1), CCD_ERR_INPUT);
}
END_TEST

/* The orientation of points whose products underflow: a face's own corner is
 * on its plane (the filter's relative bound does not hold for a product below
 * DBL_MIN, whose error, times 3.4e70 next, passed it: found by
 * tests/fuzz/fuzz_mesh.c), and the hull of these points has every vertex on or
 * below every face. */
START_TEST(test_orient_underflow)
{
    const double p[4][3] = {{0x1p-1035, -0x1.3a27fp+234, 0x7ffcp-1074},
                            {0, 1, 0},
                            {1, 0, 0},
                            {0, 0, 1.0000000000009095}};
    ck_assert(p[0][0] > 0 && p[0][0] < 0x1p-1022 && p[0][2] > 0 && p[0][2] < 0x1p-1022);
    /* every choice of four of them, repeats included: a repeated point is 0 */
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a == b || a == c || a == d || b == c || b == d || c == d)
                        ck_assert_msg(ccd_polyh_orient(p[a], p[b], p[c], p[d]) == 0,
                                      "orient(%d, %d, %d, %d) != 0", a, b, c, d);
    ck_assert_int_eq(ccd_polyh_orient(p[0], p[3], p[1], p[2]), -1);
    ck_assert_int_eq(ccd_polyh_orient(p[0], p[3], p[2], p[1]), 1);
    ccd_polyhedron h;
    ccd_error err;
    ck_assert_int_eq(ccd_polyhedron_hull(&h, &err, p, 4), CCD_OK);
    ck_assert_uint_eq(h.face_count, 4);
    for (size_t f = 0; f < h.face_count; f++) {
        const size_t *corner = h.face_vertex + h.face_start[f];
        for (size_t v = 0; v < h.vertex_count; v++)
            ck_assert_int_le(ccd_polyh_orient(h.vertex[corner[0]], h.vertex[corner[1]],
                                              h.vertex[corner[2]], h.vertex[v]),
                             0);
    }
    ccd_polyhedron_free(&h);
}
END_TEST

START_TEST(test_hull_degenerate)
{
    ccd_polyhedron p;
    ccd_error err;
    double flat[5][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5, 0.5, 0}};
    ck_assert_int_eq(ccd_polyhedron_hull(&p, &err, (const double (*)[3])flat, 5), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "coplanar"));
    /* a cube with its centre and an edge midpoint: both are dropped */
    double pts[10][3];
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            pts[i][k] = (i >> k & 1) ? 1 : -1;
    pts[8][0] = pts[8][1] = pts[8][2] = 0;
    pts[9][0] = 0, pts[9][1] = 1, pts[9][2] = 1;
    ck_assert_int_eq(ccd_polyhedron_hull(&p, &err, (const double (*)[3])pts, 10), CCD_OK);
    ck_assert_uint_eq(p.vertex_count, 8);
    ck_assert_uint_eq(p.face_count, 6);
    ccd_polyhedron_free(&p);
}
END_TEST

START_TEST(test_read_files)
{
    char dir[] = "/tmp/ccdpolyXXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/t.off", dir);
    FILE *f = fopen(path, "w");
    fputs("OFF\n# tetrahedron\n4 4 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n"
          "3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n", f);
    fclose(f);
    ccd_polyhedron p;
    ccd_error err;
    ck_assert_int_eq(ccd_polyhedron_read(&p, &err, path), CCD_OK);
    ck_assert_uint_eq(p.face_count, 4);
    ccd_polyhedron_free(&p);
    /* a UTF-8 byte order mark before the header or the first `v` is skipped */
    static const char *const with_bom[2][2] = {
        {"t.off", "\xEF\xBB\xBFOFF\n4 4 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n"
                  "3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n"},
        {"t.obj", "\xEF\xBB\xBFv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\n"
                  "f 1 4 3\nf 2 3 4\n"}};
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, with_bom[k][0]);
        f = fopen(path, "w");
        fputs(with_bom[k][1], f);
        fclose(f);
        ck_assert_msg(ccd_polyhedron_read(&p, &err, path) == CCD_OK, "%s", err.message);
        ck_assert_uint_eq(p.vertex_count, 4);
        ccd_polyhedron_free(&p);
    }
    snprintf(path, sizeof path, "%s/t.off", dir);
    /* a bad coordinate, reported at its line and column */
    f = fopen(path, "w");
    fputs("OFF\n4 4 6\n0 0 0\n1 x 0\n0 1 0\n0 0 1\n", f);
    fclose(f);
    ck_assert_int_eq(ccd_polyhedron_read(&p, &err, path), CCD_ERR_INPUT);
    char want[300];
    snprintf(want, sizeof want, "%s:4:3: ", path);
    ck_assert_msg(strncmp(err.message, want, strlen(want)) == 0, "%s", err.message);
    /* non-convex OBJ: a vertex inside the hull */
    snprintf(path, sizeof path, "%s/t.obj", dir);
    f = fopen(path, "w");
    fputs("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0.1 0.1 0.1\nf 1 2 3\n", f);
    fclose(f);
    ck_assert_int_eq(ccd_polyhedron_read(&p, &err, path), CCD_ERR_INPUT);
    snprintf(want, sizeof want, "%s:5:1: ", path);
    ck_assert_msg(strncmp(err.message, want, strlen(want)) == 0, "%s", err.message);
    ck_assert_ptr_nonnull(strstr(err.message, "not convex"));
    /* a face index out of range */
    f = fopen(path, "w");
    fputs("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 7\n", f);
    fclose(f);
    ck_assert_int_eq(ccd_polyhedron_read(&p, &err, path), CCD_ERR_INPUT);
    snprintf(want, sizeof want, "%s:5:7: ", path);
    ck_assert_msg(strncmp(err.message, want, strlen(want)) == 0, "%s", err.message);
    unlink(path);
    snprintf(path, sizeof path, "%s/t.off", dir);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* A temporary directory for the file tests, and dir/name holding the n bytes of
 * text (n = 0: up to its NUL); the path in a static buffer. */
static char *read_dir;

static void read_setup(void)
{
    read_dir = test_make_tmpdir("polyhedra");
}

static void read_teardown(void)
{
    test_remove_tmpdir(read_dir);
    read_dir = NULL;
}

static const char *body_file(const char *name, const char *text, size_t n)
{
    static char path[256];
    char *written = test_write_file(read_dir, name, text, n ? n : strlen(text));
    snprintf(path, sizeof path, "%s", written);
    free(written);
    return path;
}

/* Reading name (n bytes of text) is refused with exactly "PATH<suffix>". */
static void expect_body_refused(const char *name, const char *text, size_t n, const char *suffix)
{
    const char *path = body_file(name, text, n);
    ccd_polyhedron p;
    ccd_error err;
    ck_assert_int_eq(ccd_polyhedron_read(&p, &err, path), CCD_ERR_INPUT);
    char want[512];
    snprintf(want, sizeof want, "%s%s", path, suffix);
    ck_assert_str_eq(err.message, want);
}

/* Reading name gives a body of v vertices, f faces and e edges. */
static void expect_body(const char *name, const char *text, size_t n, size_t v, size_t f,
                        size_t e)
{
    const char *path = body_file(name, text, n);
    ccd_polyhedron p;
    ccd_error err;
    ck_assert_msg(ccd_polyhedron_read(&p, &err, path) == CCD_OK, "%s: %s", name, err.message);
    ck_assert_uint_eq(p.vertex_count, v);
    ck_assert_uint_eq(p.face_count, f);
    ck_assert_uint_eq(p.edge_count, e);
    ccd_polyhedron_free(&p);
}

#define NOT_A_CORNER \
    " is not a corner of the convex hull: the polyhedron is not convex (or the vertex lies " \
    "on a face or an edge)"

/* The bytes of a binary PLY file of 5 uchar points: a tetrahedron and, with
 * `dent`, a point inside it (else a fifth corner). */
static size_t binary_ply(char *buf, size_t size, int dent)
{
    static const char head[] = "ply\nformat binary_big_endian 1.0\nelement vertex 5\n"
                               "property uchar x\nproperty uchar y\nproperty uchar z\n"
                               "end_header\n";
    const unsigned char xyz[15] = {0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 1, 1, dent ? 1 : 9};
    ck_assert_uint_ge(size, sizeof head - 1 + sizeof xyz);
    memcpy(buf, head, sizeof head - 1);
    memcpy(buf + sizeof head - 1, xyz, sizeof xyz);
    return sizeof head - 1 + sizeof xyz;
}

/* The formats of the mesh reader (OBJ, OFF and its variants, PLY ascii and
 * binary), told apart by their contents; faces optional. */
START_TEST(test_read_formats)
{
    /* a PLY ascii cube of quads: 8 corners, 6 faces, 12 edges */
    expect_body("cube.ply",
                "ply\nformat ascii 1.0\ncomment a cube\nelement vertex 8\n"
                "property float x\nproperty float y\nproperty float z\n"
                "element face 6\nproperty list uchar int vertex_indices\nend_header\n"
                "-1 -1 -1\n1 -1 -1\n1 1 -1\n-1 1 -1\n-1 -1 1\n1 -1 1\n1 1 1\n-1 1 1\n"
                "4 0 3 2 1\n4 4 5 6 7\n4 0 1 5 4\n4 2 3 7 6\n4 1 2 6 5\n4 0 4 7 3\n",
                0, 8, 6, 12);
    /* PLY without a face element: the hull of its points */
    expect_body("cloud.ply",
                "ply\nformat ascii 1.0\nelement vertex 4\nproperty double x\n"
                "property double y\nproperty double z\nend_header\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n",
                0, 4, 4, 6);
    char bin[256];
    size_t n = binary_ply(bin, sizeof bin, 0);
    expect_body("five.ply", bin, n, 5, 6, 9);
    /* OBJ under another name, OFF named .obj, COFF, an OFF without faces and one
     * without the edge count */
    expect_body("tetra.txt", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n", 0, 4, 4, 6);
    expect_body("tetra.obj", "OFF\n4 0 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n", 0, 4, 4, 6);
    expect_body("tetra.off",
                "COFF\n4 1 6\n0 0 0 1 1 1 1\n1 0 0 1 1 1 1\n0 1 0 1 1 1 1\n0 0 1 1 1 1 1\n"
                "3 0 2 1 255 0 0\n",
                0, 4, 4, 6);
    expect_body("counts.off", "OFF\n4 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n", 0, 4, 4, 6);
}
END_TEST

/* Bad files: every message names the file, and the line and column where the
 * mesh reader saw the fault, or the vertex that is no corner. */
START_TEST(test_read_refused)
{
    /* a non-corner vertex of an OFF file, refused at its own line (comments and a
     * blank line before it) */
    expect_body_refused("dent.off",
                        "OFF\n# a tetrahedron and a point inside it\n5 4 0\n0 0 0\n1 0 0\n\n"
                        "0 1 0\n# the dent\n0.1 0.1 0.1\n0 0 1\n"
                        "3 0 2 1\n3 0 1 4\n3 0 4 2\n3 1 2 4\n",
                        0, ":9:1: vertex 4" NOT_A_CORNER);
    /* the same in OBJ: a vertex on an edge */
    expect_body_refused("edge.obj",
                        "# body\nv 0 0 0\nv 1 0 0\n\n# on an edge\nv 0.5 0 0\nv 0 1 0\n"
                        "v 0 0 1\nf 1 2 4\n",
                        0, ":6:1: vertex 3" NOT_A_CORNER);
    /* binary PLY has no lines: the record, counted from 0 as the reader's other
     * binary messages are */
    char bin[256];
    size_t n = binary_ply(bin, sizeof bin, 1);
    expect_body_refused("dent.ply", bin, n, ": a vertex" NOT_A_CORNER " (vertex 4)");
    expect_body_refused("short.ply", bin, n - 2, ": end of file (vertex 4)");
    /* a face's bad index, at the face's line and the index's column */
    expect_body_refused("face.off",
                        "OFF\n4 2 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n# second face\n"
                        "3 0 1 4\n",
                        0, ":9:7: vertex index out of range");
    expect_body_refused("face.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 -5\n", 0,
                        ":5:7: vertex index out of range");
    expect_body_refused("face.ply",
                        "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\n"
                        "property float y\nproperty float z\nelement face 1\n"
                        "property list uchar int vertex_indices\nend_header\n"
                        "0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 1 4\n",
                        0, ":14:7: vertex index out of range");
    /* not numbers */
    expect_body_refused("word.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 x\n", 0,
                        ":5:7: expected a vertex index");
    expect_body_refused("coord.obj", "v 0 0 0\nv 1 zero 0\n", 0,
                        ":2:5: expected a finite coordinate");
    /* a NUL byte, at its column */
    expect_body_refused("nul.obj", "v 0 0 0\nv 1 0\0 0\n", 16, ":2:6: a NUL byte (not a text file)");
    /* too few vertices, all coplanar: the hull refuses them, naming the file */
    expect_body_refused("three.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", 0,
                        ": a polyhedron needs at least 4 points, got 3");
    expect_body_refused("flat.off", "OFF\n4 0 0\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n", 0,
                        ": degenerate polyhedron: the points are coplanar (no volume)");
    /* a file named .off must be OFF */
    expect_body_refused("obj.off", "v 0 0 0\n", 0,
                        ":1:1: expected an OFF header (OFF, COFF, NOFF or CNOFF)");
}
END_TEST

/* Face–face: box A resting 0.1 deep on box B, offset so the overlap is a square. */
START_TEST(test_face_face_four)
{
    ccd_polyhedron a = box(1), b = box(1);
    ccd_polyhedra_result r = contact(&a, at(0.5, 1.9, 0.3), &b, at(0, 0, 0));
    ck_assert_int_eq(r.status, CCD_POLYH_CONTACT);
    ck_assert_int_eq(r.intersecting, 1);
    ck_assert_double_eq_tol(r.phi, -0.1, 1e-15);
    ck_assert_double_eq_tol(r.normal[1], 1, 1e-15);
    ck_assert_double_eq_tol(r.plane_d, 0.95, 1e-15);
    ck_assert_uint_eq(r.point_count, 4);
    for (size_t k = 0; k < 4; k++) {
        ck_assert_double_eq_tol(r.point[k][1], 0.95, 1e-15);
        ck_assert(r.point[k][0] > -0.5 - 1e-12 && r.point[k][0] < 1 + 1e-12);
        ck_assert(r.point[k][2] > -0.7 - 1e-12 && r.point[k][2] < 1 + 1e-12);
    }
    ccd_polyhedron_free(&a), ccd_polyhedron_free(&b);
}
END_TEST

/* Edge–face: A turned 45° about z rests an edge on B's top face. */
START_TEST(test_edge_face_two)
{
    ccd_polyhedron a = box(1), b = box(1);
    static const double z[3] = {0, 0, 1};
    double h = 1 + sqrt(2.0) - 0.05;
    ccd_polyhedra_result r = contact(&a, turned(z, M_PI / 4, 0, h, 0), &b, at(0, 0, 0));
    ck_assert_int_eq(r.status, CCD_POLYH_CONTACT);
    ck_assert_double_eq_tol(r.phi, -0.05, 1e-14);
    ck_assert_double_eq_tol(r.normal[1], 1, 1e-14);
    ck_assert_uint_eq(r.point_count, 2);
    ck_assert_double_eq_tol(fabs(r.point[0][2] - r.point[1][2]), 2, 1e-14);
    ccd_polyhedron_free(&a), ccd_polyhedron_free(&b);
}
END_TEST

/* Vertex–face: A balanced on a corner (the body diagonal along y). */
START_TEST(test_vertex_face_one)
{
    ccd_polyhedron a = box(1), b = box(1);
    /* rotate (1,1,1)/√3 onto −y: axis (1,1,1)×(0,−1,0) */
    double axis[3] = {1, 0, -1};
    double angle = acos(-1 / sqrt(3.0));
    double h = 1 + sqrt(3.0) - 0.01;
    ccd_polyhedra_result r = contact(&a, turned(axis, angle, 0, h, 0), &b, at(0, 0, 0));
    ck_assert_int_eq(r.status, CCD_POLYH_CONTACT);
    ck_assert_double_eq_tol(r.phi, -0.01, 1e-14);
    ck_assert_uint_eq(r.point_count, 1);
    ck_assert_double_eq_tol(r.point[0][0], 0, 1e-14);
    ck_assert_double_eq_tol(r.point[0][2], 0, 1e-14);
    ccd_polyhedron_free(&a), ccd_polyhedron_free(&b);
}
END_TEST

START_TEST(test_disjoint_distance)
{
    ccd_polyhedron a = box(1), b = box(1);
    /* corner to corner along the diagonal: distance √3 · 0.5 */
    ccd_polyhedra_result r = contact(&a, at(2.5, 2.5, 2.5), &b, at(0, 0, 0));
    ck_assert_int_eq(r.intersecting, 0);
    ck_assert_double_eq_tol(r.phi, sqrt(0.75), 1e-15);
    ck_assert_double_eq_tol(r.normal[0], 1 / sqrt(3.0), 1e-15);
    ck_assert_int_eq(r.status, CCD_POLYH_CONTACT); /* a unique direction when apart */
    ck_assert_uint_eq(r.point_count, 1);
    /* face over face, apart: 4 points on the mid plane */
    r = contact(&a, at(0.5, 2.5, 0), &b, at(0, 0, 0));
    ck_assert_double_eq_tol(r.phi, 0.5, 1e-15);
    ck_assert_double_eq_tol(r.plane_d, 1.25, 1e-15);
    ck_assert_uint_eq(r.point_count, 4);
    ccd_polyhedron_free(&a), ccd_polyhedron_free(&b);
}
END_TEST

START_TEST(test_indeterminate)
{
    ccd_polyhedron a = box(1), b = box(1);
    /* kissing corner to corner */
    ccd_polyhedra_result r = contact(&a, at(2, 2, 2), &b, at(0, 0, 0));
    ck_assert_int_eq(r.status, CCD_POLYH_VERTEX_VERTEX);
    ck_assert_uint_eq(r.point_count, 0);
    /* kissing: A's corner on B's edge (A turned about x and z) */
    static const double z[3] = {0, 0, 1};
    r = contact(&a, turned(z, M_PI / 4, 0, 1 + sqrt(2.0), 3), &b, at(0, 0, 0));
    /* A's lowest edge (along z at x = 0) over z ∈ [2, 4]; B's top ends at z = 1:
     * apart, so φ > 0 and contact data are defined */
    ck_assert(r.phi > 0);
    /* kissing parallel edges: both boxes turned 45° about z, stacked */
    r = contact(&a, turned(z, M_PI / 4, 0, 2 * sqrt(2.0), 0), &b,
                turned(z, M_PI / 4, 0, 0, 0));
    ck_assert_msg(r.status == CCD_POLYH_PARALLEL_EDGES, "status %d phi %g", r.status, r.phi);
    /* kissing vertex–edge: A's corner straight down on B's top edge (B turned 45° about z) */
    double diag[3] = {1, 0, -1};
    r = contact(&a, turned(diag, acos(-1 / sqrt(3.0)), 0, sqrt(2.0) + sqrt(3.0), 0), &b,
                turned(z, M_PI / 4, 0, 0, 0));
    ck_assert_msg(r.status == CCD_POLYH_VERTEX_EDGE, "status %d phi %g", r.status, r.phi);
    /* identical poses: all three face axes tie, normal indeterminate */
    r = contact(&a, at(0, 0, 0), &b, at(0, 0, 0));
    ck_assert_int_eq(r.status, CCD_POLYH_EQUAL_MINIMA);
    ck_assert_uint_eq(r.point_count, 0);
    ck_assert_double_eq_tol(r.phi, -2, 1e-15);
    ccd_polyhedron_free(&a), ccd_polyhedron_free(&b);
}
END_TEST

/* Kissing face to face and the same at 1e-8 and 1e8: the results scale. */
START_TEST(test_kissing_and_scale)
{
    static const double scale[3] = {1, 1e-8, 1e8};
    for (int k = 0; k < 3; k++) {
        double s = scale[k];
        ccd_polyhedron a = box(s), b = box(s);
        ccd_polyhedra_result r = contact(&a, at(0.5 * s, 2 * s, 0.25 * s), &b, at(0, 0, 0));
        ck_assert_int_eq(r.status, CCD_POLYH_CONTACT);
        ck_assert(fabs(r.phi) <= 1e-15 * s);
        ck_assert_double_eq_tol(r.normal[1], 1, 1e-15);
        ck_assert_uint_eq(r.point_count, 4);
        /* a turned box penetrating: φ relative error at every scale */
        static const double axis[3] = {0.3, 1, 0.2};
        r = contact(&a, turned(axis, 0.4, 0.3 * s, 1.7 * s, 0.1 * s), &b, at(0, 0, 0));
        ccd_polyhedron ua = box(1), ub = box(1);
        ccd_polyhedra_result r1 = contact(&ua, turned(axis, 0.4, 0.3, 1.7, 0.1), &ub,
                                          at(0, 0, 0));
        ccd_polyhedron_free(&ua), ccd_polyhedron_free(&ub);
        if (k == 0)
            ck_assert_int_eq(r.status, CCD_POLYH_CONTACT);
        ck_assert_double_eq_tol(r.phi / s, r1.phi, 1e-14);
        for (int i = 0; i < 3; i++)
            ck_assert_double_eq_tol(r.normal[i], r1.normal[i], 1e-14);
        ccd_polyhedron_free(&a), ccd_polyhedron_free(&b);
    }
}
END_TEST

/* The tessellated sphere resting on (or slightly into) a box's top face y = 0. */
START_TEST(test_sphere_on_box)
{
    static const size_t counts[3] = {50, 98, 182};
    ccd_polyhedron ground;
    ccd_error err;
    double half[3] = {50, 50, 50};
    ck_assert_int_eq(ccd_polyhedron_box(&ground, &err, half), CCD_OK);
    for (int k = 0; k < 3; k++) {
        ccd_polyhedron s;
        ck_assert_int_eq(ccd_polyhedron_sphere(&s, &err, counts[k], 1), CCD_OK);
        static const double heights[3] = {1.001, 1, 0.999};
        for (int j = 0; j < 3; j++) {
            ccd_polyhedra_result r = contact(&s, at(0, heights[j], 0), &ground, at(0, -50, 0));
            double low = INFINITY;
            for (size_t i = 0; i < s.vertex_count; i++)
                low = fmin(low, s.vertex[i][1] + heights[j]);
            ck_assert_int_eq(r.status, CCD_POLYH_CONTACT);
            ck_assert_double_eq_tol(r.phi, low, 1e-13);
            ck_assert_double_eq_tol(r.normal[1], 1, 1e-15);
            /* the contact points are the lowest vertices (here the pole) */
            ck_assert_uint_eq(r.point_count, 1);
            ck_assert_double_eq_tol(r.point[0][0], 0, 1e-13);
            ck_assert_double_eq_tol(r.point[0][2], 0, 1e-13);
            ck_assert_double_eq_tol(r.point[0][1], low / 2, 1e-13);
        }
        ccd_polyhedron_free(&s);
    }
    ccd_polyhedron_free(&ground);
}
END_TEST


static double rng_u(unsigned long long *x) /* [0, 1) */
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return (double)(*x >> 11) * 0x1p-53;
}

/* rot ← exp([ω]×)·rot (Rodrigues), pos ← pos + v: the twist of polyhedra.h */
static ccd_pose twisted(ccd_pose T, const double s[6])
{
    double th = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]), K[3][3] = {{0}}, E[3][3];
    K[0][1] = -s[2], K[0][2] = s[1], K[1][0] = s[2], K[1][2] = -s[0], K[2][0] = -s[1],
    K[2][1] = s[0];
    double c1 = th > 0 ? sin(th) / th : 1, c2 = th > 0 ? (1 - cos(th)) / (th * th) : 0.5;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double k2 = K[i][0] * K[0][j] + K[i][1] * K[1][j] + K[i][2] * K[2][j];
            E[i][j] = (i == j) + c1 * K[i][j] + c2 * k2;
        }
    ccd_pose R = T;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            R.rot[i][j] = E[i][0] * T.rot[0][j] + E[i][1] * T.rot[1][j] + E[i][2] * T.rot[2][j];
        R.pos[i] = T.pos[i] + s[3 + i];
    }
    return R;
}


/* Random clouds: Euler's formula, every input point inside or on every face, and
 * cospherical points (all corners, many near-coplanar quadruples) all kept. */
START_TEST(test_hull_random)
{
    unsigned long long seed = 0x9e3779b97f4a7c15ULL;
    for (int trial = 0; trial < 20; trial++) {
        double pts[300][3];
        size_t n = 40 + 13 * (size_t)trial;
        int sphere = trial % 2;
        for (size_t i = 0; i < n; i++) {
            double r = 0;
            for (int k = 0; k < 3; k++)
                pts[i][k] = 2 * rng_u(&seed) - 1, r += pts[i][k] * pts[i][k];
            for (int k = 0; k < 3 && sphere; k++)
                pts[i][k] /= sqrt(r);
        }
        ccd_polyhedron p;
        ccd_error err;
        ck_assert_int_eq(ccd_polyhedron_hull(&p, &err, (const double (*)[3])pts, n), CCD_OK);
        ck_assert_uint_eq(p.vertex_count + p.face_count, p.edge_count + 2);
        if (sphere)
            ck_assert_uint_eq(p.vertex_count, n);
        double worst = -1; /* one assertion: each ck_assert writes to Check's pipe */
        size_t worst_point = 0, worst_face = 0;
        for (size_t f = 0; f < p.face_count; f++) {
            const double *x0 = p.vertex[p.face_vertex[p.face_start[f]]], *nf = p.face_normal[f];
            for (size_t i = 0; i < n; i++) {
                double h = 0;
                for (int k = 0; k < 3; k++)
                    h += (pts[i][k] - x0[k]) * nf[k];
                if (h > worst)
                    worst = h, worst_point = i, worst_face = f;
            }
        }
        ck_assert_msg(worst <= 1e-14, "trial %d: point %zu is %g outside face %zu", trial,
                      worst_point, worst, worst_face);
        ccd_polyhedron_free(&p);
    }
}
END_TEST


/* With a zero on-plane tolerance, rounding leaves some bodies with no vertex on
 * the plane: Fix 1 must still give a manifold, on the plane and inside both. */
START_TEST(test_fix1_zero_tolerance)
{
    ccd_polyhedron a = box(1), b = box(1);
    ccd_polyhedra_options opt;
    ccd_polyhedra_options_default(&opt);
    opt.plane_tol = 0;
    unsigned long long seed = 777;
    int fixed = 0;
    for (int trial = 0; trial < 300; trial++) {
        double q[4], p[3];
        for (int i = 0; i < 4; i++)
            q[i] = 2 * rng_u(&seed) - 1;
        for (int i = 0; i < 3; i++)
            p[i] = (trial % 2 ? 5 : 2) * (2 * rng_u(&seed) - 1);
        ccd_pose ta, tb = at(0, 0, 0);
        ccd_pose_from_quaternion(&ta, q, p);
        ccd_polyhedra_result r;
        ccd_error err;
        ck_assert_int_eq(ccd_polyhedra_contact(&r, &err, &a, &ta, &b, &tb, &opt), CCD_OK);
        if (r.status != CCD_POLYH_CONTACT)
            continue;
        ck_assert_uint_ge(r.point_count, 1);
        for (size_t k = 0; k < r.point_count; k++) {
            double h = 0;
            for (int i = 0; i < 3; i++)
                h += r.point[k][i] * r.normal[i];
            ck_assert_double_eq_tol(h, r.plane_d, 1e-12);
        }
        fixed += r.fix_used & 1;
    }
    ck_assert_int_gt(fixed, 0);
    ccd_polyhedron_free(&a), ccd_polyhedron_free(&b);
}
END_TEST


/* Gauss-map pruning of the edge pairs (the default) against every pair (the
 * paper's loop): the same φ, n̂ and status on boxes and spheres. */
START_TEST(test_pruned_axes)
{
    ccd_polyhedron body[3];
    ccd_error err;
    double half[3] = {1, 0.6, 1.4};
    ck_assert_int_eq(ccd_polyhedron_box(&body[0], &err, half), CCD_OK);
    ck_assert_int_eq(ccd_polyhedron_sphere(&body[1], &err, 50, 1), CCD_OK);
    /* not centrally symmetric (for symmetric bodies A ⊖ B and A ⊕ B have the
     * same face normals, so a sign slip in the arc test would go unseen) */
    double cloud[12][3];
    unsigned long long cs = 99;
    for (int i = 0; i < 12; i++)
        for (int k = 0; k < 3; k++)
            cloud[i][k] = (k == 1 ? 0.5 : 1.0) * (2 * rng_u(&cs) - 1) + (i % 3 == 0 ? 0.4 : 0);
    ck_assert_int_eq(ccd_polyhedron_hull(&body[2], &err, (const double (*)[3])cloud, 12), CCD_OK);
    ccd_polyhedra_options all;
    ccd_polyhedra_options_default(&all);
    all.all_edge_pairs = 1;
    unsigned long long seed = 4242;
    int edge_axes = 0;
    for (int trial = 0; trial < 200; trial++) {
        const ccd_polyhedron *a = &body[trial % 3], *b = &body[trial % 2 ? 2 : (trial / 3) % 3];
        double q[2][4], p[3];
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < 4; i++)
                q[k][i] = 2 * rng_u(&seed) - 1;
        for (int i = 0; i < 3; i++)
            p[i] = 1.5 * (2 * rng_u(&seed) - 1);
        ccd_pose ta, tb;
        ccd_pose_from_quaternion(&ta, q[0], p);
        ccd_pose_from_quaternion(&tb, q[1], NULL);
        ccd_polyhedra_result r0, r1;
        ck_assert_int_eq(ccd_polyhedra_contact(&r0, &err, a, &ta, b, &tb, NULL), CCD_OK);
        ck_assert_int_eq(ccd_polyhedra_contact(&r1, &err, a, &ta, b, &tb, &all), CCD_OK);
        ck_assert_int_eq(r0.status, r1.status);
        ck_assert_int_eq(r0.intersecting, r1.intersecting);
        ck_assert_double_eq_tol(r0.phi, r1.phi, 1e-14);
        for (int i = 0; i < 3; i++)
            ck_assert_double_eq_tol(r0.normal[i], r1.normal[i], 1e-12);
        ck_assert_uint_eq(r0.point_count, r1.point_count);
        ccd_polyh_jac_feature fp;
        if (ccd_polyh_jac_features(&fp, &r0, &err, a, &ta, b, &tb, NULL) == CCD_OK)
            edge_axes += fp.kind == CCD_POLYH_JAC_AXIS_EDGE && r0.intersecting;
    }
    ck_assert_int_gt(edge_axes, 0); /* the pruned set found edge–edge minima */
    for (int k = 0; k < 3; k++)
        ccd_polyhedron_free(&body[k]);
}
END_TEST

/* ∂(φ, n̂)/∂(s_A, s_B) by dual numbers against 256-bit MPFR central differences,
 * and against double central differences of the whole routine (which also
 * checks that the active features were identified right). */
START_TEST(test_derivatives)
{
    ccd_polyhedron a = box(1), b;
    ccd_error err;
    double hb[3] = {0.7, 1.3, 0.9};
    ck_assert_int_eq(ccd_polyhedron_box(&b, &err, hb), CCD_OK);
    unsigned long long seed = 88172645463325252ULL;
    int checked[6] = {0}, total = 0;
    for (int trial = 0; trial < 400; trial++) {
        double q[4], p[3];
        for (int i = 0; i < 4; i++)
            q[i] = 2 * rng_u(&seed) - 1;
        double range = trial % 2 ? 1.6 : 4.0;
        for (int i = 0; i < 3; i++)
            p[i] = range * (2 * rng_u(&seed) - 1);
        ccd_pose ta, tb;
        ccd_pose_from_quaternion(&ta, q, p);
        for (int i = 0; i < 4; i++)
            q[i] = 2 * rng_u(&seed) - 1;
        ccd_pose_from_quaternion(&tb, q, NULL);
        ccd_polyh_jac_feature fp;
        ccd_polyhedra_result r;
        if (ccd_polyh_jac_features(&fp, &r, &err, &a, &ta, &b, &tb, NULL) != CCD_OK)
            continue;
        double out[4], jac[4][12], rout[4], ref[4][12];
        ccd_polyh_jac_eval(out, jac, &fp);
        ck_assert_int_eq(ccd_polyh_jac_reference(rout, ref, &fp, 256), CCD_OK);
        ck_assert_double_eq_tol(out[0], r.phi, 1e-13);
        for (int i = 0; i < 3; i++)
            ck_assert_double_eq_tol(out[1 + i], r.normal[i], 1e-13);
        double scale = 1;
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 12; j++)
                scale = fmax(scale, fabs(ref[i][j]));
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 12; j++)
                ck_assert_msg(fabs(jac[i][j] - ref[i][j]) <= 1e-12 * scale,
                              "kind %d: J[%d][%d] = %.17g, MPFR %.17g", fp.kind, i, j, jac[i][j],
                              ref[i][j]);
        /* the whole routine, by double central differences */
        const double h = 1e-7;
        for (int j = 0; j < 12; j++) {
            double sp[6] = {0}, sm[6] = {0};
            sp[j % 6] = h, sm[j % 6] = -h;
            ccd_polyhedra_result rp, rm;
            ccd_pose pa = j < 6 ? twisted(ta, sp) : ta, pb = j < 6 ? tb : twisted(tb, sp);
            ccd_pose ma = j < 6 ? twisted(ta, sm) : ta, mb = j < 6 ? tb : twisted(tb, sm);
            ck_assert_int_eq(ccd_polyhedra_contact(&rp, &err, &a, &pa, &b, &pb, NULL), CCD_OK);
            ck_assert_int_eq(ccd_polyhedra_contact(&rm, &err, &a, &ma, &b, &mb, NULL), CCD_OK);
            double fd = (rp.phi - rm.phi) / (2 * h);
            ck_assert_msg(fabs(fd - jac[0][j]) <= 1e-5 * scale, "kind %d: dphi[%d] = %g, fd %g",
                          fp.kind, j, jac[0][j], fd);
        }
        checked[fp.kind]++;
        total++;
    }
    ck_assert_int_ge(total, 100);
    /* penetrating vertex–face and edge–edge, and apart point–point or point–edge */
    ck_assert_int_gt(checked[CCD_POLYH_JAC_AXIS_FACE_A] + checked[CCD_POLYH_JAC_AXIS_FACE_B], 0);
    ck_assert_int_gt(checked[CCD_POLYH_JAC_AXIS_EDGE], 0);
    ck_assert_int_gt(checked[CCD_POLYH_JAC_POINT_POINT] + checked[CCD_POLYH_JAC_POINT_EDGE_A] +
                         checked[CCD_POLYH_JAC_POINT_EDGE_B],
                     0);
    /* a face–face contact is a kink: refused with the reason */
    double dphi[12], dn[3][12];
    ccd_pose t1 = at(0.5, 1.9, 0.3), t0 = at(0, 0, 0);
    ck_assert_int_eq(ccd_polyhedra_contact_jacobian(dphi, dn, &err, &a, &t1, &a, &t0, NULL),
                     CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "kink"));
    ccd_polyhedron_free(&a), ccd_polyhedron_free(&b);
}
END_TEST

/* A corner at 1e65 beside corners at 1 (found by the mesh fuzz target): the
 * face through (2,1,0), (-1,1,0) and the far corner had Newell's normal 0 in
 * doubles (every term cancels) and a NaN normal; the exact one is (0, 2, -1)/√5. */
START_TEST(test_hull_far_corner)
{
    const double pts[5][3] = {{-1, -1, 0}, {1, -1, 1}, {2, 1, 0}, {-1, 1, 0}, {-1e65, 3, 4}};
    ccd_polyhedron p;
    ccd_error err;
    ck_assert_int_eq(ccd_polyhedron_hull(&p, &err, pts, 5), CCD_OK);
    ck_assert_uint_eq(p.vertex_count, 5);
    int found = 0;
    for (size_t f = 0; f < p.face_count; f++) {
        const double *n = p.face_normal[f];
        ck_assert(isfinite(n[0]) && isfinite(n[1]) && isfinite(n[2]));
        ck_assert_double_eq_tol(n[0] * n[0] + n[1] * n[1] + n[2] * n[2], 1, 1e-15);
        if (fabs(n[1] - 2 / sqrt(5)) < 1e-15 && fabs(n[2] + 1 / sqrt(5)) < 1e-15 && n[0] == 0)
            found = 1;
    }
    ck_assert_msg(found, "no face with the normal (0, 2, -1)/sqrt(5)");
    ccd_polyhedron_free(&p);
}
END_TEST

static int by_z(const void *x, const void *y)
{
    double a = ((const double *)x)[2], b = ((const double *)y)[2];
    return (a > b) - (a < b);
}

/* Large inputs in the orders that made the hull slow: 20,000 points on a sphere
 * sorted by z (all corners; 41 s when every point was tested against every
 * triangle, and the conflict lists alone are quadratic in this order), and the
 * 1,728 points of a 12^3 lattice (8 corners, six faces, most points on the
 * surface but not corners: the pass that drops them runs again). */
START_TEST(test_hull_large)
{
    enum { N = 20000, G = 12 };
    double (*pts)[3] = malloc(N * sizeof *pts);
    ck_assert_ptr_nonnull(pts);
    unsigned long long seed = 12345;
    for (size_t i = 0; i < N; i++) {
        double z = 2 * rng_u(&seed) - 1, t = 6.283185307179586 * rng_u(&seed);
        double r = sqrt(1 - z * z);
        pts[i][0] = r * cos(t), pts[i][1] = r * sin(t), pts[i][2] = z;
    }
    qsort(pts, N, sizeof *pts, by_z);
    ccd_polyhedron p;
    ccd_error err;
    ck_assert_int_eq(ccd_polyhedron_hull(&p, &err, (const double (*)[3])pts, N), CCD_OK);
    ck_assert_uint_eq(p.vertex_count, N);
    ck_assert_uint_eq(p.vertex_count + p.face_count, p.edge_count + 2);
    /* a sample of the points against every face (all would be O(N^2)); one
     * assertion at the end (each ck_assert writes to Check's pipe) */
    double worst = -1;
    size_t worst_face = 0;
    for (size_t f = 0; f < p.face_count; f++) {
        const double *x0 = p.vertex[p.face_vertex[p.face_start[f]]], *nf = p.face_normal[f];
        for (size_t i = f % 97; i < N; i += 97) {
            double h = 0;
            for (int k = 0; k < 3; k++)
                h += (pts[i][k] - x0[k]) * nf[k];
            if (h > worst)
                worst = h, worst_face = f;
        }
    }
    ck_assert_msg(worst <= 1e-14, "a point is %g outside face %zu", worst, worst_face);
    ccd_polyhedron_free(&p);
    size_t n = 0;
    for (int i = 0; i < G; i++)
        for (int j = 0; j < G; j++)
            for (int k = 0; k < G; k++, n++)
                pts[n][0] = i, pts[n][1] = j, pts[n][2] = k;
    ck_assert_int_eq(ccd_polyhedron_hull(&p, &err, (const double (*)[3])pts, n), CCD_OK);
    ck_assert_uint_eq(p.vertex_count, 8);
    ck_assert_uint_eq(p.face_count, 6);
    ck_assert_uint_eq(p.edge_count, 12);
    for (size_t f = 0; f < 6; f++)
        ck_assert_uint_eq(p.face_start[f + 1] - p.face_start[f], 4);
    ccd_polyhedron_free(&p);
    free(pts);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("polyhedra");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_box_topology);
    tcase_add_test(tc, test_spheres);
    tcase_add_test(tc, test_orient_underflow);
    tcase_add_test(tc, test_hull_degenerate);
    tcase_add_test(tc, test_hull_random);
    tcase_add_test(tc, test_hull_large);
    tcase_add_test(tc, test_hull_far_corner);
    tcase_add_test(tc, test_read_files);
    tcase_add_test(tc, test_face_face_four);
    tcase_add_test(tc, test_edge_face_two);
    tcase_add_test(tc, test_vertex_face_one);
    tcase_add_test(tc, test_disjoint_distance);
    tcase_add_test(tc, test_indeterminate);
    tcase_add_test(tc, test_kissing_and_scale);
    tcase_add_test(tc, test_sphere_on_box);
    tcase_add_test(tc, test_derivatives);
    tcase_add_test(tc, test_fix1_zero_tolerance);
    tcase_add_test(tc, test_pruned_axes);
    suite_add_tcase(s, tc);
    TCase *files = tcase_create("files");
    tcase_add_checked_fixture(files, read_setup, read_teardown);
    tcase_add_test(files, test_read_formats);
    tcase_add_test(files, test_read_refused);
    suite_add_tcase(s, files);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
