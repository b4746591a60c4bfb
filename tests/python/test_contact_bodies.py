# SPDX-License-Identifier: MIT
"""Convex polyhedra (Cheng Yi & Drumwright) and minimum scaling (Le Cleac'h et
al.) from Python: values against closed forms and the command line, every
derivative against central differences, and bad input with the command
line's messages."""
import numpy as np
import pytest

import ccdbench
import ccdbench.contact as cc

IDENTITY = np.array([1.0, 0, 0, 0, 0, 0, 0])


def _pose(quat, pos):
    q = np.asarray(quat, dtype=float)
    return np.concatenate([q / np.linalg.norm(q), pos])


def test_boxes_face_to_face_distance():
    a, b = cc.polyhedron_box([1, 1, 1]), cc.polyhedron_box([0.5, 0.5, 0.5])
    assert a.counts == (8, 12, 6) and a.vertices.shape == (8, 3)
    r = cc.polyhedra_contact(a, b, IDENTITY, [[1, 0, 0, 0, 0, 0, 2.0], [1, 0, 0, 0, 0, 0, 1.25]])
    assert np.allclose(r["phi"], [0.5, -0.25])
    assert np.allclose(r["normal"], [[0, 0, -1], [0, 0, -1]])
    assert r["intersecting"].tolist() == [False, True]
    assert (r["point_count"] == 4).all()  # face on face: a square manifold
    assert np.isnan(r["points"][:, 4:]).all()


def test_polyhedra_jacobian_matches_differences():
    a, b = cc.polyhedron_box([1, 1, 1]), cc.polyhedron_sphere(50, 0.7)
    rng = np.random.default_rng(5)
    poses_b = np.array([_pose([1, *rng.uniform(-0.3, 0.3, 3)], [*rng.uniform(-0.4, 0.4, 2),
                                                               rng.uniform(1.9, 2.4)])
                        for _ in range(8)])
    r = cc.polyhedra_contact(a, b, IDENTITY, poses_b, jacobian=True)
    ok = r["jacobian_defined"]
    assert ok.sum() >= 4
    h = 1e-6
    for k in (9, 10, 11):  # the position of b: d/d v_b
        up, down = poses_b.copy(), poses_b.copy()
        up[:, 4 + k - 9] += h
        down[:, 4 + k - 9] -= h
        fd = (cc.polyhedra_contact(a, b, IDENTITY, up)["phi"] -
              cc.polyhedra_contact(a, b, IDENTITY, down)["phi"]) / (2 * h)
        assert np.allclose(r["dphi"][ok, k], fd[ok], rtol=1e-5, atol=1e-6), k
    assert np.isnan(r["dphi"][~ok]).all()


def test_polyhedron_read_error_is_the_cli_message(tmp_path, cli):
    bad = tmp_path / "flat.obj"
    bad.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\n")
    with pytest.raises(ccdbench.InputError) as e:
        cc.polyhedron_read(bad)
    p = cli("contact", "polyhedra", "pair", bad, bad, check=False)
    assert p.returncode == 2 and str(e.value) in p.stderr
    with pytest.raises(ValueError, match=r"\(N, 7\)"):
        cc.polyhedra_contact(cc.polyhedron_box([1, 1, 1]), cc.polyhedron_box([1, 1, 1]),
                             np.zeros((2, 6)), IDENTITY)
    with pytest.raises(ValueError, match="quaternion"):
        cc.polyhedra_contact(cc.polyhedron_box([1, 1, 1]), cc.polyhedron_box([1, 1, 1]),
                             np.zeros(7), IDENTITY)


def test_spheres_scale_in_closed_form():
    a, b = cc.Shape("sphere,r=1"), cc.Shape("sphere,r=0.5")
    centres = np.array([[3.0, 0, 0], [0, 1.2, 0], [0.5, 0.5, 0.5]])
    r = cc.minimum_scaling(a, b, position_b=centres, derivatives=True)
    dist = np.linalg.norm(centres, axis=1)
    assert (r["status"] == 0).all()
    assert np.allclose(r["alpha"], dist / 1.5, rtol=1e-8)
    assert a.params == ("x", "y", "z", "rot_x", "rot_y", "rot_z", "radius")
    # dα*/dx_b = (x_b - x_a) / (|x_b - x_a| (r_a + r_b))
    assert np.allclose(r["dalpha"][:, 1, :3], centres / (dist[:, None] * 1.5), rtol=1e-6)
    assert np.isnan(r["dalpha"][:, 0, 7:]).all()


def test_scaling_derivatives_match_differences():
    a = cc.Shape("box,h=1:0.5:0.7,rot=0.2:0.1:0.3")
    b = cc.Shape("capsule,r=0.4,len=1.5,rot=0.5:0.2:0.1")
    rng = np.random.default_rng(3)
    centres = rng.uniform(-1, 1, size=(6, 3)) + np.array([3.0, 0, 0])
    r = cc.minimum_scaling(a, b, position_b=centres, derivatives=True, rho=1e-4)
    h = 1e-6
    for k in range(3):
        e = np.zeros(3)
        e[k] = h
        up = cc.minimum_scaling(a, b, position_b=centres + e, rho=1e-4)
        down = cc.minimum_scaling(a, b, position_b=centres - e, rho=1e-4)
        assert np.allclose(r["dalpha"][:, 1, k], (up["alpha"] - down["alpha"]) / (2 * h),
                           rtol=1e-4, atol=1e-6), k
        assert np.allclose(r["dp"][:, 1, k], (up["p"] - down["p"]) / (2 * h), rtol=1e-3,
                           atol=1e-5), k


def test_scaling_bad_input_is_the_cli_message(cli):
    with pytest.raises(ccdbench.InputError) as e:
        cc.Shape("sphere,r=-1")
    p = cli("contact", "scaling", "pair", "sphere,r=-1", "sphere,r=1", check=False)
    assert p.returncode == 2
    assert str(e.value).split(": ", 1)[1] in p.stderr
    with pytest.raises(ValueError, match="expected 1 or 3 shapes"):
        cc.minimum_scaling([cc.Shape("sphere,r=1")] * 2, cc.Shape("sphere,r=1"),
                           position_b=np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"position_b: expected shape"):
        cc.minimum_scaling(cc.Shape("sphere,r=1"), cc.Shape("sphere,r=1"),
                           position_b=np.zeros((3, 2)))
    assert cc.scaling_status_name(0) == "ok"
