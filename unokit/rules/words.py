"""Word lists the social rules judge chat with (S/SE, ORG, E, IE), per language.

Lists are plain data: extend them at run time with :func:`extend` (e.g. a family's
own nicknames for compliments). Matching is on lower-cased words without accents.

>>> is_apology("Desculpa, foi sem querer")
True
>>> is_compliment("que jogada brilhante!"), is_critique("you are so slow")
(True, True)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

LANGS = ("pt", "en", "it", "es")

APOLOGIES = {
    "pt": ["desculpa", "desculpe", "desculpas", "perdao", "foi mal", "sinto muito", "me perdoa"],
    "en": ["sorry", "apologies", "apologize", "apologise", "my bad", "pardon", "excuse me", "forgive me"],
    "it": ["scusa", "scusate", "scusami", "mi dispiace", "perdono", "perdonami"],
    "es": ["perdon", "disculpa", "disculpe", "lo siento", "perdona", "perdoname"],
}
COMPLIMENTS = {
    "pt": ["bonito", "bonita", "lindo", "linda", "inteligente", "genial", "brilhante", "otimo", "otima",
           "excelente", "incrivel", "maravilhoso", "maravilhosa", "esperto", "esperta", "parabens", "craque",
           "fera", "legal", "bom", "boa", "gentil", "simpatico", "simpatica", "elegante", "talentoso", "talentosa"],
    "en": ["great", "brilliant", "clever", "smart", "nice", "kind", "amazing", "awesome", "beautiful",
           "excellent", "wonderful", "genius", "lovely", "talented", "well played", "good", "cool", "fantastic"],
    "it": ["bravo", "brava", "bello", "bella", "intelligente", "geniale", "ottimo", "ottima", "fantastico",
           "gentile", "simpatico", "simpatica", "eccellente", "grande", "complimenti"],
    "es": ["bueno", "buena", "guapo", "guapa", "listo", "lista", "inteligente", "genial", "brillante",
           "excelente", "increible", "maravilloso", "maravillosa", "amable", "simpatico", "simpatica", "crack"],
}
CRITIQUES = {
    "pt": ["lento", "lenta", "chato", "chata", "feio", "feia", "ruim", "pessimo", "pessima", "burro", "burra",
           "trapaceiro", "trapaceira", "mala", "fraco", "fraca", "horrivel", "distraido", "distraida"],
    "en": ["slow", "boring", "ugly", "bad", "terrible", "awful", "dumb", "silly", "cheater", "weak", "lame",
           "clumsy", "lazy", "worst", "sloppy"],
    "it": ["lento", "lenta", "noioso", "noiosa", "brutto", "brutta", "pessimo", "pessima", "scarso", "scarsa",
           "imbranato", "imbranata", "pigro", "pigra", "lamentoso"],
    "es": ["lento", "lenta", "aburrido", "aburrida", "feo", "fea", "malo", "mala", "pesimo", "pesima",
           "torpe", "tramposo", "tramposa", "flojo", "floja", "horrible"],
}


def normalize(text: str) -> str:
    t = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in t if not unicodedata.combining(ch))


def _has(text: str, table: dict[str, list[str]]) -> bool:
    t = " " + re.sub(r"[^\w]+", " ", normalize(text)) + " "
    return any(f" {w} " in t for lang in table.values() for w in lang)


def is_apology(text: str) -> bool:
    return _has(text, APOLOGIES)


def is_compliment(text: str) -> bool:
    return _has(text, COMPLIMENTS)


def is_critique(text: str) -> bool:
    return _has(text, CRITIQUES)


def extend(kind: str, lang: str, words: Iterable[str]) -> None:
    """Add words to a list: ``extend('compliments', 'pt', ['arrasou'])``."""
    table = {"apologies": APOLOGIES, "compliments": COMPLIMENTS, "critiques": CRITIQUES}[kind]
    table.setdefault(lang, []).extend(normalize(w) for w in words)
