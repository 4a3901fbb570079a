"""``python -m service [--address HOST:PORT] [--metrics-address HOST:PORT] [--db PATH] …``."""

from __future__ import annotations

import asyncio
import sys

from .config import parse_args
from .observability import configure_logging


def main(argv: list[str] | None = None) -> int:
    config = parse_args(argv)
    configure_logging(config.log_level)
    from .server import serve

    asyncio.run(serve(config))
    return 0


if __name__ == "__main__":
    sys.exit(main())
