"""Benchmark loops for RLCard 1.2.0's UNO, random against random.

Imported by ``bench/run.py`` (the single-process driver of ``unokit bench``), which runs
with the Python of the RLCard virtualenv (``.bench/rlcard-venv``).  This module imports only
the standard library, numpy and RLCard.  It builds two loops, each with one
``numpy.random.RandomState`` seeded *once* for the whole run, as ``Env.seed()`` does for
RLCard's users (``env.seed(s)`` once, then ``env.reset()`` for every game):

``rlcard`` -- RLCard's raw game loop, as its users drive ``UnoGame``::

    game = UnoGame(allow_step_back=False, num_players=N)
    game.configure({"game_num_players": N})
    game.np_random = numpy.random.RandomState(seed)      # once per run
    for each game:
        game.init_game()
        while not game.is_over():
            game.get_player_id()
            game.step(rng.choice(game.get_legal_actions()))

  ``step()`` applies the action (``round.proceed_round``) and then builds the next player's
  state dict (``get_state``: hand and discard pile as strings, the legal actions again, card
  counts).  That is the cost of RLCard's game API and it is measured.  No ``rlcard.make``
  environment, so no encoding of states into numpy arrays.

``rlcard-rules`` -- RLCard's bare rules: the same game with nothing but the rules.
  ``init_game()`` without its final ``get_state``, and ``step()`` without ``get_state``::

    dealer = UnoDealer(np_random); players = [UnoPlayer(i, np_random) ...]
    deal 7 each; rnd = UnoRound(dealer, N, np_random)
    rnd.perform_top_card(players, rnd.flip_top_card())
    while not rnd.is_over:
        rnd.proceed_round(players, rng.choice(rnd.get_legal_actions(players, rnd.current_player)))

One action is one ``step()`` / ``proceed_round()`` call.  A game that raises (RLCard 1.2.0 can
fail when the stock and the discard pile are both empty) or passes ``max_actions`` is not
counted as a finished game; its time stays in the block.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

Block = Callable[[Sequence[int], random.Random], dict]


def versions() -> dict:
    """RLCard's and numpy's versions."""
    import numpy as np
    try:
        from importlib.metadata import version
        rl = version("rlcard")
    except Exception:  # noqa: BLE001 - pragma: no cover - a broken install
        import rlcard
        rl = getattr(rlcard, "__version__", None)
    return {"rlcard": rl, "numpy": np.__version__}


def make_game_loop(players: int, seed: int, max_actions: int = 100_000) -> Block:
    """RLCard's raw ``UnoGame`` loop for *players* seats, its generator seeded once with *seed*.

    Returns ``block(seeds, rng)``: play ``len(seeds)`` games with the random agent *rng* (the
    seed values are not used: RLCard deals from its one generator); returns
    ``{"games", "actions", "errors", "truncated", "digest"}`` (``digest``: one entry per game).
    """
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(allow_step_back=False, num_players=players)
    game.configure({"game_num_players": players})
    game.np_random = np.random.RandomState(seed % (2 ** 32))  # once, as Env.seed() does

    def block(seeds: Sequence[int], rng: random.Random) -> dict:
        choice = rng.choice
        init_game, is_over, step = game.init_game, game.is_over, game.step
        get_player_id, get_legal_actions = game.get_player_id, game.get_legal_actions
        games = actions = errors = truncated = 0
        digest = []
        for _ in seeds:  # RLCard deals from its run-long generator; the values are unused
            a = 0
            try:
                init_game()
                while not is_over():
                    if a >= max_actions:
                        break
                    get_player_id()
                    step(choice(get_legal_actions()))
                    a += 1
            except Exception:  # noqa: BLE001 - the peer's game raised: counted as an error, as its users see it
                errors += 1
                digest.append((a, "error"))
                actions += a
                continue
            actions += a
            if is_over():
                games += 1
                digest.append((a, game.round.winner))
            else:
                truncated += 1
                digest.append((a, None))
        return {"games": games, "actions": actions, "errors": errors, "truncated": truncated,
                "digest": digest}

    return block


def make_rules_loop(players: int, seed: int, max_actions: int = 100_000) -> Block:
    """RLCard's bare rules (``UnoRound`` without state building), its generator seeded once."""
    import numpy as np
    from rlcard.games.uno.dealer import UnoDealer
    from rlcard.games.uno.player import UnoPlayer
    from rlcard.games.uno.round import UnoRound

    np_random = np.random.RandomState(seed % (2 ** 32))  # once per run
    seats = range(players)

    def block(seeds: Sequence[int], rng: random.Random) -> dict:
        choice = rng.choice
        games = actions = errors = truncated = 0
        digest = []
        for _ in seeds:  # RLCard deals from its run-long generator; the values are unused
            a = 0
            rnd = None
            try:
                # UnoGame.init_game() without its get_state()
                dealer = UnoDealer(np_random)
                hands = [UnoPlayer(i, np_random) for i in seats]
                for p in hands:
                    dealer.deal_cards(p, 7)
                rnd = UnoRound(dealer, players, np_random)
                rnd.perform_top_card(hands, rnd.flip_top_card())
                # UnoGame.step() without its get_state()
                legal, proceed = rnd.get_legal_actions, rnd.proceed_round
                while not rnd.is_over:
                    if a >= max_actions:
                        break
                    proceed(hands, choice(legal(hands, rnd.current_player)))
                    a += 1
            except Exception:  # noqa: BLE001 - the peer's game raised: counted as an error, as its users see it
                errors += 1
                digest.append((a, "error"))
                actions += a
                continue
            actions += a
            if rnd.is_over:
                games += 1
                digest.append((a, rnd.winner))
            else:
                truncated += 1
                digest.append((a, None))
        return {"games": games, "actions": actions, "errors": errors, "truncated": truncated,
                "digest": digest}

    return block
