"""The words of the teaching mode (``unokit learn``, the web page ``/learn``), in English and Portuguese.

Data only: :mod:`unokit.play.teach` decides when each lesson is given. The lessons follow the five
steps of the customization guide's "Ensinando UNO de forma rápida" (``000_29ba263adbf96ee5.txt``):

1. the aim: seven cards each, discard them all, say UNO at one card (caught without it: draw 2),
   the winner scores the others' cards, the game goes to 500;
2. matching the pile by number, symbol or colour, and drawing when nothing matches;
3. the action cards and the Wilds, and what each is worth at the end of a hand;
4. the penalties: a Wild Draw Four played while holding the colour, hints, wrong plays;
5. the house rules, one at a time, once the official game is known.

>>> sorted(LESSONS) == sorted(KEYS) and all(set(TEXT[lang]) == set(KEYS) for lang in TEXT)
True
>>> [LESSONS[k] for k in ("goal", "matching", "skip", "challenge")]
[1, 2, 3, 4]
"""

from __future__ import annotations

__all__ = ["KEYS", "LESSONS", "TEXT", "WHY", "STAGES", "GUIDE_STEPS", "HOUSE_PATH", "HOUSE_TEXT", "UI", "HINTS",
           "ACTION_WORDS"]

#: lesson key -> the guide's step it belongs to (1-4; step 5 is the house rules), in teaching order
LESSONS: dict[str, int] = {
    "goal": 1, "matching": 2, "drawing": 2, "skip": 3, "reverse": 3, "draw-two": 3, "wild": 3,
    "wild-draw-four": 3, "challenge": 4, "uno": 1, "catch": 1, "hint": 4, "wrong-play": 4, "points": 1,
}
#: every lesson key, in teaching order
KEYS: tuple[str, ...] = tuple(LESSONS)

#: lang -> key -> (title, text)
TEXT: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "goal": ("The aim of the game",
                 "Everyone is dealt 7 cards and one card is turned face up to start the discard pile. "
                 "Players take turns, clockwise to begin with, discarding one card each onto the pile. "
                 "The first to get rid of every card wins the hand and scores the points of the cards "
                 "left in the other hands; hands are played until someone reaches 500 points."),
        "matching": ("Matching the pile",
                     "On your turn you may discard a card that matches the top of the pile: the same "
                     "number, the same symbol or the same colour."),
        "drawing": ("Drawing a card",
                    "With nothing to play (or nothing you want to play), draw one card from the stock. "
                    "If it can be played you may play it at once; if not, your turn ends and the next "
                    "player goes. After drawing you may not play a card you already held."),
        "skip": ("Skip",
                 "A Skip makes the next player lose their turn. It matches its colour or another Skip. "
                 "Left in a hand at the end it is worth 20 points to the winner."),
        "reverse": ("Reverse",
                    "A Reverse turns the direction of play around (with two players it works as a Skip). "
                    "It matches its colour or another Reverse. Worth 20 points."),
        "draw-two": ("Draw Two",
                     "A Draw Two makes the next player draw 2 cards and lose their turn. It matches its "
                     "colour or another Draw Two. Worth 20 points."),
        "wild": ("Wild",
                 "A Wild may be played on any card: its player names the colour to follow. (Turned as "
                 "the first card of a hand, the first player names it.) Worth 50 points."),
        "wild-draw-four": ("Wild Draw Four",
                           "A Wild Draw Four names the colour, and the next player draws 4 cards and loses "
                           "their turn. It may be played only by someone who holds no card of the colour in "
                           "play (a card of the same number or symbol does not count). Worth 50 points."),
        "challenge": ("Challenging a Wild Draw Four",
                      "The player who must draw 4 may challenge instead: the one who played the Wild Draw "
                      "Four shows their hand to the challenger. If they held a card of the colour in play it "
                      "was a bluff, and they draw the 4 cards themselves; if not, the challenger draws 6 "
                      "(the 4, plus 2 for the failed challenge)."),
        "uno": ("Saying UNO",
                "Whoever goes down to one card must say “UNO!”, at the latest as that card is left alone "
                "in the hand."),
        "catch": ("Caught without UNO",
                  "A player left with one card who did not say UNO can be caught by anyone until the next "
                  "player starts a turn (draws or plays). Caught, they draw 2 cards."),
        "hint": ("No hints at the table",
                 "The official rules punish a hint given to another player: whoever gives one draws 2 "
                 "cards. (The hints this teaching mode shows you are free: they are for learning.)"),
        "wrong-play": ("Wrong plays",
                       "A card that does not match is a wrong play. At a real table it stands until someone "
                       "notices it; then the card is taken back, the player draws 2 cards as a penalty, and "
                       "play goes on with the next player."),
        "points": ("Points",
                   "The hand is over. The winner scores the cards left in the other hands: a number card "
                   "its number, a Skip, a Reverse or a Draw Two 20, a Wild or a Wild Draw Four 50. A Draw "
                   "Two or a Wild Draw Four played last is still drawn first. The first to reach 500 wins "
                   "the game."),
    },
    "pt": {
        "goal": ("O objetivo do jogo",
                 "Cada jogador recebe 7 cartas e uma carta é virada para começar a pilha de descarte. Na "
                 "sua vez, cada um descarta uma carta na pilha, no começo em sentido horário. Quem ficar "
                 "sem cartas primeiro vence a mão e ganha os pontos das cartas que sobraram na mão dos "
                 "adversários; joga-se mão após mão até alguém chegar aos 500 pontos."),
        "matching": ("Combinar com a pilha",
                     "Na sua vez você pode descartar uma carta que combine com a do topo da pilha: mesmo "
                     "número, mesmo símbolo ou mesma cor."),
        "drawing": ("Comprar uma carta",
                    "Sem nada para jogar (ou sem querer jogar), compre uma carta do MONTE. Se ela puder "
                    "ser jogada, você pode jogá-la na mesma hora; se não, a vez passa para o próximo "
                    "jogador. Depois de comprar, você não pode jogar uma carta que já estava na mão."),
        "skip": ("Pular",
                 "O Pular faz o próximo jogador perder a vez. Combina com a sua cor ou com outro Pular. "
                 "Se sobrar na mão no fim, vale 20 pontos para o vencedor."),
        "reverse": ("Inverter",
                    "O Inverter troca o sentido do jogo (com dois jogadores funciona como um Pular). "
                    "Combina com a sua cor ou com outro Inverter. Vale 20 pontos."),
        "draw-two": ("Comprar Duas",
                     "O Comprar Duas faz o próximo jogador comprar 2 cartas e perder a vez. Combina com a "
                     "sua cor ou com outro Comprar Duas. Vale 20 pontos."),
        "wild": ("Curinga",
                 "O Curinga pode ser jogado sobre qualquer carta: quem o joga escolhe a cor que segue. "
                 "(Se for a primeira carta da mão, quem começa escolhe.) Vale 50 pontos."),
        "wild-draw-four": ("Curinga Comprar Quatro",
                           "O Curinga Comprar Quatro escolhe a cor, e o próximo jogador compra 4 cartas e "
                           "perde a vez. Só pode jogá-lo quem não tem nenhuma carta da cor em jogo (uma "
                           "carta de mesmo número ou símbolo não conta). Vale 50 pontos."),
        "challenge": ("Desafiar o Curinga Comprar Quatro",
                      "Quem deve comprar 4 pode desafiar: quem jogou o Curinga Comprar Quatro mostra a mão "
                      "a quem desafiou. Se tinha uma carta da cor em jogo, era blefe, e é ele quem compra "
                      "as 4 cartas; se não tinha, quem desafiou compra 6 (as 4 e mais 2 pelo desafio "
                      "perdido)."),
        "uno": ("Dizer UNO",
                "Quem fica com uma carta na mão precisa dizer “UNO!”, no máximo quando essa carta fica "
                "sozinha na mão."),
        "catch": ("Pego sem dizer UNO",
                  "Quem ficou com uma carta e não disse UNO pode ser acusado por qualquer um até o próximo "
                  "jogador começar a vez (comprar ou jogar). Acusado, compra 2 cartas."),
        "hint": ("Sem palpites na mesa",
                 "As regras oficiais punem o palpite dado a outro jogador: quem dá um palpite compra 2 "
                 "cartas. (As dicas que este modo de ensino mostra a você são de graça: são para aprender.)"),
        "wrong-play": ("Jogadas erradas",
                       "Uma carta que não combina é uma jogada errada. Numa mesa de verdade ela vale até "
                       "alguém perceber; então a carta volta, o jogador compra 2 cartas de punição, e o jogo "
                       "segue com o próximo jogador."),
        "points": ("Pontos",
                   "A mão acabou. O vencedor soma as cartas que sobraram nas outras mãos: uma carta "
                   "numérica vale o seu número, Pular, Inverter e Comprar Duas valem 20, Curinga e Curinga "
                   "Comprar Quatro valem 50. Um Comprar Duas ou Curinga Comprar Quatro jogado por último "
                   "ainda é comprado antes. Quem chegar primeiro aos 500 pontos vence o jogo."),
    },
}

#: the reason a card matched the pile, for the first matching play: lang -> kind -> template
WHY: dict[str, dict[str, str]] = {
    "en": {"color": "{card} goes on {top}: the same colour ({color}).",
           "number": "{card} goes on {top}: the same number.",
           "symbol": "{card} goes on {top}: the same symbol.",
           "wild": "{card} is a Wild: it goes on anything.",
           "points": "{who} scores {points} points.", "points_you": "You score {points} points.",
           "bluff": "It was a bluff: {who} held {color}.",
           "honest": "No bluff: {who} held no {color} card."},
    "pt": {"color": "{card} sobre {top}: mesma cor ({color}).",
           "number": "{card} sobre {top}: mesmo número.",
           "symbol": "{card} sobre {top}: mesmo símbolo.",
           "wild": "{card} é um Curinga: vai sobre qualquer carta.",
           "points": "{who} ganha {points} pontos.", "points_you": "Você ganha {points} pontos.",
           "bluff": "Era blefe: {who} tinha {color}.",
           "honest": "Não era blefe: {who} não tinha nenhuma carta {color}."},
}

#: the guide's five steps, in words: lang -> [(title, text)]
GUIDE_STEPS: dict[str, list[tuple[str, str]]] = {
    "en": [("Step 1: the aim", "Seven cards each; discard them all; say UNO at one card (caught without it, "
                               "draw 2); the winner scores the others' cards; the game goes to 500."),
           ("Step 2: matching and drawing", "Match the pile by number, symbol or colour; with nothing to "
                                            "play, draw one card, and play it if you can."),
           ("Step 3: action cards and Wilds", "Skip, Reverse and Draw Two (20 points each), Wild and Wild "
                                              "Draw Four (50 points each)."),
           ("Step 4: penalties", "A Wild Draw Four played while holding the colour (the challenge), hints, "
                                 "wrong plays."),
           ("Step 5: house rules", "Play the official game first; then add house rules one at a time, "
                                   "knowing that not every table plays them.")],
    "pt": [("Passo 1: o objetivo", "Sete cartas para cada um; descarte todas; diga UNO com uma carta (quem for "
                                   "pego sem dizer compra 2); o vencedor soma as cartas dos outros; o jogo vai "
                                   "até 500."),
           ("Passo 2: combinar e comprar", "Combine com a pilha pelo número, símbolo ou cor; sem nada para "
                                           "jogar, compre uma carta, e jogue-a se puder."),
           ("Passo 3: cartas de ação e Curingas", "Pular, Inverter e Comprar Duas (20 pontos cada), Curinga "
                                                  "e Curinga Comprar Quatro (50 pontos cada)."),
           ("Passo 4: punições", "O Curinga Comprar Quatro jogado tendo a cor (o desafio), os palpites, as "
                                 "jogadas erradas."),
           ("Passo 5: regras alternativas", "Jogue primeiro o jogo oficial; depois acrescente as regras "
                                            "alternativas uma de cada vez, sabendo que nem todos jogam com "
                                            "elas.")],
}

#: the teaching mode's three stages: lang -> [(key, title, text)]
STAGES: dict[str, list[tuple[str, str, str]]] = {
    "en": [("watch", "1. Watch a game",
            "Three players who know the game play one hand, face up. Each mechanic is explained the first "
            "time it happens (steps 1 to 4 of the guide)."),
           ("play", "2. Your first game",
            "You against two bots, under the official rules (UNO 1121), with hints on: each turn a hint "
            "says what you could play and why."),
           ("house", "3. House rules, one at a time",
            "Once the official game is known, add one house rule at a time (step 5 of the guide): what it "
            "changes, then a hand with it.")],
    "pt": [("watch", "1. Assista a um jogo",
            "Três jogadores que já sabem jogar fazem uma mão, com as cartas à mostra. Cada mecanismo é "
            "explicado na primeira vez que acontece (passos 1 a 4 do guia)."),
           ("play", "2. O seu primeiro jogo",
            "Você contra dois robôs, pelas regras oficiais (UNO 1121), com dicas: a cada vez, uma dica diz "
            "o que você pode jogar e por quê."),
           ("house", "3. Regras alternativas, uma de cada vez",
            "Depois do jogo oficial, acrescente uma regra alternativa de cada vez (passo 5 do guia): o que "
            "ela muda, e uma mão com ela.")],
}

#: the house rules taught one at a time, in this order (codes of unokit.rules.catalog)
HOUSE_PATH: tuple[str, ...] = ("P4", "DR", "C", "SAT", "FU", "MEM", "CAR", "T")

#: each house rule of the path in a sentence, in Portuguese (English: the catalogue's summary)
HOUSE_TEXT: dict[str, str] = {
    "P4": "Cartas de compra podem ser acumuladas: sobre um Comprar Duas ou um Curinga Comprar Quatro, "
          "jogue outra carta de compra, e o próximo compra o total.",
    "DR": "Várias cartas de mesmo número ou símbolo podem ser descartadas de uma vez.",
    "C": "Uma carta idêntica à do topo pode ser jogada por qualquer um, mesmo fora da vez; o jogo segue "
         "de quem cortou.",
    "SAT": "Quem compra continua comprando até sair uma carta que possa ser jogada.",
    "FU": "Cada jogador começa com 4 cartas em vez de 7: mãos curtas e rápidas.",
    "MEM": "Esquecer de dizer UNO custa 4 cartas em vez de 2.",
    "CAR": "A cada 0 jogado, todos passam a mão para o próximo jogador.",
    "T": "Quem joga um 0 pode trocar de mão com outro jogador à sua escolha.",
}

#: the plain terminal's and the page's other words
UI: dict[str, dict[str, str]] = {
    "en": {"title": "Learn to play UNO", "lesson": "Lesson", "step": "step", "hint": "Hint",
           "your_turn": "Your turn", "your_hand": "Your hand", "pile": "Pile", "colour": "colour",
           "choose": "Choose (number, d draw, p pass, u UNO toggle, c catch, w wait, ? help, q quit)",
           "bad": "That is not one of the choices.", "won": "You won the hand!", "lost": "{who} won the hand.",
           "house_intro": "House rules, one at a time. Play one with: unokit learn --play --rule CODE",
           "next": "Enter: next", "uno_on": "you will say UNO with your next play",
           "uno_off": "you will not say UNO", "wait": "continue (let the others play on)",
           "others": "Others", "cards": "cards", "you": "You", "refused": "Not allowed: {why}",
           "out_of_turn": "Out of turn",
           "demo_done": "End of the demonstration. Now play your first game: unokit learn --play"},
    "pt": {"title": "Aprenda a jogar UNO", "lesson": "Lição", "step": "passo", "hint": "Dica",
           "your_turn": "Sua vez", "your_hand": "Sua mão", "pile": "Pilha", "colour": "cor",
           "choose": "Escolha (número, d compra, p passa, u liga/desliga UNO, c acusa, w espera, ? ajuda, q sai)",
           "bad": "Essa não é uma das opções.", "won": "Você venceu a mão!", "lost": "{who} venceu a mão.",
           "house_intro": "Regras alternativas, uma de cada vez. Jogue uma com: unokit learn --play --rule CÓDIGO",
           "next": "Enter: próximo", "uno_on": "você vai dizer UNO com a próxima jogada",
           "uno_off": "você não vai dizer UNO", "wait": "continuar (deixar os outros jogarem)",
           "others": "Outros", "cards": "cartas", "you": "Você", "refused": "Não pode: {why}",
           "out_of_turn": "Fora da vez",
           "demo_done": "Fim da demonstração. Agora jogue o seu primeiro jogo: unokit learn --play"},
}

#: the hints of the learner's game (:func:`unokit.play.coach.suggest`): lang -> key -> template
HINTS: dict[str, dict[str, str]] = {
    "en": {"play": "Play {card}. {why}", "color": " Then name {color}: you hold the most of it.",
           "uno": " It leaves you one card: say UNO with it.",
           "stack": "Stack {card} on the draw: the total goes on to the next player.",
           "draw": "Nothing in your hand matches {top} ({color}): draw a card.",
           "take": "You cannot answer the draw: take the {n} cards.",
           "challenge": "Challenge the Wild Draw Four: its player may have held {color}. (Wrong, you draw 6.)",
           "drawn_play": "The card you drew matches: play it. {why}",
           "keep": "The card you drew does not help now: keep it (pass).",
           "choose": "Name {color}: you hold the most of it.",
           "catch": "{who} has one card and did not say UNO: catch them before the next player starts!",
           "cut": "You hold the very same card as the top: you may cut in with {card}.",
           "wait": "Nothing to do now: let the others play on.",
           "other": "A good move now: {move}."},
    "pt": {"play": "Jogue {card}. {why}", "color": " Depois escolha {color}: é a cor que você mais tem.",
           "uno": " Vai sobrar uma carta: diga UNO junto com a jogada.",
           "stack": "Acumule {card} sobre a compra: o total passa para o próximo jogador.",
           "draw": "Nada na sua mão combina com {top} ({color}): compre uma carta.",
           "take": "Você não pode responder à compra: compre as {n} cartas.",
           "challenge": "Desafie o Curinga Comprar Quatro: quem o jogou pode ter {color}. (Se errar, "
                        "compra 6.)",
           "drawn_play": "A carta que você comprou combina: jogue-a. {why}",
           "keep": "A carta que você comprou não ajuda agora: fique com ela (passe).",
           "choose": "Escolha {color}: é a cor que você mais tem.",
           "catch": "{who} tem uma carta e não disse UNO: acuse antes que o próximo jogador comece!",
           "cut": "Você tem a mesma carta do topo: pode cortar com {card}.",
           "wait": "Nada a fazer agora: deixe os outros jogarem.",
           "other": "Uma boa jogada agora: {move}."},
}

#: actions in words, for the learner's choices: lang -> kind -> template
ACTION_WORDS: dict[str, dict[str, str]] = {
    "en": {"play": "play {cards}", "color": " and name {color}", "uno": " and say UNO", "target": " naming {who}",
           "more": " …and more cards", "more_target": " …then a seat", "draw": "draw", "take": "take the {n} cards",
           "pass": "keep the card drawn (pass)", "catch": "catch {who} without UNO", "say_uno": "say UNO",
           "challenge": "challenge the Wild Draw Four", "choose": "name {color}", "notice": "notice the wrong play",
           "cut": "cut in with {cards}"},
    "pt": {"play": "jogar {cards}", "color": " e escolher {color}", "uno": " e dizer UNO",
           "target": " escolhendo {who}",
           "more": " …e mais cartas", "more_target": " …depois um jogador", "draw": "comprar",
           "take": "comprar as {n} cartas", "pass": "ficar com a carta comprada (passar)",
           "catch": "acusar {who} sem UNO", "say_uno": "dizer UNO", "challenge": "desafiar o Curinga Comprar Quatro",
           "choose": "escolher {color}", "notice": "apontar a jogada errada", "cut": "cortar com {cards}"},
}
