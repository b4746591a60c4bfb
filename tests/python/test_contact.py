# SPDX-License-Identifier: MIT
"""The witness points (Beker et al.) and the triangle potential (Ye et al.)
from Python: values against closed forms, Jacobians (and the potential's
Hessian) against central differences of the values, bad shapes, threads.
PyTorch's gradcheck of the same routines: test_torch.py."""
import numpy as np
import pytest

import ccdbench.contact as cc

RNG = np.random.default_rng(20261127)


def _central(f, x, h=1e-6):
    """d f / d x by central differences: f maps (N, 4, 3) to (N, m)."""
    n = x.shape[0]
    flat = x.reshape(n, -1)
    cols = []
    for k in range(flat.shape[1]):
        e = np.zeros_like(flat)
        e[:, k] = h
        cols.append((f((flat + e).reshape(x.shape)) - f((flat - e).reshape(x.shape))) / (2 * h))
    return np.stack(cols, axis=-1)  # (N, m, 12)


def _well_posed_ee(n):
    """Edge pairs away from the routine's kinks: skew, distinct, unit size."""
    x = RNG.uniform(-1, 1, size=(n, 4, 3))
    x[:, 2:] += np.array([0.0, 0.0, 0.7])
    return x


def test_hard_witness_ee_is_the_closest_pair():
    # two skew lines crossing at distance 1 above each other
    x = np.array([[[-1, 0, 0], [1, 0, 0], [0, -1, 1], [0, 1, 1]]], dtype=float)
    r = cc.witness_ee(x, smoothing="hard")
    assert np.allclose(r["pa"], [[0, 0, 0]]) and np.allclose(r["pb"], [[0, 0, 1]])
    assert np.allclose(r["alpha"], [[0.5, 0.5]]) and r["colliding"][0] == 1


def test_hard_witness_vf_is_the_projection():
    x = np.array([[[0.25, 0.25, 2], [0, 0, 0], [1, 0, 0], [0, 1, 0]]], dtype=float)
    r = cc.witness_vf(x, smoothing="hard")
    assert np.allclose(r["pf"], [[0.25, 0.25, 0]]) and r["inside"][0] == 1


@pytest.mark.parametrize("smoothing", ["default", 1e-2, (0.1, 2.0)])
def test_witness_ee_jacobian_matches_differences(smoothing):
    x = _well_posed_ee(50)
    r = cc.witness_ee(x, smoothing=smoothing, jacobian=True)
    for key in ("pa", "pb", "alpha", "colliding"):
        def value(y, key=key):
            return cc.witness_ee(y, smoothing=smoothing)[key].reshape(y.shape[0], -1)
        d = r["d_" + key].reshape(50, -1, 12)
        assert np.allclose(d, _central(value, x), rtol=1e-5, atol=1e-6), key
    # the values do not depend on asking for the Jacobian
    plain = cc.witness_ee(x, smoothing=smoothing)
    assert all(np.array_equal(plain[k], r[k]) for k in ("pa", "pb", "alpha", "colliding"))


@pytest.mark.parametrize("smoothing", ["default", 1e-2])
def test_witness_vf_jacobian_matches_differences(smoothing):
    x = RNG.uniform(-1, 1, size=(50, 4, 3))
    x[:, 0] += np.array([0.0, 0.0, 1.5])
    r = cc.witness_vf(x, smoothing=smoothing, jacobian=True)
    for key in ("pf", "inside"):
        def value(y, key=key):
            return cc.witness_vf(y, smoothing=smoothing)[key].reshape(y.shape[0], -1)
        d = r["d_" + key].reshape(50, -1, 12)
        assert np.allclose(d, _central(value, x), rtol=1e-5, atol=1e-6), key


def _separated_triangles(n):
    a = RNG.uniform(0, 1, size=(n, 3, 3))
    b = RNG.uniform(0, 1, size=(n, 3, 3)) + np.array([0.0, 0.0, 1.5])
    return a, b


def test_potential_of_points_is_the_closed_form():
    # two points at distance r: P is the centred potential P_c(r) (Ye et al.)
    r = np.array([0.5, 1.0, 3.0])
    a = np.zeros((3, 3, 3))
    b = np.zeros((3, 3, 3))
    b[:, :, 0] = r[:, None]
    out = cc.potential_triangles(a, b)
    assert (out["status"] == 0).all()
    assert np.allclose(out["value"], 12 * (1 + r ** -0.5) ** 2, rtol=1e-12)


def test_potential_gradient_and_hessian_match_differences():
    a, b = _separated_triangles(30)
    out = cc.potential_triangles(a, b, hessian=True)
    assert (out["status"] == 0).all() and (out["value"] > 12).all()
    x = np.concatenate([a.reshape(30, 9), b.reshape(30, 9)], axis=1)
    h = 1e-6
    for k in range(18):
        e = np.zeros(18)
        e[k] = h
        up = cc.potential_triangles(*_split(x + e), hessian=False)
        down = cc.potential_triangles(*_split(x - e), hessian=False)
        fd = (up["value"] - down["value"]) / (2 * h)
        assert np.allclose(out["grad"][:, k], fd, rtol=1e-5, atol=1e-5), k
        fd2 = (up["grad"] - down["grad"]) / (2 * h)
        assert np.allclose(out["hess"][:, :, k], fd2, rtol=1e-4, atol=1e-4), k


def _split(x):
    return x[:, :9].reshape(-1, 3, 3), x[:, 9:].reshape(-1, 3, 3)


def test_potential_contact_is_infinite():
    a = np.array([[[0, 0, 0], [1, 0, 0], [0, 1, 0]]], dtype=float)
    out = cc.potential_triangles(a, a + np.array([0.2, 0.2, 0.0]))
    assert out["status"][0] == 1 and out["value"][0] == np.inf
    assert np.isnan(out["grad"]).all()


def test_contact_bad_shapes():
    with pytest.raises(ValueError, match=r"\(N, 4, 3\)"):
        cc.witness_ee(np.zeros((3, 3, 3)))
    with pytest.raises(ValueError, match=r"\(N, 4, 3\)"):
        cc.witness_vf(np.zeros((4, 3)))
    with pytest.raises(ValueError, match=r"\(N, 3, 3\)"):
        cc.potential_triangles(np.zeros((2, 4, 3)), np.zeros((2, 3, 3)))
    with pytest.raises(ValueError, match="same number"):
        cc.potential_triangles(np.zeros((2, 3, 3)), np.zeros((3, 3, 3)))
    with pytest.raises(ValueError, match="smoothing"):
        cc.witness_ee(np.zeros((1, 4, 3)), smoothing="soft")
    with pytest.raises(ValueError, match="smoothing"):
        cc.witness_ee(np.zeros((1, 4, 3)), smoothing={"w_reg": -1})


def test_threads_do_not_change_values():
    x = _well_posed_ee(1000)
    one = cc.witness_ee(x, jacobian=True, threads=1)
    three = cc.witness_ee(x, jacobian=True, threads=3)
    assert all(np.array_equal(one[k], three[k]) for k in one)


def test_sdf_sphere_and_planes_are_exact():
    x = RNG.uniform(-2, 2, size=(200, 3))
    r = np.linalg.norm(x, axis=1)
    s = cc.sdf_superquadric(x, 1.0, 1.0, 1.0, trans=[0, 0, 0])
    assert np.allclose(s["phi"], r - 1, atol=1e-12)
    assert np.allclose(s["grad"], x / r[:, None], atol=1e-9)
    # a unit cube as six planes, moved by trans: φ is the max of the plane distances
    n = np.vstack([np.eye(3), -np.eye(3)])
    c = cc.sdf_planes(x, n, 0.5 * n, trans=[0.1, 0.2, 0.3])
    want = np.max((x - [0.1, 0.2, 0.3]) @ n.T - 0.5, axis=1)
    assert np.allclose(c["phi"], want, atol=1e-12)


@pytest.mark.parametrize("which", ["superquadric", "planes", "points"])
def test_sdf_gradients_match_differences(which):
    rot = np.array([[0.0, -1, 0], [1, 0, 0], [0, 0, 1]])
    n = np.vstack([np.eye(3), -np.eye(3)])
    samples = RNG.normal(size=(40, 3))
    samples /= np.linalg.norm(samples, axis=1)[:, None]
    f = {"superquadric": lambda y: cc.sdf_superquadric(y, 1.0, 0.7, 0.5, 0.6, 0.8, rot=rot),
         "planes": lambda y: cc.sdf_planes(y, n, 0.5 * n, tau=0.05, rot=rot),
         "points": lambda y: cc.sdf_points(y, samples, samples, 0.3)}[which]
    x = RNG.uniform(-1.5, 1.5, size=(60, 3))
    g = f(x)["grad"]
    h = 1e-6
    for k in range(3):
        e = np.zeros(3)
        e[k] = h
        fd = (f(x + e)["phi"] - f(x - e)["phi"]) / (2 * h)
        assert np.allclose(g[:, k], fd, rtol=1e-5, atol=1e-6), (which, k)


def test_sdf_bad_input():
    with pytest.raises(ValueError, match=r"\(N, 3\)"):
        cc.sdf_superquadric(np.zeros((2, 4)), 1, 1, 1)
    with pytest.raises(ValueError, match="superquadric"):
        cc.sdf_superquadric(np.zeros((2, 3)), 1, -1, 1)
    with pytest.raises(ValueError, match="sigma"):
        cc.sdf_points(np.zeros((2, 3)), np.zeros((1, 3)), np.zeros((1, 3)), 0)
    with pytest.raises(ValueError, match="rot"):
        cc.sdf_superquadric(np.zeros((2, 3)), 1, 1, 1, rot=np.eye(2))
