"""Adapters for the peer domino engines that our benchmarks compare against.

Two PyPI packages are wrapped here (install them with the ``bench`` extra,
``pip install -e .[bench]``):

* ``dominoes`` 6.1.0 (https://github.com/abw333/dominoes): 4-player partnership block game,
  all 28 double-six tiles dealt, 7 each; ``Game.new(starting_domino=6-6)`` makes the holder
  of 6-6 lead it, which is what our ``block`` ruleset does on hand 1.
* ``open_spiel`` (``python_block_dominoes``: 2 players, 7 tiles each, 14 dead;
  ``python_team_dominoes``: 4 players in partnerships, 7 each, all 28 dealt). Player 0 leads
  any tile there, and a move names the *pip value* it covers, not an end.

Why a separate module: the speed benchmark (``engine_vs_peers.py``) and the AI harness
(``ai_vs_peers.py``) need the same things from the peers: a random whole hand through the
peer's public API, a deal we choose, and a translation between a peer's move and a common
``(tile, touching value)`` key that our engine's moves can be matched against. Nothing here
imports our engine, so the peer side can be exercised before the engine exists.

Tiles are ``(high, low)`` tuples of ints, as in our engine. A *placement key* is
``(tile, touching)``: ``touching`` is the value of the end the tile is put against, or
``None`` for the lead. Both peers and our engine can express every legal placement as such a
key; when the two ends show the same number our engine lists both ``@L`` and ``@R`` while the
peers list one move, so legal sets are compared as sets of keys.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Tile = tuple[int, int]
Key = tuple[Tile, int | None]

DOUBLE_SIX: tuple[Tile, ...] = tuple((h, lo) for h in range(7) for lo in range(h + 1))


@dataclass(frozen=True)
class HandStats:
    """What one random hand did: placements made (passes excluded) and whether it blocked."""

    placements: int
    blocked: bool


def shuffled_deal(rng: random.Random, n_hands: int, hand_size: int) -> list[list[Tile]]:
    """Deal ``n_hands`` hands of ``hand_size`` double-six tiles with a Fisher-Yates shuffle.

    Written out (over ``rng.random()`` only) so that a seed gives the same deal on every Python
    version; the rest of the set is dead, as in block.
    """
    tiles = list(DOUBLE_SIX)
    for i in range(len(tiles) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return [tiles[k * hand_size:(k + 1) * hand_size] for k in range(n_hands)]


def norm(tile: Sequence[float]) -> Tile:
    """A peer tile (any order, ints or floats) as our ``(high, low)`` int tuple."""
    a, b = int(tile[0]), int(tile[1])
    return (a, b) if a >= b else (b, a)


def pips(tiles: Sequence[Tile]) -> int:
    """Face pip total of some tiles."""
    return sum(a + b for a, b in tiles)


def versions() -> dict[str, str | None]:
    """Installed versions of the peer packages (``None`` when missing), for the report."""
    from importlib.metadata import PackageNotFoundError, version

    out: dict[str, str | None] = {}
    for name in ("dominoes", "open_spiel"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


# --------------------------------------------------------------------------------------------
# dominoes 6.1.0
# --------------------------------------------------------------------------------------------


class DominoesPeer:
    """The ``dominoes`` package's 4-player partnership game, driven through its public API.

    ``Game.new`` shuffles with the global ``random`` module, so the constructor seeds that
    module once (``seed``); ``random_hand`` then leaves it alone, since re-seeding per hand
    would add about 4 us (3%) to the peer's time. Moves are drawn from the caller's generator.
    """

    label = "dominoes 6.1.0 Game (4p partnership, 6-6 leads)"

    def __init__(self, seed: int | None = 0) -> None:
        import dominoes

        if seed is not None:
            random.seed(seed)
        self.dominoes = dominoes
        self._six_six = dominoes.Domino(6, 6)

    def random_hand(self, rng: random.Random) -> HandStats:
        """Play one whole hand with uniformly random valid moves; passes are automatic there."""
        game = self.dominoes.Game.new(starting_domino=self._six_six)
        choice = rng.choice
        make_move = game.make_move
        while game.result is None:
            make_move(*choice(game.valid_moves))
        placements = sum(1 for m in game.moves if m is not None)
        return HandStats(placements, not game.result.won)

    def new_game(self, hands: Sequence[Sequence[Tile]]) -> Any:
        """A game with the given four hands, the holder of 6-6 having led it (as ``Game.new``).

        This repeats what ``Game.new(starting_domino=...)`` does after its own shuffle, through
        the public ``Game`` constructor, so the peer plays exactly our deal.
        """
        d = self.dominoes
        peer_hands = [d.Hand([d.Domino(lo, hi) for hi, lo in h]) for h in hands]
        starter = next(i for i, h in enumerate(hands) if (6, 6) in h)
        game = d.Game(d.Board(), peer_hands, [], starter, ((self._six_six, True),), starter, None)
        game.make_move(self._six_six, True)
        return game

    @staticmethod
    def ends(game: Any) -> tuple[int, int] | None:
        """(left, right) end values of the peer board, or ``None`` while it is empty."""
        if not len(game.board):
            return None
        return game.board.left_end(), game.board.right_end()

    def legal_keys(self, game: Any) -> set[Key]:
        """The peer's valid moves for the seat to move, as placement keys."""
        ends = self.ends(game)
        keys: set[Key] = set()
        for dom, left in game.valid_moves:
            tile = norm(dom)
            if ends is None:
                keys.add((tile, None))
            else:
                keys.add((tile, ends[0] if left else ends[1]))
        return keys

    def move_for_key(self, game: Any, key: Key) -> tuple[Any, bool]:
        """The peer move ``(Domino, left)`` that places ``key``; raises ``ValueError`` if none."""
        tile, touching = key
        dom = self.dominoes.Domino(tile[1], tile[0])
        ends = self.ends(game)
        if ends is None or touching == ends[0]:
            left = True
        elif touching == ends[1]:
            left = False
        else:
            raise ValueError(f"no end shows {touching} on the dominoes board {game.board}")
        return dom, left

    def key_of(self, game: Any, move: tuple[Any, bool]) -> Key:
        """The placement key of a peer move, read before it is made."""
        dom, left = move
        ends = self.ends(game)
        return norm(dom), None if ends is None else (ends[0] if left else ends[1])

    def bot(self, name: str, sample_size: int = 8, start_move: int = 0) -> Callable[[Any], None]:
        """One of the package's players: ``bota_gorda`` or ``probabilistic_alphabeta``.

        Players reorder ``game.valid_moves`` best first. ``probabilistic_alphabeta`` by default
        enumerates every hand the others could hold, which does not finish early in a hand, so
        it is built with a ``sample_size`` (hands sampled per decision, each solved exactly by
        alpha-beta) and the ``start_move`` before which it leaves the order alone.
        """
        players = self.dominoes.players
        if name == "bota_gorda":
            return players.bota_gorda
        if name == "probabilistic_alphabeta":
            return players.probabilistic_alphabeta(start_move=start_move, sample_size=sample_size)
        raise ValueError(f"unknown dominoes player {name!r}")


# --------------------------------------------------------------------------------------------
# OpenSpiel python_block_dominoes / python_team_dominoes
# --------------------------------------------------------------------------------------------


class OpenSpielPeer:
    """An OpenSpiel Python dominoes game, played through the generic ``pyspiel`` state API.

    ``short_name`` is ``python_block_dominoes`` (2 players) or ``python_team_dominoes``
    (4 players). The deal is OpenSpiel's own sequence of chance outcomes (one tile each), drawn
    uniformly from ``chance_outcomes()`` with the caller's generator.
    """

    def __init__(self, short_name: str) -> None:
        import pyspiel
        from open_spiel.python.games import block_dominoes, team_dominoes

        self.pyspiel = pyspiel
        self.short_name = short_name
        self.module = block_dominoes if short_name == "python_block_dominoes" else team_dominoes
        self.game = pyspiel.load_game(short_name)
        self.players = self.game.num_players()
        self.label = f"open_spiel {short_name} ({self.players}p, P0 leads any)"
        self._deck_index = {norm(t): i for i, t in enumerate(self.module._DECK)}
        self._action_index = {
            (a.player, norm(a.tile), None if a.edge is None else int(a.edge)): i
            for i, a in enumerate(self.module._ACTIONS)
        }

    def random_hand(self, rng: random.Random) -> HandStats:
        """Deal and play one whole hand with uniformly random chance outcomes and actions."""
        state = self.game.new_initial_state()
        rand = rng.random
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rand() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rand() * len(legal))])
        return HandStats(len(state.actions_history), all(state.hands))

    def new_state(self, hands: Sequence[Sequence[Tile]]) -> Any:
        """A state after dealing exactly ``hands`` (``hands[p]`` to player ``p``).

        The chance outcomes are applied in the order the game deals: all of player 0's tiles
        then player 1's for block dominoes, round robin for team dominoes.
        """
        state = self.game.new_initial_state()
        if self.players == 2:
            order = [t for h in hands for t in h]
        else:
            order = [hands[p][k] for k in range(len(hands[0])) for p in range(self.players)]
        for tile in order:
            state.apply_action(self._deck_index[tile])
        assert not state.is_chance_node(), "deal incomplete"
        return state

    def action_for_key(self, player: int, key: Key) -> int:
        """The action id that makes ``player`` place ``key``; raises ``KeyError`` if none."""
        tile, touching = key
        return self._action_index[(player, tile, touching)]

    def key_of(self, action: int) -> Key:
        """The placement key of an action id."""
        a = self.module._ACTIONS[action]
        return norm(a.tile), None if a.edge is None else int(a.edge)

    def legal_keys(self, state: Any) -> set[Key]:
        """The legal actions of the player to move, as placement keys."""
        return {self.key_of(a) for a in state.legal_actions()}

    def resampler(self, rng: random.Random) -> Callable[[Any, int], Any]:
        """A ``resample_from_infostate`` for ``python_block_dominoes``, for OpenSpiel's ISMCTS.

        The Python game does not implement ``ResampleFromInfostate``, which ISMCTS needs, so the
        bot gets this callback (``ISMCTSBot.set_resampler``). It returns a state the player to
        move cannot tell from ``state``: the opponent's hidden tiles are drawn uniformly from
        the tiles the player has not seen, excluding every value the opponent is known to lack
        (the open ends whenever the opponent was skipped, i.e. the same player acted twice in a
        row). The constraint is per tile, so filtering then sampling is exactly uniform over the
        consistent deals. The deal is then replayed with the public history.
        """
        if self.players != 2:
            raise NotImplementedError("resampler written for python_block_dominoes only")

        def resample(state: Any, player: int) -> Any:
            history = list(state.actions_history)
            opp = 1 - player
            forbidden: set[int] = set()
            edges: list[int] = []
            for i, action in enumerate(history):
                tile = norm(action.tile)
                if action.edge is None:
                    edges = [tile[0], tile[1]]
                else:
                    edges.remove(int(action.edge))
                    edges.append(tile[1] if tile[0] == int(action.edge) else tile[0])
                nxt = history[i + 1].player if i + 1 < len(history) else player
                if action.player == nxt == player:
                    forbidden.update(edges)  # the opponent was skipped: it held none of these
            played = {norm(a.tile) for a in history}
            own_now = [norm(t) for t in state.hands[player]]
            seen = played | set(own_now)
            candidates = [t for t in DOUBLE_SIX if t not in seen
                          and t[0] not in forbidden and t[1] not in forbidden]
            hidden = rng.sample(candidates, len(state.hands[opp]))
            initial: list[list[Tile]] = [[], []]
            initial[player] = own_now + [norm(a.tile) for a in history if a.player == player]
            initial[opp] = hidden + [norm(a.tile) for a in history if a.player == opp]
            new = self.new_state(initial)
            for action in history:
                new.apply_action(self.action_for_key(action.player, self.key_of_action(action)))
            return new

        return resample

    @staticmethod
    def key_of_action(action: Any) -> Key:
        """The placement key of an OpenSpiel ``Action`` object from ``actions_history``."""
        return norm(action.tile), None if action.edge is None else int(action.edge)

    def ismcts_bot(self, simulations: int, uct_c: float, seed: int) -> Any:
        """OpenSpiel's Python ISMCTS bot with random-rollout evaluation and our resampler.

        ``uct_c`` = 5 and 1000 simulations are the values of OpenSpiel's own ISMCTS tests;
        returns are raw pip differences (up to 69), as the game reports them.
        """
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        rs = np.random.RandomState(seed)
        bot = ismcts.ISMCTSBot(self.game, mcts.RandomRolloutEvaluator(1, rs), uct_c,
                               simulations, random_state=rs)
        rng = random.Random(seed)
        bot.set_resampler(self.resampler(rng))
        # Everything the bot's next decision depends on besides the state: its two random
        # streams (the tree is rebuilt at every step). ``ReplayCache`` saves and restores them.
        bot.streams = (rs, rng)
        return bot
