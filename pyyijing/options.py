"""The rule-option machinery, kept importable here: it lives in `pyyijing.core.options`."""

from __future__ import annotations

from .core.options import Option, RuleSet, VariantRuleSet, check_option

__all__ = ["Option", "RuleSet", "VariantRuleSet", "check_option"]
