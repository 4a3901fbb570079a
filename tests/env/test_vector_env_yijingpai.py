"""`pyyijing.env.VectorEnv` on Yi Jing Pai: a batch of environments stepped in C++
(pyyijing/env/vector.py), checked against the AEC and Gymnasium environments, the
oracles of docs/env.md and docs/env-yijingpai.md.

- docs/env.md "Seeds": ``reset(seed=e)`` deals the hand ``Game(rules, seed=e)``
  deals and each later ``reset()`` hand k of a batch with seed e; environment i of
  a vector with seed s has e = ``hand_seed(s, i)``, so it plays the AEC
  environment's hands and, given the same actions, shows the same observations,
  masks, acting seat (``agent_selection``: the lowest seat that may act) and
  rewards (the payments, once, at the end), for 2, 3 and 4 players;
- the same environment plays the same game whatever the batch size and threads;
- docs/env.md "Gymnasium": with bots for the other seats, the learner sees what
  ``make_gym`` shows it (the bots drawing from ``Xoshiro256ss(hand_seed(S, m))``);
- Gymnasium's autoreset (``AutoresetMode.SAME_STEP``): a finished hand's last
  observation and payments are in ``infos``, the next hand's first observation in
  the returned arrays;
- ``legal_counts`` / ``legal_actions`` list exactly the mask's 1s, ascending.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pyyijing as yj
from pyyijing.core.seeds import hand_seed

pytest.importorskip("pyyijing._native.yijingpai")
gymnasium = pytest.importorskip("gymnasium")

MIXES: list[dict[str, Any]] = [
    {},
    {"players": 2},
    {"players": 3, "deck": 162},
    {"variant": "simple"},
    {"variant": "simple", "taiji": "none", "players": 3},
    {"taiji": "none", "deck": 162, "self_draw_payment": "split"},
    {"taiji_in_pong": False, "win_conditions": yj.WIN_CONDITIONS},
    {"variant": "simple", "players": 2, "deck": 162, "win_conditions": yj.WIN_CONDITIONS},
]
IDS = [("-".join(f"{k}={v}" for k, v in o.items()) or "default").replace(" ", "") for o in MIXES]


def choose(masks: np.ndarray, rngs: list[np.random.Generator]) -> np.ndarray:
    """A random legal action per environment, each environment drawing from its own
    generator (so a smaller batch draws the same actions for its environments)."""
    return np.array(
        [int(rng.choice(np.flatnonzero(m))) for m, rng in zip(masks, rngs, strict=True)]
    )


def check_legal_list(venv: Any) -> None:
    for i, m in enumerate(venv.observations["action_mask"]):
        count = int(venv.legal_counts[i])
        assert np.array_equal(venv.legal_actions[i, :count], np.flatnonzero(m))


@pytest.mark.parametrize("options", MIXES, ids=IDS)
def test_every_seat_matches_the_aec_environment(options: dict[str, Any]) -> None:
    assert yj.backend() == "native"
    seed, n, steps = 11, 4, 1_000  # 4,000 environment steps per mix
    players = yj.Rules(**options).players
    venv = yj.env.VectorEnv("yijingpai", n, seed=seed, threads=2, **options)
    assert isinstance(venv, gymnasium.vector.VectorEnv)
    aecs = [yj.env.raw_env("yijingpai", **options) for _ in range(n)]
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
        check_legal_list(venv)
        actions = choose(obs["action_mask"], rngs)
        obs, rewards, terms, truncs, info = venv.step(actions)
        assert rewards.shape == (n, players)
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
            assert list(rewards[i]) == [aec.rewards[f"player_{s}"] for s in range(players)]
            final = aec.observe(agent)  # the seat that made the last move
            assert np.array_equal(info["final_obs"]["observation"][i], final["observation"])
            assert not info["final_obs"]["action_mask"][i].any()
            aec.reset()
    assert ended >= n  # several hands ended and were dealt anew


def test_an_environment_is_the_same_in_any_batch_and_thread_count() -> None:
    # 150 environments: several blocks of the batch, so both threads step some
    small = yj.env.VectorEnv("yijingpai", 3, seed=5, threads=1, players=3)
    large = yj.env.VectorEnv("yijingpai", 150, seed=5, threads=2, players=3)
    rngs_small = [np.random.default_rng(i) for i in range(3)]
    rngs_large = [np.random.default_rng(i) for i in range(150)]
    a, _ = small.reset()
    b, _ = large.reset()
    ended = 0
    for _ in range(500):
        assert np.array_equal(a["observation"], b["observation"][:3])
        assert np.array_equal(a["action_mask"], b["action_mask"][:3])
        assert np.array_equal(small.seats, large.seats[:3])
        a, ra, ta, _, _ = small.step(choose(a["action_mask"], rngs_small))
        b, rb, tb, _, _ = large.step(choose(b["action_mask"], rngs_large))
        assert np.array_equal(ra, rb[:3])
        assert np.array_equal(ta, tb[:3])
        ended += int(ta.sum())
    assert [small.moves(i) for i in range(3)] == [large.moves(i) for i in range(3)]
    assert ended >= 3


@pytest.mark.parametrize(
    ("options", "opponents", "seat"),
    [
        ({}, ("greedy", "random", "heuristic"), 1),
        ({"players": 2, "variant": "simple"}, "heuristic", 0),
        ({"players": 3, "win_conditions": yj.WIN_CONDITIONS}, ("random", "greedy"), 2),
    ],
)
def test_bots_mode_matches_make_gym(options: dict[str, Any], opponents: Any, seat: int) -> None:
    seed, n = 23, 3
    venv = yj.env.VectorEnv(
        "yijingpai", n, seed=seed, opponents=opponents, seat=seat, threads=2, **options
    )
    gyms = [
        yj.env.make_gym("yijingpai", opponents=opponents, seat=seat, **options) for _ in range(n)
    ]
    want = [g.reset(seed=hand_seed(seed, i))[0] for i, g in enumerate(gyms)]
    rngs = [np.random.default_rng(i) for i in range(n)]
    obs, info = venv.reset()
    ended = 0
    for _ in range(400):
        assert (info["seat"] == seat).all()
        for i in range(n):
            assert np.array_equal(obs["observation"][i], want[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], want[i]["action_mask"])
        check_legal_list(venv)
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


def test_autoreset_infos_and_the_next_hand() -> None:
    venv = yj.env.VectorEnv("yijingpai", 2, seed=4, threads=1, players=2, reward_scale=0.5)
    obs, info = venv.reset()
    assert "final_obs" not in info
    rng = np.random.default_rng(0)
    seeds = [venv.hand_seed(i) for i in range(2)]
    assert seeds == [hand_seed(4, i) for i in range(2)]
    for _ in range(2_000):
        obs, rewards, terms, _, info = venv.step(choose(obs["action_mask"], [rng, rng]))
        if terms.any():
            break
    else:
        raise AssertionError("no hand ended")
    i = int(np.flatnonzero(terms)[0])
    assert np.array_equal(info["_final_obs"], terms)
    assert np.array_equal(info["_final_info"], terms)
    payments = info["final_info"]["payments"][i]
    assert payments.sum() == 0  # zero-sum (docs/yijing.md)
    assert list(rewards[i]) == [0.5 * p for p in payments]
    final = info["final_obs"]["observation"][i]
    assert final[88 + 3].all()  # the ended hand: phase over
    # the next hand (hand 0 of a batch with the environment's seed) is dealt and shown
    assert venv.hand_seed(i) == hand_seed(seeds[i], 0)
    assert venv.moves(i) == []
    assert obs["observation"][i, 88].all()  # phase target
    aec = yj.env.raw_env("yijingpai", players=2)
    aec.reset(seed=venv.hand_seed(i))
    assert info["seat"][i] == int(aec.agent_selection.split("_")[1])
    assert np.array_equal(obs["observation"][i], aec.observe(aec.agent_selection)["observation"])


def test_an_illegal_action_steps_nothing() -> None:
    venv = yj.env.VectorEnv("yijingpai", 4, seed=2, threads=1, variant="simple")
    obs, _ = venv.reset()
    before = {k: v.copy() for k, v in obs.items()}
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    bad = int(np.flatnonzero(obs["action_mask"][2] == 0)[0])
    actions[2] = bad
    with pytest.raises(ValueError, match=f"action {bad} of environment 2"):
        venv.step(actions)
    actions[2] = 4356  # outside Discrete(4356)
    with pytest.raises(ValueError, match="action 4356 of environment 2"):
        venv.step(actions)
    with pytest.raises(ValueError, match="one int per environment"):
        venv.step(actions[:3])
    for k, v in obs.items():
        assert np.array_equal(v, before[k])
    assert all(venv.moves(i) == [] for i in range(4))


def test_arrays_are_views_of_the_batch_and_in_its_spaces() -> None:
    venv = yj.env.VectorEnv("yijingpai", 5, seed=9, threads=2, players=3)
    obs, _ = venv.reset()
    assert obs["observation"].dtype == np.uint8
    assert obs["observation"].shape == (5, 98, 8)
    assert obs["action_mask"].dtype == np.int8
    assert obs["action_mask"].shape == (5, 4164)
    assert venv.legal_actions.shape == (5, 4164)
    assert venv.observation_space.contains(obs)
    step = venv.step(np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]))
    # the same buffers, rewritten in place: no copy is made
    assert step[0]["observation"] is obs["observation"]
    assert step[0]["action_mask"] is obs["action_mask"]
    assert not obs["observation"].flags.owndata
    assert not obs["action_mask"].flags.writeable  # the batch clears what it set
    assert venv.observation_space.contains(step[0])


def test_refusals() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        yj.env.VectorEnv("yijingpai", 0)
    with pytest.raises(ValueError, match="opponent"):
        yj.env.VectorEnv("yijingpai", 2, opponents="nobody")
    with pytest.raises(ValueError, match="opponents must name 1"):
        yj.env.VectorEnv("yijingpai", 2, opponents=("random", "greedy"), players=2)
    with pytest.raises(ValueError, match="seat"):
        yj.env.VectorEnv("yijingpai", 2, opponents="random", seat=3, players=3)
    with pytest.raises(ValueError, match="players"):
        yj.env.VectorEnv("yijingpai", 2, players=5)  # the rules' own error
