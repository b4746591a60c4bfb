# SPDX-License-Identifier: MIT
"""PyTorch wrappers of ccdbench.contact: torch.autograd.Function whose
backward multiplies by the Jacobians the C library computes (not autograd
through Python).  Inputs may live on any device and have any floating dtype:
they are computed in float64 on the CPU and returned in the input's dtype and
device.  First derivatives only (once differentiable).

    import torch, ccdbench.torch as ct
    x = torch.rand(100, 4, 3, dtype=torch.float64, requires_grad=True)
    pa, pb, alpha, colliding = ct.witness_ee(x)
    (pa - pb).norm(dim=1).sum().backward()     # x.grad from the library's Jacobians
"""
import numpy as np
import torch
from torch.autograd.function import once_differentiable

from . import contact

__all__ = ["witness_ee", "witness_vf", "sdf_superquadric", "sdf_planes", "sdf_points",
           "potential_triangles", "polyhedra_contact", "minimum_scaling"]


def _numpy(t):
    return t.detach().to("cpu", torch.float64).contiguous().numpy()


def _tensor(a, like):
    return torch.from_numpy(np.ascontiguousarray(a)).to(like.device, like.dtype)


def _pull(grads, jacobians, n):
    """Σ_k grads[k]ᵀ J_k: each grad (N, m) or (N,), each J (N, m, 12) or (N, 12)."""
    total = None
    for g, j in zip(grads, jacobians):
        if g is None:
            continue
        g = g.to(j.dtype).reshape(n, -1)
        j = j.reshape(n, g.shape[1], 12)
        part = torch.einsum("nm,nmk->nk", g, j)
        total = part if total is None else total + part
    return total


# The outputs of each witness routine, in order; the Jacobian of output k is "d_" + k.
_WITNESS_OUTPUTS = {"ee": ("pa", "pb", "alpha", "colliding"), "vf": ("pf", "inside")}


class _Witness(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, smoothing, kind):
        routine = contact.witness_ee if kind == "ee" else contact.witness_vf
        r = routine(_numpy(x), smoothing, jacobian=True)
        names = _WITNESS_OUTPUTS[kind]
        ctx.save_for_backward(*(torch.from_numpy(r["d_" + k]) for k in names))
        ctx.n, ctx.device, ctx.dtype = x.shape[0], x.device, x.dtype
        return tuple(_tensor(r[k], x) for k in names)

    @staticmethod
    @once_differentiable
    def backward(ctx, *grads):
        grad = _pull(grads, ctx.saved_tensors, ctx.n)
        if grad is None:
            return None, None, None
        return grad.reshape(ctx.n, 4, 3).to(ctx.device, ctx.dtype), None, None


class _SDF(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, evaluate):
        r = evaluate(_numpy(x))
        ctx.save_for_backward(torch.from_numpy(r["grad"]))
        ctx.device, ctx.dtype = x.device, x.dtype
        return _tensor(r["phi"], x)

    @staticmethod
    @once_differentiable
    def backward(ctx, g_phi):
        (grad,) = ctx.saved_tensors
        return (g_phi.to(grad.dtype).reshape(-1, 1) * grad).to(ctx.device, ctx.dtype), None


class _PotentialTriangles(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        r = contact.potential_triangles(_numpy(a), _numpy(b), gradient=True)
        ctx.save_for_backward(torch.from_numpy(r["grad"]))
        ctx.device, ctx.dtype = a.device, a.dtype
        return _tensor(r["value"], a)

    @staticmethod
    @once_differentiable
    def backward(ctx, g_value):
        (grad,) = ctx.saved_tensors
        full = g_value.to(grad.dtype).reshape(-1, 1) * grad  # (N, 18)
        n = full.shape[0]
        ga = full[:, :9].reshape(n, 3, 3).to(ctx.device, ctx.dtype)
        gb = full[:, 9:].reshape(n, 3, 3).to(ctx.device, ctx.dtype)
        return ga, gb


class _Polyhedra(torch.autograd.Function):
    @staticmethod
    def forward(ctx, pos_a, pos_b, a, b, quat_a, quat_b):
        n = pos_a.shape[0]
        pa = np.concatenate([np.broadcast_to(quat_a, (n, 4)), _numpy(pos_a)], axis=1)
        pb = np.concatenate([np.broadcast_to(quat_b, (n, 4)), _numpy(pos_b)], axis=1)
        r = contact.polyhedra_contact(a, b, pa, pb, jacobian=True)
        dphi = torch.from_numpy(r["dphi"])  # (N, 12): ω_a, v_a, ω_b, v_b
        dn = torch.from_numpy(r["dn"])      # (N, 3, 12)
        ctx.save_for_backward(dphi, dn)
        ctx.device, ctx.dtype = pos_a.device, pos_a.dtype
        return _tensor(r["phi"], pos_a), _tensor(r["normal"], pos_a)

    @staticmethod
    @once_differentiable
    def backward(ctx, g_phi, g_normal):
        dphi, dn = ctx.saved_tensors
        # v_a and v_b translate the bodies: d/d position = d/d v
        total = g_phi.to(dphi.dtype).reshape(-1, 1) * dphi
        total = total + torch.einsum("nc,nck->nk", g_normal.to(dn.dtype), dn)
        ga = total[:, 3:6].to(ctx.device, ctx.dtype)
        gb = total[:, 9:12].to(ctx.device, ctx.dtype)
        return ga, gb, None, None, None, None


class _Scaling(torch.autograd.Function):
    @staticmethod
    def forward(ctx, pos_a, pos_b, a, b, rho):
        r = contact.minimum_scaling(a, b, rho, _numpy(pos_a), _numpy(pos_b), derivatives=True)
        # the first three parameters of every shape are its centre x, y, z
        ctx.save_for_backward(torch.from_numpy(np.ascontiguousarray(r["dalpha"][:, :, :3])),
                              torch.from_numpy(np.ascontiguousarray(r["dp"][:, :, :3, :])))
        ctx.device, ctx.dtype = pos_a.device, pos_a.dtype
        return _tensor(r["alpha"], pos_a), _tensor(r["p"], pos_a)

    @staticmethod
    @once_differentiable
    def backward(ctx, g_alpha, g_p):
        dalpha, dp = ctx.saved_tensors  # (N, 2, 3), (N, 2, 3, 3): [pair, shape, θ, p axis]
        total = g_alpha.to(dalpha.dtype).reshape(-1, 1, 1) * dalpha
        total = total + torch.einsum("nc,nsjc->nsj", g_p.to(dp.dtype), dp)
        return (total[:, 0].to(ctx.device, ctx.dtype), total[:, 1].to(ctx.device, ctx.dtype),
                None, None, None)


def witness_ee(x, smoothing="default"):
    """(pa, pb, alpha, colliding) of edge pairs x (N, 4, 3), differentiable in x."""
    return _Witness.apply(x, smoothing, "ee")


def witness_vf(x, smoothing="default"):
    """(pf, inside) of vertex-face pairs x (N, 4, 3), differentiable in x."""
    return _Witness.apply(x, smoothing, "vf")


def sdf_superquadric(x, a, b, c, e1=1.0, e2=1.0, rot=None, trans=None):
    """φ (N,) of the superquadric at points x (N, 3), differentiable in x."""
    return _SDF.apply(x, lambda y: contact.sdf_superquadric(y, a, b, c, e1, e2, rot, trans))


def sdf_planes(x, normals, points, tau=0.0, rot=None, trans=None):
    """φ (N,) of the convex polyhedron's planes at x (N, 3), differentiable in x."""
    return _SDF.apply(x, lambda y: contact.sdf_planes(y, normals, points, tau, rot, trans))


def sdf_points(x, points, normals, sigma, rot=None, trans=None):
    """φ (N,) of the oriented point cloud at x (N, 3), differentiable in x."""
    return _SDF.apply(x, lambda y: contact.sdf_points(y, points, normals, sigma, rot, trans))


def potential_triangles(a, b):
    """Ye et al.'s potential P (N,) of triangle pairs a, b (N, 3, 3),
    differentiable in both (+inf on contact, where its gradient is NaN)."""
    return _PotentialTriangles.apply(a, b)


def polyhedra_contact(a, b, pos_a, pos_b, quat_a=(1.0, 0.0, 0.0, 0.0),
                      quat_b=(1.0, 0.0, 0.0, 0.0)):
    """(phi, normal) of convex polyhedra a, b (ccdbench.contact.polyhedron_*)
    at positions pos_a, pos_b (N, 3) and fixed orientations (unit quaternions
    w, x, y, z, one or (N, 4)), differentiable in the positions (NaN gradient
    where the contact is not smooth: jacobian_defined of polyhedra_contact)."""
    return _Polyhedra.apply(pos_a, pos_b, a, b, np.asarray(quat_a, dtype=np.float64),
                            np.asarray(quat_b, dtype=np.float64))


def minimum_scaling(a, b, pos_a, pos_b, rho=0.0):
    """(alpha, p) of shapes a, b (ccdbench.contact.Shape, or sequences of N)
    centred at pos_a, pos_b (N, 3), differentiable in the centres (the
    implicit-function derivatives of the library)."""
    return _Scaling.apply(pos_a, pos_b, a, b, float(rho))
