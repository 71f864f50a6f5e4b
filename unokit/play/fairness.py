"""Provably fair deals: a commitment to a hand's shuffle shown at the deal, revealed when the hand ends.

At the deal the table shows everyone a SHA-256 digest (the *commitment*) of the hand's seed, the chance
outcomes drawn to deal it (the deck orders, as the hand record writes them) and a random salt kept
secret until the hand is over. Then the salt is revealed and the hand record carries all three, so
anyone can check (:func:`verify_hand`, ``unokit verify RECORD``) that

1. the revealed seed, deal and salt hash to the commitment shown at the deal (the server did not change
   the deck during the hand: it could not have found another deck with the same digest);
2. the seed deals exactly those cards (the deck came from the seed, not hand-picked);
3. the record replays from that deal, action by action, to its recorded result (every card dealt and
   played is the one committed).

The salt hides the deck while the hand is played: without it the digest says nothing about the cards.
The exact bytes hashed are in docs/fair-deals.md.

>>> from unokit.engine.game import Game
>>> g = Game.new(players=3, seed=7)
>>> fair = seal(g, salt="00" * 16)
>>> fair["commitment"][:12], fair["dealt"]
('8051ac4aab84', 2)
>>> rec = g.record(); rec["fair"] = fair
>>> verify_hand(rec).ok
True
>>> rec["chance"][0] = rec["chance"][0][::-1]          # another deck order
>>> print(verify_hand(rec).reason)
the deck order, seed or salt does not match the commitment shown at the deal
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass

from ..core.errors import RecordError, UnoError
from ..engine.record import chance_outcomes

__all__ = ["VERSION", "Verdict", "commitment", "new_salt", "seal", "verify_hand", "verify_record"]

VERSION = "unokit-deal/1"
SALT_BYTES = 16


def new_salt() -> str:
    """A fresh secret salt: 16 random bytes as 32 hexadecimal digits."""
    return secrets.token_hex(SALT_BYTES)


def _payload(seed: int, deal: list, salt: str) -> bytes:
    """The bytes hashed: canonical JSON (sorted keys, no spaces) of the version, seed, deal and salt."""
    return json.dumps({"v": VERSION, "seed": seed, "deal": deal, "salt": salt},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def commitment(seed: int, deal: list, salt: str) -> str:
    """The SHA-256 hex digest of a deal (``deal``: chance outcomes as a hand record writes them)."""
    return hashlib.sha256(_payload(seed, deal, salt)).hexdigest()


def seal(game, salt: str | None = None) -> dict:
    """The fairness entry of a hand just dealt: ``commitment`` (shown to all at once), ``salt`` (kept
    secret until the hand ends) and ``dealt`` (how many chance outcomes the deal drew)."""
    salt = new_salt() if salt is None else salt
    deal = chance_outcomes(game)
    return {"version": VERSION, "commitment": commitment(game.chance.seed, deal, salt), "salt": salt,
            "dealt": len(deal)}


@dataclass(frozen=True)
class Verdict:
    """What :func:`verify_hand` found: ``ok``, and when not, the first check that failed (``reason``)."""

    ok: bool
    commitment: str
    reason: str = ""

    def line(self, label: str) -> str:
        short = self.commitment[:16] + "…" if self.commitment else "(none)"
        return (f"{label}: deal verified, commitment {short}" if self.ok
                else f"{label}: NOT verified: {self.reason}")


def _fail(fair, reason: str) -> Verdict:
    c = fair.get("commitment") if isinstance(fair, dict) else None
    return Verdict(False, c if isinstance(c, str) else "", reason)


def verify_hand(rec) -> Verdict:
    """Check a hand record's deal against its commitment (see the module doc); never raises on bad input."""
    from ..engine.game import Game
    from ..engine.playback import replay

    if not isinstance(rec, dict):
        return Verdict(False, "", "a hand record is a JSON object")
    fair = rec.get("fair")
    if not isinstance(fair, dict):
        return Verdict(False, "", "the record carries no deal commitment (a hand not dealt at a fair table)")
    c, salt, k = fair.get("commitment"), fair.get("salt"), fair.get("dealt")
    if not (isinstance(c, str) and len(c) == 64 and isinstance(salt, str) and len(salt) <= 200
            and isinstance(k, int) and not isinstance(k, bool) and k >= 0):
        return _fail(fair, "the commitment entry is malformed (commitment, salt, dealt)")
    if fair.get("version", VERSION) != VERSION:
        return _fail(fair, f"unknown commitment version {str(fair.get('version'))[:40]!r}")
    seed, chance = rec.get("seed"), rec.get("chance")
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(chance, list) or len(chance) < k:
        return _fail(fair, "the record's seed or chance outcomes are missing")
    deal = chance[:k]
    try:
        if commitment(seed, deal, salt) != c:
            return _fail(fair, "the deck order, seed or salt does not match the commitment shown at the deal")
    except (TypeError, ValueError):
        return _fail(fair, "the record's deal cannot be hashed")
    setup = rec.get("setup")
    if not isinstance(setup, dict):
        setup = {}
    try:
        g = Game.new(rec["players"], rec["rules"], seed=seed, enforcement=rec.get("enforcement", "strict"),
                     deck=rec.get("deck", "classic"), decks=rec.get("decks", 1),
                     include_blanks=rec.get("include_blanks", False),
                     dealer=setup.get("dealer") if "dealer_draws" not in setup else None)
    except (UnoError, KeyError, TypeError, ValueError) as e:
        return _fail(fair, f"the record's set-up does not deal: {e}")
    if chance_outcomes(g) != deal:
        return _fail(fair, "the seed does not deal the committed deck")
    try:
        replay(rec)
    except UnoError as e:
        return _fail(fair, f"the hand does not replay from the committed deal: {e}")
    return Verdict(True, c)


def verify_record(rec) -> list[tuple[str, Verdict]]:
    """Every hand of a hand or match record, labelled (``hand 1``...), with its verdict.

    Raises :class:`RecordError` for something that is neither."""
    if isinstance(rec, dict) and isinstance(rec.get("hands"), list):
        out = []
        for i, h in enumerate(rec["hands"]):
            hand = h.get("record") if isinstance(h, dict) else None
            out.append((f"hand {i + 1}", verify_hand(hand)))
        if not out:
            raise RecordError("the match record holds no hands")
        return out
    if isinstance(rec, dict) and "chance" in rec:
        return [("hand", verify_hand(rec))]
    raise RecordError("not a hand or match record (expected 'chance' or 'hands')")
