#!/usr/bin/env bash
# System packages the build and tests need beyond python, pip and g++ (everything else
# comes from PyPI into .venv). Debian/Ubuntu only; installs with apt-get when run as root,
# asks nothing, and says first what it will install and why.
#   doctest-dev  header-only C++ unit-test framework (core_cpp/tests, run by ctest)
#   prometheus   the Prometheus server, for the one service test in which a real Prometheus
#                scrapes /metrics (tests/service/test_service_metrics.py starts its own
#                `prometheus` process on a free port; only that test skips without it)
#   libgrpc++-dev, pkg-config
#                gRPC's C++ library and headers, found with pkg-config, for the service
#                bench's native load client (benchmarks/loadgen/fixed_rate_client.cpp;
#                tests/bench/test_bench_native_client.py); without them its rows and test skip
#   chromium, chromium-driver
#                the browser and its WebDriver for the replay viewer's browser tests
#                (tests/viewer/test_viewer_browser.py drives headless Chromium with selenium,
#                from the dev extra; only those tests skip without them)
#   fonts-wqy-zenhei
#                a CJK font, so that those tests' screenshots show 萬, 東 and the hexagrams'
#                names rather than empty boxes (nothing fails without it)
# Installing the Debian prometheus package enables a system-wide prometheus.service at
# boot; this script disables it again (and stops any daemon the package started), so
# nothing is left running or enabled. Packages that were already installed are not touched.
set -euo pipefail

declare -A WHY=(
  [doctest-dev]="C++ unit-test framework (headers only) for the ctest run of core_cpp/tests"
  [libgrpc++-dev]="gRPC C++ library and headers for the service bench's native load client and do-nothing C++ server (benchmarks/loadgen/; their rows and test skip without them)"
  [pkg-config]="finds the gRPC C++ compiler and linker flags for that client"
  [prometheus]="Prometheus server binary for the one service test in which a real Prometheus scrapes /metrics (its systemd service is disabled again after install)"
  [chromium]="headless browser for the replay viewer's browser tests (tests/viewer; they skip without it)"
  [chromium-driver]="chromedriver, through which selenium drives that browser in those tests"
  [fonts-wqy-zenhei]="CJK font for those tests' screenshots (Chinese tiles and hexagram names; boxes without it)"
)
PACKAGES=(doctest-dev prometheus libgrpc++-dev pkg-config chromium chromium-driver fonts-wqy-zenhei)
# the tests still run if these cannot be installed (the ones that need them skip)
OPTIONAL=(prometheus libgrpc++-dev pkg-config chromium chromium-driver fonts-wqy-zenhei)
# Services the prometheus packages ship; enabled by their postinst, disabled below.
SERVICES=(prometheus prometheus-node-exporter)

say() { echo "install-system-deps: $*"; }

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed'; }

missing=()
for p in "${PACKAGES[@]}"; do
  if command -v dpkg-query >/dev/null 2>&1 && installed "$p"; then
    say "$p already installed ($p: ${WHY[$p]})"
  else
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  say "apt-get not found; install these by hand (the C++ tests need doctest; without prometheus one service test skips):" >&2
  for p in "${missing[@]}"; do say "  $p: ${WHY[$p]}" >&2; done
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  say "not root, so not installing anything; as root run \`bash scripts/install-system-deps.sh\` or \`apt-get install --no-install-recommends ${missing[*]}\`:" >&2
  for p in "${missing[@]}"; do say "  $p: ${WHY[$p]}" >&2; done
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
APT_INSTALL=(apt-get install -y -qq --no-install-recommends -o Dpkg::Use-Pty=0)

say "installing ${#missing[@]} Debian package(s) with apt-get (no questions asked):"
for p in "${missing[@]}"; do say "  $p: ${WHY[$p]}"; done
apt-get update -qq
new_pkgs=" "  # every package apt is about to install, dependencies included
for p in "${missing[@]}"; do
  # What apt will install for it (a dry run): the package and the dependencies it pulls in.
  inst=$(apt-get -s install --no-install-recommends "$p" 2>/dev/null \
    | awk '$1 == "Inst" { print $2 }' | tr '\n' ' ' || true)
  new_pkgs+="$inst"
  deps=$(tr ' ' '\n' <<<"$inst" | grep -vx -e "$p" -e '' | tr '\n' ' ' || true)
  if [ -n "$deps" ]; then
    say "  $p pulls in $(wc -w <<<"$deps") more: ${deps% }"
  else
    say "  $p pulls in nothing else"
  fi
done

# Debian packages start their daemon on install (invoke-rc.d / deb-systemd-invoke);
# a policy-rc.d that answers 101 ("action forbidden") stops that. Put one in place for the
# duration of the install unless the machine already has one.
made_policy=0
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod 755 /usr/sbin/policy-rc.d
  made_policy=1
fi
cleanup_policy() { if [ "$made_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi; }
trap cleanup_policy EXIT

status=0
for p in "${missing[@]}"; do
  if ! "${APT_INSTALL[@]}" "$p"; then
    if [[ " ${OPTIONAL[*]} " == *" $p "* ]]; then
      say "optional package $p not installed (the test that needs it will skip)" >&2
    else
      say "could not install $p" >&2
      status=1
    fi
  fi
done

# Leave no service enabled or running. Only units of packages installed just now: a
# prometheus someone enabled on purpose before is left alone.
for unit in "${SERVICES[@]}"; do
  [[ "$new_pkgs" == *" $unit "* ]] || continue
  installed "$unit" || continue
  if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
    systemctl disable --now "$unit.service" >/dev/null 2>&1 || true
  elif command -v systemctl >/dev/null 2>&1; then
    # systemd is not running (container, chroot): disable works on the unit files alone.
    systemctl disable "$unit.service" >/dev/null 2>&1 || true
  fi
  rm -f /etc/systemd/system/*.wants/"$unit".service
  # A daemon the package started runs as its system user `prometheus` (the test's own
  # prometheus runs as the user running the tests, and is not touched unless that is it).
  if id -u prometheus >/dev/null 2>&1; then
    for pid in $(pgrep -u prometheus -x "$unit" || true); do kill "$pid" 2>/dev/null || true; done
  fi
  say "$unit: systemd service disabled, not running"
done
exit "$status"
