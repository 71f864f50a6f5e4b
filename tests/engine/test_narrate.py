"""The narrator (``unokit.engine.narrate``) and the plain terminal's log, which speaks through it."""

from __future__ import annotations

import io
import re

import pytest

from unokit.bots import BOTS, Bot
from unokit.cli import main
from unokit.core.actions import Challenge, Draw, Pass, Play
from unokit.core.cards import Card, Color, parse_cards
from unokit.core.events import EVENTS, make_event
from unokit.engine import narrate
from unokit.engine.game import Game
from unokit.engine.narrate import (
    card_name,
    cards_name,
    describe,
    describe_draw_for,
    describe_pending,
    describe_revealed,
    describe_skip,
    narrate_sequence,
)
from unokit.play.plain import TerminalGame, colorize

NAMES = ["Ana", "Bob", "Cris"]

# one event of every kind: seat 1 acts, seat 2 is the other seat it names (when it names one)
SAMPLES = {
    "first": ("R7",), "first-returned": ("W+4",), "play": (tuple(parse_cards("R7 G7")), None),
    "cut": (tuple(parse_cards("W")), "G"), "draw": (2,), "draws-penalty": (4,), "penalty": (2, "missed UNO"),
    "reshuffle": (30,), "color": ("B",), "uno": (), "caught": (2,), "challenge": (2, "guilty"), "say": ("hello",),
    "hint": (2, "play red"), "swap": (2,), "shuffle-hands": (), "ohana": (), "out": (57,),
    "eliminated": ("had to draw (MS)",), "wrong-play": (12, "G1 matches neither"), "noticed": (12, 2),
    "accuse": (2, "liar"), "hidden-play": (2, 2), "free-discard": (), "discard-under": ("R7",), "carousel": (1,),
    "discard-all": (2, ("R5", "R9")), "roulette": ("G", ("R1", "WCR", "G4")), "launcher": (2, 3), "spin": ("almost-uno",),
    "flip": ("dark", "O2"), "power": ("GRG",),
    "deflect": (4,), "die": (3, 3), "donate": (2, 2), "draw-challenge": (2, "guilty"), "jump-in-cancels": (2,),
    "peace": ("on",), "revenge": (4,), "sees-hand": (2,), "silence": ("on",), "slap": (), "slap-now": (),
    "stack-cancelled": (4,), "sum-challenge": (2, "bluff"), "time-up": (60,), "compliments-owed": ((0, 2),),
    "critiques-owed": ((2,),), "unready": (2,),
}
PUBLIC = {"first", "first-returned", "reshuffle", "time-up"}  # events of no seat
SEAT_FIELDS = {"target", "bluffer", "to", "offender", "liar", "drawer", "challenged", "seats"}
SECOND = {"en": re.compile(r"\b(You|you|Your|your)\b"), "pt": re.compile(r"\b(Você|você|sua|seu)\b")}
BAD_ENGLISH = re.compile(r"\bYou(?:'s| is| was| has| \w*[^s\W]s)\b")


def sample(kind):
    return EVENTS[kind](3, None if kind in PUBLIC else 1, *SAMPLES[kind])


# ---------------------------------------------------------------------- every kind, every reader, both languages
def test_samples_cover_every_event_kind():
    assert set(SAMPLES) == set(EVENTS)


@pytest.mark.parametrize("lang", narrate.LANGS)
@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_every_event_kind_is_narrated_for_every_reader(kind, lang):
    e = sample(kind)
    lines = {viewer: describe(e, viewer, NAMES, lang) for viewer in (1, 2, None)}
    for viewer, line in lines.items():
        assert line and line != narrate._fallback(e, viewer, NAMES, lang), (viewer, line)
        assert "[" not in line and "\n" not in line                       # plain text, one line
        assert not ("-" in kind and kind in line), line                   # never the raw kind ('You slap-now')
        assert not BAD_ENGLISH.search(line), line                         # never "You's", "You plays"
    if e.player is not None:
        assert SECOND[lang].search(lines[1]), lines[1]                    # the actor reads the second person
    if any(getattr(e, f) == 2 or (f == "seats" and 2 in e.seats) for f in e.fields if f in SEAT_FIELDS):
        assert SECOND[lang].search(lines[2]), lines[2]                    # so does the seat it names
    assert not SECOND[lang].search(lines[None]), lines[None]              # a spectator never does
    if lang == "pt":
        assert lines[None] != describe(e, None, NAMES, "en")


def test_an_unknown_kind_falls_back_to_its_fields():
    class Odd(tuple):
        kind, player, detail = "odd", 1, (3,)
    assert describe(Odd(), 0, NAMES) == "Bob: odd 3"
    with pytest.raises(ValueError):
        describe(sample("uno"), 0, NAMES, "fr")


def test_second_person_grammar():
    assert describe(sample("uno"), 1, NAMES) == "You say UNO!"
    assert describe(sample("draw"), 1, NAMES) == "You draw 2 cards"
    assert describe(make_event("caught", 4, 0, 1), 1, NAMES) == "Ana caught you without UNO"
    assert describe(make_event("caught", 4, None, 1), 1, NAMES) == "You are caught without UNO"
    assert describe(make_event("challenge", 4, 0, 1, "innocent"), 1, NAMES) == \
        "Ana challenges your Wild Draw Four: it was legal"
    assert describe(sample("slap-now"), 1, NAMES) == "Slap now! Your card calls for everyone to slap the pile"
    assert describe(sample("play"), 1, NAMES, "pt") == "Você joga 7 Vermelho e 7 Verde"


# ---------------------------------------------------------------------- cards
def test_card_names_in_english_and_in_the_guides_portuguese():
    assert [card_name(c) for c in ("R7", "GS", "YR", "B+2", "W", "W+4")] == \
        ["Red 7", "Green Skip", "Yellow Reverse", "Blue +2", "Wild", "Wild Draw Four"]
    assert [card_name(Card.parse(c), "pt") for c in ("R7", "GS", "YR", "B+2", "W", "W+4")] == \
        ["7 Vermelho", "Pular Verde", "Inverter Amarelo", "Comprar Duas Azul", "Curinga", "Curinga Comprar Quatro"]
    assert cards_name(parse_cards("R7 G7")) == "Red 7 and Green 7" and cards_name((), "pt") == "nenhuma carta"
    assert all(card_name(c) != c.code and card_name(c, "pt") != c.code for c in Card.ALL)


def test_the_viewers_own_draw_names_the_card():
    e = make_event("draw", 9, 0, 1)
    assert describe_draw_for(e, 0, NAMES, drawn=Card.parse("R7")) == "You draw Red 7"
    assert describe_draw_for(e, 0, NAMES, "pt", before=parse_cards("G1"), after=parse_cards("G1 G1")) == \
        "Você compra 1 Verde"
    assert describe_draw_for(e, 1, NAMES, drawn="R7") == "Ana draws a card"          # never someone else's card
    assert describe_draw_for(make_event("draw", 9, 0, 2), 0, NAMES, drawn="R7") == "You draw 2 cards"


# ---------------------------------------------------------------------- skips
def _play(seq, seat, codes):
    return make_event("play", seq, seat, tuple(parse_cards(codes)), None)


def test_narrate_sequence_says_who_is_skipped():
    assert narrate_sequence([_play(1, 0, "GS")], 1, NAMES) == ["Ana plays Green Skip", "You are skipped"]
    # after a Reverse the Skip goes the other way
    assert narrate_sequence([_play(1, 0, "GR"), _play(2, 2, "RS")], None, NAMES)[-1] == "Bob is skipped"
    assert narrate_sequence([_play(2, 2, "RS")], None, NAMES, direction=-1)[-1] == "Bob is skipped"
    assert narrate_sequence([_play(2, 2, "RS")], None, NAMES)[-1] == "Ana is skipped"
    # two Skips at once (DR) skip two seats; between two players a Reverse skips the other
    assert narrate_sequence([_play(1, 0, "GS RS")], 0, NAMES)[1:] == ["Bob is skipped", "Cris is skipped"]
    assert narrate_sequence([_play(1, 0, "GR")], 1, NAMES[:2]) == ["Ana plays Green Reverse", "You are skipped"]
    # from n Skips on only the opponents count: two Skips between two players end on the other seat
    assert narrate_sequence([_play(1, 0, "GS RS")], 1, NAMES[:2]) == ["Ana plays Green Skip and Red Skip"]
    # a first Skip skips the dealer's neighbour; going out on a Skip skips nobody
    assert narrate_sequence([make_event("first", 0, None, "BS")], 0, NAMES, dealer=2)[1] == "You are skipped"
    assert narrate_sequence([_play(4, 0, "GS"), make_event("out", 4, 0, 12)], 0, NAMES)[-1].startswith("You go out")
    assert describe_skip(2, 0, NAMES, "pt") == "Cris perde a vez"


# ---------------------------------------------------------------------- pending draws
def test_describe_pending_names_the_cards_that_make_it():
    g = Game.from_position(["R1 B+2", "G5 G6"], discard="R9 G+2 Y+2", pending=4)
    assert describe_pending(g.view(0), 0, NAMES, can_stack=True) == "You must draw 4 (two Draw Twos) or stack"
    g = Game.from_position(["R1 B+2", "G5 G6"], discard="R9 G+2", pending=2)
    line = describe_pending(g.view(0), 0, NAMES, can_challenge=True)   # nothing to challenge under a +2
    assert line == "You must draw 2 (a Draw Two)"
    g = Game.from_position(["R1 B+2", "G5 G6"], discard="R9 W+4", color="G", pending=4)
    assert describe_pending(g.view(0), 0, NAMES, can_challenge=True) == \
        "You must draw 4 (a Wild Draw Four) or challenge it"
    assert describe_pending(g.view(0), 0, NAMES, "pt", can_stack=True, can_challenge=True) == \
        "Você precisa comprar 4 (um Curinga Comprar Quatro), empilhar ou desafiá-lo"
    assert describe_pending(g.view(1), 1, NAMES, "pt") == "Ana precisa comprar 4 (um Curinga Comprar Quatro)"
    g = Game.from_position(["R1 B+2", "G5 G6"], discard="R9", pending=0)
    assert describe_pending(g.view(0), 0, NAMES) == ""


# ---------------------------------------------------------------------- the terminal
class Scripted(Bot):
    """Plays the first card of ``prefer`` it may (a wild naming red), else its first play; challenges a
    Wild Draw Four when ``challenge``; never says UNO and never reacts out of turn."""

    prefer: tuple = ()
    challenge = False

    def act(self, view, legal):
        if self.challenge and any(isinstance(a, Challenge) for a in legal):
            return next(a for a in legal if isinstance(a, Challenge))
        plays = [a for a in legal if type(a) is Play and not a.uno and a.color in (None, Color.RED)]
        for code in self.prefer:
            for a in plays:
                if a.cards[-1].code == code:
                    return a
        return plays[0] if plays else next(a for a in legal if isinstance(a, (Draw, Pass)))


def session(lines, *, rules="UNO 1121", prefer=(), challenge=False, **position):
    """A terminal session from a set position (``Game.from_position``'s arguments) with scripted bots;
    returns (game, text, prompts)."""
    prompts, answers = [], iter(lines)

    class T(TerminalGame):
        def new_game(self):
            super().new_game()
            self.bots = {s: Scripted(s) for s in range(1, self.players)}
            for b in self.bots.values():
                b.prefer, b.challenge = prefer, challenge
            return Game.from_position(rules=rules, **position)

    def inp(prompt):
        prompts.append(prompt)
        return next(answers, "quit")

    out = io.StringIO()
    t = T(players=len(position["hands"]), rules=rules, input_fn=inp, out=out)
    t.run()
    return t.game, out.getvalue(), prompts


def test_terminal_out_of_turn_options_list_red():
    _, text, prompts = session(["quit"], rules="UNO 1121 JUMPIN",
                               hands=["W R1 R2", "G5 G6 G7", "B1 B2"], discard="R9 W", color="G", current=1)
    assert prompts[0] == "(out of turn)> "
    assert "play W>R, play W>Y, play W>G, play W>B." in text


def test_terminal_shows_the_hand_a_wild_draw_four_challenge_revealed():
    game, text, _ = session(["challenge", "show", "quit"], prefer=("W+4",),
                            hands=["R1 R2 R3", "B1 B2 B3", "W+4 G5 G6"], discard="G9", stock="Y1 Y2 Y3 Y4 Y5", current=2)
    assert any(e.kind == "challenge" for e in game.events)
    assert "You challenge Seat 2 (greedy)'s Wild Draw Four: it was a bluff" in text
    shown = "Seat 2 (greedy)'s hand is shown to you: Green 5 and Green 6"
    assert f"  - {shown}\n" in text and f"\n{shown}\n" in text       # when it is shown, and with 'show'


def test_terminal_log_says_your_wild_draw_four_never_you_s():
    _, text, _ = session(["W+4 g", "log", "quit"], challenge=True,
                         hands=["W+4 R1 R2", "G5 G6 G7"], discard="R9")
    assert "Seat 1 (greedy) challenges your Wild Draw Four: it was a bluff" in text
    assert "You's" not in text and "You get a penalty of 4 cards (Wild Draw Four bluff)" in text


def test_terminal_log_says_slap_now_in_words():
    _, text, _ = session(["R8", "quit"], rules="UNO 1121 M",
                         hands=["R8 R1 R2", "G5 G6 G7"], discard="R9")
    assert "You play Red 8" in text and "Slap now! Your card calls for everyone to slap the pile" in text
    assert "slap-now" not in text


def test_terminal_says_you_are_skipped():
    _, text, _ = session(["quit"], prefer=("RS",),
                         hands=["R1 R2", "G5 G6", "RS G1 G2"], discard="R9", current=2)
    assert "Seat 2 (greedy) plays Red Skip\n  - You are skipped\n" in text


def test_terminal_says_which_card_you_drew():
    _, text, _ = session(["d", "quit"],
                         hands=["G1 G2", "G5 G6", "B5 B6"], discard="R9", stock="Y4 Y5 Y6 Y7")
    assert "You draw Yellow 4" in text
    _, text, _ = session(["d", "quit"], prefer=("R+2",),
                         hands=["G1 G2", "R5 R+2"], discard="R9", stock="Y4 Y5 Y6 Y7", current=1)
    assert "You take the 2 cards owed\n  - You draw Yellow 4 and Yellow 5" in text


def test_terminal_pending_draw_two_message_never_mentions_wild_draw_four():
    _, text, _ = session(["R1", "quit"],
                         hands=["R1 G2", "G5 G6 G7"], discard="R9 R+2", pending=2)
    assert "Pending: You must draw 2 (a Draw Two) ('d' to draw)" in text
    assert "That cannot be played now. Pending: You must draw 2 (a Draw Two)" in text
    assert "Wild Draw Four" not in text and "W+4" not in text


def test_terminal_colours_the_narrators_words():
    assert colorize("Ana plays Wild Draw Four and chooses red") == \
        "Ana plays [bold magenta]Wild Draw Four[/] and chooses [bold red]red[/]"
    assert colorize('Bob says: "[x]"') == 'Bob says: "\\[x]"'


def test_describe_revealed_names_whose_hand():
    assert describe_revealed(0, "R1", 0, NAMES) == "Your hand is shown: Red 1"
    assert describe_revealed(1, (), None, NAMES, "pt") == "A mão de Bob é mostrada: nenhuma carta"


def test_cli_play_help_lists_the_registered_bots(capsys):
    try:
        rc = main(["play", "--help"])
    except SystemExit as exit_:
        rc = exit_.code
    assert rc == 0
    text = re.sub(r"-\s+", "-", " ".join(capsys.readouterr().out.split()))  # undo argparse's line wrapping
    assert all(name in text for name in BOTS), text
