#!/usr/bin/env bash
# System packages the build and tests need beyond python, pip and g++:
#   doctest-dev  header-only C++ unit-test framework (core_cpp/tests)
# Debian/Ubuntu only; needs root. Everything else comes from PyPI into .venv.
set -euo pipefail

PACKAGES=(doctest-dev)

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: apt-get not found; install these packages by hand: ${PACKAGES[*]}" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-system-deps: not root, skipping apt-get; run as root or install: ${PACKAGES[*]}" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
