# SPDX-License-Identifier: MIT
"""Result files from Python: tables and per-query records, and a malformed
file raising `ccdbench report`'s message."""
import os

import numpy as np
import pytest

import ccdbench


def test_load_result(shared_data, cli, tmp_path):
    data = os.path.join(shared_data, "sample-queries", "unit-tests")
    path = tmp_path / "r.json"
    table = cli("run", "--methods", "exact,fprf", "--per-query", "--format", "csv",
                "--json", path, data).stdout.splitlines()
    r = ccdbench.load_result(path)
    assert r.methods == ["exact", "fprf"]
    header = table[0].split(",")
    for line in table[1:]:
        row = dict(zip(header, line.split(",")))
        group = [g for g in r.groups if g["kind"] == row["kind"] and g["method"] == row["method"]]
        assert sum(g["queries"] for g in group) == int(row["queries"])
        assert sum(g["fp"] for g in group) == int(row["fp"])
        assert sum(g["fn"] for g in group) == int(row["fn"])
    rec = r.records(method="fprf")
    q = ccdbench.read(data)
    run = ccdbench.run("fprf", q)
    assert len(rec["index"]) == len(q)
    assert np.array_equal(np.sort(rec["collides"].astype(int)), np.sort(run.collides.astype(int)))
    assert set(rec) >= {"file", "index", "kind", "truth", "exact_toi", "collides", "toi",
                        "tolerance", "checks", "hit_max_checks", "time_ns"}
    assert r.runs[0]["wall_seconds"] > 0


def test_records_absent(shared_data, cli, tmp_path):
    path = tmp_path / "r.json"
    cli("run", "--methods", "exact", "--json", path,
        os.path.join(shared_data, "sample-queries", "unit-tests"))
    with pytest.raises(KeyError, match="per-query"):
        ccdbench.load_result(path).records()


def test_malformed_result_raises_report_message(shared_data, cli, tmp_path):
    path = tmp_path / "r.json"
    cli("run", "--methods", "exact", "--json", path,
        os.path.join(shared_data, "sample-queries", "unit-tests"))
    text = path.read_text()
    bad = tmp_path / "bad.json"
    bad.write_text(text.replace('"fp": 0', '"fp": -1', 1))
    with pytest.raises(ccdbench.InputError) as e:
        ccdbench.load_result(bad)
    p = cli("report", "--output", tmp_path / "rep", bad, check=False)
    assert p.returncode == 2
    assert str(e.value) == p.stderr.splitlines()[0]
    assert str(e.value).startswith(f"{bad}:")
    with pytest.raises(ccdbench.InputError):
        ccdbench.load_result(tmp_path / "none.json")
