# SPDX-License-Identifier: MIT
# python/: the `ccdbench` Python package (docs/python.md).  The extension
# ccdbench._core is built here against libccdbench.la when configure found a
# Python 3 with NumPy and its headers; `make` leaves an importable package in
# the build tree (PYTHONPATH=<builddir>/python), and python/setup.py builds
# the same package against an installed library (`pip install ./python`).
CCD_PYTHON_FILES = python/ccdbench/__init__.py python/ccdbench/contact.py \
	python/ccdbench/torch.py
EXTRA_DIST += $(CCD_PYTHON_FILES) python/ccdbench/_core.c python/setup.py \
	python/pyproject.toml python/README.md

if HAVE_PYTHON
# A module (no version, no lib prefix) with an rpath, so libtool makes it
# shared; it is copied beside the package's sources under its Python name.
noinst_LTLIBRARIES += python/ccdbench/_core.la
python_ccdbench__core_la_SOURCES = python/ccdbench/_core.c
python_ccdbench__core_la_CPPFLAGS = $(AM_CPPFLAGS) $(PYTHON_CFLAGS)
python_ccdbench__core_la_LDFLAGS = -module -avoid-version -shared \
	-rpath '$(abs_builddir)/python/ccdbench' $(AM_LDFLAGS)
python_ccdbench__core_la_LIBADD = libccdbench.la $(GMP_LIBS) $(OPENMP_CFLAGS)

# (the sources named by $(srcdir): the copies in a build directory must not
# stand for them)
python/ccdbench/_core$(PYTHON_EXT_SUFFIX): python/ccdbench/_core.la \
		$(CCD_PYTHON_FILES:%=$(srcdir)/%)
	$(AM_V_GEN)$(MKDIR_P) python/ccdbench && \
	for f in $(CCD_PYTHON_FILES); do \
	  test "$(srcdir)/$$f" -ef "$$f" || cp "$(srcdir)/$$f" "$$f" || exit 1; \
	done && \
	cp python/ccdbench/.libs/_core.so $@
all-local: python/ccdbench/_core$(PYTHON_EXT_SUFFIX)
CLEANFILES += python/ccdbench/_core$(PYTHON_EXT_SUFFIX)
endif
# In a build directory apart from the sources, the copies of the package's
# Python files go too.
clean-local: clean-python
clean-python:
	-test "$(srcdir)" -ef . || rm -f $(CCD_PYTHON_FILES)
	-rm -rf python/ccdbench/__pycache__
.PHONY: clean-python
