"""Every rule in plain words, in English and Portuguese, for people who play with real cards (the printed
house-rules sheet, ``GET /sheet``: docs/sheet.md).

:data:`PLAIN` holds, per catalogue code, its English words (``None`` where the catalogue's ``summary`` already
says it plainly: that is used) and its Portuguese words. Both are one or two sentences, written for a table, with
the rule's parameters as ``{name}`` places (the tied card is ``{card}``); a choice parameter's value is put in as
the words :data:`CHOICES` gives it. :data:`AMBIGUITY_PT` gives the Portuguese of the ambiguity choices (the English
is :data:`unokit.rules.ruleset.AMBIGUITY`'s).

>>> plain("V", "en", {"seconds": 8})
'Play within 8 seconds of the previous discard, or draw 2 cards.'
>>> plain("FORCE", "en")                      # the catalogue's summary
'You may not draw while holding a playable card.'
>>> plain("FL", "pt", {"variant": "wilds"})
'A última carta (ou cartas) que esvazia a mão não pode ser um Curinga.'
"""

from __future__ import annotations

from collections.abc import Mapping

from .catalog import CATALOG

__all__ = ["PLAIN", "CHOICES", "AMBIGUITY_PT", "LANGS", "plain", "values_of"]

LANGS = ("en", "pt")

#: code -> (English or None: the catalogue's summary says it, Portuguese)
PLAIN: dict[str, tuple[str | None, str]] = {
    # --- the goal of the game
    "TV": ("No points are counted: each hand won is one win, and the first player to {wins} wins takes the match.",
           "Não se contam pontos: cada mão vencida é uma vitória, e quem chegar primeiro a {wins} vitórias vence a "
           "partida."),
    "PR": ("Everyone starts with {start} points and, after each hand, loses the points left in their own hand; at 0 "
           "you are out, and the last player with points wins.",
           "Todos começam com {start} pontos e, ao fim de cada mão, perdem os pontos das cartas que ficaram na própria "
           "mão; quem chega a 0 sai, e vence o último que ainda tem pontos."),
    "MS1": ("Sudden death: a player who must draw because they cannot play is out of the hand (draws from a +2, a +4 "
            "or a penalty do not count).",
            "Morte súbita: quem precisa comprar por não ter o que jogar está fora da mão (compras por +2, +4 ou "
            "penalidade não contam)."),
    "MS2": ("Sudden death after {rounds} full rounds: from then on, a player who must draw because they cannot play "
            "is out of the hand.",
            "Morte súbita depois de {rounds} rodadas completas: a partir daí, quem precisa comprar por não ter o que "
            "jogar está fora da mão."),
    "MS3": ("Sudden death once {event}: from then on, a player who must draw because they cannot play is out of the "
            "hand.",
            "Morte súbita depois que {event}: a partir daí, quem precisa comprar por não ter o que jogar está fora da "
            "mão."),
    # --- how the game flows
    "FL": ("The last card (or cards) that empties a hand may not be {variant}.",
           "A última carta (ou cartas) que esvazia a mão não pode ser {variant}."),
    "FU": ("Everyone is dealt {cards} cards instead of 7.", "Cada jogador recebe {cards} cartas em vez de 7."),
    "BU": ("Everyone is dealt {cards} cards instead of 7.", "Cada jogador recebe {cards} cartas em vez de 7."),
    "C": ("Anyone holding a card identical to the top of the pile (same colour and number or symbol) may play it at "
          "once, even out of turn; play continues from that player.",
          "Quem tiver uma carta idêntica à do topo do descarte (mesma cor e mesmo número ou símbolo) pode jogá-la na "
          "hora, mesmo fora da vez; o jogo continua a partir dessa pessoa."),
    "DR": ("You may play several cards of the same number or symbol at once; only the first has to match the pile.",
           "Você pode jogar de uma vez várias cartas do mesmo número ou símbolo; só a primeira precisa combinar com o "
           "descarte."),
    "DD": ("You may play several identical cards (same colour and number or symbol) at once{actions}.",
           "Você pode jogar de uma vez várias cartas idênticas (mesma cor e mesmo número ou símbolo){actions}."),
    "AA": ("On a number card you may play two or more numbers of one colour that add up to it, or exactly two whose "
           "difference equals it.",
           "Sobre uma carta numérica, você pode jogar duas ou mais cartas numéricas de uma mesma cor que somem esse "
           "número, ou exatamente duas cuja diferença seja esse número."),
    "AB": ("You may also play a number equal to the sum of the two top cards of the pile, when both are numbers of "
           "one colour.",
           "Você também pode jogar um número igual à soma das duas cartas do topo do descarte, quando as duas são "
           "números da mesma cor."),
    "SAT": ("A player who cannot play keeps drawing until they draw a card they can play.",
            "Quem não pode jogar continua comprando até tirar uma carta que possa jogar."),
    "CON": ("A player who draws because of a +2 or a +4 may play one of the cards just drawn straight away.",
            "Quem compra por causa de um +2 ou de um +4 pode jogar na hora uma das cartas que acabou de comprar."),
    "INS": (None, "A carta comprada por não ter o que jogar nunca pode ser jogada na mesma vez: a vez passa."),
    "DED": ("A second discard pile lies face down: you may put a card there, claiming it is legal. Anyone may accuse: "
            "a liar draws {penalty} and the accuser discards one card; if the play was honest, the accuser draws "
            "{penalty} and the accused discards one more card.",
            "Há uma segunda pilha de descarte, virada para baixo: você pode pôr uma carta ali dizendo que ela vale. "
            "Qualquer um pode acusar: o mentiroso compra {penalty} e quem acusou descarta uma carta; se a jogada era "
            "honesta, quem acusou compra {penalty} e o acusado descarta mais uma carta."),
    "GT": ("If the next card played is the identical number card, the player of the first one draws as many cards as "
           "its number.",
           "Se a próxima carta jogada for a carta numérica idêntica, quem jogou a primeira compra tantas cartas quanto "
           "o seu número."),
    "P1": ("Stacking: facing a +2 you may add a +2 of your own instead of drawing, and the next player faces the "
           "total. A +4 never stacks.",
           "Acúmulo: diante de um +2 você pode pôr outro +2 em vez de comprar, e o próximo enfrenta o total. O +4 "
           "nunca se acumula."),
    "P2": ("Stacking: facing a +2 you may add a +2, facing a +4 a +4, instead of drawing; the next player faces the "
           "total. The two never mix.",
           "Acúmulo: diante de um +2 você pode pôr outro +2, diante de um +4 outro +4, em vez de comprar; o próximo "
           "enfrenta o total. Os dois nunca se misturam."),
    "P3": ("Stacking: a +2 on a +2, a +4 on a +4, and a +4 on a +2 too (never a +2 on a +4), instead of drawing; the "
           "next player faces the total.",
           "Acúmulo: +2 sobre +2, +4 sobre +4, e também +4 sobre +2 (nunca +2 sobre +4), em vez de comprar; o "
           "próximo enfrenta o total."),
    "P4": ("Stacking: any draw card on any draw card{color}, instead of drawing; the next player faces the total.",
           "Acúmulo: qualquer carta de compra sobre qualquer carta de compra{color}, em vez de comprar; o próximo "
           "enfrenta o total."),
    "V": ("Play within {seconds} seconds of the previous discard, or draw {penalty} cards.",
          "Jogue em até {seconds} segundos depois do descarte anterior, ou compre {penalty} cartas."),
    "PAA": ("No action cards until {rounds} full round(s) of the hand have been played: everyone plays at least once "
            "before Skips, Reverses and draw cards start.",
            "Nenhuma carta de ação até que se completem {rounds} rodada(s) da mão: todos jogam pelo menos uma vez "
            "antes de Pular, Inverter e cartas de compra."),
    "I": ("Any action card may be played on any action card, and so any draw card on any draw card (as in P4).",
          "Qualquer carta de ação pode ser jogada sobre qualquer carta de ação, e portanto qualquer carta de compra "
          "sobre qualquer carta de compra (como no P4)."),
    "CHU": ("After two cards of the same number played one after the other by different players, the next player "
            "must change the colour; if they cannot, play goes on as usual after them.",
            "Depois de duas cartas do mesmo número jogadas em seguida por jogadores diferentes, o próximo deve mudar a "
            "cor; se não puder, o jogo segue normalmente depois dele."),
    "BA": ("A Reverse played right after two equal numbers played by different players makes everyone draw one card, "
           "its player included.",
           "Um Inverter jogado logo depois de dois números iguais jogados por pessoas diferentes faz todos comprarem "
           "uma carta, inclusive quem o jogou."),
    "REV": ("The draw pile lies face up: everyone sees the card that will be drawn next.",
            "O monte de compra fica virado para cima: todos veem a próxima carta a ser comprada."),
    # --- cards with new functions
    "S": ("After any {card}, nobody may speak until another {card} is played; whoever speaks draws {penalty} cards.",
          "Depois de um {card}, ninguém pode falar até que outro {card} seja jogado; quem falar compra {penalty} "
          "cartas."),
    "CAR": ("On every {card} played, every player passes their hand to the next player in the direction of play.",
            "A cada {card} jogado, todos passam a própria mão para o próximo jogador, no sentido do jogo."),
    "T": ("Whoever plays any {card} may swap hands with another player of their choice.",
          "Quem joga um {card} pode trocar de mão com outro jogador à sua escolha."),
    "M": ("On every {card} played, everyone slaps the pile; the last to slap draws one card.",
          "A cada {card} jogado, todos batem a mão no descarte; o último a bater compra uma carta."),
    "E": ("On every green {card} played, each opponent must pay its player a compliment or draw one card.",
          "A cada {card} verde jogado, cada adversário deve fazer um elogio a quem o jogou ou comprar uma carta."),
    "IE": ("On every red {card} played, each opponent must criticise its player or draw one card.",
           "A cada {card} vermelho jogado, cada adversário deve fazer uma crítica a quem o jogou ou comprar uma "
           "carta."),
    "DOA": ("Whoever plays any {card} gives two cards of their hand to another player of their choice.",
            "Quem joga um {card} dá duas cartas da própria mão a outro jogador à sua escolha."),
    "PAB": ("After any {card}, nobody may play an action card until another {card} is played.",
            "Depois de um {card}, ninguém pode jogar carta de ação até que outro {card} seja jogado."),
    "DAD": ("After any {card}, the next player rolls a die, draws the cards its face gives ({table} for faces 1 to 6) "
            "and loses the turn.",
            "Depois de um {card}, o próximo jogador rola um dado, compra as cartas que a face dá ({table} para as "
            "faces 1 a 6) e perde a vez."),
    "TRI": ("After any {card}, the next player must play another {card} or a card of its colour (not a Wild), or draw "
            "three cards and lose the turn.",
            "Depois de um {card}, o próximo jogador deve jogar outro {card} ou uma carta da mesma cor (Curinga não "
            "vale), ou comprar três cartas e perder a vez."),
    "BACK": ("On every {card} played, the previous player draws one card.",
             "A cada {card} jogado, o jogador anterior compra uma carta."),
    "CLA": ("Whoever plays any {card} may look at the hand of a player of their choice.",
            "Quem joga um {card} pode ver a mão de um jogador à sua escolha."),
    # --- the end of a game, penalties
    "MOV": ("After every hand the players change seats, so that nobody keeps the same player on their left.",
            "Depois de cada mão os jogadores trocam de lugar, de modo que ninguém fique com o mesmo jogador à "
            "esquerda."),
    "DP": ("Anyone may challenge a player who draws: if they held a card they could have played, they draw 2 more; "
           "if not, the challenger draws 4.",
           "Qualquer um pode desafiar quem compra: se tinha uma carta que podia jogar, compra mais 2; se não, quem "
           "desafiou compra 4."),
    "MEM": ("Forgetting to say UNO costs 4 cards instead of 2.", "Esquecer de dizer UNO custa 4 cartas em vez de 2."),
    "PRE": ("A missed UNO never expires: the player can be caught at any later time, not only before the next turn.",
            "O UNO esquecido não prescreve: o jogador pode ser pego a qualquer momento depois, não só antes da vez "
            "seguinte."),
    "ORG": ("Whoever apologises, for any reason, draws 2 cards.",
            "Quem pedir desculpas, por qualquer motivo, compra 2 cartas."),
    # --- other leaflets and engines
    "SEVENO": ("Whoever plays a 7 may swap hands with a player of their choice; a 0 makes every player pass their "
               "hand on in the direction of play.",
               "Quem joga um 7 pode trocar de mão com um jogador à sua escolha; um 0 faz todos passarem a mão adiante, "
               "no sentido do jogo."),
    "JUMPIN": ("A card identical to the top of the pile may be played out of turn; an identical Skip, Reverse, +2 or "
               "+4 played so cancels the first one.",
               "Uma carta idêntica à do topo do descarte pode ser jogada fora da vez; um Pular, Inverter, +2 ou +4 "
               "idêntico jogado assim anula o primeiro."),
    "ADDUP": ("With no card of the colour or number in play, you may play two numbers of one colour that add up to "
              "the top number; the next player may challenge it as a bluff, and the loser draws 2.",
              "Sem carta da cor ou do número em jogo, você pode jogar dois números de uma mesma cor que somem o número "
              "do topo; o próximo pode desafiar como blefe, e quem perde compra 2."),
    "ZEROLEFT": ("On every {card} played, every player passes their hand to the left.",
                 "A cada {card} jogado, todos passam a própria mão para a esquerda."),
    "FORCE": (None, "Não se pode comprar tendo na mão uma carta que se possa jogar."),
    "DRAWPLAY": ("A drawn card that can be played must be played.",
                 "Uma carta comprada que possa ser jogada tem de ser jogada."),
    "LIMIT": ("No hand may grow beyond {cards} cards: draws past that are skipped.",
              "Nenhuma mão pode passar de {cards} cartas: as compras além disso não são feitas."),
    "OPEN": ("A hand of fewer than {cards} cards is played face up, for everyone to see.",
             "Uma mão com menos de {cards} cartas fica aberta, à vista de todos."),
    "BOMB": ("Playing three or more cards of one number at once makes every other player draw one card (with DR or "
             "DD).",
             "Jogar de uma vez três ou mais cartas do mesmo número faz todos os outros comprarem uma carta (com DR ou "
             "DD)."),
    "REVENGE": ("Answering a draw total with a draw card doubles the total before your card adds to it.",
                "Responder a um total de compra com uma carta de compra dobra o total antes de somar a sua carta."),
    "DOUBLE": (None, "Os pontos da mão valem o dobro."),
    "NOCHALLENGE": (None, "Não se pode desafiar um Curinga Comprar Quatro."),
    "BLITZ": ("A hand lasts at most {seconds} seconds; when time runs out, the player with the fewest cards wins.",
              "Uma mão dura no máximo {seconds} segundos; quando o tempo acaba, vence quem tem menos cartas."),
    "WILDSTART": (None, "Um Curinga Comprar Quatro virado como primeira carta fica: o primeiro jogador compra 4 e "
                        "perde a vez, e o seguinte escolhe a cor."),
    "DEFLECT": ("Facing a draw total, a Skip of the colour in play passes it on to the next player, and a Reverse "
                "sends it back the other way.",
                "Diante de um total de compra, um Pular da cor em jogo o passa ao próximo jogador, e um Inverter o "
                "manda de volta no outro sentido."),
    "SHUFFLESEATS": (None, "Os lugares são sorteados de novo antes de cada mão."),
    "ELIMMOST": (None, "Depois de cada mão, quem tem mais cartas na mão é eliminado."),
    "DRAWANY": ("After drawing on your turn you may play any playable card of your hand, not only the one drawn.",
                "Depois de comprar na sua vez, você pode jogar qualquer carta da mão que sirva, não só a comprada."),
    "NOENDDRAW": ("A +2 or +4 played as the last card of a hand makes nobody draw before the scoring.",
                  "Um +2 ou +4 jogado como última carta da mão não faz ninguém comprar antes da contagem."),
    "WILDMATCH": ("{mode}", "{mode}"),
    "SLOWUNO": ("A missed UNO can be caught until the end of the next player's turn.",
                "O UNO esquecido pode ser cobrado até o fim da vez do próximo jogador."),
    "MISTAKE": ("Every mistake costs {penalty} cards: a wrong play noticed, a missed UNO caught, or being caught "
                "unready on your turn after {seconds} seconds.",
                "Todo erro custa {penalty} cartas: uma jogada errada notada, um UNO esquecido cobrado, ou ser pego "
                "despreparado na sua vez depois de {seconds} segundos."),
    # --- editions (their own deck and cards)
    "NOMERCY": ("UNO Show 'em No Mercy: 168 harsher cards (coloured +4, Skip Everyone, Discard All, Wild Reverse Draw "
                "Four, Wild Draw Six and Ten, Colour Roulette); a 0 passes every hand {zero}, a 7 swaps hands with a "
                "chosen player, whoever cannot play draws until they can, a draw card stacks on an equal or lower "
                "one, and 25 cards in hand puts you out.",
                "UNO Show 'em No Mercy: 168 cartas mais duras (+4 coloridos, Pular Todos, Descartar Tudo, Curinga "
                "Inverter Comprar Quatro, Curinga Comprar Seis e Dez, Roleta de Cores); um 0 passa todas as mãos "
                "{zero}, um 7 troca de mão com um jogador escolhido, quem não pode jogar compra até poder, uma carta "
                "de compra se acumula sobre outra igual ou menor, e quem chega a 25 cartas sai."),
    "ALLWILD": ("UNO All Wild!: 112 cards, every one a wild (no colours, no numbers), so any card goes on any card and "
                "the actions decide: Reverse, Skip, Skip Two, Forced Swap ({swap}), Draw Two, Targeted Draw Two and "
                "Draw Four.",
                "UNO All Wild!: 112 cartas, todas curingas (sem cores nem números), então qualquer carta vai sobre "
                "qualquer outra e as ações decidem: Inverter, Pular, Pular Dois, Troca Forçada ({swap}), Comprar Duas, "
                "Comprar Duas Direcionado e Comprar Quatro."),
    "EXTREME": ("UNO Extreme!: a launcher beside the draw pile releases 0 to 8 random cards a press; after a Hit 2 the "
                "next player presses twice, after a Wild Hit they press until cards come out.",
                "UNO Extreme!: um lançador ao lado do monte solta de 0 a 8 cartas ao acaso a cada toque; depois de um "
                "Dispara 2 o próximo aperta duas vezes, depois de um Curinga Dispara aperta até saírem cartas."),
    "FLASH": ("UNO Flash: the unit picks the next player at random (there is no Reverse) and {timer}; after a SLAP "
              "card the last to press draws 2{targeted}.",
              "UNO Flash: o aparelho sorteia o próximo jogador (não há Inverter) e {timer}; depois de uma carta SLAP, "
              "o último a apertar compra 2{targeted}."),
    "SPIN": ("UNO Spin: after a Spin card (a number 1 to 5 with the spin mark) the next player spins the wheel and "
             "does what it says: discard all but two, a number or a colour, draw until red or blue, pass hands to "
             "the left, or show their hand.",
             "UNO Spin: depois de uma carta Spin (um número de 1 a 5 com a marca da roleta) o próximo gira a roleta e "
             "faz o que ela manda: descartar tudo menos duas, um número ou uma cor, comprar até sair vermelho ou azul, "
             "passar as mãos para a esquerda, ou mostrar a mão."),
    "FLIP": ("UNO Flip: 112 double-sided cards, and a Flip card turns the whole table over: the light side has Draw "
             "One and Wild Draw Two, the dark side its own colours (pink, teal, orange, violet), Draw Five, Skip "
             "Everyone and Wild Draw Colour.",
             "UNO Flip: 112 cartas de dois lados, e uma carta Flip vira a mesa inteira: o lado claro tem Comprar Uma e "
             "Curinga Comprar Duas, o lado escuro tem cores próprias (rosa, turquesa, laranja, roxo), Comprar Cinco, "
             "Pular Todos e Curinga Comprar Cor."),
    "FLEX": ("UNO Flex: each player has a power card; while it is green they may use the flex side of a card (a "
             "two-coloured number's other colour, Skip Everyone, everyone draws one...), which turns it red.",
             "UNO Flex: cada jogador tem uma carta de poder; enquanto ela está verde, pode usar o lado flex de uma "
             "carta (a outra cor de um número bicolor, Pular Todos, todos compram uma...), e ela fica vermelha."),
}

#: (code, parameter, value) -> (English, Portuguese): the words put in place of a choice parameter
CHOICES: dict[tuple[str, str, str], tuple[str, str]] = {
    ("MS3", "event", "first-wild"): ("the first Wild has been played", "o primeiro Curinga for jogado"),
    ("MS3", "event", "first-action"): ("the first action card has been played",
                                       "a primeira carta de ação for jogada"),
    ("MS3", "event", "fifth-action"): ("the fifth action card has been played", "a quinta carta de ação for jogada"),
    ("MS3", "event", "first-number"): ("the first {number} has been played", "o primeiro {number} for jogado"),
    ("FL", "variant", "all"): ("a Wild or a card that makes someone draw",
                               "um Curinga nem uma carta que faça alguém comprar"),
    ("FL", "variant", "numbers"): ("anything but number cards", "outra coisa que não cartas numéricas"),
    ("FL", "variant", "wilds"): ("a Wild", "um Curinga"),
    ("DD", "actions", "together"): ("", ""),
    ("DD", "actions", "alone"): (", but action cards one at a time", ", mas cartas de ação uma de cada vez"),
    ("P4", "color", "any"): ("", ""),
    ("P4", "color", "match"): (" (a +2 must have the colour in play)", " (um +2 precisa ser da cor em jogo)"),
    ("WILDMATCH", "mode", "on"): (
        "A Wild in your hand counts as a card of the colour in play: a Wild Draw Four played while holding one is a "
        "bluff.",
        "Um Curinga na mão conta como carta da cor em jogo: jogar um Curinga Comprar Quatro tendo um é blefe."),
    ("WILDMATCH", "mode", "off"): (
        "A Wild in your hand does not count as a card of the colour in play, even with the Ohana deck.",
        "Um Curinga na mão não conta como carta da cor em jogo, mesmo com o baralho Ohana."),
    ("NOMERCY", "zero", "play"): ("in the direction of play", "no sentido do jogo"),
    ("NOMERCY", "zero", "left"): ("to the left", "para a esquerda"),
    ("ALLWILD", "swap", "self"): ("swap hands with a player you choose", "troque de mão com quem escolher"),
    ("ALLWILD", "swap", "pair"): ("two players you choose swap hands", "dois jogadores escolhidos trocam de mão"),
    ("FLASH", "timer", "4"): ("each turn has 4 seconds (2 cards when late)",
                              "cada vez tem 4 segundos (2 cartas se atrasar)"),
    ("FLASH", "timer", "6"): ("each turn has 6 seconds (2 cards when late)",
                              "cada vez tem 6 segundos (2 cartas se atrasar)"),
    ("FLASH", "timer", "off"): ("turns are not timed", "as vezes não têm tempo"),
    ("FLASH", "targeted", "off"): ("", ""),
    ("FLASH", "targeted", "on"): ("; the player of a +2 or +4 names who draws",
                                  "; quem joga +2 ou +4 escolhe quem compra"),
}

#: the ambiguity choices of 000 §Ambiguidade das Regras Oficiais in Portuguese, by letter and digit
AMBIGUITY_PT: dict[str, dict[int, str]] = {
    "A": {1: "simplificado: a carta mais alta dá as cartas, começa quem está à esquerda de quem dá, em toda mão",
          2: "tradicional: quem dá embaralha, o da esquerda corta e vira o primeiro descarte, e a distribuição e o "
             "jogo seguem no sentido anti-horário a partir da direita de quem dá",
          3: "simplificado na primeira mão; depois quem dá passa ao seguinte, no sentido horário"},
    "B": {1: "uma jogada errada notada depois é desfeita e o jogo recomeça daquele ponto",
          2: "o infrator pega a carta de volta e compra 2; as jogadas seguintes ficam"},
    "C": {1: "a mão desafiada é mostrada a todos", 2: "é mostrada só a quem desafiou"},
    "D": {1: "o blefador ainda escolhe a cor", 2: "a carta perde a validade (volta para a mão)"},
}


def values_of(code: str, given: Mapping[str, object] | None = None) -> dict[str, object]:
    """Every parameter of rule ``code`` (the tied card included) with its value: the catalogue's default unless
    ``given`` names it."""
    info = CATALOG[code]
    out: dict[str, object] = dict(info.params)
    if info.card is not None:
        out["card"] = info.card
    out.update(given or {})
    return out


def plain(code: str, lang: str = "en", given: Mapping[str, object] | None = None) -> str:
    """Rule ``code`` in plain words in ``lang`` (``en`` or ``pt``) with its parameters' values (``given``: those
    that differ from the defaults, e.g. a RuleSet's). A code with no words here (a plug-in rule) is its summary."""
    info = CATALOG[code]
    en, pt = PLAIN.get(code, (None, None))
    text = (pt if lang == "pt" else en) or _sentence(info.summary)
    values = values_of(code, given)
    raw = {k: str(v) for k, v in values.items()}
    words = {}
    for k, v in raw.items():
        choice = CHOICES.get((code, k, v))
        words[k] = (choice[LANGS.index(lang) if lang in LANGS else 0]).format(**raw) if choice else v
    try:
        return text.format(**words)
    except (KeyError, IndexError, ValueError):   # a plug-in summary with braces of its own
        return text


def _sentence(summary: str) -> str:
    """The catalogue's summary as a sentence: a capital first letter and a full stop."""
    s = summary.strip()
    return (s[:1].upper() + s[1:]).rstrip(".") + "." if s else s
