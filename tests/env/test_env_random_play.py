"""The generic random-play test, through the environments (OpenSpiel's RandomSimTest):
for every environment and option mix, hands of random legal actions in which, at
every step, the mask is exactly the engine's legal moves, the observation lies in
its space, the decoded move is accepted by `validate`; mid-hand records replay to
the same observations; and each agent's rewards sum to its payment (docs/env.md)."""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest

import pyyijing as yj
from pyyijing import _backend

pytest.importorskip("pettingzoo")

from support.env_cases import mix_params

HANDS = 12


def _legal_set(codec: Any, mask: np.ndarray, seat: int) -> set[str]:
    return {codec.action_to_move(int(a), seat) for a in np.flatnonzero(mask)}


@pytest.mark.parametrize(("name", "options"), mix_params())
def test_random_hands_through_the_aec_environment(name: str, options: dict[str, Any]) -> None:
    env = yj.env.raw_env(name, reward_scale=0.5, **options)
    codec = env.codec
    space = env.observation_space(env.possible_agents[0])
    rng = np.random.default_rng(11)
    steps = 0
    for hand in range(HANDS):
        env.reset(seed=1000 + hand)
        returns = dict.fromkeys(env.agents, 0.0)
        replay_at = int(rng.integers(1, 30))
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            returns[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            game, seat = env.game, int(agent.split("_")[1])
            assert space.contains(obs), (name, game.moves)
            assert _legal_set(codec, obs["action_mask"], seat) == set(game.legal_moves(seat))
            for other in env.agents:
                other_seat = int(other.split("_")[1])
                mask = env.observe(other)["action_mask"]
                if other_seat in game.to_act:
                    assert _legal_set(codec, mask, other_seat) == set(game.legal_moves(other_seat))
                else:
                    assert not mask.any(), (other, game.phase, game.to_act)
            if len(game.moves) == replay_at:
                replayed = _replay(game)  # the game's own replay of its record
                for s in range(codec.num_players):
                    assert np.array_equal(codec.observe(replayed, s), codec.observe(game, s))
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            assert game.validate(codec.action_to_move(action, seat)).ok
            env.step(action)
            steps += 1
        result = env.game.result
        assert result is not None
        assert returns == {f"player_{s}": float(p) * 0.5 for s, p in enumerate(result.payments)}, (
            name,
            hand,
        )
    assert steps > HANDS * 4


def _replay(game: Any) -> Any:
    from pyyijing.core import registry

    return registry.for_rules(game.rules).load("replay")(game.record())


def _trajectory(name: str, options: dict[str, Any], backend: str) -> str:
    """A digest of the observations, masks and rewards of three seeded hands played
    with the same action choices."""
    env = yj.env.make(name, backend=backend, **options)
    digest = hashlib.sha256()
    rng = np.random.default_rng(5)
    for hand in range(3):
        env.reset(seed=40 + hand)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            digest.update(agent.encode())
            digest.update(np.float64(reward).tobytes())
            if terminated or truncated:
                env.step(None)
                continue
            digest.update(obs["observation"].tobytes())
            digest.update(obs["action_mask"].tobytes())
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return digest.hexdigest()


@pytest.mark.parametrize(("name", "options"), mix_params())
def test_the_same_seed_and_actions_give_the_same_trajectory_on_every_backend(
    name: str, options: dict[str, Any]
) -> None:
    """Issue clause "Reproducibility": every backend plays the same trajectory."""
    backends = _backend.available()
    assert backends, "no backend"
    digests = {b: _trajectory(name, options, b) for b in backends}
    assert len(set(digests.values())) == 1, digests
