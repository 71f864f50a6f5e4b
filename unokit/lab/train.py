"""``unokit train``: train a policy for a rule set and save it as a model file the ``rl`` bot plays.

The recipe (every part optional, see ``unokit train --help``):

1. *imitation*: the teacher bot (``strategist``) plays ``--imitate`` hands in the learning seat of
   ``unokit/Uno-v0``; the policy network learns its choices (cross-entropy over the masked action ids)
   and the value network the hands' results;
2. *reinforcement*: sb3-contrib's MaskablePPO goes on from there for ``--timesteps`` agent decisions
   against ``--opponents``, ``--envs`` hands at once: on the compiled core's
   :class:`~unokit.env.batched.UnoBatchedEnv` where it holds the table (the official rules; opponents
   random-play, greedy, strategist, or ``self``: the policy being trained, a numpy snapshot refreshed at every
   rollout, at the other seats), else on :class:`~unokit.env.UnoVectorEnv` (``--engine`` chooses);
3. every ``--eval-every`` decisions the numpy policy plays ``--eval-hands`` hands against
   ``--eval-opponents`` (default: the opponents; the strategist for self-play), in C where the batched env
   holds them; the best one is saved (``--out``, an ``.npz`` of :class:`unokit.bots.rl.Policy`) and the
   learning curve is drawn (``--plot``).

Needs the ``train`` extra (``pip install 'unokit[train]'``: torch, sb3-contrib); playing does not.
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.errors import UnoError

if TYPE_CHECKING:
    import rich.progress

__all__ = ["train", "collect_imitation", "collect_imitation_batched", "export_policy", "evaluate", "evaluate_batched",
           "batched_problem", "TrainError", "ENGINES"]

#: ``--engine``: where PPO's hands and the evaluations are played
ENGINES = ("auto", "compiled", "python")


class TrainError(UnoError):
    """Training cannot run (a missing extra, a bad option)."""


def _need_train_extra():
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as e:
        raise TrainError(f"training needs the train extra: pip install 'unokit[train]' ({e.name} is missing)") from None


# ---------------------------------------------------------------------------------------- imitation
def collect_imitation(rules: str, players: int, opponents: str, hands: int, seed: int, teacher: str = "strategist",
                      progress=None):
    """The teacher's decisions in the learning seat: observations, masks, action ids and each
    decision's final reward (the hand's result), as numpy arrays."""
    from ..core.chance import derive_seed
    from ..engine.flow import ask
    from ..env.core import live
    from ..env.gym_env import UnoGymEnv
    from . import make_player
    env = UnoGymEnv(rules, players, opponents, seat=None)
    table = env.table
    X: list[np.ndarray] = []
    M: list[np.ndarray] = []
    Y: list[int] = []
    R: list[float] = []
    for h in range(hands):
        obs, _ = env.reset(seed=derive_seed(seed, h, "imitate"))
        bot = make_player(teacher, derive_seed(seed, h, "teacher"))
        start = len(Y)
        done = False
        reward = 0.0
        plan = None   # the play the teacher chose, answered one sub-decision at a time
        while not done:
            f = live(env.flow)
            if f.stem is None or plan is None:
                # the teacher asked as the decision flow asks a bot (options unfolded, a play completed)
                plan = ask(f.game, f.seat, bot, f.options, turn=not f.window)
            i = table.wait if plan is None else _id_for(f, table, plan)
            X.append(obs["observation"])
            M.append(obs["action_mask"])
            Y.append(i)
            obs, reward, te, tr, _ = env.step(i)
            done = te or tr
        R.extend([reward] * (len(Y) - start))
        if progress is not None:
            progress(h + 1)
    return (np.array(X, np.float32), np.array(M, np.int8), np.array(Y, np.int64), np.array(R, np.float32))


def collect_imitation_batched(rules: str, players: int, opponents, hands: int, seed: int, teacher: str = "strategist",
                              progress=None, rule_codes=None, envs: int = 256):
    """:func:`collect_imitation` on the compiled core's batched env: the compiled teacher (``greedy`` or
    ``strategist``, decision-identical with the Python bot) decides at the learning seat, every slot playing the
    same number of hands (``hands`` rounded up to a multiple of the slots)."""
    from ..core.chance import derive_seed
    from ..env.batched import UnoBatchedEnv
    slots = max(1, min(envs, hands))
    per = -(-hands // slots)
    env = UnoBatchedEnv(slots, rules=rules, players=players, opponents=opponents, seat=None, teacher=teacher,
                        rule_codes=rule_codes)
    obs, _ = env.reset(seed=derive_seed(seed, 0, "imitate"))
    X: list[np.ndarray] = []
    M: list[np.ndarray] = []
    Y: list[np.ndarray] = []
    keys: list[np.ndarray] = []              # slot * per + its hand: the hand each decision belongs to
    results = np.zeros(slots * per, np.float32)
    done = np.zeros(slots, np.int64)
    while (done < per).any():
        ids = env.teacher_actions()
        live = done < per
        X.append(obs["observation"][live])
        M.append(obs["action_mask"][live])
        Y.append(ids[live].astype(np.int64))
        keys.append(np.flatnonzero(live) * per + done[live])
        obs, rew, te, tr, _ = env.step(ids)
        ended = np.flatnonzero((te | tr) & live)
        results[ended * per + done[ended]] = rew[ended]
        done += te | tr
        if progress is not None and len(ended):
            progress(int(np.minimum(done, per).sum()))
    key = np.concatenate(keys)
    return (np.concatenate(X), np.concatenate(M), np.concatenate(Y), results[key])


def _id_for(flow, table, choice) -> int:
    """The id of the step of ``flow``'s decision that ``choice`` is or begins (a complete play chosen among
    unfolded options is answered by the stem it completes); a typed error when it is neither."""
    from ..engine.compose import first_step
    step = first_step(flow.game, flow.options, choice)
    if step is None:
        raise UnoError(f"{choice} is not one of the options asked, nor completes one")
    return table.id_of(step, flow.stem.more if flow.stem is not None else None)


def imitate(model, data, *, epochs: int = 8, batch: int = 1024, lr: float = 1e-3, seed: int = 0, log=print):
    """Fit the policy of a MaskablePPO ``model`` to the teacher's choices and its values to the results."""
    import torch
    X, M, Y, R = data
    pol = model.policy
    torch.manual_seed(seed)
    opt = torch.optim.Adam(pol.parameters(), lr=lr)
    n = len(Y)
    Xt, Mt, Yt, Rt = (torch.as_tensor(X), torch.as_tensor(M.astype(bool)), torch.as_tensor(Y), torch.as_tensor(R))
    rng = np.random.default_rng(seed)
    for ep in range(epochs):
        order = rng.permutation(n)
        tot = acc = 0.0
        for s in range(0, n, batch):
            idx = torch.as_tensor(order[s:s + batch])
            x = Xt[idx]
            feats = pol.extract_features(x, pol.pi_features_extractor)
            lat_pi, lat_vf = pol.mlp_extractor(feats)
            logits = pol.action_net(lat_pi).masked_fill(~Mt[idx], -1e8)
            loss_pi = torch.nn.functional.cross_entropy(logits, Yt[idx])
            loss_v = torch.nn.functional.mse_loss(pol.value_net(lat_vf).squeeze(-1), Rt[idx])
            loss = loss_pi + 0.5 * loss_v
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += loss_pi.item() * len(idx)
            acc += (logits.argmax(-1) == Yt[idx]).sum().item()
        log(f"imitation epoch {ep + 1}/{epochs}: loss {tot / n:.4f}, agreement with the teacher {acc / n:.1%}")


# ---------------------------------------------------------------------------------------- export
def export_policy(model, *, rules: str, players: int, table, encoder, extra: dict | None = None):
    """The numpy :class:`~unokit.bots.rl.Policy` of a MaskablePPO ``model`` (its actor network)."""
    import torch

    from ..bots.rl import Policy
    layers = []
    for m in list(model.policy.mlp_extractor.policy_net) + [model.policy.action_net]:
        if isinstance(m, torch.nn.Linear):
            layers.append((m.weight.detach().cpu().numpy().T.copy(), m.bias.detach().cpu().numpy().copy()))
    meta = {"format": "unokit-policy/1", "rules": table.rules, "players": players, "obs_size": encoder.size,
            "actions": list(table.names), "rule_codes": list(encoder.rule_codes), "activation": "tanh"}
    meta.update(extra or {})
    return Policy(layers, meta)


def evaluate(policy, rules: str, players: int, opponents: str, hands: int, seed: int) -> float:
    """The policy's win rate (numpy, greedy) in ``hands`` hands of ``unokit/Uno-v0`` against ``opponents``."""
    from ..core.chance import derive_seed
    from ..env.gym_env import UnoGymEnv
    env = UnoGymEnv(rules, players, opponents, seat=None)
    wins = 0
    for h in range(hands):
        obs, _ = env.reset(seed=derive_seed(seed, h, "eval"))
        done = False
        while not done:
            obs, _r, te, tr, info = env.step(policy.choose(obs["observation"], obs["action_mask"]))
            done = te or tr
        wins += bool(info.get("won"))
    return wins / hands


def batched_problem(rules: str, players: int, opponents, teacher: str | None = None) -> str | None:
    """Why the compiled core's batched env cannot play ``opponents`` (and ``teacher``) at this table (None: it can)."""
    from ..env.batched import lineup
    from ..fast.envflow import batched_flow_problem
    try:
        names = lineup(opponents, players)[0]
    except ValueError as e:
        return str(e)
    return batched_flow_problem(rules, players, names, teacher)


def evaluate_batched(policy, rules: str, players: int, opponents, hands: int, seed: int, *, envs: int = 256) -> float:
    """:func:`evaluate` on the compiled core's batched env (its own deals): every slot plays the same number of
    hands (``hands`` rounded up to a multiple of the slots), so short hands are not favoured."""
    from ..env.batched import UnoBatchedEnv
    with _one_thread() as torch:
        if torch is not None and not isinstance(policy, _TorchLogits):
            policy = _TorchLogits(policy)
        slots = max(1, min(envs, hands))
        per = -(-hands // slots)
        env = UnoBatchedEnv(slots, rules=rules, players=players, opponents=opponents, seat=None,
                            policy=_Sampler(policy, seed), rule_codes=policy.meta.get("rule_codes"))
        obs, _ = env.reset(seed=seed)
        done = np.zeros(slots, np.int64)
        wins = 0
        while (done < per).any():
            z = np.where(obs["action_mask"] > 0, policy.logits(obs["observation"]), -np.inf)
            obs, rew, te, tr, _ = env.step(z.argmax(axis=1))
            wins += int(((te | tr) & (done < per) & (rew > 0)).sum())
            done += te | tr
    return wins / (per * slots)


@contextmanager
def _one_thread():
    """torch (None without the train extra) held to one thread meanwhile."""
    try:
        import torch
    except ImportError:
        yield None
        return
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield torch
    finally:
        torch.set_num_threads(threads)


class _TorchLogits:
    """A numpy :class:`~unokit.bots.rl.Policy`'s ``logits`` computed by torch on one thread (numpy's BLAS may spin
    several threads on a busy machine: a batch's forward pass then costs ten times the CPU)."""

    def __init__(self, policy):
        import torch
        self.torch = torch
        self.meta = policy.meta
        self.layers = [(torch.from_numpy(w), torch.from_numpy(b)) for w, b in policy.layers]

    def logits(self, x: np.ndarray) -> np.ndarray:
        torch = self.torch
        with torch.no_grad():
            h = torch.from_numpy(np.ascontiguousarray(x, np.float32))
            last = len(self.layers) - 1
            for i, (w, b) in enumerate(self.layers):
                h = torch.addmm(b, h, w)
                if i < last:
                    h = torch.tanh(h)
            return h.numpy()


class _Sampler:
    """A numpy policy that samples its masked softmax: the ``self`` seats of self-play (``policy`` replaced at
    every rollout by the learner's snapshot)."""

    def __init__(self, policy, seed: int):
        self.policy = policy
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        z = np.where(mask > 0, self.policy.logits(obs), -np.inf)
        z = z - z.max(axis=1, keepdims=True)
        p = np.exp(z)
        c = p.cumsum(axis=1)
        u = self.rng.random(len(obs))[:, None] * c[:, -1:]
        return np.minimum((c < u).sum(axis=1), mask.shape[1] - 1)


# ---------------------------------------------------------------------------------------- sb3 adapter
def _sb3_vec(venv, seed: int):
    """A Gymnasium vector env of unokit (:class:`~unokit.env.UnoVectorEnv` or the compiled
    :class:`~unokit.env.batched.UnoBatchedEnv`) behind stable-baselines3's VecEnv interface (flat observations,
    ``action_masks`` for MaskablePPO)."""
    from gymnasium import spaces
    from stable_baselines3.common.vec_env import VecEnv

    num_envs = venv.num_envs

    class UnoSb3Vec(VecEnv):
        def __init__(self):
            self.venv = venv
            spaces_in = self.venv.single_observation_space
            assert isinstance(spaces_in, spaces.Dict)  # UnoGymEnv observes {"observation", "action_mask"}
            super().__init__(num_envs, spaces_in["observation"], spaces.Discrete(self.venv.A))
            self._actions = None
            self._seed = seed
            self.ep_wins: list = []

        def reset(self):
            obs, _ = self.venv.reset(seed=self._seed)
            self._seed += self.num_envs
            return obs["observation"]

        def step_async(self, actions):
            self._actions = actions

        def step_wait(self):
            obs, rew, te, tr, info = self.venv.step(self._actions)
            dones = te | tr
            infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
            for i in np.flatnonzero(dones):
                infos[i]["terminal_observation"] = info["final_obs"][i]["observation"]
                infos[i]["TimeLimit.truncated"] = bool(tr[i] and not te[i])
                self.ep_wins.append(1.0 if rew[i] > 0 else 0.0)
            return obs["observation"], rew, dones, infos

        def action_masks(self):
            return self.venv.action_masks().astype(bool)

        def close(self):
            pass

        def get_attr(self, name, indices=None):
            return [getattr(e, name) for e in self._envs(indices)]

        def set_attr(self, name, value, indices=None):
            for e in self._envs(indices):
                setattr(e, name, value)

        def env_method(self, method_name, *method_args, indices=None, **method_kwargs):
            if method_name == "action_masks":
                return list(self.action_masks())
            return [getattr(e, method_name)(*method_args, **method_kwargs) for e in self._envs(indices)]

        def env_is_wrapped(self, wrapper_class, indices=None):
            return [False for _ in self._envs(indices)]

        def _envs(self, indices):
            envs = getattr(self.venv, "envs", None)
            if envs is None:  # the batched env: one object answers for every slot
                envs = [self.venv] * num_envs
            if indices is None:
                return envs
            if isinstance(indices, int):
                indices = [indices]
            return [envs[i] for i in indices]

    return UnoSb3Vec()


# ---------------------------------------------------------------------------------------- train
def train(*, rules: str = "UNO 1121", players: int = 2, opponents: str = "random-play", timesteps: int = 200_000,
          imitate_hands: int = 0, teacher: str = "strategist", envs: int = 8, seed: int = 0,
          out="rl-model.npz", plot=None, eval_every: int = 50_000, eval_hands: int = 500, lr: float = 3e-4,
          hidden: int = 256, progress: bool = True, log=print, engine: str = "auto",
          eval_opponents: str | None = None, init=None) -> dict:
    """Train (imitation, then MaskablePPO), keep the best evaluated policy in ``out``; returns a summary.
    ``engine``: ``compiled`` plays PPO's hands and the evaluations on the batched env in C (an error where it
    cannot), ``python`` on the referee's :class:`~unokit.env.UnoVectorEnv`, ``auto`` in C where it can. ``init``: a
    model file whose policy the actor starts from (its table, layers and observation codes; compiled engine)."""
    if not (isinstance(lr, (int, float)) and math.isfinite(lr) and 0 < lr < 1):
        raise TrainError(f"the learning rate must be a number between 0 and 1, got {lr!r}")
    if engine not in ENGINES:
        raise TrainError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    from . import make_player
    names = [x.strip() for x in opponents.split(",") if x.strip()] if isinstance(opponents, str) else []
    self_play = "self" in names
    if eval_opponents is None:
        eval_opponents = "strategist" if self_play else opponents
    for name in [x for x in names if x != "self"] + eval_opponents.split(",") + ([teacher] if imitate_hands else []):
        make_player(name.strip())  # an unknown bot: one line now, not after the imports
    why = batched_problem(rules, players, opponents)
    if self_play and engine == "python":
        why = "self-play needs the compiled engine"
    if why and (self_play or engine == "compiled"):
        raise TrainError(f"the compiled batched env cannot train this: {why}")
    compiled_env = engine != "python" and why is None
    eval_in_c = engine != "python" and batched_problem(rules, players, eval_opponents) is None
    start = _init_policy(init, rules, players, compiled_env and eval_in_c) if init else None
    if start is not None:
        hidden = start.layers[0][0].shape[1]
    _need_train_extra()
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.logger import Logger

    from ..env.actions import table_for
    from ..env.observe import Encoder
    torch.set_num_threads(1)
    t0, c0 = time.perf_counter(), time.process_time()
    table = table_for(rules, players)
    enc = Encoder(table, start.meta["rule_codes"] if start is not None else None)
    sampler = None
    if compiled_env:
        from ..env.batched import UnoBatchedEnv
        sampler = _Sampler(None, seed + 11) if self_play else None
        venv: Any = UnoBatchedEnv(envs, rules=rules, players=players, opponents=opponents, seat=None, policy=sampler,
                                  rule_codes=enc.rule_codes)
    else:
        from ..env.vector import UnoVectorEnv
        venv = UnoVectorEnv(envs, rules=rules, players=players, opponents=opponents, seat=None)
    vec = _sb3_vec(venv, seed)
    n_steps = max(16, min(512, timesteps // envs if timesteps else 512))
    model = MaskablePPO("MlpPolicy", vec, learning_rate=lr, n_steps=n_steps, batch_size=min(1024, n_steps * envs),
                        n_epochs=4, gamma=0.99, gae_lambda=0.95, clip_range=0.1, ent_coef=0.003, seed=seed,
                        policy_kwargs={"net_arch": {"pi": [hidden, hidden], "vf": [hidden, hidden]}}, verbose=0,
                        device="cpu")
    # a logger that writes nothing anywhere (SB3's default makes an empty SB3-<time> folder in the temporary
    # directory at every learn(); the curve and the models are this function's own outputs)
    model.set_logger(Logger(folder=None, output_formats=[]))
    if start is not None:
        _load_actor(model, start)
    curve: list[dict] = []
    best: dict[str, Any] = {"win_rate": -1.0, "step": 0}
    out = Path(out)

    def snapshot():
        return export_policy(model, rules=rules, players=players, table=table, encoder=enc)

    if sampler is not None:
        sampler.policy = _TorchLogits(snapshot())

    def checkpoint(step: int, phase: str):
        pol = snapshot()
        if not eval_hands:
            wr = float("nan")
        elif eval_in_c:
            wr = evaluate_batched(_TorchLogits(pol), table.rules, players, eval_opponents, eval_hands, seed + 7)
        else:
            wr = evaluate(pol, table.rules, players, eval_opponents, eval_hands, seed + 7)
        curve.append({"step": step, "phase": phase, "win_rate": wr, "seconds": round(time.perf_counter() - t0, 1),
                      "cpu_seconds": round(time.process_time() - c0, 1)})
        log(f"[{phase}] {step:,} decisions: win rate {wr:.1%} over {eval_hands} hands vs {eval_opponents} "
            f"({time.perf_counter() - t0:.0f} s, {time.process_time() - c0:.0f} s CPU)")
        if not eval_hands or wr > best["win_rate"] or not out.exists():
            best.update(win_rate=wr, step=step, phase=phase)
            pol.meta.update({"trained": {"timesteps": step, "imitation_hands": imitate_hands, "opponents": opponents,
                                         "engine": "compiled" if compiled_env else "python",
                                         "init": str(init) if init else None,
                                         "eval_opponents": eval_opponents,
                                         "teacher": teacher if imitate_hands else None, "seed": seed,
                                         "eval_win_rate": wr, "eval_hands": eval_hands,
                                         "seconds": round(time.perf_counter() - t0, 1)}})
            pol.save(out)
        if plot:  # redrawn at every evaluation, so a run stopped early keeps its curve
            plot_curve(curve, plot, title=f"{table.rules}, {players} players, {opponents} (eval vs {eval_opponents})",
                       players=players)

    bar = _Bar(progress)
    if imitate_hands:
        bar.start("imitating " + teacher, imitate_hands)
        imitate_against = eval_opponents if self_play else opponents
        in_c = compiled_env and teacher in ("greedy", "strategist")
        if in_c and not batched_problem(rules, players, imitate_against, teacher):
            data = collect_imitation_batched(table.rules, players, imitate_against, imitate_hands, seed, teacher,
                                             progress=bar.update, rule_codes=enc.rule_codes)
        else:
            data = collect_imitation(table.rules, players, imitate_against, imitate_hands, seed, teacher,
                                     progress=bar.update)
        bar.stop()
        log(f"imitation: {len(data[2]):,} decisions of {teacher} in {imitate_hands:,} hands")
        imitate(model, data, seed=seed, log=log)
        checkpoint(0, "imitation")

    if start is not None and not imitate_hands:
        checkpoint(0, "init")

    class Cb(BaseCallback):
        def __init__(self):
            super().__init__()
            self.next_eval = eval_every

        def _on_rollout_start(self) -> None:
            if sampler is not None:  # self-play: the other seats play the policy as it is now
                sampler.policy = _TorchLogits(snapshot())

        def _on_step(self) -> bool:
            bar.update(self.num_timesteps)
            if eval_every and self.num_timesteps >= self.next_eval:
                self.next_eval += eval_every
                checkpoint(self.num_timesteps, "ppo")
            return True

    if timesteps:
        bar.start("MaskablePPO", timesteps)
        model.learn(total_timesteps=timesteps, callback=Cb())
        bar.stop()
        checkpoint(model.num_timesteps, "ppo")
    elif not imitate_hands and start is None:
        checkpoint(0, "untrained")
    seconds = time.perf_counter() - t0
    summary = {"rules": table.rules, "players": players, "opponents": opponents, "eval_opponents": eval_opponents,
               "engine": "compiled" if compiled_env else "python", "eval_engine": "compiled" if eval_in_c else "python",
               "timesteps": timesteps,
               "imitation_hands": imitate_hands, "best": best, "curve": curve, "seconds": round(seconds, 1),
               "out": str(out), "plot": str(plot) if plot else None,
               "cpu_seconds": round(time.process_time() - c0, 1),
               "episode_win_rate_during_ppo": (float(np.mean(vec.ep_wins[-2000:])) if vec.ep_wins else None)}
    return summary


def _init_policy(path, rules: str, players: int, compiled_ok: bool):
    """The policy of model file ``path`` to start from, checked against the table (TrainError otherwise)."""
    from ..bots.rl import Policy
    from ..rules import RuleSet
    try:
        pol = Policy.load(path)
    except (OSError, ValueError, KeyError) as e:
        raise TrainError(f"--init {path}: not a model file ({e})") from None
    m = pol.meta
    if RuleSet.parse(m.get("rules", "")) != RuleSet.parse(rules) or m.get("players") != players:
        raise TrainError(f"--init {path}: trained for {m.get('players')} players under {m.get('rules')}, "
                         f"not {players} under {rules}")
    if not compiled_ok or len(pol.layers) != 3 or pol.layers[0][0].shape[1] != pol.layers[1][0].shape[1]:
        raise TrainError(f"--init {path}: a model of two equal hidden layers, trained on the compiled engine")
    return pol


def _load_actor(model, policy) -> None:
    """Copy a numpy policy's layers into a MaskablePPO model's actor (policy_net and action_net)."""
    import torch
    linears = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(model.policy.action_net)
    with torch.no_grad():
        for lin, (w, b) in zip(linears, policy.layers, strict=True):
            lin.weight.copy_(torch.from_numpy(w.T.copy()))
            lin.bias.copy_(torch.from_numpy(b))


def plot_curve(curve: list[dict], path, title: str = "", players: int = 2) -> Path:
    """The learning curve (evaluated win rate against decisions trained) as a PNG, with the fair share of one seat
    among ``players`` (50% at two) as the line to beat."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4))
    xs = [c["step"] for c in curve]
    ys = [100 * c["win_rate"] for c in curve]
    ax.plot(xs, ys, marker="o")
    ax.axhline(100 / players, color="grey", lw=0.8, ls="--", label=f"fair share ({100 / players:.0f}%)")
    ax.legend(loc="lower right", fontsize=8)
    ax.set_xlabel("agent decisions of PPO (0: after imitation)")
    ax.set_ylabel("win rate in evaluation hands (%)")
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


class _Bar:
    """A rich progress bar (or nothing)."""

    def __init__(self, on: bool):
        self.on = on
        self.p: rich.progress.Progress | None = None

    def start(self, label: str, total: int):
        if not self.on:
            return
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
        self.p = Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed:,}/{task.total:,}"),
                          TimeElapsedColumn(), TimeRemainingColumn(), transient=False)
        self.p.start()
        self.task = self.p.add_task(label, total=total)

    def update(self, done: int):
        if self.p is not None:
            self.p.update(self.task, completed=done)

    def stop(self):
        if self.p is not None:
            self.p.stop()
            self.p = None

