# make test  - create .venv if missing, build + install pyyijing[dev], run C++ and Python tests
# make lint  - ruff check, ruff format --check, mypy
# make clean - remove build outputs and the venv
# make serve - build + install pyyijing[service], run the gRPC service on 127.0.0.1:50051
#              (metrics 127.0.0.1:9464/metrics; sessions in build/service/; YIJING_* env, ARGS=...)
# make bench - build + install, run the benchmark suite (table, build/bench/results.json,
#              benchmarks/RESULTS.md); ARGS=--quick for the one-minute smoke run
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules

PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
PIP := $(VPY) -m pip
BUILD_REQS := "scikit-build-core>=0.10" "pybind11>=2.12" "cython>=3.0" "cython-cmake>=0.2" \
	"cmake>=3.21" ninja
DOCTEST_HEADER := /usr/include/doctest/doctest.h
CPP_BUILD := build/cpp

.PHONY: test install sysdeps cpp-test py-test lint clean serve bench

test: install cpp-test py-test

$(VPY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

sysdeps:
	@if [ ! -f $(DOCTEST_HEADER) ] || { ! command -v prometheus >/dev/null && \
		command -v apt-get >/dev/null; }; then bash scripts/install-system-deps.sh; fi

# Non-editable install; the CMake build dir is kept in build/wheel so reruns are incremental.
install: $(VPY)
	$(PIP) install $(BUILD_REQS)
	$(PIP) install --no-build-isolation -Cbuild-dir=build/wheel '.[dev,service]'

cpp-test: sysdeps install
	$(VENV)/bin/cmake -S core_cpp -B $(CPP_BUILD) -DYIJING_BUILD_TESTS=ON -G Ninja \
		-DCMAKE_MAKE_PROGRAM=$(abspath $(VENV))/bin/ninja
	$(VENV)/bin/cmake --build $(CPP_BUILD)
	$(VENV)/bin/ctest --test-dir $(CPP_BUILD) --output-on-failure

# .venv/bin/pytest, not `python -m pytest`: the latter puts the repo root on sys.path
# and would test the source tree instead of the installed package.
py-test: install
	PYYIJING_REQUIRE_ALL_BACKENDS=1 $(VENV)/bin/pytest

# -I: the repo root must not shadow the installed pyyijing (it has no compiled modules).
serve: install
	YIJING_DB="$${YIJING_DB:-build/service/sessions.sqlite3}" $(VPY) -I -m service $(ARGS)

# Run from the repo root; benchmarks/__init__.py makes the installed pyyijing win over the source tree.
bench: install
	$(VPY) -m benchmarks --command "make bench$(if $(ARGS), ARGS='$(ARGS)')" $(ARGS)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

clean:
	rm -rf build dist $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
