# SPDX-License-Identifier: MIT
"""ccdbench.torch: torch.autograd.gradcheck in float64 of every wrapper (its
backward multiplies by the library's Jacobians), dtypes kept.  Skipped, saying
so, where PyTorch is not installed (Debian python3-torch); the NumPy layer's
tests do not need it."""
import numpy as np
import pytest

import ccdbench.contact as cc

torch = pytest.importorskip("torch", reason="PyTorch is not installed (apt: python3-torch)")
import ccdbench.torch as ct  # noqa: E402

RNG = np.random.default_rng(20261128)


def _well_posed_ee(n):
    x = RNG.uniform(-1, 1, size=(n, 4, 3))
    x[:, 2:] += np.array([0.0, 0.0, 0.7])
    return x


def _separated_triangles(n):
    a = RNG.uniform(0, 1, size=(n, 3, 3))
    b = RNG.uniform(0, 1, size=(n, 3, 3)) + np.array([0.0, 0.0, 1.5])
    return a, b

def test_gradcheck_witness_ee():
    x = torch.tensor(_well_posed_ee(6), dtype=torch.float64, requires_grad=True)
    for smoothing in ("default", 1e-2):
        assert torch.autograd.gradcheck(lambda y: ct.witness_ee(y, smoothing), (x,),
                                        eps=1e-6, atol=1e-5, rtol=1e-4)


def test_gradcheck_witness_vf():
    x0 = RNG.uniform(-1, 1, size=(6, 4, 3))
    x0[:, 0] += np.array([0.0, 0.0, 1.5])
    x = torch.tensor(x0, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda y: ct.witness_vf(y), (x,), eps=1e-6, atol=1e-5,
                                    rtol=1e-4)


def test_gradcheck_potential():
    a0, b0 = _separated_triangles(4)
    a = torch.tensor(a0, dtype=torch.float64, requires_grad=True)
    b = torch.tensor(b0, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(ct.potential_triangles, (a, b), eps=1e-6, atol=1e-5,
                                    rtol=1e-4)


def test_torch_keeps_dtype_and_backward_uses_the_library():
    x = torch.tensor(_well_posed_ee(10), dtype=torch.float32, requires_grad=True)
    pa, pb, _, _ = ct.witness_ee(x)
    assert pa.dtype == torch.float32
    (pa - pb).pow(2).sum().backward()
    r = cc.witness_ee(x.detach().double().numpy(), jacobian=True)
    d = r["pa"] - r["pb"]
    want = np.einsum("nm,nmk->nk", 2 * d, r["d_pa"] - r["d_pb"]).reshape(10, 4, 3)
    assert np.allclose(x.grad.numpy(), want, rtol=1e-5, atol=1e-5)




def test_gradcheck_polyhedra_positions():
    a, b = cc.polyhedron_box([1, 1, 1]), cc.polyhedron_box([0.5, 0.5, 0.5])
    pa = torch.zeros(3, 3, dtype=torch.float64, requires_grad=True)
    pb = torch.tensor([[0.3, 0.2, 2.0], [0.1, -0.2, 2.5], [2.6, 0.1, 0.2]],
                      dtype=torch.float64, requires_grad=True)
    q = np.array([0.98, 0.1, 0.15, 0.05])
    q /= np.linalg.norm(q)
    assert torch.autograd.gradcheck(lambda x, y: ct.polyhedra_contact(a, b, x, y, quat_b=q),
                                    (pa, pb), eps=1e-6, atol=1e-5, rtol=1e-4)


def test_gradcheck_scaling_positions():
    a, b = cc.Shape("sphere,r=1"), cc.Shape("capsule,r=0.5,len=2,rot=0.1:0.2:0.3")
    pa = torch.tensor([[0.0, 0, 0], [0.1, 0.2, 0]], dtype=torch.float64, requires_grad=True)
    pb = torch.tensor([[3.0, 0.5, 0.2], [0.5, 2.5, 0.3]], dtype=torch.float64,
                      requires_grad=True)
    # the solve meets its tolerances to about 1e-9: differences of step 1e-4
    assert torch.autograd.gradcheck(lambda x, y: ct.minimum_scaling(a, b, x, y), (pa, pb),
                                    eps=1e-4, atol=1e-5, rtol=1e-3)


def test_gradcheck_sdfs():
    x = torch.tensor(RNG.uniform(-1.5, 1.5, size=(8, 3)), dtype=torch.float64,
                     requires_grad=True)
    n = np.vstack([np.eye(3), -np.eye(3)])
    assert torch.autograd.gradcheck(lambda y: ct.sdf_superquadric(y, 1.0, 0.7, 0.5, 0.6, 0.8),
                                    (x,), eps=1e-6, atol=1e-5, rtol=1e-4)
    assert torch.autograd.gradcheck(lambda y: ct.sdf_planes(y, n, 0.5 * n, tau=0.05), (x,),
                                    eps=1e-6, atol=1e-5, rtol=1e-4)
    assert torch.autograd.gradcheck(lambda y: ct.sdf_points(y, n, n, 0.5), (x,), eps=1e-6,
                                    atol=1e-5, rtol=1e-4)
