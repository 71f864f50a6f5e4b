"""The catalogue's items without a rule code of their own, and what plays each.

``shared/RULES-CATALOG.md`` lists decks, official options, match modes, sub-options, aliases, the
ready-made variations, bots and a solitaire beside the house-rule codes of :mod:`unokit.rules.catalog`.
Each of those items is an :class:`Item` here: its ``key`` is the table parameter, command-line option,
match mode, sub-option or alias that plays it, as one writes it, and ``section`` the seed line it comes
from. ``unokit rules list`` shows them after the codes; ``unokit rules explain KEY`` explains one.
Nothing here changes how a hand is played: the keys name what already plays the item, and an item
the engine does not play is listed with ``implemented=False``.

>>> [i.key for i in find("deck ohana")]
['--deck ohana']
>>> find("STACKO")[0].implemented, find("STACKO")[0].section
(False, '003 §UNO Stacko')
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalog import SILENCE_NAMES, VARIATIONS

__all__ = ["Item", "ITEMS", "HEADINGS", "CODE_KINDS", "find", "normalize"]

#: the kinds of key that are rule codes the parser reads (``unokit rules explain`` explains them as codes)
CODE_KINDS = ("rule code", "variation", "alias", "S sub-option", "rule parameter")

#: the sections of RULES-CATALOG.md whose items may lack a code
HEADINGS = ("Decks", "Official rules", "The four ambiguities", "House rules", "Ready-made variations",
            "Other rules and editions named by the seeds", "Strategies the guide describes", "Paciência UNO")


@dataclass(frozen=True)
class Item:
    """One catalogue item without a code of its own. ``how``: what ``key`` is (``table parameter``,
    ``deck``, ``match mode``, ``rule code``, ``S sub-option``, ``alias``, ``rule parameter``, ``variation``,
    ``option``, ``bot``, ``command``, ``match option``, ``edition``, ``ambiguity digits``); ``heading``: the RULES-CATALOG.md section."""

    key: str
    how: str
    name: str
    summary: str
    section: str
    heading: str
    implemented: bool = True


def _i(key: str, how: str, name: str, summary: str, section: str, heading: str, implemented: bool = True) -> Item:
    return Item(key, how, name, summary, section, heading, implemented)


_DECKS, _OFFICIAL, _AMB, _HOUSE, _VAR, _OTHER, _STRAT, _SOL = HEADINGS
_SILENCE = "000 ch.3 §Regra do Silêncio"

ITEMS: tuple[Item, ...] = (
    # ------------------------------------------------------------------ decks
    _i("--deck classic", "deck", "Classic deck (108 cards)", "per colour one 0, two each of 1-9, two Skip, two "
       "Reverse, two Draw Two; 4 Wild, 4 Wild Draw Four (the default deck)", "000 §Regras em Verbatim; 004", _DECKS),
    _i("--deck 112", "deck", "112-card deck with Wild Swap Hands", "classic + 1 Wild Swap Hands (never the last "
       "card) + 3 blank customizable Wilds, which blank= sets", "001 §Conteúdo", _DECKS),
    _i("--deck ohana", "deck", "Ohana deck (112 cards)", "classic + 4 Wild Ohana: hands above 4 discard down to 4 "
       "under it, hands below 4 draw up to 4, then a colour", "002 §Cartas de Ação", _DECKS),
    _i("--deck italian", "deck", "Italian deck (112 cards)", "classic + Wild Shuffle Hands (all hands shuffled and "
       "dealt again from the left of its player) + 3 customizable cards; they score 40", "003 §Le carte", _DECKS),
    _i("--decks", "option", "Several decks shuffled together", "1 to 4 decks for big tables, 10 seats each",
       "003 §Le carte", _DECKS),
    _i("blanks=", "table parameter", "A rule written on each blank card", "one per blank, separated by /: wild, "
       "swap, draw2, everyone1, drawn (the next player draws N chosen, up to blankmax=), bianca (the carta "
       "bianca), nextswap (the Cambio mazzo) or a lost card's code it stands in for; unwritten blanks are left "
       "out; with --deck 112 or italian (docs/blanks.md)", "001 §Conteúdo; 003 §Varianti non ufficiali", _DECKS),
    _i("blank=", "table parameter", "One rule on every blank Wild", "wild, swap (with a chosen player), draw2 (a chosen "
       "player draws 2) or everyone1 (every other player draws 1), with --deck 112 or italian and the blanks dealt in",
       "001 §Conteúdo; 003 §Varianti non ufficiali", _DECKS),
    # ------------------------------------------------------------------ official rules and their options
    _i("UNO 1121", "rule code", "The official rules", "every official rule: dealing, matching, the Wild Draw Four "
       "and its challenge, drawing, UNO calls, penalties, scoring; the digits settle the ambiguities",
       "000 §Regras em Verbatim; 001; 002; 004", _OFFICIAL),
    _i("--players 2", "option", "Two players", "Reverse acts as Skip and its player plays again, as after a Skip; "
       "after a Draw Two or Wild Draw Four play returns to its player (automatic at two seats)",
       "000 §Jogo em Dupla; 004 §Joc cu doi jucători", _OFFICIAL),
    _i("first=redraw", "table parameter", "Any action card turned first goes back", "an action card or Wild turned "
       "as the first discard is put back and another turned (002's edition; the official rule returns only a "
       "Wild Draw Four)", "002 §Configuração", _OFFICIAL),
    _i("chooser=", "table parameter", "Who names the colour of a Wild turned first", "first (the first player, "
       "default), left (left of the dealer, the rules' words) or dealer",
       "000 §FUNÇÕES DAS CARTAS DE AÇÃO; §Regras Oficiais Comumente Ignoradas", _OFFICIAL),
    _i("deal=", "table parameter", "Cards dealt", "7 each by default (FU and BU change it)", "000 §COMO JOGAR",
       _OFFICIAL),
    _i("target=", "table parameter", "Points to win", "500 by default; tables often play to fewer",
       "000 §VENCENDO O JOGO; ch.3 §Número de Pontos", _OFFICIAL),
    _i("scoring=lowest", "table parameter", "Each player scores their own hand", "the points left in your own hand "
       "add up; when someone reaches the target the lowest total wins (match mode lowest)",
       "000 §VENCENDO O JOGO; 003 §Obiettivo del gioco", _OFFICIAL),
    _i("hint=", "table parameter", "Hint penalty", "cards drawn for a hint: 2 (000), 4 (003), 0 where the table "
       "ignores the rule", "000 §PENALIDADES; 003 §Penalità", _OFFICIAL),
    _i("wrong=", "table parameter", "Wrong card noticed", "cards drawn for a wrong play another seat notices "
       "(with --enforcement table; MISTAKE sets it)", "000 §PENALIDADES", _OFFICIAL),
    _i("uno=", "table parameter", "Missed UNO", "cards drawn for a missed UNO caught (2; MEM makes it 4)",
       "000 §PENALIDADES", _OFFICIAL),
    _i("--enforcement table", "option", "Table enforcement", "a wrong play stands until another seat notices it "
       "(the corrections of ambiguity B); strict, the default, refuses it", "000 §PENALIDADES; §Correções",
       _AMB),
    _i("mode=points", "match mode", "Points", "the hand's winner scores the others' hands; first to the target "
       "(MatchConfig(mode=...), the web lobby)", "000 §PONTUAÇÃO; §VENCENDO O JOGO", _OFFICIAL),
    _i("mode=lowest", "match mode", "Lowest total", "each player scores their own hand; at the target the lowest "
       "total wins", "000 §VENCENDO O JOGO", _OFFICIAL),
    _i("mode=partners", "match mode", "Partners", "partners sit opposite; when one goes out the two opponents' "
       "hands score for the team", "000 §Parceiros", _OFFICIAL),
    _i("mode=rotating-partners", "match mode", "Rotating partners", "four players; partners change every hand, "
       "each keeps the points made in each partnership", "000 §JOGO EM DUPLA, PARCEIROS (Variações)", _OFFICIAL),
    _i("mode=two-tables", "match mode", "Two tables of eight", "eight players at two tables; each partners every "
       "other player for four hands (28 hands)", "000 §JOGO EM DUPLA, PARCEIROS (Variações)", _OFFICIAL),
    _i("mode=elimination", "match mode", "Desafio UNO (elimination)", "own hands' points add up; at the target "
       "you are out; the last two play head to head; the winner of the last hand wins",
       "000 §Jogo de Cartas DESAFIO UNO; §Desafio UNO", _OFFICIAL),
    # ------------------------------------------------------------------ the ambiguities
    _i("ABCD", "ambiguity digits", "The four ambiguity digits", "four digits after UNO: A pre-game, B corrections, "
       "C challenge reveal, D bluff caught (default 1121; unokit rules explain ABCD)",
       "000 §Ambiguidade das Regras Oficiais", _AMB),
    # ------------------------------------------------------------------ house rules: sub-options and aliases
    *(_i(f"S{k}", "S sub-option", f"Silêncio with {k}", v, _SILENCE, _HOUSE)
      for k, v in SILENCE_NAMES.items()),
    _i("MS", "alias", "Morte Súbita as the guide writes it", "MS is MS1 (the variation MS-TV-C-DR-V-P3)",
       "000 ch.3 §Variações Prontas", _HOUSE),
    _i("tv_countdown", "match option", "TV with lives", "everyone starts with TV(wins) lives and loses one per hand "
       "lost; at 0 out (MatchConfig(tv_countdown=True))", "000 ch.3 §Regra do Torneio de Vitórias", _HOUSE),
    # ------------------------------------------------------------------ the ready-made variations
    *(_i(code, "variation", f"{group}", what, f"000 §Variações Prontas ({group})", _VAR)
      for code, (group, what) in VARIATIONS.items()),
    # ------------------------------------------------------------------ the other seeds
    _i("PROG", "alias", "Progressive UNO (stacking)", "PROG and PROGRESSIVE are P2: a draw card on the same draw "
       "card, never +4 on +2 or back", "004 §Regulile casei (Uno progresiv)", _OTHER),
    _i("UNO 1121", "rule code", "Play the drawn card at once", "the leaflet's first variant is the official rule: a "
       "playable drawn card may be played in the same turn (DRAWPLAY makes it compulsory)",
       "003 §Varianti non ufficiali", _OTHER),
    _i("DD(actions=alone)", "rule parameter", "Identical cards together, action cards one at a time", "any "
       "number of identical number cards in one play", "003 §Varianti non ufficiali", _OTHER),
    _i("P4(color=match)", "rule parameter", "Cumulative +2/+4 in the colour", "any draw card answers a draw card, a "
       "Draw Two only in the colour in play; the totals add up", "003 §Varianti non ufficiali", _OTHER),
    _i("ANTICIPO", "alias", "Anticipo (jump-in)", "ANTICIPO is C: an identical card out of turn; with "
       "--enforcement table a wrong or late one is taken back and costs wrong= (2)",
       "003 §Varianti non ufficiali (Anticipo)", _OTHER),
    _i("blanks=bianca", "table parameter", "Carta bianca", "a blank card swaps your hand with a chosen opponent's "
       "(you take theirs), in your turn; kept as the last card it wins the next turn; 40 points; with --deck "
       "italian or 112", "003 §Varianti non ufficiali", _OTHER),
    _i("blanks=nextswap", "table parameter", "Cambio mazzo", "a blank card that swaps hands with the next player, "
       "played holding 2 cards or more", "003 §Varianti non ufficiali", _OTHER),
    _i("blanks=drawn", "table parameter", "A blank: the next player draws as many as you choose",
       "\"far pescare un numero di carte a proprio piacimento\": 1 to blankmax= (4)", "003 §Varianti non ufficiali",
       _OTHER),
    _i("--deck boost", "deck", "UNO Boost", "classic + the 32 action cards of a second deck (140 cards)",
       "003 §Varianti non ufficiali (UNO Boost)", _OTHER),
    _i("STACKO", "edition", "UNO Stacko (edition)", "a tower of plastic blocks pulled out by colour and "
       "number, Jenga-like: a physical game without cards, not played here", "003 §UNO Stacko", _OTHER,
       implemented=False),
    # ------------------------------------------------------------------ strategies, solitaire
    _i("--bots strategist", "bot", "The guide's strategies", "the strategist bot plays chapter 2's strategies as "
       "switchable components (PartnerBot, for the partners modes, the partner strategies)",
       "000 §2 Estratégias do Jogo Oficial; ch.3 §Estratégias Específicas", _STRAT),
    _i("unokit solitaire", "command", "Paciência UNO", "the solitaire: 96 cards, seven columns, eight foundations "
       "(--solve: the solver)", "000 §Paciência UNO", _SOL),
)


def normalize(text: str) -> str:
    """A key as typed, compared: lower case, single spaces, leading dashes and a trailing '=' left out
    (``unokit rules explain deck ohana`` finds ``--deck ohana``)."""
    return " ".join(w.lstrip("-") for w in str(text).lower().split()).rstrip("=")


def find(text: str) -> list[Item]:
    """The items whose key is ``text`` (see :func:`normalize`)."""
    want = normalize(text)
    return [i for i in ITEMS if normalize(i.key) == want]
