"""Build and run the yardsticks with g++ -O2: benchmarks/yardstick/yardstick.cpp (Yi Jing
Pai) and benchmarks/yardstick/mahjong_yardstick.cpp (common mahjong)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from typing import Any

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "yardstick", "yardstick.cpp")
MAHJONG_SOURCE = os.path.join(os.path.dirname(SOURCE), "mahjong_yardstick.cpp")
FLAGS = ["-O2", "-std=c++17", "-DNDEBUG"]


def build_yardstick(
    build_dir: str, source: str = SOURCE, name: str = "yardstick", libs: tuple[str, ...] = ()
) -> tuple[str | None, str]:
    """(path of the executable, how it was built); (None, why) when there is no compiler.
    `libs`: compiler and linker flags after the source (benchmarks/native_client.py)."""
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")
    if cxx is None:
        return None, "no C++ compiler (g++) on PATH"
    os.makedirs(build_dir, exist_ok=True)
    exe = os.path.join(build_dir, name)
    cmd = [cxx, *FLAGS, "-o", exe, source, *libs]
    stamp = exe + ".cmd"
    fresh = os.path.exists(exe) and os.path.getmtime(exe) >= os.path.getmtime(source)
    if fresh:
        try:
            with open(stamp) as f:
                fresh = f.read() == " ".join(cmd)
        except OSError:
            fresh = False
    if not fresh:
        err = _compile(cmd, exe)
        if err:
            return None, err
        tmp = f"{stamp}.{os.getpid()}"
        with open(tmp, "w") as f:
            f.write(" ".join(cmd))
        os.replace(tmp, stamp)
    return exe, " ".join(os.path.basename(c) if c == cxx else c for c in cmd)


def _compile(cmd: list[str], exe: str) -> str:
    """Run the compile `cmd` (whose `-o` is `exe`) into a file of this process, then
    rename it into place: two runs at once (parallel tests) never see a half-written
    executable. An error message, or "" on success."""
    tmp = f"{exe}.{os.getpid()}.tmp"
    proc = subprocess.run([tmp if c == exe else c for c in cmd], capture_output=True, text=True)
    if proc.returncode != 0:
        return f"build failed: {proc.stderr.strip()[:500]}"
    os.replace(tmp, exe)
    return ""


KERNELS = os.path.join(os.path.dirname(SOURCE), "kernels.cpp")


def build_kernels(build_dir: str, root: str) -> tuple[str | None, str]:
    """kernels.cpp linked against the yijing_core library of the wheel build."""
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")
    if cxx is None:
        return None, "no C++ compiler (g++) on PATH"
    lib = next(
        (
            p
            for p in (
                os.path.join(root, "build", "wheel", "core_cpp", "libyijing_core.a"),
                os.path.join(root, "build", "cpp", "libyijing_core.a"),
            )
            if os.path.exists(p)
        ),
        None,
    )
    if lib is None:
        return None, "no build/wheel/core_cpp/libyijing_core.a (run make install first)"
    os.makedirs(build_dir, exist_ok=True)
    exe = os.path.join(build_dir, "kernels")
    inc = os.path.join(root, "core_cpp", "include")
    cmd = [cxx, *FLAGS, "-I", inc, "-o", exe, KERNELS, lib, "-lpthread"]
    newest = max(os.path.getmtime(KERNELS), os.path.getmtime(lib))
    if not (os.path.exists(exe) and os.path.getmtime(exe) >= newest):
        err = _compile(cmd, exe)
        if err:
            return None, err
    return exe, f"g++ -O2 against {os.path.relpath(lib, root)}"


def run_kernels(exe: str, reps: int, target: float) -> list[dict[str, Any]]:
    out = subprocess.run(
        [exe, str(reps), str(target)], capture_output=True, text=True, check=True
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def run_yardstick(exe: str, games: int, seed: int = 1) -> dict[str, Any]:
    """One timed loop of `games` games; its JSON line (games, seconds, mean_plies, ...)."""
    out = subprocess.run(
        [exe, str(games), str(seed), "1"], capture_output=True, text=True, check=True
    ).stdout
    rec: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return rec


def build_mahjong_yardstick(build_dir: str) -> tuple[str | None, str]:
    """benchmarks/yardstick/mahjong_yardstick.cpp, built as build_yardstick builds its own."""
    return build_yardstick(build_dir, MAHJONG_SOURCE, "mahjong_yardstick")


def run_mahjong_yardstick(exe: str, hands: int, seed: int = 1) -> dict[str, Any]:
    """One timed loop of `hands` hands; its JSON line (hands, seconds, mean_moves, ...)."""
    out = subprocess.run(
        [exe, str(hands), str(seed), "1"], capture_output=True, text=True, check=True
    ).stdout
    rec: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return rec
