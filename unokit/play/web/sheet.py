"""The printable house-rules sheet (docs/sheet.md): ``GET /sheet?rules=UNO%201121%20DR-P4&players=4&lang=pt``.

One A4 page, rendered here as HTML (everything escaped), for a group that plays a code with real cards: the code
and its name, each rule in plain words with its parameters' values (:func:`unokit.rules.plain.plain`), the four
ambiguity choices as chosen (and the others, briefly), how a match is scored, and the code's measured profile
against ``UNO 1121`` at that table size (:func:`unokit.lab.advise.code_profile`), with the date and unokit's
version. A code the parser refuses, or a table it cannot seat, is a 400 page holding the one-line reason.

>>> from fastapi import FastAPI
>>> from fastapi.testclient import TestClient
>>> app = FastAPI(); register(app, AdviceSettings(hands=100, cache=None))
>>> r = TestClient(app).get("/sheet", params={"rules": "UNO 1121 XYZ"})
>>> r.status_code, "unknown rule code" in r.text
(400, True)
"""

from __future__ import annotations

import datetime
import html
from importlib.metadata import PackageNotFoundError, version

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse

from ...core.decks import DECKS, build_deck
from ...core.errors import UnoError
from ...engine.narrate import card_name, color_name
from ...match import MatchConfig, parse_match_rules
from ...rules.catalog import AMBIGUITY_NAMES, CATALOG, SILENCE_NAMES, VARIATIONS
from ...rules.editions import EDITIONS
from ...rules.plain import AMBIGUITY_PT, plain
from ...rules.ruleset import AMBIGUITY, GLOBAL_PARAMS, RuleSet
from ..wire import LANGS, SILENCE_PT, _names
from .advice import AdviceSettings, Advisor, profile_of_code

__all__ = ["register", "sheet_html", "MAX_QUERY"]

MAX_QUERY = 2000      # characters of the rules parameter (the parser's longest code)


# ---------------------------------------------------------------------------------------- words
TEXT = {
    "en": {
        "title": "House rules", "print": "Print / save as PDF", "players": "{n} players",
        "variation": "A ready-made variation of the guide ({group}):",
        "official": "The official rules, with no house rule.",
        "rules": "The house rules", "ambiguity": "The official rules' ambiguities (A–D)",
        "others": "otherwise", "scoring": "Scoring and the match", "deal": "Cards dealt: {n}.",
        "table": "Table settings: {items}.",
        "values": "Card values: number cards count their number; {groups}.",
        "mode.points": "The winner of a hand scores the points left in the other hands; the first to {target} "
                       "points wins the match.",
        "mode.lowest": "Each player scores the points left in their own hand; when someone reaches {target}, the "
                       "lowest total wins.",
        "mode.tournament": "No points: the first to {target} hand wins takes the match.",
        "mode.reverse-points": "Everyone starts with {target} points and loses the points left in their own hand; "
                               "the last player with points wins.",
        "profile": "Measured: these rules against UNO 1121 at {n} players",
        "figure": "", "these": "these rules", "base": "UNO 1121",
        "minutes": "minutes a hand", "turns": "turns a hand", "skill": "skill edge (points over a fair share)",
        "first": "first seat's advantage", "long": "very long hands (over {turns} turns)",
        "long_plain": "very long hands",
        "drawn": "cards drawn a hand",
        "pace": "Minutes for people: {turn} s a turn, {card} s a card drawn, {hand} s a hand; 95% intervals in "
                "brackets, n = hands or games. Source: {source}; seed {seed}.",
        "made": "Made by unokit {version} on {date}.", "bad": "This sheet cannot be made",
        "none": "not measured",
    },
    "pt": {
        "title": "Regras da casa", "print": "Imprimir / salvar em PDF", "players": "{n} jogadores",
        "variation": "Uma variação pronta do guia ({group}):",
        "official": "As regras oficiais, sem regra da casa.",
        "rules": "As regras da casa", "ambiguity": "As ambiguidades das regras oficiais (A–D)",
        "others": "senão", "scoring": "Pontuação e partida", "deal": "Cartas distribuídas: {n}.",
        "table": "Parâmetros da mesa: {items}.",
        "values": "Valor das cartas: as numéricas valem o seu número; {groups}.",
        "mode.points": "Quem vence a mão marca os pontos das cartas que ficaram nas mãos dos outros; o primeiro a "
                       "chegar a {target} pontos vence a partida.",
        "mode.lowest": "Cada jogador marca os pontos das cartas que ficaram na própria mão; quando alguém chega a "
                       "{target}, vence o menor total.",
        "mode.tournament": "Sem pontos: o primeiro a vencer {target} mãos vence a partida.",
        "mode.reverse-points": "Todos começam com {target} pontos e perdem os pontos das cartas da própria mão; "
                               "vence o último que ainda tem pontos.",
        "profile": "Medido: estas regras contra UNO 1121 com {n} jogadores",
        "figure": "", "these": "estas regras", "base": "UNO 1121",
        "minutes": "minutos por mão", "turns": "vezes por mão", "skill": "vantagem da habilidade (pontos acima da "
                   "parte justa)",
        "first": "vantagem de quem joga primeiro", "long": "mãos muito longas (mais de {turns} vezes)",
        "long_plain": "mãos muito longas",
        "drawn": "cartas compradas por mão",
        "pace": "Minutos para pessoas: {turn} s por vez, {card} s por carta comprada, {hand} s por mão; intervalos "
                "de 95% entre colchetes, n = mãos ou partidas. Fonte: {source}; semente {seed}.",
        "made": "Feito pelo unokit {version} em {date}.", "bad": "Não dá para fazer esta folha",
        "none": "não medido",
    },
}


def _version() -> str:
    try:
        return version("unokit")
    except PackageNotFoundError:   # pragma: no cover - a source tree that was never installed
        return "unknown"


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _num(x: float, digits: int, lang: str) -> str:
    """``x`` with ``digits`` decimals, a decimal comma in Portuguese."""
    s = f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "pt" else s


def _pts(x: float, lang: str, sign: bool = True) -> str:
    """A rate as percentage points, one decimal (``+10.5``)."""
    s = f"{x * 100:+.1f}" if sign else f"{x * 100:.1f}"
    return s.replace(".", ",") if lang == "pt" else s


# ---------------------------------------------------------------------------------------- the parts
def _name(code: str, lang: str) -> str:
    """A rule's name in ``lang``, as the lobby gives it, with a capital first letter."""
    name = _names(CATALOG[code])[0 if lang == "pt" else 1]
    return name[:1].upper() + name[1:]


def _rule_rows(rs: RuleSet, lang: str) -> list[str]:
    rows = []
    for code, opts, rparams in rs.rules:
        words = plain(code, lang, dict(rparams))
        token = code + "".join(opts) + ("(" + ",".join(f"{k}={v}" for k, v in rparams) + ")" if rparams else "")
        extra = ""
        if opts:
            names = SILENCE_PT if lang == "pt" else SILENCE_NAMES
            items = []
            for o in opts:
                item = names[o]
                if o == "SE":
                    item += f" («{rs.param('S', 'word')}»)"
                items.append(item)
            extra = " <span class=\"opts\">(" + "; ".join(f"<b>{_e(o)}</b>: {_e(i)}" for o, i in zip(opts, items)) \
                    + ")</span>"
        rows.append(f"<li data-code=\"{_e(code)}\"><span class=\"name\">{_e(_name(code, lang))}</span> "
                    f"<code>{_e(token)}</code> — <span class=\"words\">{_e(words)}</span>{extra}</li>")
    return rows


def _ambiguity_rows(rs: RuleSet, lang: str) -> list[str]:
    rows = []
    for (letter, what, opts), digit in zip(AMBIGUITY, rs.ambiguity):
        name = AMBIGUITY_NAMES[letter] if lang == "pt" else what
        say = AMBIGUITY_PT[letter] if lang == "pt" else opts
        others = "; ".join(f"{d}: {say[d]}" for d in sorted(opts) if d != digit)
        rows.append(f"<li data-letter=\"{letter}\"><b>{letter}{digit}</b> {_e(name)}: <span class=\"chosen\">"
                    f"{_e(say[digit])}</span><span class=\"other\"> ({_e(TEXT[lang]['others'])} {_e(others)})"
                    f"</span></li>")
    return rows


def _values(rs: RuleSet, lang: str) -> str:
    """The cards' points in the deck of the code (an edition's, else the classic deck): the non-number cards
    grouped by their points."""
    deck = next((EDITIONS[c].deck for c in rs.codes if c in EDITIONS), "classic")
    special = DECKS[deck].special_points
    groups: dict[int, list[str]] = {}
    for card in build_deck(deck):
        for side in (getattr(card, "up", card), getattr(card, "down", None)):
            if side is None or side.number is not None:
                continue
            name = card_name(side, lang)
            if side.color is not None and not side.is_wild:
                colour = color_name(side.color, lang)
                name = name.replace(colour.capitalize(), "").replace(colour, "").strip()
            names = groups.setdefault(special.get(side.code, side.points), [])
            if name not in names:
                names.append(name)
    text = "; ".join(f"{', '.join(names)}: {pts}" for pts, names in sorted(groups.items()))
    return TEXT[lang]["values"].format(groups=text)


def _scoring(rs: RuleSet, config: MatchConfig, lang: str) -> list[str]:
    t, mode = TEXT[lang], config.mode or "points"
    out = [t[f"mode.{mode}"].format(target=config.target) if f"mode.{mode}" in t else mode,
           _values(rs, lang), t["deal"].format(n=rs.deal)]
    table = [f"{k}={v}" for k, v in rs.params if k in GLOBAL_PARAMS]
    if table:
        out.append(t["table"].format(items=", ".join(table)))
    return out


def _profile_rows(prof: dict, lang: str) -> tuple[list[tuple[str, str, str]], str]:
    """(figure, these rules, UNO 1121) rows of a :func:`code_profile` result, and the source line."""
    t = TEXT[lang]
    p, b = prof["profile"], prof["reference"]

    def mean(d: dict, digits: int) -> str:
        return (f"{_num(d['mean'], digits, lang)} [{_num(d['lo'], digits, lang)}–{_num(d['hi'], digits, lang)}] "
                f"n={d['n']}")

    def edge(d: dict | None, rate: str) -> str:
        if not d:
            return t["none"]
        fair = d["fair"]
        return (f"{_pts(d[rate] - fair, lang)} [{_pts(d['lo'] - fair, lang)} … {_pts(d['hi'] - fair, lang)}] "
                f"n={d['n']}")

    def long(d: dict | None) -> str:
        if not d:
            return t["none"]
        return (f"{_pts(d['rate'], lang, False)}% [{_pts(d['lo'], lang, False)}–{_pts(d['hi'], lang, False)}] "
                f"n={d['n']}")
    rows = [(t["minutes"], mean(p["minutes"], 1), mean(b["minutes"], 1)),
            (t["turns"], mean(p["turns"], 1), mean(b["turns"], 1)),
            (t["skill"], edge(p["skill"], "win"), edge(b["skill"], "win")),
            (t["first"], edge(p["first_seat"], "rate"), edge(b["first_seat"], "rate")),
            (t["long"].format(turns=p["long_hand"]["turns_over"]) if p["long_hand"] else t["long_plain"],
             long(p["long_hand"]), long(b["long_hand"])),
            (t["drawn"], mean(p["cards_drawn"], 1), mean(b["cards_drawn"], 1))]
    pace = prof["pace"]
    source = t["pace"].format(turn=_num(pace["per_turn"], 0, lang), card=_num(pace["per_card"], 0, lang),
                              hand=_num(pace["per_hand"], 0, lang), source=_source(prof, lang),
                              seed=prof["settings"]["seed"])
    return rows, source


_SOURCE_PT = {"compiled": "medido (núcleo compilado, {hands} mãos com {players} jogadores)",
              "referee": "medido (árbitro, {hands} mãos com {players} jogadores)",
              "report": "do relatório das regras ({players} jogadores, {hands} mãos)"}


def _source(prof: dict, lang: str) -> str:
    """Where the profile's numbers come from, in ``lang`` (``code_profile``'s ``source``, or its ``origin``)."""
    o = prof.get("origin")
    if lang != "pt" or not o or o.get("engine") not in _SOURCE_PT:
        return prof["source"]
    text = _SOURCE_PT[o["engine"]].format(hands=f"{o['hands']:,}".replace(",", "."), players=o["players"])
    return text + ("; não deste tamanho de mesa" if o["players"] != prof["players"] else "")


# ---------------------------------------------------------------------------------------- the page
_HEAD = ("<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>"
         "<link rel=\"icon\" href=\"data:,\"><link rel=\"stylesheet\" href=\"/static/sheet.css\"></head>")


def sheet_html(code: str, prof: dict, lang: str = "en", today: datetime.date | None = None) -> str:
    """The sheet of rule code ``code`` in ``lang``, with ``prof``, its profile at a table size
    (:func:`~unokit.lab.advise.code_profile`'s result); a refused code raises
    :class:`~unokit.core.errors.UnoError` (one line)."""
    t = TEXT[lang]
    rs = parse_match_rules(code)
    players = prof["players"]
    config = MatchConfig(players=players, rules=rs.code)
    names = [_name(c, lang) for c in rs.codes]
    variation = _variation(rs)
    sub = " · ".join(names) if rs.rules else t["official"]
    if variation is not None:
        sub = t["variation"].format(group=variation[0]) + " " + sub
    rows, source = _profile_rows(prof, lang)
    other = "pt" if lang == "en" else "en"
    query = f"/sheet?rules={_e(_quote(rs.code))}&amp;players={players}&amp;lang={other}"
    date = (today or datetime.datetime.now(datetime.UTC).date()).isoformat()
    rules = "".join(_rule_rows(rs, lang)) or f"<li>{_e(t['official'])}</li>"
    return "".join([
        _HEAD.format(lang="pt-BR" if lang == "pt" else "en", title=_e(f"{t['title']}: {rs.code}")),
        "<body class=\"sheet\"><main>",
        "<nav class=\"noprint\"><button type=\"button\" data-testid=\"sheet-print\" onclick=\"window.print()\">",
        _e(t["print"]), f"</button> <a href=\"{query}\" data-testid=\"sheet-lang\">{other.upper()}</a></nav>",
        f"<header><h1>{_e(t['title'])}: <code data-testid=\"sheet-code\">{_e(rs.code)}</code></h1>",
        f"<p class=\"sub\">{_e(sub)} — {_e(t['players'].format(n=players))}</p></header>",
        f"<section><h2>{_e(t['rules'])}</h2><ol class=\"rules\" data-testid=\"sheet-rules\">{rules}</ol></section>",
        f"<section><h2>{_e(t['ambiguity'])}</h2><ul class=\"abcd\" data-testid=\"sheet-abcd\">",
        "".join(_ambiguity_rows(rs, lang)), "</ul></section>",
        f"<section><h2>{_e(t['scoring'])}</h2><div data-testid=\"sheet-scoring\">",
        "".join(f"<p>{_e(s)}</p>" for s in _scoring(rs, config, lang)), "</div></section>",
        f"<section><h2>{_e(t['profile'].format(n=players))}</h2>",
        f"<table class=\"profile\" data-testid=\"sheet-profile\"><thead><tr><th></th><th>{_e(t['these'])}</th>",
        f"<th>{_e(t['base'])}</th></tr></thead><tbody>",
        "".join(f"<tr><th>{_e(a)}</th><td>{_e(b)}</td><td>{_e(c)}</td></tr>" for a, b, c in rows),
        f"</tbody></table><p class=\"source\">{_e(source)}</p></section>",
        f"<footer>{_e(t['made'].format(version=_version(), date=date))}</footer>",
        "</main></body></html>"])


def _variation(rs: RuleSet) -> tuple[str, str] | None:
    """The guide's ready-made variation (group, about) whose rules are exactly ``rs``'s, if any."""
    for word, found in VARIATIONS.items():
        if RuleSet.parse(f"UNO {word}").rules == rs.rules:
            return found
    return None


def _quote(text: str) -> str:
    from urllib.parse import quote
    return quote(text, safe="")


def _bad_page(reason: str, lang: str, status: int = 400) -> HTMLResponse:
    t = TEXT[lang]
    line = " ".join(reason.split())[:600]
    body = (_HEAD.format(lang="pt-BR" if lang == "pt" else "en", title=_e(t["bad"]))
            + f"<body class=\"sheet\"><main><h1>{_e(t['bad'])}</h1>"
              f"<p class=\"error\" data-testid=\"sheet-error\">{_e(line)}</p></main></body></html>")
    return HTMLResponse(body, status_code=status)


def register(app: FastAPI, settings: AdviceSettings | None = None) -> None:
    """Add ``GET /sheet`` to ``app``. Its profile comes through the lobby's advisor
    (:func:`~unokit.play.web.advice.profile_of_code`: the same settings, memory and bounds as the "With these
    rules" panel), made here when ``app`` has none yet (``settings``: its bounds; tests make them small)."""
    if settings is not None or not isinstance(getattr(app.state, "advice", None), Advisor):
        app.state.advice = Advisor(settings or AdviceSettings.from_env())
    router = APIRouter()

    @router.get("/sheet", include_in_schema=False, response_class=HTMLResponse)
    async def sheet(request: Request):
        q = request.query_params
        lang = q.get("lang", "en")
        lang = lang if lang in LANGS else "en"
        code = q.get("rules", "UNO 1121")
        if len(code) > MAX_QUERY:
            return _bad_page(f"rule code too long ({len(code)} characters; at most {MAX_QUERY})", lang)
        seats = q.get("players", "4").strip()
        if not (seats.isascii() and seats.isdigit() and len(seats) <= 3):
            return _bad_page(f"players must be a whole number, got {seats[:20]!r}", lang)
        try:
            rs = parse_match_rules(code)
            MatchConfig(players=int(seats), rules=rs.code)      # a table the code cannot seat: refused here
            prof = await profile_of_code(request, rs.code, int(seats))
            return HTMLResponse(sheet_html(rs.code, prof, lang))
        except UnoError as e:
            return _bad_page(str(e), lang)
        except HTTPException as e:      # the advisor is busy (503) or this client asks too fast (429)
            return _bad_page(str(e.detail), lang, e.status_code)

    app.include_router(router)
