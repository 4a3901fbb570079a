"""`pyyijing.env.VectorEnv` on mahjong: a batch of environments stepped in C++
(pyyijing/env/vector.py), checked against the AEC and Gymnasium environments, the
oracles of docs/env.md.

- docs/env.md "Seeds": ``reset(seed=e)`` deals the hand ``Game(rules, seed=e)``
  deals and each later ``reset()`` hand k of a batch with seed e; environment i of
  a vector with seed s has e = ``hand_seed(s, i)`` (the SplitMix64 scheme), so it
  plays the AEC environment's hands and, given the same actions, shows the same
  observations, masks, acting seat (``agent_selection``: the lowest seat the
  engine lets act) and rewards (the payments, once, at the end);
- the same environment plays the same game whatever the batch size and threads;
- docs/env.md "Gymnasium": with bots for the other seats, the learner sees what
  ``make_gym`` shows it (the bots drawing from ``Xoshiro256ss(hand_seed(S, m))``);
- Gymnasium's autoreset (``AutoresetMode.SAME_STEP``): a finished hand's last
  observation and payments are in ``infos``, the next hand's first observation in
  the returned arrays, which are views of the batch's own buffers (no copy).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pyyijing as yj
from pyyijing.core.seeds import hand_seed
from tests.support.env_cases import MIXES

pytest.importorskip("pyyijing._native.mahjong")
gymnasium = pytest.importorskip("gymnasium")

MAHJONG = [m for m in MIXES if m[0] != "yijingpai"]
IDS = [n + "".join(f"-{k}={v}" for k, v in o.items()) for n, o in MAHJONG]


def choose(masks: np.ndarray, rngs: list[np.random.Generator]) -> np.ndarray:
    """A random legal action per environment, each environment drawing from its own
    generator (so a smaller batch draws the same actions for its environments)."""
    return np.array(
        [int(rng.choice(np.flatnonzero(m))) for m, rng in zip(masks, rngs, strict=True)]
    )


@pytest.mark.parametrize(("name", "options"), MAHJONG, ids=IDS)
def test_every_seat_matches_the_aec_environment(name: str, options: dict[str, Any]) -> None:
    assert yj.backend() == "native"
    seed, n, steps = 11, 4, 700
    venv = yj.env.VectorEnv(name, n, seed=seed, threads=2, **options)
    assert isinstance(venv, gymnasium.vector.VectorEnv)
    aecs = [yj.env.raw_env(name, **options) for _ in range(n)]
    for i, aec in enumerate(aecs):
        aec.reset(seed=hand_seed(seed, i))
    rngs = [np.random.default_rng(i) for i in range(n)]
    obs, info = venv.reset()
    ended = 0
    for _ in range(steps):
        for i, aec in enumerate(aecs):
            agent = aec.agent_selection
            want = aec.observe(agent)
            assert info["seat"][i] == int(agent.split("_")[1])
            assert np.array_equal(obs["observation"][i], want["observation"])
            assert np.array_equal(obs["action_mask"][i], want["action_mask"])
        actions = choose(obs["action_mask"], rngs)
        obs, rewards, terms, truncs, info = venv.step(actions)
        assert rewards.shape == (n, 4)
        assert not truncs.any()
        for i, aec in enumerate(aecs):
            agent = aec.agent_selection
            aec.step(int(actions[i]))
            if not aec.terminations[agent]:
                assert not terms[i]
                assert not rewards[i].any()
                continue
            ended += 1
            assert terms[i]
            assert info["_final_obs"][i]
            assert info["_final_info"][i]
            payments = aec.game.result.payments
            assert list(info["final_info"]["payments"][i]) == list(payments)
            assert list(rewards[i]) == [aec.rewards[f"player_{s}"] for s in range(4)]
            final = aec.observe(agent)  # the seat that made the last move
            assert np.array_equal(info["final_obs"]["observation"][i], final["observation"])
            assert not info["final_obs"]["action_mask"][i].any()
            aec.reset()
    assert ended >= n  # several hands ended and were dealt anew


def test_an_environment_is_the_same_in_any_batch_and_thread_count() -> None:
    small = yj.env.VectorEnv("common", 3, seed=5, threads=1)
    large = yj.env.VectorEnv("common", 9, seed=5, threads=2)
    rngs_small = [np.random.default_rng(i) for i in range(3)]
    rngs_large = [np.random.default_rng(i) for i in range(9)]
    a, _ = small.reset()
    b, _ = large.reset()
    ended = 0
    for _ in range(800):
        assert np.array_equal(a["observation"], b["observation"][:3])
        assert np.array_equal(a["action_mask"], b["action_mask"][:3])
        assert np.array_equal(small.seats, large.seats[:3])
        a, ra, ta, _, _ = small.step(choose(a["action_mask"], rngs_small))
        b, rb, tb, _, _ = large.step(choose(b["action_mask"], rngs_large))
        assert np.array_equal(ra, rb[:3])
        assert np.array_equal(ta, tb[:3])
        ended += int(ta.sum())
    assert ended >= 3


def test_many_blocks_on_two_threads_are_the_same_game_as_on_one() -> None:
    """A batch larger than one thread's share (the threads take blocks of environments)
    plays environment i's game as a smaller batch on one thread does, step after step."""
    one = yj.env.VectorEnv("changsha", 40, seed=8, threads=1)
    two = yj.env.VectorEnv("changsha", 200, seed=8, threads=2)
    rngs_one = [np.random.default_rng(i) for i in range(40)]
    rngs_two = [np.random.default_rng(i) for i in range(200)]
    a, _ = one.reset()
    b, _ = two.reset()
    ended = 0
    for _ in range(150):
        assert np.array_equal(a["observation"], b["observation"][:40])
        assert np.array_equal(a["action_mask"], b["action_mask"][:40])
        a, ra, ta, _, _ = one.step(choose(a["action_mask"], rngs_one))
        b, rb, tb, _, _ = two.step(choose(b["action_mask"], rngs_two))
        assert np.array_equal(ra, rb[:40])
        assert np.array_equal(ta, tb[:40])
        ended += int(tb.sum())
    assert ended >= 40  # hands ended and were dealt anew on both threads


@pytest.mark.parametrize("bad", [-1, 203, "illegal"])
def test_a_bad_action_in_a_large_batch_steps_nothing(bad: int | str) -> None:
    """The first bad action is named and no environment has stepped, however many
    threads the batch has; the batch then steps as if nothing had been tried."""
    venv = yj.env.VectorEnv("common", 200, seed=4, threads=2)
    twin = yj.env.VectorEnv("common", 200, seed=4, threads=2)
    obs, _ = venv.reset()
    twin.reset()
    before = {k: v.copy() for k, v in obs.items()}
    good = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    actions = good.copy()
    for i in (150, 170):  # two bad ones: the first is named
        actions[i] = int(np.flatnonzero(obs["action_mask"][i] == 0)[0]) if bad == "illegal" else bad
    with pytest.raises(ValueError, match=f"action {actions[150]} of environment 150 "):
        venv.step(actions)
    for k, v in obs.items():
        assert np.array_equal(v, before[k])
    got = venv.step(good)
    want = twin.step(good)
    for x, y in zip(got[:4], want[:4], strict=True):
        if isinstance(x, dict):
            assert all(np.array_equal(x[k], y[k]) for k in x)
        else:
            assert np.array_equal(x, y)


@pytest.mark.parametrize("name", ["common", "shaoyang", "changsha"])
def test_bots_mode_matches_make_gym(name: str) -> None:
    seed, n, seat = 23, 3, 1
    opponents = ("greedy", "random", "heuristic")
    venv = yj.env.VectorEnv(name, n, seed=seed, opponents=opponents, seat=seat, threads=2)
    gyms = [yj.env.make_gym(name, opponents=opponents, seat=seat) for _ in range(n)]
    want = [g.reset(seed=hand_seed(seed, i))[0] for i, g in enumerate(gyms)]
    rngs = [np.random.default_rng(i) for i in range(n)]
    obs, info = venv.reset()
    ended = 0
    for _ in range(400):
        assert (info["seat"] == seat).all()
        for i in range(n):
            assert np.array_equal(obs["observation"][i], want[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], want[i]["action_mask"])
        actions = choose(obs["action_mask"], rngs)
        obs, rewards, terms, _, info = venv.step(actions)
        assert rewards.shape == (n,)
        for i, g in enumerate(gyms):
            want[i], reward, done, _, ginfo = g.step(int(actions[i]))
            assert bool(terms[i]) == done
            assert rewards[i] == reward
            if done:
                ended += 1
                assert list(info["final_info"]["payments"][i]) == ginfo["payments"]
                assert np.array_equal(info["final_obs"]["observation"][i], want[i]["observation"])
                want[i] = g.reset()[0]
    assert ended >= n


def test_an_illegal_action_steps_nothing() -> None:
    venv = yj.env.VectorEnv("changsha", 4, seed=2, threads=1)
    obs, _ = venv.reset()
    before = {k: v.copy() for k, v in obs.items()}
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    actions[2] = int(np.flatnonzero(obs["action_mask"][2] == 0)[0])
    with pytest.raises(ValueError, match="environment 2"):
        venv.step(actions)
    for k, v in obs.items():
        assert np.array_equal(v, before[k])


def test_arrays_are_views_of_the_batch_and_in_its_spaces() -> None:
    venv = yj.env.VectorEnv("shaoyang", 5, seed=9, threads=2)
    obs, _ = venv.reset()
    assert obs["observation"].dtype == np.uint8
    assert obs["observation"].shape == (5, 92, 34)
    assert obs["action_mask"].dtype == np.int8
    assert obs["action_mask"].shape == (5, 203)
    assert venv.observation_space.contains(obs)
    step = venv.step(np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]))
    # the same buffers, rewritten in place: no copy is made
    assert step[0]["observation"] is obs["observation"]
    assert step[0]["action_mask"] is obs["action_mask"]
    assert obs["observation"].base is not None
    assert not obs["observation"].flags.owndata
    assert venv.observation_space.contains(step[0])


def test_refusals() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        yj.env.VectorEnv("common", 0)
    with pytest.raises(ValueError, match="opponent"):
        yj.env.VectorEnv("common", 2, opponents="nobody")
    with pytest.raises(ValueError, match="birds"):
        yj.env.VectorEnv("changsha", 2, birds=3)  # the rules' own error (docs/env.md "Options")
