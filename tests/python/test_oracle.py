# SPDX-License-Identifier: MIT
"""The exact oracle from Python against `ccdbench truth`, query by query."""
import os
from fractions import Fraction

import numpy as np

import ccdbench


def _truth_files(cli, data, out, *extra):
    cli("truth", "--output", out, *extra, data)
    rows = {}
    for root, _, files in os.walk(out):
        for name in files:
            path = os.path.join(root, name)
            with open(path) as f:
                lines = [line for line in f.read().splitlines() if not line.startswith("#")]
            rows[os.path.relpath(path, out)] = [line.split(",") for line in lines[1:]]
    return rows


def _truth_name(data, csv_path):
    rel = os.path.relpath(csv_path, data)
    for suffix in (".csv.gz", ".csv"):
        if rel.endswith(suffix):
            return rel[:-len(suffix)] + ".truth.csv"
    raise AssertionError(rel)


def test_exact_agrees_with_truth_on_shared_data(shared_data, cli, tmp_path):
    q = ccdbench.read(shared_data)
    e = ccdbench.exact(q, fractions=True, threads=2)
    rows = _truth_files(cli, shared_data, tmp_path / "truth")
    checked = 0
    for i in range(len(q)):
        row = rows[_truth_name(shared_data, q.files[q.file[i]]["csv_path"])][q.index[i]]
        assert int(row[0]) == q.index[i]
        assert bool(e.collides[i]) == (row[1] == "1"), (q.files[q.file[i]], q.index[i])
        if e.collides[i]:
            lo, hi = Fraction(row[2]), Fraction(row[3])
            assert e.toi_fractions[i] == (lo, hi)
            # both hold the exact toi: the doubles around it and the interval meet
            assert e.toi_lo[i] <= hi and lo <= e.toi_hi[i]
            assert e.toi_hi[i] == e.toi_lo[i] or np.nextafter(e.toi_lo[i], 2) == e.toi_hi[i]
        else:
            assert e.toi_fractions[i] is None and e.toi_lo[i] == np.inf
        checked += 1
    assert checked == len(q) > 20000
    # the labels of the shared data are the exact answers (ccdbench truth --verify)
    assert np.array_equal(e.collides, q.labels == 1)
    # without fractions: the same decisions and the same doubles around the toi
    f = ccdbench.exact(q, threads=1)
    assert np.array_equal(f.collides, e.collides)
    assert np.array_equal(f.toi_lo, e.toi_lo) and np.array_equal(f.toi_hi, e.toi_hi)


def test_minimum_separation_agrees_with_truth(shared_data, cli, tmp_path):
    data = os.path.join(shared_data, "sample-queries", "unit-tests")
    q = ccdbench.read(data)
    for ms, norm in (("1e-3", "inf"), ("1/1000", 2)):
        e = ccdbench.exact(q, ms=ms, norm=norm, fractions=True)
        rows = _truth_files(cli, data, tmp_path / f"ms{norm}", "--ms", ms, "--norm", norm)
        for i in range(len(q)):
            row = rows[_truth_name(data, q.files[q.file[i]]["csv_path"])][q.index[i]]
            assert bool(e.collides[i]) == (row[1] == "1")
            if e.collides[i]:
                assert e.toi_fractions[i] == (Fraction(row[2]), Fraction(row[3]))
    # 1e-3 as a double is not 10^-3: both are honoured exactly
    as_double = ccdbench.exact(q, ms=1e-3)
    assert len(as_double) == len(q)


def test_threads_do_not_change_answers(shared_data):
    q = ccdbench.read(os.path.join(shared_data, "sample-queries"))
    one = ccdbench.exact(q, threads=1)
    three = ccdbench.exact(q, threads=3)
    assert np.array_equal(one.collides, three.collides)
    assert np.array_equal(one.toi_lo, three.toi_lo)
