"""The batched env in the compiled core (issue 27, point 2): :class:`unokit.env.batched.UnoBatchedEnv`.

Differential: with the referee's deals, every slot's hands are replayed in Python from the hand seeds the env
reports (:class:`unokit.env.core.Flow`, the opponents ``RandomPlayBot(seed ^ BOT_KEY)`` asked through
``Flow.bot_decides`` as ``UnoGymEnv`` asks them), and the agent's observation, mask, reward, termination and the
final observation are the same after every step. Gymnasium's own checks of a vector env, auto-reset, seeding,
illegal ids and bad input are checked too.
"""

from __future__ import annotations

import numpy as np
import pytest

from unokit.bots.random_play import RandomPlayBot
from unokit.core.errors import UnoError
from unokit.env.batched import BOT_KEY, UnoBatchedEnv, lineup
from unokit.env.core import Flow, hand_rewards
from unokit.env.gym_env import make_opponents
from unokit.fast import compiled
from unokit.fast.envflow import FlowBatch

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled core is not built")


class Replay:
    """One slot's hands played again in Python, as UnoGymEnv plays them: its bots made by ``make_opponents`` (the
    random-play seats sharing ``RandomPlayBot(seed ^ bot_key)``), ``opponents`` (default: the env's)."""

    def __init__(self, env: UnoBatchedEnv, seed: int, seat: int, bot_key: int = BOT_KEY, opponents=None):
        self.env, self.seat = env, seat
        self.flow = Flow(env.rules, env.players, seed, table=env.table, encoder=env.encoder, max_decisions=10**9)
        names = lineup(opponents, env.players)[0] if opponents else env.lineup
        self.bots = make_opponents(names, env.players, seat, seed)
        shared = RandomPlayBot(seed ^ bot_key)
        self.bots = {s: shared if isinstance(b, RandomPlayBot) else b for s, b in self.bots.items()}
        self.advance()

    def advance(self) -> None:
        f = self.flow
        while not f.game.over and f.seat != self.seat:
            f.bot_decides(self.bots[f.seat])

    def obs(self) -> tuple[np.ndarray, np.ndarray]:
        f = self.flow
        mask = f.mask() if not f.over and f.seat == self.seat else np.zeros(len(self.env.table), np.int8)
        return f.observe(self.seat), mask

    def step(self, step: int) -> None:
        self.flow.answer(step)
        self.advance()

    def over(self) -> bool:
        return self.flow.game.over

    def reward(self, reward: str) -> float:
        return hand_rewards(self.flow.game, reward)[self.seat] if self.flow.game.over else 0.0


class ReplayC:
    """One slot's hand played again on the one-hand-at-a-time C flow under _house2.h's rules
    (``FlowBatch(..., house2=True)``, proven against the Python flow in tests/fast/test_envflow.py), its random-play
    opponents ``h2flow_bots`` sharing one generator keyed ``seed ^ bot_key``, as the batched env's."""

    def __init__(self, env: UnoBatchedEnv, seed: int, seat: int, bot_key: int = BOT_KEY, opponents=None):
        assert opponents in (None, "random-play")
        self.env, self.seat = env, seat
        self.fb = FlowBatch([seed], env.players, env.rules, chance="referee", encoder=env.encoder,
                            max_decisions=10**9, house2=True)
        self.bots = compiled._ccore.h2flow_bots_new(self.fb._f, np.array([seed ^ bot_key], np.uint64).tobytes())
        self._o, self._m = np.zeros(env.D, np.float32), np.zeros(env.A, np.int8)
        self.advance()

    def advance(self) -> None:
        compiled._ccore.h2flow_bots(self.fb._f, self.bots, self.seat, self._o, self._m)

    def obs(self) -> tuple[np.ndarray, np.ndarray]:
        asked = self.fb.where()[0][0] == self.seat
        return self.fb.observe(self.seat)[0], self.fb.mask()[0] if asked else np.zeros(self.env.A, np.int8)

    def step(self, step: int) -> None:
        self.fb.answer([step])
        self.advance()

    def over(self) -> bool:
        return bool(self.fb.where()[0][0] < 0)

    def reward(self, reward: str) -> float:
        return float(self.fb.rewards(reward)[0][self.seat])


def differences(players: int, *, slots: int = 3, steps: int = 150, seed: int = 0, reward: str = "hand",
                seat: int | None = 0, bot_key: int = BOT_KEY, opponents="random-play",
                python_opponents=None, rules: str = "UNO 1121", replay=Replay) -> tuple[list[str], int]:
    """Step a referee-dealt batched env with random legal ids and replay it (``replay``: in Python, or ReplayC on
    the one-hand C flow; its random-play opponents keyed ``bot_key``, its bots ``python_opponents``: default the
    env's); the differences found and the number of episodes that ended."""
    env = UnoBatchedEnv(slots, rules=rules, players=players, chance="referee", reward=reward, seat=seat,
                        opponents=opponents)
    obs, _ = env.reset(seed=seed)
    seeds, seats = env.hand_seeds()
    replays = [replay(env, int(s), int(a), bot_key, python_opponents) for s, a in zip(seeds, seats)]
    bad: list[str] = []
    ended = 0
    for t in range(steps):
        for i, r in enumerate(replays):
            want_obs, want_mask = r.obs()
            if not np.array_equal(obs["observation"][i], want_obs) or not np.array_equal(obs["action_mask"][i], want_mask):
                bad.append(f"step {t}, slot {i}: observation or mask")
        actions = env.random_actions()
        obs, rewards, terminated, truncated, infos = env.step(actions)
        seeds, seats = env.hand_seeds()
        for i, r in enumerate(replays):
            if not r.obs()[1][actions[i]]:
                return bad + [f"step {t}, slot {i}: the env's id is not offered in the replay"], ended
            r.step(int(actions[i]))
            over, want = r.over(), r.reward(reward)
            if bool(terminated[i]) != over or not np.isclose(rewards[i], want) or truncated[i]:
                bad.append(f"step {t}, slot {i}: reward {rewards[i]} / {terminated[i]}, replay {want} / {over}")
            if over:
                ended += 1
                if not np.array_equal(infos["final_obs"][i]["observation"], r.obs()[0]):
                    bad.append(f"step {t}, slot {i}: final observation")
                replays[i] = replay(env, int(seeds[i]), int(seats[i]), bot_key, python_opponents)
        if len(bad) > 3:
            break
    return bad, ended


@pytest.mark.parametrize("players,reward,seat", [(2, "hand", 0), (3, "points", None), (5, "hand", 2)])
def test_issue27_point2_batched_env_is_the_gym_env_replayed_in_python(players, reward, seat):
    bad, ended = differences(players, steps=120, seed=players, reward=reward, seat=seat)
    assert not bad, bad
    assert ended >= 2


def test_issue27_point2_batched_env_differential_can_fail():
    """Mutation check: a Python opponent drawing from another generator plays other hands."""
    bad, _ = differences(2, steps=120, seed=2, bot_key=BOT_KEY ^ 1)
    assert bad


def test_issue27_point2_batched_env_passes_gymnasiums_vector_checks():
    from gymnasium.utils.env_checker import data_equivalence
    from gymnasium.vector.utils import batch_space

    env = UnoBatchedEnv(8, players=3)
    assert env.observation_space == batch_space(env.single_observation_space, 8)
    a, _ = env.reset(seed=7)
    b, _ = UnoBatchedEnv(8, players=3).reset(seed=7)
    assert data_equivalence(a, b)
    assert env.observation_space.contains(a)
    total_ended = 0
    for _ in range(200):
        obs, rew, term, trunc, infos = env.step(env.random_actions())
        assert env.observation_space.contains(obs)
        assert rew.shape == term.shape == trunc.shape == (8,) and rew.dtype == np.float32 and term.dtype == bool
        assert obs["action_mask"].sum(axis=1).min() >= 1    # reset at once: always a decision to take
        if term.any():
            assert infos["_final_obs"].tolist() == (term | trunc).tolist()
            total_ended += int(term.sum())
    assert total_ended > 0
    c, _ = env.reset(seed=8)
    assert not data_equivalence(a, c)


def test_issue27_point2_batched_env_illegal_ids_and_bad_input():
    env = UnoBatchedEnv(2, players=2)
    obs, _ = env.reset(seed=1)
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]], np.int32)
    obs, rew, term, trunc, infos = env.step(bad)
    assert term.all() and (rew == -1).all() and infos["illegal_action"].all()
    raising = UnoBatchedEnv(2, players=2, illegal_action="raise")
    obs, _ = raising.reset(seed=1)
    with pytest.raises(UnoError, match="not offered"):
        raising.step(bad)
    assert np.array_equal(raising.action_masks(), obs["action_mask"])   # nothing changed
    trunc_env = UnoBatchedEnv(1, players=2, max_steps=1)
    trunc_env.reset(seed=3)
    _, _, term, trunc, infos = trunc_env.step(trunc_env.random_actions())
    assert term[0] or trunc[0]
    with pytest.raises(ValueError):
        env.step(np.zeros(3, np.int32))
    for kwargs in ({"num_envs": 0}, {"opponents": "search"}, {"opponents": ""}, {"reward": "x"}, {"seat": 5},
                   {"illegal_action": "ignore"}, {"max_steps": 0}):
        with pytest.raises(ValueError):
            UnoBatchedEnv(**{"num_envs": 2, **kwargs})
    with pytest.raises(UnoError, match="played by the referee only"):
        UnoBatchedEnv(2, rules="UNO 1121 DOA-MS1")
    with pytest.raises(ValueError, match="teacher"):
        UnoBatchedEnv(2, rules="UNO 1121 JUMPIN", teacher="search")
    assert UnoBatchedEnv(2, rules="UNO 1121 JUMPIN", teacher="greedy").teacher == "greedy"   # (_house2.h's: below)
    with pytest.raises(ValueError):
        env.reset(seed=-1)


@pytest.mark.parametrize("players,opponents,seat", [(2, "greedy", 0), (2, "strategist", None), (3, "strategist", None),
                                                    (4, "strategist,greedy,random-play", 1)])
def test_issue27_point2_batched_env_bots_in_c_are_the_gym_envs_replayed_in_python(players, opponents, seat):
    """Greedy and strategist opponents in C (the strategist fed every action, the agent's included) play the hands
    the Python bots play at those seats, seeded as UnoGymEnv seeds them."""
    bad, ended = differences(players, steps=100, seed=10 + players, seat=seat, opponents=opponents)
    assert not bad, bad
    assert ended >= 2


@pytest.mark.parametrize("rules,players,opponents,seat", [
    ("UNO 1121 PAA-GT-PRE", 3, "random-play", 0), ("UNO 1121 MS1-P2", 4, "strategist", None),
    ("UNO 1121 OPEN-WILDSTART-NOCHALLENGE", 2, "greedy", 0), ("UNO 1121 CHU-S-P2", 3, "strategist,greedy", 1), ("UNO 1121 I-FL-MEM-LIMIT", 2, "strategist", 0),
    ("UNO 1121 DEFLECT-REVENGE-P4", 3, "random-play", None), ("UNO 1121 PAB-GT-DR", 3, "strategist", 0),
    ("UNO 1121 DP-P2", 3, "strategist,greedy", 0), ("UNO 1121 DP-SAT", 2, "random-play", None),
    ("UNO 1121 M-P2", 4, "strategist,greedy,random-play", 0), ("UNO 1121 M-E", 3, "random-play", None)])
def test_issue27_point2_batched_env_under_house3_rules_is_the_gym_env_replayed_in_python(rules, players, opponents, seat):
    """_house3.h's rules, CHU, S and sudden death in the batched env (compiled.BATCH_HOUSE; PAB-GT-DR on _h2flow.h's
    lists): the hands the Python gym env plays, opponents in C included."""
    bad, ended = differences(players, steps=120, seed=3 + players, seat=seat, opponents=opponents, rules=rules,
                             replay=ReplayC if "DR" in rules and opponents == "random-play" else Replay)
    assert not bad, bad
    assert ended >= 2


def test_issue27_point2_batched_env_bots_differential_can_fail():
    """Mutation check: the strategist in C replayed with the greedy bot in Python plays other hands."""
    bad, _ = differences(2, steps=100, seed=12, opponents="strategist", python_opponents="greedy")
    assert bad


class LinearPolicy:
    """A fixed batched policy (a seeded linear map, plays preferred: the offered id with the largest score) that
    counts its calls."""

    def __init__(self, env: UnoBatchedEnv, seed: int = 0):
        self.w = np.random.default_rng(seed).normal(size=(env.D, env.A)).astype(np.float32)
        self.bonus = np.array([100.0 * env.table.name(i).startswith("play") for i in range(env.A)], np.float32)
        self.calls = self.decisions = 0

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        self.calls += 1
        self.decisions += len(obs)
        return self.choose(obs, mask)

    def choose(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.where(mask > 0, obs @ self.w + self.bonus, -np.inf).argmax(axis=1)


def self_play(players: int, seed: int, steps: int, *, slots: int = 4, check_python: bool = True, replay_seed: int = 0,
              rules: str = "UNO 1121"):
    """The same policy at every seat of a referee-dealt batched env (the agent's ids raise if not offered); each
    slot's hands replayed in Python with that policy (its weights drawn from ``replay_seed``) answering every seat.
    Returns (the observations, rewards
    and terminations of every step, the differences found, the policy)."""
    env = UnoBatchedEnv(slots, players=players, rules=rules, opponents="self", chance="referee", seat=None,
                        illegal_action="raise")
    pol = env.policy = LinearPolicy(env)
    obs, _ = env.reset(seed=seed)
    trace, bad = [obs["observation"].copy()], []
    python_pol = LinearPolicy(env, replay_seed)

    def advance(f: Flow, seat: int) -> None:
        while not f.game.over and f.seat != seat:
            f.answer(int(python_pol.choose(f.observe(f.seat)[None], f.mask()[None])[0]))

    def replay(i: int) -> tuple[Flow, int]:
        s, a = env.hand_seeds()
        f = Flow(env.rules, players, int(s[i]), table=env.table, encoder=env.encoder, max_decisions=10**9)
        advance(f, int(a[i]))
        return f, int(a[i])

    hands = [replay(i) for i in range(slots)] if check_python else []
    for t in range(steps):
        acts = pol(obs["observation"], obs["action_mask"])
        obs, rew, term, _, _ = env.step(acts)
        trace += [obs["observation"].copy(), rew, term]
        for i, (f, seat) in enumerate(hands):
            if not f.mask()[acts[i]]:
                return trace, bad + [f"step {t}, slot {i}: the env's id is not offered in Python"], pol
            f.answer(int(acts[i]))
            advance(f, seat)
            if f.game.over != bool(term[i]) or (term[i] and rew[i] != hand_rewards(f.game)[seat]):
                bad.append(f"step {t}, slot {i}: over {f.game.over} / reward {rew[i]}, env {term[i]}")
            if f.game.over:
                hands[i] = f, seat = replay(i)
            if not np.array_equal(f.observe(seat), obs["observation"][i]):
                bad.append(f"step {t}, slot {i}: observation")
        if len(bad) > 3:
            break
    return trace, bad, pol


def test_issue27_point2_self_play_plays_legal_seeded_reproducible_hands():
    """One policy at every seat: its batched calls answer the other seats' decisions (every id offered, else the env
    raises), the hands are those Python plays with that policy at every seat, and a seed gives the same hands."""
    trace, bad, pol = self_play(3, seed=5, steps=120)
    assert not bad, bad
    assert pol.calls > 120 and pol.decisions > 2 * 120 * 4        # the other seats decided through the policy
    assert sum(int(t.sum()) for t in trace[3::3]) >= 4             # hands ended and were dealt again
    again, _, _ = self_play(3, seed=5, steps=120, check_python=False)
    assert all(np.array_equal(a, b) for a, b in zip(trace, again))
    other, _, _ = self_play(3, seed=6, steps=10, check_python=False)
    assert not np.array_equal(trace[1], other[1])


def test_issue27_point2_self_play_differential_can_fail():
    """Mutation check: other weights at the other seats in Python play other hands."""
    assert self_play(3, seed=5, steps=30, replay_seed=1)[1]


def test_issue27_point2_self_play_refuses_what_it_cannot_play():
    env = UnoBatchedEnv(2, players=2, opponents="self")
    with pytest.raises(ValueError, match="policy"):
        env.reset(seed=0)
    env.policy = lambda obs, mask: np.full(len(obs), -5)
    with pytest.raises(UnoError, match="not offered"):
        for _ in range(20):
            env.reset(seed=0)
            env.step(env.random_actions())
    with pytest.raises(ValueError):
        UnoBatchedEnv(2, players=3, opponents=[lambda o, m: 0, lambda o, m: 1])


def teacher_mismatches(players: int, teacher: str, python_teacher: str, steps: int = 80,
                       rules: str = "UNO 1121") -> tuple[list[str], int]:
    """The compiled teacher's step ids at the agent's seat against those of the Python bot ``python_teacher`` made as
    the env seeds it (asked as unokit train's imitation asks it: Flow's options unfolded); (mismatches, asked)."""
    from unokit.core.chance import derive_seed
    from unokit.engine.flow import ask
    from unokit.lab import make_player
    from unokit.lab.train import _id_for
    env = UnoBatchedEnv(3, players=players, rules=rules, opponents="strategist,greedy", chance="referee", seat=None,
                        teacher=teacher)
    env.reset(seed=players)

    def hand(i: int) -> tuple[Replay, object]:
        seeds, seats = env.hand_seeds()
        s, a = int(seeds[i]), int(seats[i])
        return Replay(env, s, a), make_player(python_teacher, derive_seed(s, a, "env-teacher"))

    hands = [hand(i) for i in range(env.num_envs)]
    bad: list[str] = []
    asked = 0
    for t in range(steps):
        ids = env.teacher_actions()
        for i, (r, bot) in enumerate(hands):
            f = r.flow
            choice = ask(f.game, f.seat, bot, f.options, turn=not f.window)
            want = env.table.wait if choice is None else _id_for(f, env.table, choice)
            if ids[i] != want:
                return bad + [f"step {t}, slot {i}: {env.table.name(int(ids[i]))}, Python {env.table.name(want)}"], asked
            asked += 1
        _, _, term, _, _ = env.step(ids)
        for i, (r, _bot) in enumerate(hands):
            r.flow.answer(int(ids[i]))
            r.advance()
            if term[i]:
                hands[i] = hand(i)
    return bad, asked


@pytest.mark.parametrize("players,teacher", [(2, "strategist"), (3, "strategist"), (2, "greedy")])
def test_issue27_point4_the_teacher_in_c_chooses_as_the_python_bot(players, teacher):
    """The compiled teacher at the agent's seat (imitation in C) chooses, at every decision, what the Python bot
    chooses there."""
    bad, asked = teacher_mismatches(players, teacher, teacher)
    assert not bad, bad
    assert asked == 80 * 3


@pytest.mark.parametrize("rules,players,teacher", [("UNO 1121 M-P2", 3, "strategist"), ("UNO 1121 DP", 3, "strategist"),
                                                   ("UNO 1121 M-DRAWPLAY", 2, "greedy")])
def test_issue27_point2_the_teacher_in_c_chooses_as_the_python_bot_under_m_and_dp(rules, players, teacher):
    """Under M (slaps) and DP (challenges of a draw), reactions the batched env now holds, the compiled teacher's
    choice at the agent's seat is the Python bot's."""
    bad, asked = teacher_mismatches(players, teacher, teacher, rules=rules)
    assert not bad, bad
    assert asked == 80 * 3


def house2_teacher_mismatches(players: int, teacher: str, python_teacher: str, rules: str, steps: int = 80,
                              opponents: str = "strategist,greedy") -> tuple[list[str], dict]:
    """Under _house2.h's rules: the compiled teacher's step ids at the agent's seat against those unokit train's
    imitation takes from the Python bot ``python_teacher`` (collect_imitation: a decision that is no stem's asks the
    bot for a whole play, each sub-decision of its stem answered by the step it begins); (mismatches, counts)."""
    from unokit.core.chance import derive_seed
    from unokit.engine.flow import ask
    from unokit.lab import make_player
    from unokit.lab.train import _id_for
    env = UnoBatchedEnv(3, players=players, rules=rules, opponents=opponents, chance="referee", seat=None,
                        teacher=teacher)
    env.reset(seed=players)

    def hand(i: int) -> list:
        seeds, seats = env.hand_seeds()
        s, a = int(seeds[i]), int(seats[i])
        return [Replay(env, s, a), make_player(python_teacher, derive_seed(s, a, "env-teacher")), None]

    hands = [hand(i) for i in range(env.num_envs)]
    seen = {"asked": 0, "stems": 0, "windows": 0}
    for t in range(steps):
        ids = env.teacher_actions()
        for i, h in enumerate(hands):
            r, bot, plan = h
            f = r.flow
            if f.stem is None or plan is None:
                plan = h[2] = ask(f.game, f.seat, bot, f.options, turn=not f.window)
            want = env.table.wait if plan is None else _id_for(f, env.table, plan)
            if ids[i] != want:
                return [f"step {t}, slot {i}: {env.table.name(int(ids[i])) if ids[i] >= 0 else ids[i]}, Python "
                        f"{env.table.name(want)} (plan {plan})"], seen
            seen["asked"] += 1
            seen["stems"] += f.stem is not None
            seen["windows"] += f.window
        _, _, term, trunc, _ = env.step(ids)
        for i, h in enumerate(hands):
            h[0].flow.answer(int(ids[i]))
            h[0].advance()
            if term[i] or trunc[i]:
                hands[i] = hand(i)
    return [], seen


@pytest.mark.parametrize("rules,players,teacher", [
    ("UNO 1121 DR-P2", 3, "strategist"), ("UNO 1121 SEVENO-JUMPIN", 2, "strategist"),
    ("UNO 1121 DOA-C", 3, "strategist"), ("UNO 1121 DR-P4-PAA-SU-CAR-T-M-DOA-PRE", 4, "strategist"),
    ("UNO 1121 C-DR-P4-SEVENO", 3, "greedy"), ("UNO 1121 ADDUP-DD", 2, "greedy"),
    ("UNO 1121 TV-BU-C-DR-P3-PRE", 3, "strategist")])
def test_issue27_point4_the_teacher_in_c_under_house2_rules_takes_the_python_imitations_steps(rules, players, teacher):
    """The compiled teacher under _house2.h's rules (imitation in C for the tables people play with house rules): at
    every decision of the agent, the step unokit train's imitation takes from the Python bot, stems included."""
    bad, seen = house2_teacher_mismatches(players, teacher, teacher, rules)
    assert not bad, bad
    assert seen["asked"] == 80 * 3 and seen["stems"] + seen["windows"] > 0, seen


def test_issue27_point4_the_teacher_under_house2_rules_check_can_fail():
    """Mutation check: the compiled greedy asked where the Python strategist is expected."""
    assert house2_teacher_mismatches(3, "greedy", "strategist", "UNO 1121 DR-P2", steps=40)[0]


def test_issue27_point4_the_teacher_check_can_fail():
    """Mutation check: the compiled strategist asked where the Python greedy bot is expected."""
    assert teacher_mismatches(2, "strategist", "greedy", steps=40)[0]


# ---------------------------------------------------------------------- _house2.h's rules (unokit/fast/_h2flow.h)
H2 = [("UNO 1121 C-DR-P4-SEVENO", 4, "hand", 0), ("UNO 1121 SEVENO-JUMPIN", 3, "points", None),
      ("UNO 1121 P2-ADDUP", 2, "hand", 1), ("UNO 1121 CLA-TRI-DOUBLE", 3, "points", None),
      ("UNO 1121 CAR-BACK-DAD-DD", 4, "hand", 2), ("UNO 1121 T-BOMB-DR-AA", 3, "hand", 0),
      ("UNO 1121 DOA-P2", 3, "hand", 0), ("UNO 1121 M-SEVENO-JUMPIN", 3, "hand", None), ("UNO 1121 DED-P2", 3, "hand", 0)]


@pytest.mark.parametrize("rules,players,reward,seat", H2)
def test_issue27_point2_batched_env_under_house2_rules_is_the_one_hand_c_flow(rules, players, reward, seat):
    """Differential: every slot's observations, masks, rewards, terminations and final observations are those of
    the one-hand-at-a-time C flow (its random-play opponents sharing the slot's generator) replaying its hands."""
    bad, ended = differences(players, steps=150, seed=players, reward=reward, seat=seat, rules=rules, replay=ReplayC)
    assert not bad, bad
    assert ended >= 2


def test_issue27_point2_batched_env_under_house2_rules_differential_can_fail():
    """Mutation check: the one-hand C flow's opponents drawing from another generator play other hands."""
    bad, _ = differences(4, steps=100, seed=4, rules="UNO 1121 C-DR-P4-SEVENO", bot_key=BOT_KEY ^ 1, replay=ReplayC)
    assert bad


@pytest.mark.parametrize("rules,players,opponents,seat", [("UNO 1121 SEVENO-JUMPIN", 2, "greedy", 0),
                                                          ("UNO 1121 C-DR-P4-SEVENO", 3, "strategist,random-play", None),
                                                          ("UNO 1121 ADDUP", 2, "strategist", 1),
                                                          ("UNO 1121 DOA-C", 3, "strategist,greedy", None),
                                                          ("UNO 1121 M-C-DR", 3, "strategist,greedy", 0),
                                                          ("UNO 1121 DED-C", 3, "strategist,greedy", None),
                                                          ("UNO 1121 TV-FU-C-DR-V-P3", 3, "strategist,greedy", None),
                                                          ("UNO 1121 ADDUP-OPEN-NOCHALLENGE-MEM", 3, "strategist,greedy", None),
                                                          ("UNO 1121 MS-TV-C-DR-V-P3", 4, "strategist,random-play", 0)])
def test_issue27_point2_batched_env_house2_bots_are_the_gym_envs_replayed_in_python(rules, players, opponents, seat):
    """_house2.h's greedy and strategist in C (fed every action, the agent's included) play the hands the Python bots
    play at those seats, seeded as UnoGymEnv seeds them; random-play as ``RandomPlayBot(seed ^ BOT_KEY)``."""
    bad, ended = differences(players, steps=60, seed=20 + players, seat=seat, opponents=opponents, rules=rules)
    assert not bad, bad
    assert ended >= 1


def test_issue27_point2_batched_env_house2_bots_differential_can_fail():
    """Mutation check: _house2.h's strategist in C replayed with the greedy bot in Python plays other hands."""
    bad, _ = differences(2, steps=60, seed=22, opponents="strategist", python_opponents="greedy",
                         rules="UNO 1121 SEVENO-JUMPIN")
    assert bad


def test_issue27_point2_batched_env_house2_self_play_asks_the_policy():
    """Self-play under house rules: the policy answers the other seats' decisions (stems included), every id offered."""
    env = UnoBatchedEnv(4, rules="UNO 1121 C-DR-P4-SEVENO", players=3, opponents="self", seat=None,
                        illegal_action="raise")
    rng = np.random.default_rng(0)
    calls = []

    def policy(obs, mask):
        calls.append(len(obs))
        return np.argmax(rng.random(mask.shape) * mask, axis=1)

    env.policy = policy
    env.reset(seed=3)
    ended = 0
    for _ in range(150):
        _, _, term, _, _ = env.step(env.random_actions())
        ended += int(term.sum())
    assert ended >= 2 and sum(calls) > 150 * 4


# ---------------------------------------------------------------------- the editions (unokit/fast/_edflow.h)
EDITIONS = [("ALLWILD", 3, "random-play", None), ("NOMERCY", 4, "greedy,random-play", 0), ("EXTREME", 2, "greedy", None),
            ("SPIN", 3, "greedy,random-play", 1), ("FLASH", 4, "random-play", None), ("FLEX", 3, "greedy", 0),
            ("FLIP", 4, "greedy,random-play", None)]


@pytest.mark.parametrize("edition,players,opponents,seat", EDITIONS)
def test_issue27_point2_batched_env_under_the_editions_is_the_gym_env_replayed_in_python(edition, players, opponents,
                                                                                        seat):
    """Every edition the compiled core plays, in the batched env: each slot's hand stepped on _edflow.h's flow, its
    random-play (one generator a hand) and greedy opponents in C, replayed in Python as UnoGymEnv plays them."""
    bad, ended = differences(players, steps=120, seed=players, seat=seat, opponents=opponents, rules=f"UNO {edition}",
                             reward="points" if players == 3 else "hand")
    assert not bad, bad
    assert ended >= 3


def test_issue27_point2_batched_env_under_the_editions_differential_can_fail():
    """Mutation checks: greedy in C replayed with random-play in Python; the random-play generator keyed otherwise."""
    assert differences(3, steps=60, seed=3, opponents="greedy", python_opponents="random-play", rules="UNO NOMERCY")[0]
    assert differences(3, steps=60, seed=3, bot_key=BOT_KEY ^ 1, rules="UNO FLIP")[0]


@pytest.mark.parametrize("edition,players", [("ALLWILD", 3), ("FLASH", 4), ("FLIP", 3), ("SPIN", 2)])
def test_issue27_point4_the_greedy_teacher_under_the_editions_takes_the_python_imitations_steps(edition, players):
    """The compiled greedy teacher on an edition's hand: at every decision of the agent the step unokit train's
    imitation takes from the Python GreedyBot (a seat named among several: the stem's step, then the seat)."""
    bad, seen = house2_teacher_mismatches(players, "greedy", "greedy", f"UNO {edition}", opponents="greedy,random-play")
    assert not bad, bad
    assert seen["asked"] == 80 * 3
    assert house2_teacher_mismatches(players, "greedy", "random-play", f"UNO {edition}", opponents="greedy",
                                     steps=40)[0]   # (mutation: the Python bot another)


def test_issue27_point2_self_play_under_an_edition_plays_the_python_hands():
    trace, bad, pol = self_play(3, seed=7, steps=80, rules="UNO ALLWILD")
    assert not bad, bad
    assert pol.calls > 80 and sum(int(t.sum()) for t in trace[3::3]) >= 2


@pytest.mark.parametrize("edition,players,opponents,seat", [
    ("ALLWILD", 3, "strategist,greedy", None), ("NOMERCY", 4, "strategist,random-play", 0),
    ("EXTREME", 2, "strategist", None), ("SPIN", 5, "strategist,strategist,random-play", None),
    ("SPIN", 6, "strategist,strategist", 5), ("FLASH", 4, "strategist,greedy,random-play", None),
    ("FLEX", 3, "strategist", 1), ("FLIP", 3, "strategist,greedy", None)])
def test_issue27_point2_batched_env_strategist_under_the_editions_is_the_python_strategist(edition, players,
                                                                                        opponents, seat):
    """The strategist under every edition in the batched env (_edstrategist.h, _edcstrategist.h fed every move of the
    hand as _ed_play.h's harness feeds it: a window's reaction from the sizes around it, a turn's move before and
    after), replayed in Python with StrategistBot seeded as UnoGymEnv seeds it. The two SPIN deals parted before the
    strategist's Scanner was worked out at its first look (knowledge._initial_sizes: the hands then walked back to
    the last carousel, a colour named by a play read as named with the last card from those sizes); the FLASH one
    before its press came first in its turn (_free_gain). Sweeps of 3,568 random batched tables of every edition with
    strategist, greedy and random-play opponents and a strategist or greedy teacher: no difference."""
    bad, ended = differences(players, steps=60, seed={5: 313699, 6: 889743}.get(players, players), seat=seat,
                             opponents=opponents, rules=f"UNO {edition}")
    assert not bad, bad
    assert ended >= 1


@pytest.mark.parametrize("edition,players,seed", [("SPIN", 7, 7), ("ALLWILD", 3, 3), ("FLASH", 4, 4), ("FLIP", 3, 3),
                                                  ("NOMERCY", 4, 4)])
def test_issue27_point4_the_strategist_teacher_under_the_editions_takes_the_python_imitations_steps(edition, players,
                                                                                                 seed):
    """The compiled strategist as the teacher on an edition's hand: its whole play chosen at a decision that is no
    stem's (its generator "env-teacher"), followed through the stem; the 7-seat SPIN deal parted before the first-look
    sizes (above)."""
    bad, seen = house2_teacher_mismatches(players, "strategist", "strategist", f"UNO {edition}", opponents="strategist")
    assert not bad, bad
    assert seen["asked"] == 80 * 3
    assert house2_teacher_mismatches(players, "greedy", "strategist", f"UNO {edition}", opponents="strategist",
                                     steps=40)[0]   # (mutation: the compiled greedy where the strategist is expected)
