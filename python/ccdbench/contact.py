# SPDX-License-Identifier: MIT
"""Differentiable contact routines on NumPy batches, with their derivatives
computed by the C library (forward-mode dual numbers or closed forms, not
finite differences):

- witness_ee, witness_vf: the smoothed witness points of Beker et al. 2025,
  "Smoothly Differentiable and Efficiently Vectorizable Contact Manifold
  Generation" (docs/contact-witness.md);
- potential_triangles: the exact long-range contact potential of two triangles
  of Ye, Wu, Komura and Pan 2025, "Efficient Differentiable Contact Model with
  Long-Range Influence" (docs/contact-potential.md).

Every function takes a batch (a leading axis N) and loops over it in C, in
OpenMP threads, with the GIL released.  ccdbench.torch wraps them as
torch.autograd.Function whose backward uses these derivatives.
"""
import numpy as np

from . import _core

__all__ = ["smoothing_values", "witness_ee", "witness_vf", "potential_triangles"]

_HARD = (0.0, 0.0, 0.0, 0.0)


def smoothing_values(kind, spec="default"):
    """The smoothing of a witness routine as (w_reg, eps_clip, eps_min,
    eps_comp).  spec: 'default' (the supplement code's: λ = 0.01, every eps =
    0.1, for unit-size geometry), 'hard' (no smoothing: the exact closest
    points up to rounding), a level s (geometry of size 1), a pair (s, length),
    or a dict of the four values."""
    kind = {"ee": 1, "vf": 0}.get(kind, kind)
    if isinstance(spec, str):
        if spec == "hard":
            return _HARD
        if spec == "default":
            return _core.smoothing_level(kind, 0.1, 1.0)
        raise ValueError(f"smoothing: expected 'default', 'hard', a level, (level, length) "
                         f"or a dict, got {spec!r}")
    if isinstance(spec, dict):
        unknown = set(spec) - {"w_reg", "eps_clip", "eps_min", "eps_comp"}
        if unknown:
            raise ValueError(f"smoothing: unknown keys {sorted(unknown)}")
        return tuple(float(spec.get(k, 0.0)) for k in ("w_reg", "eps_clip", "eps_min",
                                                        "eps_comp"))
    if isinstance(spec, (tuple, list)) and len(spec) == 2:
        return _core.smoothing_level(kind, float(spec[0]), float(spec[1]))
    return _core.smoothing_level(kind, float(spec), 1.0)


def _points(x, name="x"):
    x = np.asarray(x, dtype=np.float64)
    if x.ndim != 3 or x.shape[1:] != (4, 3):
        raise ValueError(f"{name}: expected shape (N, 4, 3), got {x.shape}")
    return np.ascontiguousarray(x)


def witness_ee(x, smoothing="default", jacobian=False, threads=0):
    """Witness points of edge pairs x (N, 4, 3): rows ea0, ea1, eb0, eb1.
    smoothing: as smoothing_values.  Returns a dict: pa, pb (N, 3) (pa = ea0 + α1 (ea1 - ea0), pb likewise on
    edge b), alpha (N, 2), colliding (N,) (the soft indicator that the
    unconstrained minimiser is inside); with jacobian=True also d_pa, d_pb
    (N, 3, 12), d_alpha (N, 2, 12), d_colliding (N, 12): derivatives with
    respect to x flattened row-major (column 3*row + axis)."""
    out = _core.witness(1, _points(x), smoothing_values("ee", smoothing), bool(jacobian),
                        int(threads))
    names = ("pa", "pb", "alpha", "colliding", "d_pa", "d_pb", "d_alpha", "d_colliding")
    return dict(zip(names, out))


def witness_vf(x, smoothing="default", jacobian=False, threads=0):
    """Witness point of vertex-face pairs x (N, 4, 3): rows v, f0, f1, f2.
    smoothing: as smoothing_values.  Returns a dict: pf (N, 3) (the smoothed projection of v on the face),
    inside (N,) (the soft indicator that the projection lies inside); with
    jacobian=True also d_pf (N, 3, 12) and d_inside (N, 12)."""
    out = _core.witness(0, _points(x), smoothing_values("vf", smoothing), bool(jacobian),
                        int(threads))
    return dict(zip(("pf", "inside", "d_pf", "d_inside"), out))


def potential_triangles(a, b, gradient=True, hessian=False, threads=0):
    """The exact potential P of triangle pairs a, b (N, 3, 3) (Ye et al. 2025:
    P > 12, +inf on contact).  Returns a dict: value (N,), status (N,) int8 (0
    ok, 1 contact, 2 not converged), grad (N, 18) (a's vertices then b's;
    None unless gradient or hessian), hess (N, 18, 18) (None unless hessian),
    plane (N, 4) (the separating plane n, d at the optimum).  On contact the
    derivatives and the plane are NaN."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    for name, t in (("a", a), ("b", b)):
        if t.ndim != 3 or t.shape[1:] != (3, 3):
            raise ValueError(f"{name}: expected shape (N, 3, 3), got {t.shape}")
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"a, b: expected the same number of pairs, got {a.shape[0]} and "
                         f"{b.shape[0]}")
    out = _core.potential_triangles(np.ascontiguousarray(a), np.ascontiguousarray(b),
                                    bool(gradient), bool(hessian), int(threads))
    return dict(zip(("value", "status", "grad", "hess", "plane"), out))
