# SPDX-License-Identifier: MIT
"""Every built-in method from Python against `ccdbench run --per-query`, query
by query; options, plugins and scoring a Python function."""
import glob
import json
import os

import numpy as np
import pytest

import ccdbench


@pytest.fixture(scope="module")
def sample(shared_data, tmp_path_factory, full_tier):
    """Queries taken at a stride through all shared data (every family, both
    kinds), written as one VF and one EE file: 120 VF and 60 EE queries in the
    full tier, a third of that in the fast one."""
    q = ccdbench.read(shared_data)
    out = tmp_path_factory.mktemp("sample")
    picked = []
    for kind, count in ((ccdbench.VF, 120), (ccdbench.EE, 60)):
        count = count if full_tier else count // 3
        where = np.flatnonzero(q.kinds == kind)
        take = where[np.linspace(0, len(where) - 1, count).astype(int)]
        part = q[take]
        name = "vertex-face" if kind == ccdbench.VF else "edge-edge"
        path = out / "sample" / name / "q.csv"
        path.parent.mkdir(parents=True)
        ccdbench.write(path, part, labels=True)
        picked.append(path)
    return out / "sample"


def _records(cli, data, tmp, *args, methods="all"):
    path = tmp / "r.json"
    cli("run", "--methods", methods, "--per-query", "--json", path, *args, data)
    doc = json.loads(path.read_text())
    return doc, doc["runs"][0]["queries"]


def _compare(run, records, files, q, m):
    where = {(os.path.realpath(f["csv_path"]), int(i)): k
             for k, (f, i) in enumerate(zip([q.files[j] for j in q.file], q.index))}
    for rec in records:
        k = where[(os.path.realpath(files[rec["file"]]), rec["index"])]
        got = rec["results"][m]
        assert not run.failed[k]
        assert bool(run.collides[k]) == bool(got["collides"]), (run.method.name, rec)
        toi = float("inf") if got["toi"] is None else got["toi"]
        if got["collides"]:
            assert run.toi[k] == toi, (run.method.name, rec)
        assert run.tolerance[k] == got["tolerance"], (run.method.name, rec)
        assert run.checks[k] == got["checks"], (run.method.name, rec)
        assert bool(run.hit_max_checks[k]) == bool(got["hit_max_checks"])


def test_every_method_as_the_command_line(sample, cli, tmp_path):
    doc, records = _records(cli, sample, tmp_path)
    names = [m["name"] for m in doc["methods"]]
    assert names == [m.name for m in ccdbench.methods()]
    files = [f if isinstance(f, str) else f["path"] for f in doc["files"]]
    q = ccdbench.read(sample)
    for m, name in enumerate(names):
        run = ccdbench.run(name, q, threads=2)
        _compare(run, records, files, q, m)
        assert (run.seconds > 0).all()


def test_options_and_parameters_as_the_command_line(sample, cli, tmp_path):
    doc, records = _records(cli, sample, tmp_path, "--ms", "1e-3",
                            "--param", "tight-inclusion.delta=1e-3",
                            "--param", "tight-inclusion.filter=clamped",
                            methods="tight-inclusion")
    files = [f if isinstance(f, str) else f["path"] for f in doc["files"]]
    q = ccdbench.read(sample)
    names = [m["name"] for m in doc["methods"]]
    m = names.index("tight-inclusion")
    run = ccdbench.run("tight-inclusion", q, ms=1e-3, delta=1e-3, filter="clamped")
    _compare(run, records, files, q, m)


def test_bad_options():
    q = ccdbench.Queries(np.zeros((1, 8, 3)), ccdbench.VF)
    with pytest.raises(ValueError, match="no option"):
        ccdbench.run("tight-inclusion", q, nonsense=1)
    with pytest.raises(ccdbench.InputError, match="delta"):
        ccdbench.run("tight-inclusion", q, delta=-1.0)
    with pytest.raises(ValueError, match="no built-in method"):
        ccdbench.run("no-such-method", q)
    with pytest.raises(ValueError, match="t_max"):
        ccdbench.run("exact", q, t_max=2)


def test_methods_describe_their_options():
    ti = {m.name: m for m in ccdbench.methods()}["tight-inclusion"]
    options = {o["name"]: o for o in ti.options}
    assert options["delta"]["default"] == 1e-6
    assert options["filter"]["type"] == "enum" and options["filter"]["default"] == "linear"
    assert ti.caps & ccdbench.CAP_CONSERVATIVE


def _plugin(builddir, name):
    path = os.path.join(builddir, "tests", "plugin", ".libs", name + ".so")
    if not os.path.exists(path):
        pytest.skip(f"{path} is not built")
    return path


def test_plugin(builddir, shared_data):
    methods = ccdbench.plugin(_plugin(builddir, "always_collides"))
    assert [m.name for m in methods]
    q = ccdbench.read(os.path.join(shared_data, "sample-queries", "unit-tests"))
    run = ccdbench.run(methods[0], q)
    assert run.collides.all()


def test_plugin_refused_with_cli_message(builddir, cli, tmp_path):
    path = _plugin(builddir, "other_api")
    with pytest.raises(ccdbench.InputError) as e:
        ccdbench.plugin(path)
    p = cli("run", "--plugin", path, "--methods", "exact", os.path.join(tmp_path), check=False)
    assert p.returncode == 2 and str(e.value) in p.stderr
    with pytest.raises(ccdbench.InputError, match="cannot load plugin"):
        ccdbench.plugin(tmp_path / "none.so")


def test_score_a_python_function(shared_data):
    q = ccdbench.read(os.path.join(shared_data, "sample-queries"))

    def everything_collides(batch):
        return np.ones(len(batch), dtype=bool), np.zeros(len(batch))

    s = ccdbench.score(everything_collides, q)
    positives = int((q.labels == 1).sum())
    assert s["all"]["queries"] == len(q)
    assert s["all"]["positives"] == positives and s["all"]["fn"] == 0
    assert s["all"]["fp"] == len(q) - positives
    assert s["all"]["zero_toi"] == s["all"]["reported"] - s["all"]["toi_violations"] - int(
        (ccdbench.exact(q).toi_lo[q.labels == 1] == 0).sum())

    def exact_method(batch):
        r = ccdbench.run("exact", batch)
        return r.collides, r.toi

    s = ccdbench.score(exact_method, os.path.join(shared_data, "sample-queries"), batch=500)
    assert s["all"]["fp"] == s["all"]["fn"] == s["all"]["toi_violations"] == 0
    assert s["all"]["queries"] == len(q)

    with pytest.raises(ValueError, match="shape"):
        ccdbench.score(lambda batch: np.ones(3, dtype=bool), q)
