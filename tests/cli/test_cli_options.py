"""The rule option table (pyyijing/yijingpai/rules.py) makes `Rules` and drives the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pyyijing as yj
from pyyijing.cli import main
from pyyijing.options import Option
from pyyijing.yijingpai import rules as rules_module
from pyyijing.yijingpai.rules import OPTIONS_BY_NAME, YIJINGPAI_OPTIONS

ROOT = Path(__file__).resolve().parents[2]
PROTO = ROOT / "proto" / "yijing" / "v1" / "rule_engine.proto"


def test_rules_is_made_from_the_table_in_table_order() -> None:
    assert yj.Rules.OPTIONS is YIJINGPAI_OPTIONS
    assert list(yj.Rules().options()) == [o.name for o in YIJINGPAI_OPTIONS]
    assert list(yj.Rules().to_dict()) == list(OPTIONS_BY_NAME)
    for opt in YIJINGPAI_OPTIONS:
        value = getattr(yj.Rules(), opt.name)
        if opt.multiple:
            assert isinstance(value, tuple)
            assert all(type(v) is opt.type for v in value), opt.name
        else:
            assert type(value) is opt.type, opt.name


def test_defaults_are_the_rules_defaults_exactly() -> None:
    default = yj.Rules()
    for opt in YIJINGPAI_OPTIONS:
        value = getattr(default, opt.name)
        assert opt.default == value, opt.name
        assert type(opt.default) is type(value), opt.name
    assert yj.Rules(**{o.name: o.default for o in YIJINGPAI_OPTIONS}) == default


def test_allowed_values_are_the_rules_constants() -> None:
    constants = {
        "variant": rules_module.VARIANTS,
        "players": rules_module.PLAYERS,
        "deck": rules_module.DECKS,
        "taiji": rules_module.TAIJI_RULES,
        "taiji_in_pong": (True, False),
        "win_conditions": rules_module.WIN_CONDITIONS,
        "self_draw_payment": rules_module.SELF_DRAW_PAYMENTS,
        "next_dealer": rules_module.NEXT_DEALER_RULES,
    }
    assert {o.name: o.allowed for o in YIJINGPAI_OPTIONS} == constants
    for opt in YIJINGPAI_OPTIONS:
        assert all(type(v) is opt.type for v in opt.allowed), opt.name
        assert opt.doc, opt.name
        assert "\n" not in opt.doc, opt.name
        for value in opt.allowed:  # Rules takes every allowed value...
            yj.Rules(**{opt.name: (value,) if opt.multiple else value})
        bad: object = ("nonsense",) if opt.multiple else "nonsense"
        with pytest.raises(ValueError, match=opt.name):  # ...and refuses others
            yj.Rules(**{opt.name: bad})


def _proto_block(kind: str, name: str) -> str:
    text = PROTO.read_text(encoding="utf-8")
    m = re.search(rf"^{kind} {name} \{{(.*?)^\}}", text, re.DOTALL | re.MULTILINE)
    assert m, f"{kind} {name} not in {PROTO}"
    return re.sub(r"//.*", "", m.group(1))


def test_proto_fields_and_enum_values_exist() -> None:
    if not PROTO.exists():
        pytest.skip("no proto/ here (not a source checkout)")
    fields = re.findall(r"(\w+) = \d+;", _proto_block("message", "Rules"))
    assert sorted(fields) == sorted(o.proto_field for o in YIJINGPAI_OPTIONS)
    enums = re.findall(r"^enum (\w+) \{", PROTO.read_text(encoding="utf-8"), re.MULTILINE)
    for opt in YIJINGPAI_OPTIONS:
        if opt.proto_enum is None:
            continue
        # the enum type whose values carry this prefix: VARIANT_* in `enum Variant`
        (enum,) = [
            e for e in enums if re.sub(r"(?<!^)([A-Z])", r"_\1", e).upper() == opt.proto_enum
        ]
        values = set(re.findall(r"(\w+) = \d+;", _proto_block("enum", enum)))
        assert f"{opt.proto_enum}_UNSPECIFIED" in values, enum
        expected = {f"{opt.proto_enum}_{opt.format_one(v).upper()}" for v in opt.allowed}
        assert values - {f"{opt.proto_enum}_UNSPECIFIED"} == expected, enum


@pytest.mark.parametrize("opt", YIJINGPAI_OPTIONS, ids=lambda o: o.name)
def test_parse_and_format_round_trip(opt: Option) -> None:
    assert opt.parse(opt.format(opt.default)) == opt.default
    for value in opt.allowed:
        one = (value,) if opt.multiple else value
        assert opt.parse(opt.format(one)) == one
    with pytest.raises(ValueError, match=opt.name):
        opt.parse("nonsense")


def _help(capsys: pytest.CaptureFixture[str], command: str) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def _option_help(text: str) -> dict[str, str]:
    """flag -> its help (whitespace collapsed), from an argparse help text."""
    blocks: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        m = re.match(r"^  (-\w, )?(--[\w-]+)", line)
        if m:
            current = m.group(2)
            blocks[current] = line[m.end() :]
        elif current and line.startswith("   "):
            blocks[current] += " " + line
        else:
            current = None
    return {k: " ".join(v.split()) for k, v in blocks.items()}


def test_each_rule_option_has_a_flag_whose_help_shows_its_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    helps = _option_help(_help(capsys, "simulate"))
    for opt in YIJINGPAI_OPTIONS:
        assert opt.flag in helps, opt.flag
        text = helps[opt.flag]
        assert f"(default: {opt.format(opt.default)})" in text, (opt.flag, text)
        assert opt.doc.split()[0] in text
        for value in opt.allowed:
            assert opt.format_one(value) in text, (opt.flag, value)


@pytest.mark.parametrize("command", ["simulate", "replay", "validate", "bench"])
def test_every_option_says_its_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    helps = _option_help(_help(capsys, command))
    helps.pop("--help")
    assert helps
    for flag, text in helps.items():
        assert "(default: " in text or text.endswith("required"), (flag, text)
        assert "%(default)" not in text, (flag, text)
        assert "None" not in text, (flag, text)


def test_rule_flags_reach_the_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    code = main(
        [
            "simulate",
            "--games",
            "200",
            "--quiet",
            "--json",
            str(out),
            "--players",
            "3",
            "--deck",
            "162",
            "--taiji-in-pong",
            "false",
            "--win-conditions",
            "three_of_a_kind,two_targets,eight_trigrams_and_kun",
            "--self-draw-payment",
            "split",
        ]
    )
    _out, err = capsys.readouterr()
    assert code == 0, err
    assert (
        json.loads(out.read_text())["rules"]
        == yj.Rules(
            players=3,
            deck=162,
            taiji_in_pong=False,
            win_conditions=("two_targets", "three_of_a_kind", "eight_trigrams_and_kun"),
            self_draw_payment="split",
        ).to_dict()
    )


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--players", "5"),
        ("--deck", "100"),
        ("--taiji-in-pong", "maybe"),
        ("--win-conditions", "two_targets,nonsense"),
        ("--win-conditions", ","),
        ("--next-dealer", "east"),
    ],
)
def test_a_bad_rule_flag_names_the_allowed_values(
    capsys: pytest.CaptureFixture[str], flag: str, value: str
) -> None:
    code = main(["simulate", "--games", "10", flag, value])
    out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith(f"yijing: error: argument {flag}: "), err
    assert err.count("\n") == 1
    opt = OPTIONS_BY_NAME[flag[2:].replace("-", "_")]
    assert opt.allowed_text() in err
    assert out == ""
