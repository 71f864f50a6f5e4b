"""Partner play's harness: hands of partners (:class:`unokit.bots.partners.PartnerBot`) played with their team
channels flushed after every step (:func:`play_team_hand`), and many such hands with the kinds of
partnership rotating round the table (:func:`team_simulate`); ``docs/bots.md``."""

from __future__ import annotations

import random

from ..bots import make_bot
from ..bots.partners import PartnerBot, TeamChannel
from ..core.chance import derive_seed
from ..core.errors import UnoError
from ..engine.game import Game
from .sim import play_hand

__all__ = ["play_team_hand", "team_simulate"]


def play_team_hand(game, bots, channel: TeamChannel | list[TeamChannel] | tuple[TeamChannel, ...] | None = None,
                   *, max_steps: int = 5000, rng: random.Random | None = None):
    """:func:`unokit.lab.sim.play_hand` for partner play: after every step the team ``channel`` is
    flushed (open signals are said at the table, secret ones handed to the partner).

    ``channel`` may also be a list of channels (one per team). Returns a
    :class:`unokit.lab.sim.HandResult`.
    """
    channels = [c for c in (channel if isinstance(channel, (list, tuple)) else [channel]) if c is not None]

    def flush(g) -> None:
        for ch in channels:
            ch.flush(g)

    return play_hand(game, bots, max_steps=max_steps, rng=rng if rng is not None else random.Random(0),
                     after_step=flush)


def team_simulate(hands: int, players: int = 4, rules: str = "UNO 1121", team=("partner", "greedy"),
                  mode: str = "secret", seed: int = 0, components: dict | None = None) -> dict:
    """Play ``hands`` hands of partners: the partnership of seats ``t`` and ``t + n/2`` plays
    ``team[(t + i) % len(team)]`` in hand ``i`` (so the kinds rotate round the table).

    A kind is ``'partner'`` (:class:`PartnerBot`, each team with its own :class:`TeamChannel` of
    ``mode``) or any registered bot name. Returns the hands won by each kind.
    """
    if players < 4 or players % 2:
        raise UnoError("partner play needs an even number of players, 4 or more")
    half = players // 2
    wins = {k: 0 for k in team}
    truncated = 0
    for i in range(hands):
        hs = derive_seed(seed, i)
        game = Game.new(players=players, rules=rules, seed=hs)
        channels = [TeamChannel(mode) for _ in range(half)]
        bots = []
        for s in range(players):
            t = s % half
            kind = team[(t + i) % len(team)]
            bseed = derive_seed(hs, s, "bot")
            bots.append(PartnerBot(bseed, components, channels[t]) if kind == "partner" else make_bot(kind, bseed))
        r = play_team_hand(game, bots, channels, rng=random.Random(derive_seed(hs, 0, "harness")))
        if r.winner is None:
            truncated += 1
            continue
        wins[team[(r.winner % half + i) % len(team)]] += 1
    return {"hands": hands, "players": players, "rules": rules, "team": list(team), "mode": mode,
            "wins": wins, "truncated": truncated}
