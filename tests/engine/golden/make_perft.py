"""Generate tests/engine/golden/perft.json: perft counts of fixed positions under several rule codes.

    .venv/bin/python tests/engine/golden/make_perft.py          # rewrite perft.json
    .venv/bin/python tests/engine/golden/make_perft.py --check  # compare with it, write nothing

perft(game, d): the number of distinct sequences of d legal actions from ``game`` (OpenSpiel /
python-chess style). An action is legal for any seat, in turn or out of turn: at each node the
actions are the union over all seats, in seat order, of ``game.legal_actions(seat)`` (chat is never
in it). A hand that is over ends a sequence early (it counts 1). Chance is not branched on: each
position carries its own seeded generator (``Game.new(seed=)``, ``Game.from_position(seed=0)``),
copied with the game, so the draws after an action are fixed. Copies are ``copy.deepcopy``.

    perft(g, 0) = 1;  perft(g, d) = 1 if g is over, else sum over legal a of perft(g after a, d - 1)

Leaves are counted without being played: perft(g, 1) is the number of legal actions.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from unokit.engine.game import Game  # noqa: E402

FORMAT = "unokit-perft/1"
DEPTHS = (1, 2, 3, 4)
CODES = ("UNO 1121", "UNO 2212", "UNO 1121 C", "UNO 1121 P1", "UNO 1121 P4", "UNO 1121 JUMPIN", "UNO 1121 S")

# dealt hands: Game.new(players, code, seed=seed)
DEALS = [{"name": f"deal-{p}p-seed{s}", "players": p, "seed": s} for p in (2, 3, 4) for s in (1, 2, 3)]

# puzzles: Game.from_position(hands, discard, stock, rules=code, current=...) (stock top first,
# discard top last); each puts a rule within a few actions
PUZZLES = [
    {"name": "puzzle-uno-race", "hands": ["R5 G5 W", "R+2 Y7"], "discard": "B3 R9", "stock": "Y1 G2 B4",
     "current": 0,
     "why": "two hands near the end: UNO said with the play or forgotten, catches out of turn, a hand going "
            "out on a Draw Two, a short stock"},
    {"name": "puzzle-wild-draw-four", "hands": ["W+4 R2 G6 B6", "Y3 Y4 R7", "G1 B1 Y9"],
     "discard": "G8 Y2 R3 R1", "stock": "B9 G3", "current": 0,
     "why": "a Wild Draw Four bluff (seat 0 holds red): challenges guilty and innocent, D=1 / D=2, a "
            "reshuffle of the discard pile when the penalty empties the stock"},
    {"name": "puzzle-stacking-and-cuts", "hands": ["R+2 G+2 RS", "R+2 W+4 B5", "Y+2 R7 G7", "RR B+2 Y1"],
     "discard": "B8 Y8 G7", "stock": "B2 B3 B4 B7 Y5 Y6", "current": 0,
     "why": "draw cards in every hand (stacking under P1 / P4), a card identical to the top one in another "
            "hand (cuts under C and JUMPIN), Skip and Reverse with four players"},
]


def position(setup: dict, code: str) -> Game:
    """The game of one position of the corpus under ``code``."""
    if "seed" in setup:
        return Game.new(players=setup["players"], rules=code, seed=setup["seed"])
    return Game.from_position(setup["hands"], setup["discard"], setup["stock"], rules=code,
                              current=setup["current"])


def legal(game: Game) -> list:
    """Every seat's legal actions, in seat order (the union: seats never share an action)."""
    return [a for s in range(game.n) for a in game.legal_actions(s)]


def perft(game: Game, depth: int) -> int:
    if depth == 0 or game.over:
        return 1
    acts = legal(game)
    if depth == 1:
        return len(acts)
    total = 0
    for a in acts:
        child = copy.deepcopy(game)  # copies the generator too: the child draws what the parent would
        child.apply(a)
        total += perft(child, depth - 1)
    return total


def build() -> dict:
    positions = DEALS + PUZZLES
    counts = {code: {p["name"]: [perft(position(p, code), d) for d in DEPTHS] for p in positions}
              for code in CODES}
    return {
        "format": FORMAT,
        "definition": __doc__.split("\n\n", 2)[1].strip(),
        "depths": list(DEPTHS),
        "codes": list(CODES),
        "positions": positions,
        "perft": counts,
    }


def main(argv: list[str]) -> int:
    out = HERE / "perft.json"
    data = build()
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if "--check" in argv:
        same = out.exists() and json.loads(out.read_text(encoding="utf-8"))["perft"] == data["perft"]
        print("perft.json is up to date" if same else "perft.json differs")
        return 0 if same else 1
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}: {len(data['positions'])} positions x {len(CODES)} codes, depths {list(DEPTHS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
