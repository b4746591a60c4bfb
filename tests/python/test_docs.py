# SPDX-License-Identifier: MIT
"""docs/python.md's examples, run in order in one namespace, in a directory
where datasets/ is the repository's (their asserts are the checks); the
PyTorch example only where PyTorch is installed."""
import contextlib
import io
import os
import re


def test_python_md_examples(srcdir, builddir, tmp_path, monkeypatch):
    with open(os.path.join(srcdir, "docs", "python.md"), encoding="utf-8") as f:
        blocks = re.findall(r"^```python\n(.*?)^```$", f.read(), re.S | re.M)
    assert len(blocks) >= 8
    os.symlink(os.path.join(srcdir, "datasets"), tmp_path / "datasets")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CCDBENCH", os.path.join(builddir, "src", "cli", "ccdbench"))
    namespace = {}
    try:
        import torch  # noqa: F401
        have_torch = True
    except ImportError:
        have_torch = False
    for number, block in enumerate(blocks, 1):
        if "import torch" in block and not have_torch:
            continue  # the PyTorch example: where PyTorch is installed
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, f"docs/python.md example {number}", "exec"), namespace)
