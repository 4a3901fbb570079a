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

# Optional: the Prometheus server, for the service test in which a real Prometheus
# scrapes /metrics (tests/service/test_service_metrics.py skips only that test when the
# binary is absent). policy-rc.d (temporarily, if there is none) keeps the package from
# starting a system-wide daemon.
if ! command -v prometheus >/dev/null 2>&1; then
  made_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    made_policy=1
  fi
  apt-get install -y -qq --no-install-recommends prometheus \
    || echo "install-system-deps: optional package prometheus not installed" >&2
  if [ "$made_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
fi
