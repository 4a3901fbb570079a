# make test      - create .venv if missing, install the system packages the tests need (apt,
#                  says what and why), build + install pyyijing[dev,service] (the C++ unit
#                  tests are built in the same CMake build), run ctest and the fast pytest run
# make test-slow - the long pytest runs only (pytest -m slow); CI runs `make test` then this
# make lint      - ruff check, ruff format --check, mypy
# make clean     - remove build outputs and the venv
# make serve     - build + install pyyijing[service], run the gRPC service on 127.0.0.1:50051
#                  (metrics 127.0.0.1:9464/metrics; sessions in build/service/; YIJING_* env, ARGS=...)
# make bench     - build + install, run the benchmark suite (table, build/bench/results.json,
#                  benchmarks/RESULTS.md); ARGS=--quick for the one-minute smoke run
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules

PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
PIP := $(VPY) -m pip
# setuptools>=70.1 and wheel: with --no-build-isolation, the sdists among the dev extra's
# dependencies (pymahjonggb) are built with the venv's own setuptools, and a fresh venv's is
# too old to build a wheel without the `wheel` package ("invalid command 'bdist_wheel'").
BUILD_REQS := "scikit-build-core>=0.10" "pybind11>=2.12" "cython>=3.0" "cython-cmake>=0.2" \
	"cmake>=3.21" ninja "setuptools>=70.1" wheel
DOCTEST_HEADER := /usr/include/doctest/doctest.h
# One CMake build for the wheel and the C++ unit tests: `install` configures it with
# YIJING_BUILD_TESTS=ON when doctest is there (the test binary has no install rule, so it is
# not in the wheel) and cpp-test runs ctest in it.
WHEEL_BUILD := build/wheel
CPP_TEST_DIR := $(WHEEL_BUILD)/core_cpp
# -n auto: one pytest-xdist worker per core (the tests share no files or ports: tmp_path,
# port 0); worksteal keeps both cores busy to the end of the long sweeps.
PYTEST := PYYIJING_REQUIRE_ALL_BACKENDS=1 $(VENV)/bin/pytest --durations=10 -n auto --dist worksteal
# The goals that run the C++ tests (and the bench, for its native load client) install the
# system packages before the wheel is built (also with -j).
SYSDEPS_FIRST := $(if $(filter test cpp-test bench,$(or $(MAKECMDGOALS),test)),sysdeps)

.PHONY: test test-slow install sysdeps cpp-test py-test lint clean serve bench

test: cpp-test py-test

$(VPY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

sysdeps:
	@if [ ! -f $(DOCTEST_HEADER) ] || { { ! command -v prometheus >/dev/null || \
		! pkg-config --exists grpc++ 2>/dev/null; } && \
		command -v apt-get >/dev/null; }; then bash scripts/install-system-deps.sh; fi

# Non-editable install; the CMake build dir is kept in build/wheel so reruns are incremental.
# pip -q: a rerun with nothing changed would list every requirement as already satisfied;
# errors (and a failed build's output) still show.
install: $(VPY) $(SYSDEPS_FIRST)
	@echo "install: pyyijing[dev,service,rl,train] into $(VENV) (quiet: pip shows only errors)"
	$(PIP) install -q $(BUILD_REQS)
	$(PIP) install -q --no-build-isolation -Cbuild-dir=$(WHEEL_BUILD) \
		-Ccmake.define.YIJING_BUILD_TESTS=$$([ -f $(DOCTEST_HEADER) ] && echo ON || echo OFF) \
		'.[dev,service,rl,train]'

cpp-test: sysdeps install
	@[ -f $(DOCTEST_HEADER) ] || { echo "cpp-test: doctest is not installed ($(DOCTEST_HEADER));" \
		"as root: bash scripts/install-system-deps.sh" >&2; exit 1; }
	$(VENV)/bin/ctest --test-dir $(CPP_TEST_DIR) --output-on-failure --no-tests=error

# .venv/bin/pytest, not `python -m pytest`: the latter puts the repo root on sys.path
# and would test the source tree instead of the installed package.
# The fast run: everything but the tests marked slow (pyproject.toml, [tool.pytest.ini_options]);
# then the service tests again with the Python server alone (--front off): the first run
# has them behind the native front end (core_cpp/front/, the default where it is built).
py-test: install
	$(PYTEST) -m "not slow"
	PYYIJING_TEST_FRONT=off $(PYTEST) -m "not slow" tests/service

# The long runs only.
test-slow: install
	$(PYTEST) -m slow

# -I: the repo root must not shadow the installed pyyijing (it has no compiled modules).
serve: install
	YIJING_DB="$${YIJING_DB:-build/service/sessions.sqlite3}" $(VPY) -I -m pyyijing.service $(ARGS)

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
