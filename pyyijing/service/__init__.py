"""The pyyijing gRPC service (yijing.v1.RuleEngineService).

``python -m pyyijing.service`` (or `serve()`) runs it; see README.md, "Service", and
``proto/yijing/v1/rule_engine.proto`` for the API. The protobuf/gRPC modules
are generated from the .proto on first import (service/_proto.py).
"""

from __future__ import annotations

from ._proto import load as load_generated
from .config import Config, parse_args
from .server import Service, serve

__all__ = ["Config", "Service", "load_generated", "parse_args", "serve"]
