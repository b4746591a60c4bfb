# SPDX-License-Identifier: MIT
"""Differentiable contact routines on NumPy batches, with their derivatives
computed by the C library (forward-mode dual numbers or closed forms, not
finite differences):

- witness_ee, witness_vf, and the SDF primitives sdf_superquadric, sdf_planes,
  sdf_points: the smoothed witness points and signed distances of Beker et al.
  2025, "Smoothly Differentiable and Efficiently Vectorizable Contact Manifold
  Generation" (docs/contact-witness.md);
- potential_triangles: the exact long-range contact potential of two triangles
  of Ye, Wu, Komura and Pan 2025, "Efficient Differentiable Contact Model with
  Long-Range Influence" (docs/contact-potential.md);
- polyhedra_contact: the contact data of convex polyhedra of Cheng Yi &
  Drumwright, "Determining Contact Data for Time Stepping Rigid Body
  Simulations with Convex Polyhedral Geometries" (docs/contact-polyhedra.md);
- minimum_scaling: the minimum-scaling collision detection of Le Cleac'h,
  Schwager, Manchester, Sindhwani, Florence and Singh 2023, "Single-Level
  Differentiable Contact Simulation" (docs/contact-scaling.md).

Every function takes a batch (a leading axis N) and loops over it in C, in
OpenMP threads, with the GIL released.  ccdbench.torch wraps them as
torch.autograd.Function whose backward uses these derivatives.
"""
import numpy as np

from . import _core

__all__ = ["smoothing_values", "witness_ee", "witness_vf", "sdf_superquadric", "sdf_planes",
           "sdf_points", "potential_triangles",
           "polyhedron_box", "polyhedron_sphere", "polyhedron_hull", "polyhedron_read",
           "polyhedra_contact", "polyhedra_status_name", "Shape", "minimum_scaling",
           "scaling_status_name"]

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


def _pose(rot, trans):
    rot = np.eye(3) if rot is None else np.asarray(rot, dtype=np.float64)
    trans = np.zeros(3) if trans is None else np.asarray(trans, dtype=np.float64)
    return np.ascontiguousarray(rot), np.ascontiguousarray(trans)


def _sdf(kind, x, params, a, b, rot, trans, threads):
    x = np.asarray(x, dtype=np.float64)
    if x.ndim != 2 or x.shape[1] != 3:
        raise ValueError(f"x: expected shape (N, 3), got {x.shape}")
    r, t = _pose(rot, trans)
    phi, grad = _core.sdf(kind, np.ascontiguousarray(x), params, a, b, r, t, int(threads))
    return {"phi": phi, "grad": grad}


def sdf_superquadric(x, a, b, c, e1=1.0, e2=1.0, rot=None, trans=None, threads=0):
    """The superquadric SDF of Beker et al. (Sec. IV-B; the radial distance,
    exact for a sphere) at points x (N, 3): axis lengths a, b, c, shape
    exponents e1, e2, pose world = rot · local + trans.  Returns a dict: phi
    (N,) (< 0 inside) and grad (N, 3) = ∇φ."""
    return _sdf("superquadric", x, (float(a), float(b), float(c), float(e1), float(e2)),
                None, None, rot, trans, threads)


def sdf_planes(x, normals, points, tau=0.0, rot=None, trans=None, threads=0):
    """The convex-polyhedron SDF of Beker et al. (eqs. 4-5): the max over the
    planes (unit outward normals (K, 3) through points (K, 3)) of their signed
    distances, or its log-sum-exp of width tau > 0.  phi (N,), grad (N, 3)."""
    return _sdf("planes", x, (float(tau),), np.asarray(normals, dtype=np.float64),
                np.asarray(points, dtype=np.float64), rot, trans, threads)


def sdf_points(x, points, normals, sigma, rot=None, trans=None, threads=0):
    """The oriented point-cloud SDF of Beker et al. (eq. 6) with Gaussian
    weights of width sigma: samples (K, 3) with unit normals (K, 3).  phi (N,),
    grad (N, 3)."""
    return _sdf("points", x, (float(sigma),), np.asarray(points, dtype=np.float64),
                np.asarray(normals, dtype=np.float64), rot, trans, threads)


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


# ------------------------------------------------------------ convex polyhedra

def polyhedron_box(half):
    """A box of half-extents half (3,) centred on its body origin."""
    return _core.polyhedron("box", np.asarray(half, dtype=np.float64))


def polyhedron_sphere(vertices, radius):
    """A tessellated sphere of 50, 98 or 182 vertices (the paper's counts)."""
    return _core.polyhedron("sphere", int(vertices), float(radius))


def polyhedron_hull(points):
    """The convex hull of points (M, 3) (exact orientation predicates)."""
    return _core.polyhedron("hull", np.asarray(points, dtype=np.float64))


def polyhedron_read(path):
    """A convex polyhedron from an OBJ, OFF or PLY file (InputError with
    "path:line:column: what" as `ccdbench contact polyhedra` says it)."""
    return _core.polyhedron("read", path)


def _poses(pose, n, name):
    p = np.asarray(pose, dtype=np.float64)
    if p.ndim == 1:
        p = np.broadcast_to(p, (n, p.shape[0]))
    if p.ndim != 2 or p.shape[1] != 7:
        raise ValueError(f"{name}: expected shape (N, 7) or (7,): w, x, y, z, px, py, pz")
    return np.ascontiguousarray(p)


def polyhedra_contact(a, b, pose_a, pose_b, jacobian=False, threads=0):
    """Contact data of convex polyhedra a and b (Cheng Yi & Drumwright,
    "Determining Contact Data for Time Stepping Rigid Body Simulations with
    Convex Polyhedral Geometries"; docs/contact-polyhedra.md) at a batch of
    poses (N, 7) (a quaternion w, x, y, z, then the position; one pose (7,) is
    used for every pair).  Returns a dict: status (N,) int8 (0 contact, else
    why the normal is indeterminate: status_name), intersecting (N,) bool, phi
    (N,) (the signed distance), normal (N, 3) (from b toward a), plane_d (N,),
    closest (N, 2, 3), point_count (N,), points (N, 64, 3) (the manifold, NaN
    beyond point_count); with jacobian=True also dphi (N, 12) and dn (N, 3, 12)
    with respect to the twists (ω_a, v_a, ω_b, v_b) (NaN where undefined) and
    jacobian_defined (N,) bool."""
    n = max(np.asarray(p).shape[0] if np.ndim(p) == 2 else 1 for p in (pose_a, pose_b))
    out = _core.polyhedra(a, b, _poses(pose_a, n, "pose_a"), _poses(pose_b, n, "pose_b"),
                          bool(jacobian), int(threads))
    names = ("status", "intersecting", "phi", "normal", "plane_d", "closest", "point_count",
             "points", "dphi", "dn", "jacobian_defined")
    return dict(zip(names, out))


def polyhedra_status_name(status):
    """'contact', or why the normal is indeterminate."""
    return _core.polyhedra_status_name(int(status))


# ------------------------------------------------------------ minimum scaling

# Shape(text): a convex primitive of the minimum-scaling routine, written as
# `ccdbench contact scaling pair` takes it: KIND[,KEY=VALUE]..., e.g.
# 'sphere,r=1' or 'box,h=1:1:1,x=3:0:0' (docs/contact-scaling.md); .kind,
# .params (the names of its parameters, in the order of the derivatives),
# .position.
Shape = _core.Shape


def minimum_scaling(a, b, rho=0.0, position_a=None, position_b=None, derivatives=False,
                    threads=0):
    """The minimum scaling α* at which shapes a and b, scaled about their
    centres, touch (Le Cleac'h et al. 2023, "Single-Level Differentiable
    Contact Simulation"; docs/contact-scaling.md).  a, b: a Shape or a
    sequence of N Shapes; position_a, position_b (N, 3) move the centres per
    pair; rho > 0 relaxes the program (s∘λ = ρ).  Returns a dict: status (N,)
    int8 (0 ok: status_name), alpha, phi = α* - 1 (N,), p (N, 3) (a common
    point), normal (N, 3) (of a at p), iterations; with derivatives=True also
    dalpha (N, 2, P) and dp (N, 2, P, 3): d/dθ over the parameters of a
    (index 0) and b (1), in the order of Shape.params (NaN beyond them)."""
    counts = [len(s) for s in (a, b) if not isinstance(s, Shape)]
    counts += [np.asarray(p).shape[0] for p in (position_a, position_b) if p is not None]
    n = max(counts) if counts else 1
    out = _core.scaling(a, b, n, position_a, position_b, float(rho), bool(derivatives),
                        int(threads))
    names = ("status", "alpha", "phi", "p", "normal", "iterations", "dalpha", "dp")
    return dict(zip(names, out))


def scaling_status_name(status):
    """'ok', or why the solve failed."""
    return _core.scaling_status_name(int(status))
