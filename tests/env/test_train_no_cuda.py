"""The `train` extra installs the CPU build of torch (pyproject.toml pins ``torch==2.13.0``, the
``+cpu`` wheel these machines hold): a CUDA build would pull in NVIDIA's libraries as
distributions named ``nvidia-*`` (gigabytes no machine of this project can use)."""

from __future__ import annotations

import re
from importlib import metadata


def test_no_nvidia_distribution_is_installed() -> None:
    # the name as PEP 503 normalises it: nvidia_cublas_cu12 is nvidia-cublas-cu12
    names = sorted(
        name
        for dist in metadata.distributions()
        if (name := re.sub(r"[-_.]+", "-", dist.metadata["Name"] or "").lower()).startswith(
            "nvidia-"
        )
    )
    assert names == [], f"CUDA libraries installed (a CUDA torch?): {names}"
