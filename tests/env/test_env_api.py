"""The environments under other people's tests: PettingZoo's api_test and seed_test,
Gymnasium's check_env, on every environment and several option mixes (docs/env.md)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import pyyijing as yj

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from support.env_api import api_test  # noqa: E402
from support.env_cases import MIXES, mix_params  # noqa: E402


def test_names_are_every_registered_ruleset() -> None:
    """docs/env.md "Names": one environment per ruleset of every registered game."""
    assert yj.env.names() == ("yijingpai", "common", "shaoyang", "changsha")


@pytest.mark.parametrize("name", ["changsha_v0", "yijingpai_v0", "common"])
def test_a_versioned_name_builds_the_same_environment(name: str) -> None:
    """docs/env.md "Names": ``changsha_v0`` is ``changsha`` (PettingZoo's classic naming)."""
    env = yj.env.make(name)
    assert env.metadata["name"] == name.removesuffix("_v0") + "_v0"


@pytest.mark.parametrize(
    ("name", "error", "words"),
    [
        ("chess", ValueError, "must be one of yijingpai, common, shaoyang, changsha"),
        ("changsha_v7", ValueError, "version 7 does not exist"),
        (3, TypeError, "is a str"),
    ],
)
def test_a_bad_name_is_refused_with_the_names(name: Any, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        yj.env.make(name)


def test_a_bad_option_is_the_rules_error() -> None:
    """docs/env.md: the options are the rules' own; a bad one raises the Rules' error."""
    with pytest.raises(ValueError, match="birds"):
        yj.env.make("changsha", birds=3)
    with pytest.raises(ValueError, match="players"):
        yj.env.make("yijingpai", players=7)


@pytest.mark.parametrize(("name", "options"), mix_params())
def test_pettingzoo_api_test(name: str, options: dict[str, Any]) -> None:
    """PettingZoo's own api_test, 1,000 cycles."""
    api_test(yj.env.make(name, **options), num_cycles=1000)


@pytest.mark.parametrize(("name", "options"), mix_params())
def test_pettingzoo_seed_test(name: str, options: dict[str, Any]) -> None:
    """PettingZoo's seed_test: two environments, the same seed, the same trajectory."""
    pettingzoo_test.seed_test(lambda: yj.env.make(name, **options), num_cycles=500)


@pytest.mark.parametrize(("name", "options"), mix_params())
@pytest.mark.parametrize("seat", [0, 1])
def test_gymnasium_check_env(name: str, options: dict[str, Any], seat: int) -> None:
    """Gymnasium's own env checker on the single-seat environment, made through
    ``gymnasium.make`` (docs/env.md "Gymnasium ids"), so that it checks the render modes."""
    import gymnasium

    env_id = yj.env.gym_id(name)
    yj.env.register_gym_ids()
    env = gymnasium.make(env_id, seat=seat, **options)
    env_checker.check_env(env.unwrapped)


def test_reset_seed_deals_the_games_seeded_deal() -> None:
    """docs/env.md "Seeds": ``reset(seed=s)`` deals what ``Game(rules, seed=s)`` deals."""
    import pyyijing.mahjong as mj

    for name, game in (
        ("yijingpai", lambda s: yj.Game(yj.Rules(), seed=s)),
        ("changsha", lambda s: mj.Game(mj.Rules("changsha"), seed=s)),
    ):
        env = yj.env.raw_env(name)
        for seed in (0, 1, 2**64 - 1):
            env.reset(seed=seed)
            expected = game(seed)
            assert (env.game.wall, env.game.dealer, env.game.dice) == (
                expected.wall,
                expected.dealer,
                expected.dice,
            )


def test_resets_after_a_seed_follow_the_batch_seeds() -> None:
    """docs/env.md "Seeds": ``reset()`` after ``reset(seed=s)`` deals hand k of a batch
    with seed s: SplitMix64 output k + 1 of s, as `yj.simulate` seeds its hands."""
    from pyyijing.core.seeds import hand_seed

    env = yj.env.raw_env("common")
    env.reset(seed=77)
    seeds = [env.game.seed]
    for _ in range(3):
        env.reset()
        seeds.append(env.game.seed)
    assert seeds == [77, hand_seed(77, 0), hand_seed(77, 1), hand_seed(77, 2)]


def test_the_raw_environment_refuses_an_illegal_action_and_changes_nothing() -> None:
    env = yj.env.raw_env("common")
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = list(env.game.moves)
    with pytest.raises(ValueError, match="illegal"):
        env.step(illegal)
    assert env.game.moves == before
    assert env.agent_selection == agent


def test_the_wrapped_environment_ends_the_game_on_an_illegal_action() -> None:
    """docs/env.md "Illegal actions", as PettingZoo's classic environments: -1 for the
    agent that took it, 0 for the others, and the game is over."""
    env = yj.env.make("shaoyang")
    env.reset(seed=3)
    agent = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns of the illegal move itself
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1
    assert all(r == 0 for a, r in env.rewards.items() if a != agent)


def test_every_mix_is_tested() -> None:
    """The mixes cover every environment."""
    assert {name for name, _ in MIXES} == set(yj.env.names())


def _max_cycles_module(name: str, options: dict[str, Any]) -> Any:
    """What max_cycles_test takes: a module with ``env`` and ``parallel_env``. Its random
    actions ignore the mask, so the hands run with ``illegal_action="penalise"`` (an
    illegal action is not applied): with "terminate" the first one would end the hand."""
    from types import SimpleNamespace

    from pettingzoo.utils.conversions import parallel_to_aec

    def parallel(**kw: Any) -> Any:
        return yj.env.parallel_env(name, illegal_action="penalise", **kw, **options)

    return SimpleNamespace(parallel_env=parallel, env=lambda **kw: parallel_to_aec(parallel(**kw)))


@pytest.mark.parametrize(("name", "options"), mix_params())
def test_pettingzoo_max_cycles_test(name: str, options: dict[str, Any]) -> None:
    """PettingZoo's max_cycles_test on the parallel form (and its AEC conversion)."""
    pettingzoo_test.max_cycles_test(_max_cycles_module(name, options))


@pytest.mark.parametrize(("name", "options"), mix_params())
def test_pettingzoo_parallel_api_and_seed_tests(name: str, options: dict[str, Any]) -> None:
    """PettingZoo's parallel_api_test and parallel_seed_test on the parallel form."""
    pettingzoo_test.parallel_api_test(yj.env.parallel_env(name, **options), num_cycles=1000)
    pettingzoo_test.parallel_seed_test(lambda: yj.env.parallel_env(name, **options), num_cycles=500)


def test_a_cycle_applies_the_acting_seats_actions_and_ignores_the_others() -> None:
    """pyyijing.env.parallel: one cycle moves the seat the engine lets act; an action
    of a seat not to act changes nothing."""
    env = yj.env.parallel_env("common")
    observations, _ = env.reset(seed=9)
    acting = env.game.to_act[0]
    legal = {
        a: int(np.flatnonzero(o["action_mask"])[0])
        for a, o in observations.items()
        if o["action_mask"].any()
    }
    assert list(legal) == [f"player_{acting}"]
    actions = {a: legal.get(a, 0) for a in env.agents}
    env.step(actions)
    assert len(env.game.moves) == 1
    assert env.game.moves[0] == env.codec.action_to_move(legal[f"player_{acting}"], acting)


def test_penalise_leaves_the_game_and_gives_the_penalty() -> None:
    env = yj.env.parallel_env("changsha", illegal_action="penalise", illegal_reward=-0.25)
    observations, _ = env.reset(seed=4)
    seat = env.game.to_act[0]
    agent = f"player_{seat}"
    illegal = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    _, rewards, terminations, truncations, _ = env.step(dict.fromkeys(env.agents, illegal))
    assert rewards[agent] == -0.25
    assert env.game.moves == []
    assert env.game.to_act[0] == seat
    assert not any(terminations.values())
    assert not any(truncations.values())


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"max_cycles": 0}, ValueError, "max_cycles"),
        ({"illegal_action": "skip"}, ValueError, "terminate, penalise"),
        ({"illegal_reward": float("nan")}, ValueError, "finite"),
        ({"reward_scale": "2"}, TypeError, "number"),
        ({"render_mode": "human"}, ValueError, "render_mode"),
    ],
)
def test_bad_environment_keywords_are_refused(
    kwargs: dict[str, Any], error: type, words: str
) -> None:
    with pytest.raises(error, match=words):
        yj.env.parallel_env("common", **kwargs)
