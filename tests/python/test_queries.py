# SPDX-License-Identifier: MIT
"""Reading and writing queries: the arrays, exact rationals, streaming, and
bad input raising the command line's message."""
import os
from fractions import Fraction

import numpy as np
import pytest

import ccdbench

# One VF query with coordinates that are not doubles (1/3, 1/10), in the
# benchmark's CSV: 8 rows of x_num,x_den,y_num,y_den,z_num,z_den.
RATIONAL_VF = """1,3,1,10,1,1
0,1,0,1,0,1
1,1,0,1,0,1
0,1,1,1,0,1
1,3,1,10,-1,1
0,1,0,1,0,1
1,1,0,1,0,1
0,1,1,1,0,1
"""


def test_read_shared_data(shared_data, cli):
    q = ccdbench.read(shared_data)
    out = cli("run", "--methods", "fprf", "--format", "csv", shared_data).stdout
    rows = [line.split(",") for line in out.splitlines()[1:] if line]
    header = out.splitlines()[0].split(",")
    col = header.index("queries")
    assert len(q) == sum(int(r[col]) for r in rows)
    assert q.points.shape == (len(q), 8, 3) and q.points.dtype == np.float64
    assert set(np.unique(q.kinds)) <= {ccdbench.VF, ccdbench.EE}
    assert (q.labels >= 0).all()  # every shared query has a label
    # file and index name every query once, in file order
    assert len(set(zip(q.file.tolist(), q.index.tolist()))) == len(q)
    assert [f["csv_path"] for f in q.files] == sorted(f["csv_path"] for f in q.files)


def test_rationals_round_trip(tmp_path, cli):
    path = tmp_path / "s" / "vertex-face" / "q.csv"
    path.parent.mkdir(parents=True)
    path.write_text(RATIONAL_VF)
    q = ccdbench.read(path)
    assert len(q) == 1 and q.kinds[0] == ccdbench.VF
    assert q.coordinate(0, 0, 0) == Fraction(1, 3)
    assert q.coordinate(0, 0, 1) == Fraction(1, 10)
    assert q.coordinate(0, 4, 2) == -1
    assert q.points[0, 0, 0] == 1 / 3  # the nearest double
    assert q.exact_points(0)[2] == [1, 0, 0]
    # written back exactly, gzip by name, and read again
    out = tmp_path / "t" / "vertex-face" / "q.csv.gz"
    out.parent.mkdir(parents=True)
    ccdbench.write(out, q)
    with open(out, "rb") as f:
        assert f.read(2) == b"\x1f\x8b"
    back = ccdbench.read(out)
    assert back.rationals == q.rationals
    assert np.array_equal(back.points, q.points)
    # the exact oracle decides it on the rationals, as the command line does
    e = ccdbench.exact(back, fractions=True)
    truth = cli("truth", "--output", tmp_path / "tr", out).returncode
    assert truth == 0
    line = (tmp_path / "tr" / "q.truth.csv").read_text().splitlines()[1].split(",")
    assert bool(e.collides[0]) == (line[1] == "1")
    if e.collides[0]:
        assert e.toi_fractions[0] == (Fraction(line[2]), Fraction(line[3]))


def test_labels_written_and_checked(tmp_path):
    q = ccdbench.Queries(np.zeros((2, 8, 3)), ccdbench.EE, labels=[1, 0])
    path = tmp_path / "x" / "edge-edge" / "q.csv"
    path.parent.mkdir(parents=True)
    ccdbench.write(path, q, labels=True)
    assert ccdbench.read(path).labels.tolist() == [1, 0]
    unknown = ccdbench.Queries(np.zeros((1, 8, 3)), ccdbench.EE)
    with pytest.raises(ccdbench.InputError):
        ccdbench.write(path, unknown, labels=True)
    assert ccdbench.read(path).labels.tolist() == [1, 0]  # not half-written


def test_streaming_matches_whole(shared_data):
    whole = ccdbench.read(shared_data)
    parts = list(ccdbench.iter_read(shared_data, batch=97))
    assert max(len(p) for p in parts) <= 97
    joined = ccdbench.Queries.concatenate(parts)
    assert np.array_equal(joined.points, whole.points)
    assert np.array_equal(joined.labels, whole.labels)
    assert np.array_equal(joined.file, whole.file)
    assert np.array_equal(joined.index, whole.index)


def test_subset_keeps_rationals(tmp_path):
    path = tmp_path / "s" / "vertex-face" / "q.csv"
    path.parent.mkdir(parents=True)
    path.write_text(RATIONAL_VF * 3)
    q = ccdbench.read(path)
    sub = q[[2, 0]]
    assert sorted(sub.rationals) == [0, 1]
    assert sub.index.tolist() == [2, 0]
    assert len(q[q.kinds == ccdbench.EE]) == 0


def _cli_error(cli, *args):
    p = cli(*args, check=False)
    assert p.returncode == 2
    return p.stderr.splitlines()[0]


@pytest.mark.parametrize("text", [
    RATIONAL_VF.replace("1,3,1,10,1,1", "1,3,1,10,1"),   # a field missing
    RATIONAL_VF.replace("1,3,1,10", "1,0,1,10"),         # a zero denominator
    RATIONAL_VF.replace("1,3,1,10", "x,3,1,10"),         # not a number
    RATIONAL_VF[:-20],                                   # a query cut short
])
def test_bad_csv_raises_cli_message(tmp_path, cli, text):
    path = tmp_path / "s" / "vertex-face" / "q.csv"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    with pytest.raises(ccdbench.InputError) as e:
        ccdbench.read(path)
    assert str(e.value) == _cli_error(cli, "truth", path)
    assert str(e.value).startswith(f"{path}:")


def test_missing_path(tmp_path, cli):
    missing = tmp_path / "none.csv"
    with pytest.raises(ccdbench.InputError) as e:
        ccdbench.read(missing)
    assert str(e.value) == _cli_error(cli, "truth", missing)


def test_wrong_shapes():
    with pytest.raises(ValueError, match=r"\(N, 8, 3\)"):
        ccdbench.Queries(np.zeros((4, 3)), ccdbench.VF)
    with pytest.raises(ValueError, match=r"\(N, 8, 3\)"):
        ccdbench.Queries(np.zeros((4, 6, 3)), ccdbench.VF)
    with pytest.raises(ValueError, match=r"kinds: expected shape \(4,\)"):
        ccdbench.Queries(np.zeros((4, 8, 3)), [0, 1])
    with pytest.raises(ValueError, match="kinds"):
        ccdbench.Queries(np.zeros((2, 8, 3)), [0, 7])
    with pytest.raises(TypeError, match="ccdbench.Queries"):
        ccdbench.exact(np.zeros((1, 8, 3)))
    with pytest.raises(ValueError, match="rationals"):
        q = ccdbench.Queries(np.zeros((1, 8, 3)), ccdbench.VF, rationals={0: ["1/3"] * 23})
        ccdbench.exact(q)
    with pytest.raises(ValueError, match="rational"):
        q = ccdbench.Queries(np.zeros((1, 8, 3)), ccdbench.VF, rationals={0: ["1/0"] * 24})
        ccdbench.exact(q)


def test_kind_and_labels_of_one_file(tmp_path):
    path = tmp_path / "oddly-named.csv"
    path.write_text(RATIONAL_VF)
    labels = tmp_path / "labels.json"
    labels.write_text("[true]")
    q = ccdbench.read(path, kind="vf", labels=labels)
    assert q.labels.tolist() == [1]
    with pytest.raises(ValueError, match="kind"):
        ccdbench.read(path, kind="xy")
    os.remove(labels)
    with pytest.raises(ccdbench.InputError, match="labels.json"):
        ccdbench.read(path, kind="vf", labels=labels)


def test_streaming_writer(shared_data, tmp_path):
    src = os.path.join(shared_data, "sample-queries", "unit-tests")
    out = tmp_path / "w" / "vertex-face" / "all.csv.gz"
    out.parent.mkdir(parents=True)
    with ccdbench.Writer(out, labels=True) as w:
        for part in ccdbench.iter_read(src, batch=50):
            w.put(part[part.kinds == ccdbench.VF])
    whole = ccdbench.read(src)
    back = ccdbench.read(out)
    vf = whole[whole.kinds == ccdbench.VF]
    assert np.array_equal(back.points, vf.points) and np.array_equal(back.labels, vf.labels)
    # an exception inside the block leaves the old file as it was, and no temporary
    before = out.read_bytes()
    with pytest.raises(RuntimeError):
        with ccdbench.Writer(out) as w:
            w.put(vf[:3])
            raise RuntimeError("stop")
    assert out.read_bytes() == before
    assert sorted(os.listdir(out.parent)) == ["all.csv.gz"]
    # a failed put (an unknown label with labels=True) aborts the file too
    with pytest.raises(ccdbench.InputError):
        with ccdbench.Writer(out, labels=True) as w:
            w.put(ccdbench.Queries(np.zeros((1, 8, 3)), ccdbench.VF))
    assert out.read_bytes() == before and sorted(os.listdir(out.parent)) == ["all.csv.gz"]
    # a path that cannot be written: the command line's message
    with pytest.raises(ccdbench.InputError, match="nowhere"):
        ccdbench.Writer(tmp_path / "nowhere" / "q.csv")


def test_points_must_be_the_nearest_doubles_of_the_rationals():
    third = ["0/1"] * 24
    third[0] = "1/3"
    p = np.zeros((1, 8, 3))
    p[0, 0, 0] = 1 / 3
    assert ccdbench.exact(ccdbench.Queries(p, ccdbench.VF, rationals={0: third})).collides[0]
    p[0, 0, 0] = np.nextafter(1 / 3, 1)
    with pytest.raises(ValueError, match=r"points\[0, 0, 0\]: not the double nearest"):
        ccdbench.exact(ccdbench.Queries(p, ccdbench.VF, rationals={0: third}))
    # a tie goes to the even double, as the reader rounds
    tie = ["0/1"] * 24
    half_ulp = Fraction(1) + Fraction(1, 2 ** 53)
    tie[0] = f"{half_ulp.numerator}/{half_ulp.denominator}"
    p[0, 0, 0] = 1.0
    ccdbench.exact(ccdbench.Queries(p, ccdbench.VF, rationals={0: tie}))
    p[0, 0, 0] = 1 + 2.0 ** -52
    with pytest.raises(ValueError, match="nearest"):
        ccdbench.exact(ccdbench.Queries(p, ccdbench.VF, rationals={0: tie}))
    # what the reader gives is always accepted
    path = os.path.join(os.environ["CCD_SRCDIR"], "datasets", "default")
    q = ccdbench.read(path)
    assert q.rationals and len(ccdbench.exact(q)) == len(q)
