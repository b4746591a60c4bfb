# SPDX-License-Identifier: MIT
"""ccdbench from Python: the benchmark's queries as NumPy arrays, the exact
oracle, every CCD method (built in or from a plugin), scoring a Python function
against exact truth, and result files; the differentiable contact routines in
ccdbench.contact (NumPy) and ccdbench.torch (PyTorch autograd).

Everything is computed by the C library (libccdbench) through its public API;
the loops over queries run in OpenMP threads with the GIL released.  See
docs/python.md for a worked example of each function.
"""
from fractions import Fraction
import json
import os
import time
import warnings

import numpy as np

from . import _core

__all__ = [
    "InputError", "VF", "EE", "Queries", "read", "iter_read", "write", "Writer", "exact",
    "Exact", "Method", "methods", "plugin", "run", "Run", "score", "load_result",
    "Result",
]

VF = 0  #: vertex-face query: vertex, then the face's three vertices, at t0 then t1
EE = 1  #: edge-edge query: edge a's two vertices, then edge b's, at t0 then t1


class InputError(ValueError):
    """Bad input: a malformed file, a bad path or value.  The message is the
    command line's: "path:line:column: what is wrong"."""


_core._set_input_error(InputError)

_KIND_NAMES = {VF: "VF", EE: "EE"}


def _kind_code(kind):
    if kind in (VF, EE):
        return int(kind)
    names = {"vf": VF, "vertex-face": VF, "ee": EE, "edge-edge": EE}
    if isinstance(kind, str) and kind.lower() in names:
        return names[kind.lower()]
    raise ValueError(f"kind: expected 'vf' or 'ee' (or ccdbench.VF, ccdbench.EE), got {kind!r}")


class Queries:
    """A batch of CCD queries.

    points    (N, 8, 3) float64: the nearest double of every coordinate, rows in
              file order (VF: v, f0, f1, f2 at t0, then at t1; EE: ea0, ea1,
              eb0, eb1 at t0, then at t1)
    kinds     (N,) int8: ccdbench.VF or ccdbench.EE
    labels    (N,) int8: 1 collides, 0 not, -1 unknown (the files' labels)
    rationals {i: 24 strings "n/d"}: the exact coordinates of the queries that
              have a coordinate that is not a double (others are their doubles);
              points holds the nearest double of each (ties to even), as the
              reader rounds them (checked where the queries are used)
    file      (N,) int32: the query's file, an index into files (-1: not read)
    index     (N,) int64: the query's 0-based position in its file
    files     list of dicts (csv_path, labels_path, kind, set, family, step)
    """

    def __init__(self, points, kinds, labels=None, rationals=None, file=None, index=None,
                 files=None):
        points = np.ascontiguousarray(points, dtype=np.float64)
        if points.ndim != 3 or points.shape[1:] != (8, 3):
            raise ValueError(f"points: expected shape (N, 8, 3), got {points.shape}")
        n = points.shape[0]
        kinds = np.asarray(kinds)
        if kinds.ndim == 0:
            kinds = np.full(n, _kind_code(kinds.item()), dtype=np.int8)
        kinds = np.ascontiguousarray(kinds, dtype=np.int8)
        if kinds.shape != (n,):
            raise ValueError(f"kinds: expected shape ({n},), got {kinds.shape}")
        if not np.isin(kinds, (VF, EE)).all():
            raise ValueError("kinds: expected ccdbench.VF (0) or ccdbench.EE (1)")
        if labels is None:
            labels = np.full(n, -1, dtype=np.int8)
        labels = np.ascontiguousarray(labels, dtype=np.int8)
        if labels.shape != (n,):
            raise ValueError(f"labels: expected shape ({n},), got {labels.shape}")
        if not np.isin(labels, (-1, 0, 1)).all():
            raise ValueError("labels: expected 1 (collides), 0 (does not) or -1 (unknown)")
        self.points, self.kinds, self.labels = points, kinds, labels
        self.rationals = dict(rationals or {})
        self.file = (np.full(n, -1, dtype=np.int32) if file is None
                     else np.ascontiguousarray(file, dtype=np.int32))
        self.index = (np.arange(n, dtype=np.int64) if index is None
                      else np.ascontiguousarray(index, dtype=np.int64))
        if self.file.shape != (n,) or self.index.shape != (n,):
            raise ValueError(f"file, index: expected shape ({n},)")
        self.files = list(files or [])

    def __len__(self):
        return self.points.shape[0]

    def __repr__(self):
        vf = int((self.kinds == VF).sum())
        return (f"<ccdbench.Queries: {len(self)} queries ({vf} VF, {len(self) - vf} EE), "
                f"{len(self.rationals)} with exact rationals>")

    def __getitem__(self, which):
        """A subset: queries[10:20], queries[mask], queries[[3, 1, 4]]."""
        picked = np.atleast_1d(np.arange(len(self))[which])
        rationals = {}
        if self.rationals:
            have = np.isin(picked, np.fromiter(self.rationals, dtype=np.int64))
            for new in np.flatnonzero(have).tolist():
                rationals[new] = self.rationals[int(picked[new])]
        return Queries(self.points[picked], self.kinds[picked], self.labels[picked],
                       rationals, self.file[picked], self.index[picked], self.files)

    def coordinate(self, i, row, axis):
        """The exact coordinate (row, axis) of query i, as a Fraction."""
        if i in self.rationals:
            return Fraction(self.rationals[i][3 * row + axis])
        return Fraction(float(self.points[i, row, axis]))

    def exact_points(self, i):
        """Query i's 8 x 3 exact coordinates as Fractions (nested lists)."""
        return [[self.coordinate(i, r, a) for a in range(3)] for r in range(8)]

    @staticmethod
    def concatenate(parts):
        """One batch of several (files of the first are kept; file indices as given)."""
        parts = list(parts)
        if not parts:
            return Queries(np.zeros((0, 8, 3)), np.zeros(0, dtype=np.int8))
        rationals, offset = {}, 0
        for p in parts:
            for i, r in p.rationals.items():
                rationals[offset + i] = r
            offset += len(p)
        return Queries(np.concatenate([p.points for p in parts]),
                       np.concatenate([p.kinds for p in parts]),
                       np.concatenate([p.labels for p in parts]), rationals,
                       np.concatenate([p.file for p in parts]),
                       np.concatenate([p.index for p in parts]), parts[0].files)


def _paths(paths):
    if len(paths) == 1 and isinstance(paths[0], (list, tuple)):
        paths = tuple(paths[0])
    if not paths:
        raise ValueError("read: expected at least one path")
    return [os.fspath(p) for p in paths]


def _sources(paths, labels, kind):
    """(files, notes): what to read, as `ccdbench run DATA...` discovers it, or
    one file named with its kind."""
    if kind is not None or labels is not None:
        if len(paths) != 1:
            raise ValueError("kind=, labels=: name exactly one CSV file")
        k = _kind_code(kind) if kind is not None else None
        if k is None:
            files, _ = _core.discover(paths)
            if len(files) != 1:
                raise ValueError("labels=: name one CSV file (and kind= if its name does "
                                 "not say vf or ee)")
            k = files[0]["kind"]
        return [{"csv_path": paths[0], "labels_path": None if labels is None
                 else os.fspath(labels), "kind": k, "set": None, "family": None,
                 "step": None}], []
    return _core.discover(paths)


def _batches(files, batch, max_digits):
    for number, f in enumerate(files):
        reader = _core.Reader(f["csv_path"], f["labels_path"], f["kind"], max_digits)
        first = 0
        while True:
            chunk = reader.read(batch)
            if chunk is None:
                break
            points, kinds, labs, rationals = chunk
            n = points.shape[0]
            yield Queries(points, kinds, labs, rationals, np.full(n, number, dtype=np.int32),
                          np.arange(first, first + n, dtype=np.int64), files)
            first += n


def _discovered(paths, labels, kind):
    """The files to read; what discovery left out (a file reached twice, a CSV
    name that is not a regular file) is warned about, as the command line
    prints it."""
    files, notes = _sources(_paths(paths), labels, kind)
    for note in notes:
        warnings.warn(note, stacklevel=3)
    return files


def iter_read(*paths, batch=65536, labels=None, kind=None, max_digits=0):
    """Stream the queries of files or directories in batches of at most `batch`
    queries (memory does not grow with the files).  Yields Queries; their
    `files` list is the whole discovery, `file` indexes it."""
    if batch <= 0:
        raise ValueError(f"batch: expected a count > 0, got {batch}")
    return _batches(_discovered(paths, labels, kind), batch, max_digits)


def read(*paths, labels=None, kind=None, max_digits=0):
    """All queries of the given CSV files or directories (discovered as
    `ccdbench run DATA...` does: both public layouts, files sorted by path,
    labels from the 7th column or the mma_bool JSON files).  One file can be
    named with its labels file (`labels=`) and kind (`kind='vf'|'ee'`).
    Raises InputError with "path:line:column: what" on bad input."""
    files = _discovered(paths, labels, kind)
    q = Queries.concatenate(list(_batches(files, 1 << 20, max_digits)))
    q.files = files
    return q


class Writer:
    """The benchmark's CSV written batch by batch, in bounded memory:

        with ccdbench.Writer("out.csv.gz", labels=True) as w:
            for part in ccdbench.iter_read("big"):
                w.put(part)

    The file is written to a temporary beside path and renamed over it when
    the writer closes; an exception inside the with block (or a failed put)
    removes the temporary, so no half-written file is ever left.  labels=True
    writes a 7th column from each batch's labels (each 0 or 1); gzip None
    compresses when path ends in .gz."""

    def __init__(self, path, *, labels=False, gzip=None):
        path = os.fspath(path)
        self.labels = bool(labels)
        self._w = _core.Writer(path, bool(path.endswith(".gz") if gzip is None else gzip),
                               self.labels)

    def put(self, queries):
        _check_queries(queries)
        self._w.put(queries.points, queries.kinds, queries.labels if self.labels else None,
                    queries.rationals)

    def close(self):
        self._w.close()

    def abort(self):
        self._w.abort()

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is None:
            self.close()
        else:
            self.abort()
        return False


def write(path, queries, *, labels=False, gzip=None):
    """Write queries in the benchmark's CSV (exact rationals as read); one
    Writer.put.  With labels=True a 7th column holds queries.labels (each must
    be 0 or 1).  gzip: None compresses when path ends in .gz.  The file is
    replaced only when complete."""
    with Writer(path, labels=labels, gzip=gzip) as w:
        w.put(queries)


def _ms_text(ms):
    """d as an exact rational "n/d": a float is its exact double, a str a
    decimal or fraction read exactly ("1e-8" is 10^-8), a Fraction itself."""
    f = Fraction(ms) if not isinstance(ms, str) else Fraction(ms.strip())
    if f < 0:
        raise ValueError(f"ms: expected d >= 0, got {ms!r}")
    return f"{f.numerator}/{f.denominator}"


def _norm_code(norm):
    if norm in ("inf", float("inf"), "linf", "Linf"):
        return 0
    if norm in (2, "2", "l2", "L2"):
        return 2
    raise ValueError(f"norm: expected 'inf' or 2, got {norm!r}")


class Exact:
    """The exact oracle's answers.  collides (N,) bool; toi_lo, toi_hi (N,)
    float64: the largest double <= and the smallest double >= the exact time of
    impact (inf where no collision); with fractions=True, toi_fractions[i] is
    (lo, hi), Fractions of an interval of width <= 2^-64 that holds it (None
    where no collision), as `ccdbench truth --output` writes it."""

    def __init__(self, collides, toi_lo, toi_hi, lo, hi):
        self.collides, self.toi_lo, self.toi_hi = collides, toi_lo, toi_hi
        self._lo, self._hi, self._fractions = lo, hi, None

    @property
    def toi_fractions(self):
        """[(lo, hi) or None]: made on first use (a Fraction costs microseconds)."""
        if self._lo is None:
            return None
        if self._fractions is None:
            self._fractions = [None if a is None else (Fraction(a), Fraction(b))
                               for a, b in zip(self._lo, self._hi)]
        return self._fractions

    def __len__(self):
        return len(self.collides)


def exact(queries, ms=0, norm="inf", *, fractions=False, threads=0):
    """Decide every query exactly (the exact oracle, src/exact/DESIGN.md).
    ms: minimum separation d >= 0 (a float is its exact double; "1e-8" or a
    Fraction is read exactly); norm: 'inf' or 2.  threads 0: all cores."""
    _check_queries(queries)
    ms_text = _ms_text(ms)
    return Exact(*_core.exact(queries.points, queries.kinds, queries.rationals,
                              None if ms_text == "0/1" else ms_text, _norm_code(norm),
                              bool(fractions), int(threads)))


def _check_queries(queries):
    if not isinstance(queries, Queries):
        raise TypeError("queries: expected a ccdbench.Queries (from ccdbench.read or "
                        "ccdbench.Queries(points, kinds))")


class Method:
    """A CCD method: name, summary, caps (bits: ccdbench.CAP_*), options (list
    of dicts: name, type, default, range, help), plugin (its path, or None)."""

    def __init__(self, handle, plugin_path=None):
        self._handle = handle
        d = handle.describe()
        self.name, self.summary, self.caps = d["name"], d["summary"], d["caps"]
        self.options = d["options"]
        self.plugin = plugin_path

    def __repr__(self):
        return f"<ccdbench.Method {self.name}>"


CAP_TOI = _core.CAP_TOI
CAP_CONSERVATIVE = _core.CAP_CONSERVATIVE
CAP_MIN_SEPARATION = _core.CAP_MIN_SEPARATION
CAP_EXACT = _core.CAP_EXACT
CAP_USES_RATIONALS = _core.CAP_USES_RATIONALS
CAP_SEPARATION_ONLY = _core.CAP_SEPARATION_ONLY


def methods():
    """The built-in methods, in `ccdbench methods` order."""
    return [Method(h) for h in _core.builtin_methods()]


def plugin(path):
    """The methods of a plugin .so (built with CCD_PLUGIN_DEFINE); it stays
    loaded while one of them is referenced.  A plugin runs in this process: a
    crash in it ends Python (`ccdbench run --plugin` isolates it instead)."""
    path = os.fspath(path)
    return [Method(h, path) for h in _core.load_plugin(path)]


def _method(method):
    if isinstance(method, Method):
        return method
    if isinstance(method, str):
        for m in methods():
            if m.name == method:
                return m
        names = ", ".join(m.name for m in methods())
        raise ValueError(f"method: no built-in method {method!r} (built-in: {names}; "
                         "a plugin's methods come from ccdbench.plugin(path))")
    raise TypeError("method: expected a name or a ccdbench.Method")


def _option_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


class Run:
    """A method's answers: collides (N,) bool, toi and toi_upper (N,) float64
    (inf where no collision), tolerance (N,) float64, checks (N,) int64,
    hit_max_checks (N,) bool, seconds (N,) float64 (wall time of each query),
    failed (N,) bool (the method returned an error status: the other arrays
    hold no answer there)."""

    FIELDS = ("collides", "toi", "toi_upper", "tolerance", "checks", "hit_max_checks",
              "seconds", "failed")

    def __init__(self, method, arrays):
        self.method = method
        for name, a in zip(self.FIELDS, arrays):
            setattr(self, name, a)

    def __len__(self):
        return len(self.collides)


def run(method, queries, *, t_max=1.0, ms=0.0, norm="inf", no_zero_toi=False, threads=0,
        **options):
    """Run a method (a name or a Method) on every query, with the method's
    options as keywords (ccdbench.run('tight-inclusion', q, delta=1e-4,
    filter='clamped')); t_max, ms, norm, no_zero_toi as `ccdbench run`'s
    --t-max, --ms, --norm, --no-zero-toi.  threads 0: all cores."""
    _check_queries(queries)
    m = _method(method)
    opts = {k: _option_text(v) for k, v in options.items()}
    return Run(m, _core.run(m._handle, queries.points, queries.kinds, queries.rationals, opts,
                            float(t_max), float(ms), _norm_code(norm), bool(no_zero_toi),
                            int(threads)))


def _truth(queries, truth, ms, norm, threads, need_toi):
    """(collides, toi_lo, toi_hi): the labels where the files give them (at d =
    0) and the exact oracle for the rest (truth='labels'), or the oracle for
    all ('exact'); the exact toi's doubles (inf where the oracle says no
    collision) when need_toi, else None.  The oracle runs only on the queries
    that need it."""
    if truth not in ("labels", "exact"):
        raise ValueError(f"truth: expected 'labels' or 'exact', got {truth!r}")
    n = len(queries)
    use_labels = truth == "labels" and Fraction(_ms_text(ms)) == 0
    known = queries.labels >= 0 if use_labels else np.zeros(n, dtype=bool)
    collides = queries.labels == 1
    lo = hi = None
    ask = np.ones(n, dtype=bool) if need_toi else ~known
    if ask.any():
        sub = queries if ask.all() else queries[ask]
        ex = exact(sub, ms, norm, threads=threads)
        oracle = np.zeros(n, dtype=bool)
        oracle[ask] = ex.collides
        collides = np.where(known, collides, oracle)
        if need_toi:
            lo, hi = ex.toi_lo, ex.toi_hi
    return collides, lo, hi


def score(fn, data, *, truth="labels", ms=0, norm="inf", batch=65536, threads=0):
    """Score a Python function as a CCD method against exact truth, as
    `ccdbench run` scores a method.  fn(queries) gets a Queries batch and
    returns a bool array (collides) or a pair (collides, toi).  data: a
    Queries, or paths for ccdbench.read.  Returns a dict per kind ('VF', 'EE')
    and 'all': queries, positives, reported, fp, fn, toi_violations (toi later
    than the exact one), zero_toi, seconds (fn's wall time)."""
    batches = ([data] if isinstance(data, Queries) else
               iter_read(*(data if isinstance(data, (list, tuple)) else [data]), batch=batch))
    out = {k: dict(queries=0, positives=0, reported=0, fp=0, fn=0, toi_violations=0,
                   zero_toi=0, seconds=0.0) for k in ("VF", "EE", "all")}
    for q in batches:
        t0 = time.perf_counter()
        answer = fn(q)
        seconds = time.perf_counter() - t0
        toi = None
        if isinstance(answer, tuple):
            answer, toi = answer
            toi = np.asarray(toi, dtype=np.float64)
            if toi.shape != (len(q),):
                raise ValueError(f"fn: expected toi of shape ({len(q)},), got {toi.shape}")
        said = np.asarray(answer)
        if said.shape != (len(q),):
            raise ValueError(f"fn: expected collides of shape ({len(q)},), got {said.shape}")
        said = said.astype(bool)
        really, exact_lo, exact_hi = _truth(q, truth, ms, norm, threads, toi is not None)
        for name, mask in (("VF", q.kinds == VF), ("EE", q.kinds == EE)):
            s = out[name]
            s["queries"] += int(mask.sum())
            s["positives"] += int((really & mask).sum())
            s["reported"] += int((said & mask).sum())
            s["fp"] += int((said & ~really & mask).sum())
            s["fn"] += int((~said & really & mask).sum())
            if toi is not None:
                both = said & really & mask
                # toi is a double: it is later than the exact toi exactly when it
                # is above the largest double <= the exact toi; the exact toi is
                # > 0 exactly when the smallest double >= it is
                s["toi_violations"] += int((toi[both] > exact_lo[both]).sum())
                s["zero_toi"] += int((said & mask & (toi == 0) &
                                      (~really | (exact_hi > 0))).sum())
            s["seconds"] += seconds * float(mask.sum()) / max(len(q), 1)
    for key in ("queries", "positives", "reported", "fp", "fn", "toi_violations", "zero_toi",
                "seconds"):
        out["all"][key] = out["VF"][key] + out["EE"][key]
    return out


def _fixed(v):
    """A sum stored in fixed point ([whole, fraction / 2^64]) as a float."""
    if isinstance(v, list) and len(v) == 2:
        return v[0] + v[1] / 2.0 ** 64
    return v


class Result:
    """A result file (`ccdbench run --json`), checked as `ccdbench report`
    checks it.  doc: the JSON document; methods: names; runs: per sweep value a
    dict (sweep_value, params, wall_seconds, ...); groups: one dict per (run,
    set, family, kind, method), fixed-point sums as floats (pandas-ready:
    pandas.DataFrame(result.groups))."""

    def __init__(self, doc):
        self.doc = doc
        self.methods = [m["name"] for m in doc["methods"]]
        self.runs = [{k: v for k, v in r.items() if k not in ("groups", "queries")}
                     for r in doc["runs"]]
        self.groups = []
        for number, r in enumerate(doc["runs"]):
            for g in r["groups"]:
                for m in g["methods"]:
                    row = {"run": number, "sweep_value": r.get("sweep_value"),
                           "set": g["set"], "family": g["family"], "kind": g["kind"]}
                    row.update({k: _fixed(v) for k, v in m.items()
                                if k not in ("times_positive", "times_negative")})
                    self.groups.append(row)

    def records(self, run=0, method=None):
        """The per-query records (`--per-query`) of run `run` as arrays: file,
        index, kind (0 VF, 1 EE), truth, exact_toi (nan: none), and for the
        method (a name; default the first) collides, toi (inf: no collision),
        tolerance, checks, hit_max_checks, time_ns.  KeyError without records."""
        queries = self.doc["runs"][run].get("queries")
        if queries is None:
            raise KeyError("this result file has no per-query records (run with --per-query)")
        m = self.methods.index(method) if method is not None else 0
        nan = float("nan")
        out = {
            "file": np.array([q["file"] for q in queries], dtype=np.int64),
            "index": np.array([q["index"] for q in queries], dtype=np.int64),
            "kind": np.array([VF if q["kind"] == "VF" else EE for q in queries], dtype=np.int8),
            "truth": np.array([q["truth"] for q in queries], dtype=np.int8),
            "exact_toi": np.array([nan if q["exact_toi"] is None else q["exact_toi"]
                                   for q in queries], dtype=np.float64),
        }
        res = [q["results"][m] for q in queries]
        out["collides"] = np.array([r["collides"] for r in res], dtype=bool)
        out["toi"] = np.array([float("inf") if r["toi"] is None else r["toi"] for r in res],
                              dtype=np.float64)
        out["tolerance"] = np.array([r["tolerance"] for r in res], dtype=np.float64)
        out["checks"] = np.array([r["checks"] for r in res], dtype=np.int64)
        out["hit_max_checks"] = np.array([r["hit_max_checks"] for r in res], dtype=bool)
        out["time_ns"] = np.array([r["time_ns"] for r in res], dtype=np.int64)
        return out


def load_result(path):
    """Read a result file; a malformed one raises InputError with the
    "path:line:column: what" of `ccdbench report`."""
    path = os.fspath(path)
    _core.check_result(path)
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return Result(json.load(f))
