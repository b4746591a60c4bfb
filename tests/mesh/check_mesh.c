/* SPDX-License-Identifier: MIT */
/* The mesh readers (src/mesh, <ccdbench/mesh.h>): how a file's format is told,
 * the OFF variants read and refused, the messages of text that is no mesh, and
 * where each triangle and vertex was read (mesh_source.h).
 * (The PLY reader and the built-in meshes are checked in check_potential.) */
#include <config.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdbench/mesh.h"
#include "mesh/mesh_source.h"
#include "test_support.h"

static char *dir;

static void setup(void)
{
    dir = test_make_tmpdir("mesh");
}

static void teardown(void)
{
    test_remove_tmpdir(dir);
    dir = NULL;
}

/* dir/name holding text; the path in a static buffer. */
static const char *file_with(const char *name, const char *text)
{
    static char path[256];
    char *written = test_write_file(dir, name, text, strlen(text));
    snprintf(path, sizeof path, "%s", written);
    free(written);
    return path;
}

/* Reading name (holding text; NULL: no such file) fails with "PATH<suffix>". */
static void expect_refused(const char *name, const char *text, const char *suffix)
{
    char absent[256];
    snprintf(absent, sizeof absent, "%s/%s", dir, name);
    const char *path = text ? file_with(name, text) : absent;
    ccd_mesh m;
    ccd_error err;
    ck_assert_int_eq(ccd_mesh_read(&m, &err, path), CCD_ERR_INPUT);
    char want[512];
    snprintf(want, sizeof want, "%s%s", path, suffix);
    ck_assert_str_eq(err.message, want);
}

static const char *const TETRA_COFF =
    "COFF\n4 4 6\n"
    "0 0 0 255 0 0 255\n1 0 0 0 255 0 255\n0 1 0 0 0 255 255\n0 0 1 9 9 9 255\n"
    "3 0 2 1 1 0 0\n3 0 1 3\n3 0 3 2 0.5 0.5 0.5 1\n3 1 2 3\n";

START_TEST(test_off_variants_read)
{
    /* COFF: a colour after each vertex and after some faces; NOFF: normals;
     * CNOFF both: the same tetrahedron each time */
    static const char *const texts[] = {
        TETRA_COFF,
        "NOFF\n4 4 6\n0 0 0 0 0 1\n1 0 0 0 0 1\n0 1 0 0 0 1\n0 0 1 0 0 1\n"
        "3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n",
        "CNOFF\n4 4 6\n0 0 0 0 0 1 1 1 1 1\n1 0 0 0 0 1 1 1 1 1\n0 1 0 0 0 1 1 1 1 1\n"
        "0 0 1 0 0 1 1 1 1 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n",
        "OFF 4 4 6\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1 0 0 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n",
        /* the edge count, which is not used, may be left out */
        "OFF\n4 4 # no edges\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n",
        "OFF\n4 4\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        ccd_mesh m;
        ccd_error err;
        const char *path = file_with(i % 2 ? "t.off" : "t.mesh", texts[i]);
        ck_assert_msg(ccd_mesh_read(&m, &err, path) == CCD_OK, "%zu: %s", i, err.message);
        ck_assert_uint_eq(m.nvertices, 4);
        ck_assert_uint_eq(m.ntriangles, 4);
        ck_assert_double_eq(m.vertices[3 * 3 + 2], 1);
        ck_assert_uint_eq(m.triangles[3 * 3 + 2], 3);
        ccd_mesh_free(&m);
    }
}
END_TEST

START_TEST(test_off_variants_refused)
{
    expect_refused("t.off", "4OFF\n1 1 0\n0 0 0 1\n",
                   ":1:1: a 4D or nD OFF file is not read (OFF, COFF, NOFF and CNOFF are)");
    expect_refused("t.mesh", "  nOFF\n3\n",
                   ":1:3: a 4D or nD OFF file is not read (OFF, COFF, NOFF and CNOFF are)");
    expect_refused("t.off", "STOFF\n",
                   ":1:1: an STOFF file (texture coordinates) is not read (OFF, COFF, NOFF "
                   "and CNOFF are)");
    /* a count beyond the range is refused before it is converted (the fuzz target
     * found the conversion of 4.9e115 to long, undefined behaviour) */
    expect_refused("t.off", "COFF\n488888888888888888888888888888 1 0\n",
                   ":2:1: expected the counts: vertices faces edges");
    /* the edge count may be left out, not the face count */
    expect_refused("t.off", "OFF\n3\n", ":2:2: expected the counts: vertices faces edges");
    /* a face with fewer indices than its count */
    expect_refused("t.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1\n",
                   ":6:6: a face needs at least 3 vertices");
}
END_TEST

START_TEST(test_text_that_is_no_mesh)
{
    /* named .off: refused at its first line, not read as an OBJ without
     * triangles (it said "no triangle") */
    expect_refused("notes.off", "\n# a note\nhello world\n",
                   ":3:1: expected an OFF header (OFF, COFF, NOFF or CNOFF)");
    /* "OFFSET" is no OFF header: read as OBJ, which has no `f` line */
    expect_refused("t.obj", "OFFSET 3\nhello\n",
                   ": no triangle (read as OBJ: no `f` line; OFF files start with OFF, PLY "
                   "files with ply)");
    /* named .off, blank lines and comments only: no OFF header, said so (it
     * said "no triangle (read as OBJ: …)") */
    expect_refused("t.off", "# nothing\n\n",
                   ":3:0: end of file before the OFF header (OFF, COFF, NOFF or CNOFF)");
    /* a file that cannot be opened says so, as the other readers do */
    expect_refused("absent.obj", NULL, ": cannot open: No such file or directory");
    /* an OFF file without faces keeps the plain message */
    expect_refused("t.off", "OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n", ": no triangle");
}
END_TEST

START_TEST(test_source_lines_of_off_faces)
{
    const char *path = file_with("t.off", TETRA_COFF);
    ccd_mesh m;
    ccd_mesh_source src;
    ccd_error err;
    ck_assert_int_eq(ccd_mesh_read_source(&m, &src, &err, path), CCD_OK);
    ck_assert_uint_eq(src.count_line, 2);
    for (size_t t = 0; t < 4; t++)
        ck_assert_uint_eq(src.triangle_line[t], 7 + t);
    ck_assert_ptr_null(src.vertex_line); /* kept by ccd_mesh_read_points only */
    ccd_mesh_source_free(&src);
    ccd_mesh_free(&m);
}
END_TEST

/* ccd_mesh_read_points: file name, text, and the lines its vertices must get. */
static void expect_vertex_lines(const char *name, const char *text, size_t nv,
                                const size_t *lines)
{
    const char *path = file_with(name, text);
    ccd_mesh m;
    ccd_mesh_source src;
    ccd_error err;
    ck_assert_msg(ccd_mesh_read_points(&m, &src, &err, path) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(m.nvertices, nv);
    ck_assert_ptr_nonnull(src.vertex_line);
    for (size_t i = 0; i < nv; i++)
        ck_assert_msg(src.vertex_line[i] == lines[i], "%s: vertex %zu at line %zu, not %zu",
                      name, i, src.vertex_line[i], lines[i]);
    ccd_mesh_source_free(&src);
    ccd_mesh_free(&m);
}

START_TEST(test_source_lines_of_vertices)
{
    /* OBJ: comments, blank lines and other statements between the v lines */
    static const size_t obj_lines[] = {2, 5, 7, 10};
    expect_vertex_lines("t.obj",
                        "# a tetrahedron\n"
                        "v 0 0 0\n"
                        "\n"
                        "vn 0 0 1\n"
                        "   v 1 0 0 # indented, with a comment\n"
                        "# between\n"
                        "v 0 1 0\n"
                        "\n"
                        "\n"
                        "v\t0 0 1\n"
                        "f 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n",
                        4, obj_lines);
    /* OFF: the counts on the header's line, comments and blank lines between */
    static const size_t off_lines[] = {3, 4, 6, 9};
    expect_vertex_lines("t.off",
                        "OFF 4 4 6\n"
                        "# vertices\n"
                        "0 0 0\n"
                        "1 0 0\n"
                        "\n"
                        "0 1 0 # third\n"
                        "# fourth\n"
                        "\n"
                        "0 0 1\n"
                        "3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n",
                        4, off_lines);
    /* COFF, read by its contents under another name */
    static const size_t coff_lines[] = {3, 4, 5, 6};
    expect_vertex_lines("t.mesh", TETRA_COFF, 4, coff_lines);
    /* ascii PLY: each record's line (a blank line between records) */
    static const size_t ply_lines[] = {8, 9, 11, 12};
    expect_vertex_lines("t.ply",
                        "ply\nformat ascii 1.0\nelement vertex 4\n"
                        "property float x\nproperty float y\nproperty float z\nend_header\n"
                        "0 0 0\n1 0 0\n\n0 1 0\n0 0 1\n",
                        4, ply_lines);
}
END_TEST

START_TEST(test_source_lines_of_binary_ply)
{
    /* binary data have no lines: 0 for every vertex, as for the triangles (its
     * messages name the record, "(vertex N)") */
    static const char head[] = "ply\nformat binary_little_endian 1.0\nelement vertex 4\n"
                               "property uchar x\nproperty uchar y\nproperty uchar z\n"
                               "end_header\n";
    static const unsigned char data[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    char path[256];
    snprintf(path, sizeof path, "%s/b.ply", dir);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(head, f);
    fwrite(data, 1, sizeof data, f);
    ck_assert_int_eq(fclose(f), 0);
    ccd_mesh m;
    ccd_mesh_source src;
    ccd_error err;
    ck_assert_msg(ccd_mesh_read_points(&m, &src, &err, path) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(m.nvertices, 4);
    ck_assert_double_eq(m.vertices[3 * 3 + 2], 1);
    for (size_t i = 0; i < 4; i++)
        ck_assert_uint_eq(src.vertex_line[i], 0);
    ck_assert_uint_eq(src.count_line, 3);
    ccd_mesh_source_free(&src);
    ccd_mesh_free(&m);
}
END_TEST

START_TEST(test_points_without_faces)
{
    /* read for the vertices, a file needs no faces: OBJ without f lines, OFF with
     * 0 faces, PLY without a face element; ccd_mesh_read still wants a triangle */
    static const char *const texts[][2] = {
        {"t.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n"},
        {"t.off", "OFF\n4 0 0\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n"},
        {"t.ply", "ply\nformat ascii 1.0\nelement vertex 4\nproperty double x\n"
                  "property double y\nproperty double z\nend_header\n"
                  "0 0 0\n1 0 0\n0 1 0\n0 0 1\n"},
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const char *path = file_with(texts[i][0], texts[i][1]);
        ccd_mesh m;
        ccd_mesh_source src;
        ccd_error err;
        ck_assert_msg(ccd_mesh_read_points(&m, &src, &err, path) == CCD_OK, "%s", err.message);
        ck_assert_uint_eq(m.nvertices, 4);
        ck_assert_uint_eq(m.ntriangles, 0);
        ck_assert_uint_eq(src.vertex_line[3], i == 0 ? 4 : i == 1 ? 6 : 11);
        ccd_mesh_source_free(&src);
        ccd_mesh_free(&m);
        ck_assert_int_eq(ccd_mesh_read(&m, &err, path), CCD_ERR_INPUT);
    }
    /* the faces a file has are still checked, at their line */
    const char *path = file_with("t.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n# faces\nf 1 2 9\n");
    ccd_mesh m;
    ccd_mesh_source src;
    ccd_error err;
    ck_assert_int_eq(ccd_mesh_read_points(&m, &src, &err, path), CCD_ERR_INPUT);
    char want[512];
    snprintf(want, sizeof want, "%s:6:7: vertex index out of range", path);
    ck_assert_str_eq(err.message, want);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mesh");
    TCase *tc = tcase_create("readers");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_off_variants_read);
    tcase_add_test(tc, test_off_variants_refused);
    tcase_add_test(tc, test_text_that_is_no_mesh);
    tcase_add_test(tc, test_source_lines_of_off_faces);
    tcase_add_test(tc, test_source_lines_of_vertices);
    tcase_add_test(tc, test_source_lines_of_binary_ply);
    tcase_add_test(tc, test_points_without_faces);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
