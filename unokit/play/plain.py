"""A plain-prompt terminal game: you (seat 0) against bots.

:class:`TerminalGame` reads lines through an ``input_fn(prompt)`` and writes
to an ``out`` stream, so tests drive it with scripted input. Bad input is
answered with a message (never a traceback); EOF and Ctrl-C end the session
cleanly. Output is coloured with rich when ``out`` is a terminal and plain
text otherwise.

>>> import io
>>> lines = iter(['help', 'bogus!', 'quit'])
>>> out = io.StringIO()
>>> TerminalGame(seed=1, input_fn=lambda prompt: next(lines), out=out).run()
0
>>> 'Commands' in out.getvalue() and 'Traceback' not in out.getvalue()
True
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable

from ..bots import make_bot, parse_bot_list
from ..core.actions import (
    Accuse,
    Action,
    CatchUno,
    Challenge,
    ChooseColor,
    Discard,
    Draw,
    Hint,
    Notice,
    Pass,
    Play,
    Say,
    SayUno,
)
from ..core.cards import Card, Color, Face
from ..core.chance import SystemClock, derive_seed
from ..core.errors import IllegalActionError, NotationError, UnoError
from ..engine.compose import gifts_owed
from ..engine.flow import react_step, reaction_options, turn_step
from ..engine.game import Game
from ..engine.narrate import (
    card_name,
    color_name,
    describe,
    describe_pending,
    describe_revealed,
    narrate_sequence,
)
from ..engine.referee.state import Clock

__all__ = ["TerminalGame", "colorize", "describe_event", "parse_command", "run", "sorted_hand"]

HELP = """\
Commands (your hand is numbered; a number or a card code picks a card):
  1, R7, play R7       play a card (several at once under DR/DD: '1 4' or 'R7 Y7')
  W>G, 3 g, W+4 blue   play a wild naming a colour (asked for when left out)
  ... uno              say UNO with the play that leaves you one card: 'R7 uno'
  WX>G @2              Wild Swap Hands (112 deck): name a colour and the seat to swap with
  R2 @1 give:G5,Y7     a play that names a seat or gives cards away (T, CLA, DOA...): asked for when left out
  d, draw              draw a card (or the pending penalty)
  p, pass              keep the card you just drew
  uno                  say UNO (holding one card)
  catch N              catch seat N, who did not say UNO
  challenge            challenge the Wild Draw Four you must draw for
  color G              name the colour (when the first discard is a Wild)
  accuse / notice N / discard X   house-rule actions (DED, table enforcement)
  slap / doubt / doubtsum          slap the pile (M), challenge a draw (DP) or a sum (ADDUP)
  unready              call out the seat to act once its time allowance has run (MISTAKE)
  say <text>           talk at the table;  hint N <text>: give seat N a hint
  show, log            show the table again / the last events
  help                 this help;  quit: leave the game
Out of turn, press Enter to let play continue."""

# looked up by a card's colour: a wild's (None) is not in it
_STYLE: dict[Color | None, str] = {
    Color.RED: "bold red", Color.YELLOW: "bold yellow", Color.GREEN: "bold green", Color.BLUE: "bold blue",
    # UNO Flip's dark side
    Color.PINK: "bold hot_pink", Color.TEAL: "bold dark_cyan", Color.ORANGE: "bold dark_orange",
    Color.PURPLE: "bold purple"}
_MARKUP = re.compile(r"(?<!\\)\[/?[a-z][a-z0-9 #_.]*\]|(?<!\\)\[/\]")


def _escape(text: object) -> str:
    return str(text).replace("[", "\\[")


def _strip(markup: str) -> str:
    return _MARKUP.sub("", markup).replace("\\[", "[")


class _Out:
    """Writes rich markup to a stream: coloured on a terminal, plain text elsewhere."""

    def __init__(self, stream, color: bool | None = None):
        self.stream = stream
        self.console = None
        try:
            from rich.console import Console
        except ImportError:  # rich is a dependency, but plain text always works
            return
        is_tty = bool(getattr(stream, "isatty", lambda: False)())
        use_color = is_tty if color is None else color
        self.console = Console(file=stream, force_terminal=use_color, no_color=not use_color, highlight=False,
                               soft_wrap=True, emoji=False, markup=True)

    def __call__(self, markup: str = "") -> None:
        if self.console is not None:
            self.console.print(markup)
        else:
            self.stream.write(_strip(markup) + "\n")

    def flush(self) -> None:
        try:
            self.stream.flush()
        except (AttributeError, ValueError):
            pass


def card_markup(card: Card) -> str:
    style = _STYLE.get(card.color, "bold magenta")
    return f"[{style}]{_escape(card.code)}[/]"


def sorted_hand(hand) -> list[Card]:
    """The hand in display order (by colour, wilds last, then face); menu numbers follow it."""
    return sorted(hand, key=lambda c: (4 if c.color is None else int(c.color), int(c.face)))


# ---------------------------------------------------------------------- reading commands
def _card_token(tok: str, hand: list[Card]) -> tuple[Card, Color | None]:
    code, sep, col = tok.partition(">")
    if _num(code):
        i = int(code)
        if not 1 <= i <= len(hand):
            raise NotationError(f"there is no card number {i}; your cards are numbered 1 to {len(hand)}")
        card = hand[i - 1]
    else:
        card = Card.parse(code)
    if sep and not col:
        raise NotationError(f"name a colour after '>' in {tok!r}, e.g. {code}>G")
    return card, (Color.parse(col) if col else None)


def _is_color_word(tok: str) -> bool:
    try:
        Color.parse(tok)
        return True
    except NotationError:
        return False


def parse_command(text: str, view) -> Action | str:
    """Read one line typed by the player of ``view.seat``.

    Returns an :class:`~unokit.core.actions.Action`, or one of the words ``'help'``,
    ``'quit'``, ``'show'``, ``'log'``, ``'wait'`` (empty line). Raises
    :class:`~unokit.core.errors.NotationError` with a readable message for bad input.
    A wild played without a colour comes back as a ``Play`` whose ``color`` is None.
    """
    try:
        return _parse_command(text, view)
    except NotationError:
        raise
    except (ValueError, IndexError, KeyError, TypeError) as e:
        raise NotationError(f"cannot read {text.strip()!r}: {e}") from None


def _num(tok: str) -> bool:
    return tok.isascii() and tok.isdigit()


def _parse_command(text: str, view) -> Action | str:
    seat = view.seat
    raw = text.strip()
    if not raw:
        return "wait"
    tokens = raw.split()
    verb = tokens[0].lower()
    args = tokens[1:]
    if verb in ("help", "?", "h"):
        return "help"
    if verb in ("quit", "exit", "q"):
        return "quit"
    if verb in ("show", "hand", "look", "table"):
        return "show"
    if verb in ("log", "history"):
        return "log"
    if verb in ("wait", "continue", "ok"):
        return "wait"
    if _num(verb) and len(tokens) >= 2 and tokens[1].lower() in (
            "play", "draw", "pass", "catch", "challenge", "accuse", "color", "notice", "discard", "say", "hint",
            "slap", "doubt", "doubtsum", "unready"):
        a = Action.parse(raw)  # full notation, e.g. '0 play R7' ('2 uno' plays card 2 saying UNO)
        player = getattr(a, "player", None)     # (every action names its player)
        if player != seat:
            raise NotationError(f"you are seat {seat}; you cannot act for seat {player}")
        return a
    if verb in ("d", "draw") and not args:
        return Draw(seat)
    if verb in ("p", "pass") and not args:
        return Pass(seat)
    if verb == "uno" and not args:
        return SayUno(seat)
    if verb in ("challenge", "ch") and not args:
        return Challenge(seat)
    if verb == "accuse" and not args:
        return Accuse(seat)
    if verb in ("slap", "doubt", "doubtsum", "unready") and not args:  # M, DP, ADDUP, MISTAKE
        return Action.parse(f"{seat} {verb}")
    if verb == "catch":
        if args:
            if not _num(args[0]):
                raise NotationError("write 'catch N' with the seat number N")
            return CatchUno(seat, int(args[0]))
        targets = [q for q in view.catchable if q != seat]
        if len(targets) == 1:
            return CatchUno(seat, targets[0])
        raise NotationError("nobody can be caught now" if not targets else
                            f"catch whom? write 'catch N' (seats {', '.join(map(str, targets))})")
    if verb == "notice":
        if args:
            if not _num(args[0]):
                raise NotationError("write 'notice N' with the number of the wrong play")
            return Notice(seat, int(args[0]))
        wrong = [w[0] for w in view.wrong_plays if w[1] != seat]
        if len(wrong) == 1:
            return Notice(seat, wrong[0])
        raise NotationError("there is no wrong play to notice" if not wrong else
                            f"notice which? write 'notice N' (plays {', '.join(map(str, wrong))})")
    if verb in ("color", "colour"):
        if len(args) != 1:
            raise NotationError("write 'color R' (or Y, G, B)")
        return ChooseColor(seat, Color.parse(args[0]))
    if verb == "discard":
        if len(args) != 1:
            raise NotationError("write 'discard N' or 'discard R7'")
        return Discard(seat, _card_token(args[0], sorted_hand(view.hand))[0])
    if verb == "say":
        return Say(seat, raw[len(tokens[0]):].strip())
    if verb == "hint":
        if not args or not _num(args[0]):
            raise NotationError("write 'hint N <text>'")
        return Hint(seat, int(args[0]), " ".join(args[1:]))
    if len(tokens) == 1 and _is_color_word(verb):
        if view.phase == "COLOR":
            return ChooseColor(seat, Color.parse(verb))
        raise NotationError("a colour is named only with a wild (e.g. 'W>G' or '3 green') or when you are "
                            "asked to name one")
    if verb == "play":
        if not args:
            raise NotationError("play what? e.g. 'play R7' or 'play 2'")
        tokens = args
    return _parse_play(tokens, view)


def _parse_play(tokens: list[str], view) -> Play:
    seat = view.seat
    hand = sorted_hand(view.hand)
    cards: list[Card] = []
    color = None
    uno = False
    target = first = None
    give: list[Card] = []
    for tok in tokens:
        low = tok.lower()
        if low == "uno":
            uno = True
        elif tok.startswith("@") and _num(tok[1:]):
            target = int(tok[1:])
        elif tok.startswith("@") and all(_num(x) for x in tok[1:].split(",")) and tok.count(",") == 1:
            first, target = (int(x) for x in tok[1:].split(","))   # two seats (ALLWILD(swap=pair))
        elif low.startswith("give:"):
            give += [_card_token(t, hand)[0] for t in tok[5:].split(",") if t]
        elif cards and cards[-1].is_wild and color is None and _is_color_word(tok):
            color = Color.parse(tok)
        else:
            try:
                card, col = _card_token(tok, hand)
            except NotationError:
                looks_like_card = _num(tok) or ">" in tok or (tok[0].upper() in "RYGBW" and len(tok) <= 4)
                if not cards and not looks_like_card:
                    raise NotationError(f"I don't understand {' '.join(tokens)!r}; type 'help' for the "
                                        "commands") from None
                raise
            cards.append(card)
            if col is not None:
                color = col
    if not cards:
        raise NotationError("play what? name a card, e.g. 'R7' or its number")
    if not _holds(view.hand, cards + give):
        raise NotationError(f"you do not hold {' '.join(c.code for c in cards + give)}")
    return Play(seat, tuple(cards), color, uno, target, (), 0, tuple(give), "", first)


def _plays_of(game, seat: int, cards: tuple) -> list[Play]:
    """The referee's options (complete plays and stems) that put down exactly ``cards``."""
    try:
        opts = (game.legal_actions(seat) if len(cards) == 1
                else game.expand(Play(seat, tuple(cards[:-1]), more="cards")))
    except IllegalActionError:
        return []
    return [a for a in opts if type(a) is Play and a.cards == tuple(cards) and a.more != "cards"]


def _holds(hand, cards) -> bool:
    rest = list(hand)
    for c in cards:
        if c not in rest:
            return False
        rest.remove(c)
    return True


# ---------------------------------------------------------------------- describing events
def _name_styles() -> dict[str, str]:
    styles = {card_name(c): _STYLE.get(c.color, "bold magenta") for c in Card.ALL}
    styles.update({color_name(c): _STYLE[c] for c in Color})
    return styles


_NAME_STYLE = _name_styles()
_NAMES = re.compile(r"(?<![\w+])(" + "|".join(re.escape(n) for n in sorted(_NAME_STYLE, key=len, reverse=True))
                    + r")(?![\w+])")


def colorize(text: str) -> str:
    """A plain line from :mod:`unokit.engine.narrate` as rich markup: card and colour names in their colour.

    >>> colorize("You play Red 7 and choose blue")
    'You play [bold red]Red 7[/] and choose [bold blue]blue[/]'
    """
    markup = _NAMES.sub(lambda m: f"[{_NAME_STYLE[m.group(1)]}]{m.group(1)}[/]", _escape(text))
    return markup.replace("UNO!", "[bold]UNO![/]")


def describe_event(e, viewer: int | None, names) -> str:
    """One line of rich markup for an engine event: :func:`unokit.engine.narrate.describe`'s words, coloured."""
    return colorize(describe(e, viewer, names))


# ---------------------------------------------------------------------- the game loop
class QuitGame(Exception):
    """The player asked to leave."""


#: the rules that read the game's clock: a terminal game gives them the real one (the others a clock that never moves)
REAL_TIME = ("V", "MISTAKE", "FLASH")


class TerminalGame:
    """An interactive session: hands of UNO with a person at seat ``human`` and bots elsewhere.

    ``input_fn(prompt) -> str`` reads a line (raise ``EOFError`` at the end of
    input); ``out`` is a text stream. ``seed`` makes the deals and the bots
    reproducible (hand ``k`` uses ``derive_seed(seed, k)``).
    """

    def __init__(self, *, rules: str = "UNO 1121", players: int = 4, bots="greedy", seed: int | None = None,
                 enforcement: str = "strict", deck: str = "classic", decks: int = 1, human: int = 0,
                 input_fn: Callable[[str], str] | None = None, out=None, color: bool | None = None,
                 max_bot_steps: int = 20000, clock_factory: Callable[[], Clock] | None = None):
        from ..rules import RuleSet
        self.rules = RuleSet.parse(rules)
        from ..engine.position import check_table
        check_table(players, deck=deck, decks=decks, enforcement=enforcement)  # 2 to 10 players a deck
        if not 0 <= human < players:
            raise UnoError(f"there is no seat {human}")
        self.players = players
        self.human = human
        names = parse_bot_list(bots, players - 1)
        self.bot_names = {s: names.pop(0) for s in range(players) if s != human}
        self.seed = seed
        self.enforcement = enforcement
        self.deck = deck
        self.decks = decks
        self.input_fn = input_fn or input
        self.out = _Out(out if out is not None else sys.stdout, color)
        self.max_bot_steps = max_bot_steps
        self.clock_factory = clock_factory
        self.totals = [0] * players
        self.hand_no = 0
        # fail early on a bad deck / enforcement / player count
        Game.new(players=players, rules=self.rules, seed=0, enforcement=enforcement, deck=deck, decks=decks)

    # --- naming
    def name(self, seat: int) -> str:
        if seat == self.human:
            return "You"
        return f"Seat {seat} ({self.bot_names[seat]})"

    def names(self) -> list[str]:
        """The seat names the narrator uses (the person reads the log, so their own seat is 'you')."""
        return [self.name(s) for s in range(self.players)]

    def _ask(self, prompt: str) -> str:
        self.out.flush()
        return self.input_fn(prompt)

    # --- session
    def run(self) -> int:
        """Play hands until the player stops. Returns 0 (EOF and Ctrl-C included)."""
        self.out(f"[bold]unokit[/] - rules {_escape(self.rules.code)}, {self.players} players. "
                 f"You are seat {self.human}. Type 'help' for the commands.")
        try:
            while True:
                game = self.play_one()
                if game is None:
                    self.out("Bye.")
                    return 0
                answer = self._ask("Another hand? [y/N] ").strip().lower()
                if answer not in ("y", "yes"):
                    self.out("Thanks for playing.")
                    return 0
        except QuitGame:
            self.out("Bye.")
            return 0
        except (EOFError, KeyboardInterrupt):
            self.out("")
            self.out("Bye.")
            return 0

    def new_game(self) -> Game:
        k = self.hand_no
        hs = derive_seed(self.seed, k) if self.seed is not None else None
        # V, MISTAKE's unready call and UNO Flash's timer read a real clock
        clock = self.clock_factory() if self.clock_factory is not None else (
            SystemClock() if any(self.rules.has(c) for c in REAL_TIME) else None)
        game = Game.new(players=self.players, rules=self.rules, seed=hs, enforcement=self.enforcement,
                        deck=self.deck, decks=self.decks, clock=clock)
        self.bots = {s: make_bot(n, derive_seed(hs, s, "bot") if hs is not None else None)
                     for s, n in self.bot_names.items()}
        self.rng = random.Random(derive_seed(hs, 0, "harness") if hs is not None else None)
        return game

    def play_one(self) -> Game | None:
        """Play one hand; ``None`` if the player quit."""
        self.hand_no += 1
        game = self.new_game()
        self.game = game
        self._seen = 0
        self._shown_seq = -1
        self._offered_seq = -1
        self._lines: list[str] = []  # the narrated log of this hand
        self._reveals_seen = 0
        # the table before the deal's events, for the narrator to follow (a first Reverse has turned it)
        self._direction = -game.direction if game.top.face == Face.REVERSE else game.direction
        self._eliminated: tuple[int, ...] = ()
        self._hand = list(game.hands[self.human])
        self.out("")
        self.out(f"[bold]=== Hand {self.hand_no} ===[/]  {self.name(game.dealer)} dealt.")
        bot_steps = 0
        while not game.over:
            if react_step(game, self.bots, self.rng) is not None:
                self._flush()
                if game.over:
                    break
            me = self.human
            if game.to_act != me:
                if reaction_options(game, me) and game.seq != self._offered_seq:
                    self._offered_seq = game.seq
                    if self._prompt(out_of_turn=True) == "quit":
                        return None
                    continue
                bot_steps += 1
                if bot_steps > self.max_bot_steps:
                    self.out("The bots cannot finish this hand; it is abandoned.")
                    return game
                game.apply(turn_step(game, self.bots[game.to_act]))
                self._flush()
                continue
            bot_steps = 0
            if self._prompt(out_of_turn=False) == "quit":
                return None
        self._flush()
        self._result(game)
        return game

    # --- prompting
    def _prompt(self, out_of_turn: bool) -> str | None:
        """Read and apply one line; returns 'quit' when the player leaves."""
        game = self.game
        if game.seq != self._shown_seq:
            self._shown_seq = game.seq
            self.show()
        view = game.view(self.human)
        if out_of_turn:
            opts = reaction_options(game, self.human)
            self.out("You may act out of turn: " + ", ".join(_escape(self._option_text(a)) for a in opts)
                     + ". Press Enter to let play continue.")
            prompt = "(out of turn)> "
        else:
            prompt = "Your move> "
        line = self._ask(prompt)
        try:
            cmd = parse_command(line, view)
            if cmd == "quit":
                raise QuitGame
            if cmd == "help":
                self.out(_escape(HELP))
                return None
            if cmd == "show":
                self.show()
                for line in self._revealed_lines(view.revealed):  # what challenges have shown this seat
                    self.out(colorize(line))
                return None
            if cmd == "log":
                self._log(12)
                return None
            if cmd == "wait":
                if not out_of_turn:
                    self.out("It is your turn: play a card, 'd' to draw, or 'help'.")
                return None
            assert isinstance(cmd, Action)      # every word parse_command returns is answered above
            action: Action = cmd
            if isinstance(cmd, Play) and cmd.cards and game.names_color(cmd.cards[-1]) and cmd.color is None:
                colored = self._ask_color(cmd)
                if colored is None:
                    return None
                action = colored
            if isinstance(action, Play) and action.cards and not game.can(action):
                action = self._ask_choices(action)
            game.apply(action)
        except QuitGame:
            return "quit"
        except (NotationError, IllegalActionError) as e:
            if isinstance(e, IllegalActionError) and view.pending and "must draw" in str(e):
                # the referee's refusal speaks of a Wild Draw Four even under a +2: say what is pending
                self.out("[red]That cannot be played now.[/] " + self._pending_line(view))
            else:
                self.out(f"[red]{_escape(e)}[/]")
            return None
        except UnoError as e:
            self.out(f"[red]{_escape(e)}[/]")
            return None
        self._flush()
        return None

    def _ask_color(self, play: Play) -> Play | None:
        answer = self._ask(f"Colour for {play.cards[-1].code}? [r/y/g/b] ").strip()
        if answer.lower() in ("quit", "exit", "q"):
            raise QuitGame
        try:
            col = Color.parse(answer)
        except NotationError:
            self.out("No colour named; the play is cancelled. Write e.g. 'W>G' or '3 green'.")
            return None
        return Play(play.player, play.cards, col, play.uno, play.target, play.hidden, play.claim)

    def _ask_choices(self, play: Play) -> Play:
        """Ask for what a play leaves open (the seat it names, the cards it gives), one question each.

        The referee's sub-decisions (``Game.expand``) say what is open; a play it does not offer
        at all comes back unchanged, so that applying it explains the refusal.
        """
        game = self.game
        stem = None
        for a in _plays_of(game, play.player, play.cards):
            if a.more and a.color == play.color and a.uno == play.uno and (
                    play.target is None or a.target in (None, play.target)):
                stem = a
                break
        if stem is None:
            return play
        while stem.more == "target":   # one seat, or two one after the other (ALLWILD(swap=pair))
            options = game.expand(stem)
            seats = {a.target: a for a in options}
            want = play.first if play.first is not None and stem.target is None else play.target
            if want in seats:
                stem = seats[want]
            else:
                names = ", ".join("none" if q is None else f"{q} ({self.name(q)})" for q in seats)
                also = "" if stem.target is None else f" with {self.name(stem.target)}"
                answer = self._ask(f"Which seat does {play.cards[-1].code} name{also}? [{names}] ").strip().lower()
                if answer in ("quit", "exit", "q"):
                    raise QuitGame
                key = None if answer in ("none", "-", "") and None in seats else (int(answer) if _num(answer) else "?")
                if key not in seats:
                    raise NotationError(f"no seat {answer!r} can be named; the play is cancelled")
                stem = seats[key]
        if stem.more == "give":
            k = gifts_owed(game, play.player, play.cards)
            gifts = list(play.give)
            if len(gifts) != k:
                assert stem.target is not None      # the referee offers gifts only to a named seat (DOA)
                hand = sorted_hand(game.hands[play.player])
                answer = self._ask(f"Give which {k} card(s) to {self.name(stem.target)}? "
                                   "(numbers or codes, e.g. '3 5' or 'G5 Y7') ")
                if answer.strip().lower() in ("quit", "exit", "q"):
                    raise QuitGame
                gifts = [_card_token(t, hand)[0] for t in answer.replace(",", " ").split()]
            return Play(play.player, play.cards, stem.color, stem.uno, stem.target, (), 0, tuple(gifts))
        return stem

    def _option_text(self, a: Action) -> str:
        if isinstance(a, CatchUno):
            return f"catch {a.target}"
        if isinstance(a, SayUno):
            return "uno"
        if isinstance(a, Play):  # Color.RED is 0: compare with None, never test a colour's truth
            return "play " + " ".join(c.code for c in a.cards) + (f">{a.color.letter}" if a.color is not None else "")
        if isinstance(a, Notice):
            return f"notice {a.seq}"
        if isinstance(a, Accuse):
            return "accuse"
        return str(a).split(" ", 1)[1]

    # --- showing
    def _flush(self) -> None:
        """Narrate the events since the last call, then any hand a challenge has just shown the person."""
        game = self.game
        events = game.events[self._seen:]
        self._seen += len(events)
        hand = list(game.hands[self.human])
        lines = narrate_sequence(events, self.human, self.names(), players=self.players, direction=self._direction,
                                 eliminated=self._eliminated, dealer=game.dealer, hand_before=self._hand,
                                 hand_after=hand)
        self._hand, self._direction = hand, game.direction
        self._eliminated = tuple(getattr(game, "eliminated", ()))
        revealed = game.view(self.human).revealed
        lines += self._revealed_lines(revealed[self._reveals_seen:])
        self._reveals_seen = len(revealed)
        self._lines += lines
        for line in lines:
            self.out("  - " + colorize(line))

    def _revealed_lines(self, revealed) -> list[str]:
        return [describe_revealed(seat, cards, self.human, self.names()) for seat, cards in revealed]

    def _log(self, n: int) -> None:
        self.out("Last events:")
        for line in self._lines[-n:]:
            self.out("  - " + colorize(line))

    def show(self) -> None:
        game = self.game
        me = self.human
        view = game.view(me)
        top = view.top
        direction = "clockwise" if view.direction == 1 else "counter-clockwise"
        self.out("")
        self.out(f"Top: {card_markup(top)}  colour: [{_STYLE[view.color]}]{view.color.name.lower()}[/]  "
                 f"direction: {direction}  stock: {view.stock_size}")
        seats = []
        for s in range(view.players):
            mark = ">" if s == view.to_act else " "
            uno = " [bold]UNO[/]" if view.hand_sizes[s] == 1 else ""
            label = "you" if s == me else f"seat {s} ({self.bot_names[s]})"
            seats.append(f"{mark}{label}: {view.hand_sizes[s]}{uno}")
        self.out("Cards: " + "  ".join(seats))
        turn = "yours" if view.to_act == me else self.name(view.to_act)
        extra = {"COLOR": " - name the colour (e.g. 'g')", "DRAWN": " - play the card drawn or 'p' to pass",
                 "FREE_DISCARD": " - discard a card face down ('discard N')",
                 "HIDDEN_FINISH": " - 'p' to accept or 'accuse'"}.get(view.phase, "")
        self.out(f"Turn: {turn}{extra}")
        if view.pending:
            self.out(self._pending_line(view))
        if view.silence:
            self.out("[bold]Silence![/] Speaking now costs cards.")
        hand = sorted_hand(view.hand)
        playable = set()
        if view.to_act == me:
            for a in game.legal_actions(me):
                if isinstance(a, Play) and a.cards:
                    playable.add(a.cards[0])
        items = []
        for i, c in enumerate(hand, 1):
            star = "*" if c in playable else ""
            items.append(f"{i}:{card_markup(c)}{star}")
        self.out("Your hand: " + " ".join(items) + ("   (* playable)" if playable else ""))
        if view.to_act == me and len(hand) == 2 and playable:
            self.out("Two cards left: add 'uno' to your play, e.g. '1 uno'.")

    def _pending_line(self, view) -> str:
        """The pending draw in the narrator's words, with what to type when it is the person's."""
        legal = self.game.legal_actions(self.human) if view.to_act == self.human else []
        can_stack = any(isinstance(a, Play) and a.cards for a in legal)
        can_challenge = any(isinstance(a, Challenge) for a in legal)
        hint = ""
        if view.to_act == self.human:
            hint = " ('d' to draw" + (", a card to stack" if can_stack else "") + (
                ", 'challenge' to challenge" if can_challenge else "") + ")"
        words = describe_pending(view, self.human, self.names(), can_stack=can_stack, can_challenge=can_challenge)
        return f"[bold]Pending: {colorize(words)}[/]{_escape(hint)}"

    def _result(self, game: Game) -> None:
        w = game.winner
        pts = game.points()
        score = sum(v for s, v in pts.items() if s != w)
        if w is not None:
            self.totals[w] += score
        self.out("")
        if w == self.human:
            self.out(f"[bold green]You win the hand![/] You score {score} points.")
        elif w is not None:
            self.out(f"[bold]{self.name(w)} wins the hand[/] and scores {score} points.")
        self.out("Points left in hands: " + ", ".join(f"{self.name(s)} {pts[s]}" for s in range(game.n)))
        self.out("Totals: " + ", ".join(f"{self.name(s)} {self.totals[s]}" for s in range(game.n)))


def run(**kw) -> int:
    """Start a session with the keyword arguments of :class:`TerminalGame`; returns the exit status."""
    return TerminalGame(**kw).run()
