# SPDX-License-Identifier: MIT
# tests/python: the Python package (python/, docs/python.md) with pytest, in
# the build tree: the oracle against `ccdbench truth`, every built-in method
# against `ccdbench run --per-query`, the readers' errors against the
# command line's, plugins, scoring, result files, the contact routines'
# Jacobians (and gradcheck where PyTorch is installed) and docs/python.md's
# examples.
TESTS += tests/python/pytest.sh
EXTRA_DIST += tests/python/pytest.sh tests/python/conftest.py \
	tests/python/test_queries.py tests/python/test_oracle.py \
	tests/python/test_methods.py tests/python/test_results.py \
	tests/python/test_contact.py tests/python/test_contact_bodies.py \
	tests/python/test_torch.py tests/python/test_docs.py
if HAVE_PYTHON
AM_TESTS_ENVIRONMENT += CCD_PYTHON='$(PYTHON)'; export CCD_PYTHON;
# the package is part of `make` (python/local.mk); the test needs it built
check_DATA = python/ccdbench/_core$(PYTHON_EXT_SUFFIX)
endif
