"""Layout topology: the tiles on the table and their open ends.

Three shapes cover every variant: a line with two ends, a tree of arms grown from spinners
(doubles, all_fives), and Mexican Train's trains around a hub. Only topology lives here (arms,
sides, stable end ids); pixels belong to the web app.

End ids are stable so that records replay the same: ``L`` and ``R`` on a line and for the line
arms of a tree, ``N`` and ``S`` for the cross arms of the first spinner, ``X1``, ``X2``, ... for
the cross arms of later spinners in the order they appear, ``T0``..``T7`` for the seats' trains
and ``MX`` for the Mexican train.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ..errors import IllegalMoveError, RecordError
from ..tiles import Tile

if TYPE_CHECKING:
    from ..rules.ruleset import Ruleset


def touch_options(tile: Tile, value: int, blank_wild: bool) -> tuple[int, ...]:
    """Which half of ``tile`` may touch an open end showing ``value``.

    Normally the half equal to ``value``. With ``blank_wild`` (vn_traditional option) a blank
    end takes any tile by either half, and a blank half may touch an end of any value.
    """
    a, b = tile
    if not blank_wild:
        if a == value or b == value:
            return (value,)
        return ()
    if value == 0 or a == b == 0:
        return (a,) if a == b else (a, b)
    opts = []
    if a == value or b == value:
        opts.append(value)
    if b == 0 and 0 not in opts:
        opts.append(0)
    return tuple(opts)


class LineLayout:
    """A line with exactly two open ends, ``L`` and ``R``."""

    kind: Literal["line"] = "line"
    __slots__ = ("tiles", "left", "right", "blank_wild")

    def __init__(self, blank_wild: bool = False) -> None:
        self.tiles: list[tuple[int, int]] = []  # oriented (left half, right half)
        self.left = -1
        self.right = -1
        self.blank_wild = blank_wild

    def copy(self) -> LineLayout:
        """An independent copy."""
        other = LineLayout.__new__(LineLayout)
        other.tiles = self.tiles[:]
        other.left, other.right, other.blank_wild = self.left, self.right, self.blank_wild
        return other

    @property
    def empty(self) -> bool:
        """True before the lead."""
        return not self.tiles

    def ends(self) -> list[tuple[str, int]]:
        """Open ends as (end id, value)."""
        return [("L", self.left), ("R", self.right)] if self.tiles else []

    def lead(self, tile: Tile, seat: int) -> None:
        """Open the layout: the high half shows left (RULES.md 1.3)."""
        self.tiles.append((tile[0], tile[1]))
        self.left, self.right = tile[0], tile[1]

    def options(self, tile: Tile, seat: int) -> list[tuple[str, int]]:
        """Every (end, touching half) where ``tile`` may be placed."""
        if self.blank_wild:
            out = [("L", h) for h in touch_options(tile, self.left, True)]
            return out + [("R", h) for h in touch_options(tile, self.right, True)]
        a, b = tile
        left, right = self.left, self.right
        out = []
        if a == left or b == left:
            out.append(("L", left))
        if a == right or b == right:
            out.append(("R", right))
        return out

    def place(self, tile: Tile, end: str, touch: int, seat: int) -> None:
        """Put ``tile`` on ``end`` touching with half ``touch``; its other half is exposed."""
        other = tile[1] if tile[0] == touch else tile[0]
        if end == "L":
            self.tiles.insert(0, (other, touch))
            self.left = other
        else:
            self.tiles.append((touch, other))
            self.right = other

    def count_ends(self) -> int:
        """All-fives count: exposed halves, a double at a tip counting both halves."""
        if not self.tiles:
            return 0
        if len(self.tiles) == 1:
            a, b = self.tiles[0]
            return a + b
        first, last = self.tiles[0], self.tiles[-1]
        return (2 * first[0] if first[0] == first[1] else first[0]) + (
            2 * last[1] if last[0] == last[1] else last[1])

    def placed(self) -> list[Tile]:
        """Every tile on the table, canonical."""
        return [(a, b) if a >= b else (b, a) for a, b in self.tiles]

    def to_json(self) -> dict[str, Any]:
        """The layout for views and records."""
        return {"kind": "line", "tiles": [list(t) for t in self.tiles]}

    def record_fields(self) -> dict[str, Any]:
        """The RECORD.md ``line`` field of a start position."""
        return {"line": [f"{a}|{b}" for a, b in self.tiles]}

    @classmethod
    def from_pairs(cls, line: list[tuple[int, int]], blank_wild: bool) -> LineLayout:
        """Rebuild from RECORD.md's ``line`` as ``domino.rules.schema.line`` reads it: oriented
        (left, right) pairs from left to right; neighbours must match."""
        lay = cls(blank_wild)
        lay.tiles = list(line)
        for (_, r), (l2, _) in zip(lay.tiles, lay.tiles[1:], strict=False):
            if r != l2 and not (blank_wild and 0 in (r, l2)):
                raise RecordError(f"line tiles do not match: {r} next to {l2}")
        if lay.tiles:
            lay.left, lay.right = lay.tiles[0][0], lay.tiles[-1][1]
        return lay


    @classmethod
    def new(cls, rs: Ruleset, players: int, engine: int | None) -> LineLayout:
        """An empty table of ``rs`` (``LAYOUT_CLASSES``: every kind's class has it)."""
        return cls(rs.blank_wild)

    @classmethod
    def from_view(cls, rs: Ruleset, players: int, data: dict[str, Any]) -> LineLayout:
        """The layout of a view's layout JSON (``to_json``)."""
        return cls.from_pairs([(a, b) for a, b in data["tiles"]], rs.blank_wild)

class Arm:
    """One arm of a tree layout: tiles outward from its origin, as (touching, exposed)."""

    __slots__ = ("id", "parent", "origin", "origin_double", "tiles", "open", "cross")

    def __init__(self, arm_id: str, parent: tuple[str, int] | None, origin: int,
                 origin_double: bool, cross: bool, is_open: bool) -> None:
        self.id = arm_id
        self.parent = parent
        self.origin = origin
        self.origin_double = origin_double
        self.tiles: list[tuple[int, int]] = []
        self.open = is_open
        self.cross = cross

    def copy(self) -> Arm:
        """An independent copy."""
        other = Arm(self.id, self.parent, self.origin, self.origin_double, self.cross, self.open)
        other.tiles = self.tiles[:]
        return other

    @property
    def value(self) -> int:
        """The number showing at the arm's open end."""
        return self.tiles[-1][1] if self.tiles else self.origin

    @property
    def tip_is_double(self) -> bool:
        """The arm ends on a double (its own last tile, or the double it starts from)."""
        if self.tiles:
            t, e = self.tiles[-1]
            return t == e
        return self.origin_double


class TreeLayout:
    """Arms grown from the lead and from spinners (variants ``doubles`` and ``all_fives``)."""

    kind: Literal["tree"] = "tree"

    def __init__(self, spinners: str, cross_after_line: bool, unlock_mode: str | None) -> None:
        self.spinner_rule = spinners
        self.cross_after_line = cross_after_line
        self.unlock_mode = unlock_mode
        self.lead_tile: tuple[int, int] | None = None
        self.arms: dict[str, Arm] = {}
        self.doubles_down: set[int] = set()
        self.spinners: list[tuple[str, int]] = []  # (arm id, index) of each spinner; lead = ("", 0)
        self.next_x = 1

    def copy(self) -> TreeLayout:
        """An independent copy."""
        other = TreeLayout.__new__(TreeLayout)
        other.spinner_rule = self.spinner_rule
        other.cross_after_line = self.cross_after_line
        other.unlock_mode = self.unlock_mode
        other.lead_tile = self.lead_tile
        other.arms = {k: a.copy() for k, a in self.arms.items()}
        other.doubles_down = set(self.doubles_down)
        other.spinners = self.spinners[:]
        other.next_x = self.next_x
        return other

    @property
    def empty(self) -> bool:
        """True before the lead."""
        return self.lead_tile is None

    def _is_spinner(self, tile: Tile) -> bool:
        if tile[0] != tile[1] or self.spinner_rule == "none":
            return False
        return self.spinner_rule == "all" or not self.spinners

    def ends(self) -> list[tuple[str, int]]:
        """Open ends as (end id, value)."""
        return [(a.id, a.value) for a in self.arms.values() if a.open]

    def _open_line(self, a: int, b: int) -> bool:
        """Lay the lead ``a|b`` with its two line arms; return whether it is a double."""
        self.lead_tile = (a, b)
        double = a == b
        if double:
            self.doubles_down.add(a)
        self.arms["L"] = Arm("L", None, a, double, False, True)
        self.arms["R"] = Arm("R", None, b, double, False, True)
        return double

    def lead(self, tile: Tile, seat: int) -> None:
        """Open the layout; a spinner lead gets cross arms N and S."""
        a = tile[0]
        self._open_line(a, tile[1])
        if self._is_spinner(tile):
            self.spinners.append(("", 0))
            opened = not self.cross_after_line
            self.arms["N"] = Arm("N", None, a, True, True, opened)
            self.arms["S"] = Arm("S", None, a, True, True, opened)

    def _allowed(self, tile: Tile, arm: Arm) -> bool:
        """Extra conditions of the ``doubles`` variant: numbers must be unlocked."""
        if self.unlock_mode is None or tile[0] == tile[1]:
            return True
        if self.unlock_mode == "number":
            return arm.value in self.doubles_down
        return arm.tip_is_double

    def options(self, tile: Tile, seat: int) -> list[tuple[str, int]]:
        """Every (end, touching half) where ``tile`` may be placed."""
        out = []
        a, b = tile
        for arm in self.arms.values():
            if arm.open:
                v = arm.value
                if (a == v or b == v) and self._allowed(tile, arm):
                    out.append((arm.id, v))
        return out

    def place(self, tile: Tile, end: str, touch: int, seat: int) -> None:
        """Extend arm ``end``; a spinner double opens two cross arms."""
        arm = self.arms[end]
        other = tile[1] if tile[0] == touch else tile[0]
        arm.tiles.append((touch, other))
        if tile[0] == tile[1]:
            self.doubles_down.add(tile[0])
        if self.cross_after_line:
            self._open_cross_arms()
        if self._is_spinner(tile):
            index = len(arm.tiles) - 1
            self.spinners.append((arm.id, index))
            if len(self.spinners) == 1:
                ids = ("N", "S")
            else:
                ids = (f"X{self.next_x}", f"X{self.next_x + 1}")
                self.next_x += 2
            opened = not self.cross_after_line
            for cid in ids:
                self.arms[cid] = Arm(cid, (arm.id, index), touch, True, True, opened)

    def _open_cross_arms(self) -> None:
        """Cross sides open once both line sides of their spinner carry a tile."""
        for arm in self.arms.values():
            if arm.open or not arm.cross:
                continue
            if arm.parent is None:
                ready = bool(self.arms["L"].tiles) and bool(self.arms["R"].tiles)
            else:
                host, index = arm.parent
                ready = len(self.arms[host].tiles) > index + 1
            if ready:
                arm.open = True

    def count_ends(self) -> int:
        """All-fives count (RULES.md 3.3).

        Each arm counts its exposed half, or both halves of a double at its tip. A double lead
        whose line side is still free counts its full total once; cross arms count only once
        they carry a tile.
        """
        if self.lead_tile is None:
            return 0
        total = 0
        lead_counted = False
        for arm in self.arms.values():
            if arm.tiles:
                t, e = arm.tiles[-1]
                total += 2 * e if t == e else e
            elif arm.cross:
                continue
            elif arm.origin_double:
                if not lead_counted:
                    total += 2 * arm.origin
                    lead_counted = True
            else:
                total += arm.origin
        return total

    def placed(self) -> list[Tile]:
        """Every tile on the table, canonical."""
        out = []
        if self.lead_tile is not None:
            a, b = self.lead_tile
            out.append((a, b) if a >= b else (b, a))
        for arm in self.arms.values():
            out.extend((t, e) if t >= e else (e, t) for t, e in arm.tiles)
        return out

    def to_json(self) -> dict[str, Any]:
        """The layout for views and records (ENGINE_API.md)."""
        return {
            "kind": "tree",
            "lead": list(self.lead_tile) if self.lead_tile else None,
            "arms": [{"id": a.id, "parent": list(a.parent) if a.parent else None,
                      "open": a.open, "tiles": [list(t) for t in a.tiles]}
                     for a in self.arms.values()],
        }

    def record_fields(self) -> dict[str, Any]:
        """The engine-defined ``layout`` field of a start position."""
        return {"layout": self.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any], spinners: str, cross_after_line: bool,
                  unlock_mode: str | None) -> TreeLayout:
        """Rebuild a tree from its JSON (``to_json``): arms, parents and tiles as given.

        Every arm is listed, empty ones included, so the spinners and the names of their
        cross arms are read, not guessed: the order of play cannot be recovered from a
        picture of the table, and the ids must stay what they were.
        """
        lay = cls(spinners, cross_after_line, unlock_mode)
        if not isinstance(data, dict) or data.get("kind") != "tree":
            raise RecordError("start.layout must be a tree layout for this variant")
        lead = data.get("lead")
        specs = data.get("arms") or []
        if lead is None:
            if any(a.get("tiles") for a in specs if isinstance(a, dict)):
                raise RecordError("a tree layout with arms needs a lead")
            return lay
        try:
            a = int(lead[0])
            double = lay._open_line(a, int(lead[1]))
            by_id = {}
            for spec in specs:
                arm_id = str(spec["id"])
                if arm_id in by_id:
                    raise RecordError(f"arm {arm_id} is listed twice")
                by_id[arm_id] = spec
            # Line arms first, then cross arms whose host arm is already built.
            pending = [i for i in by_id if i not in ("L", "R")]
            for arm_id in ("L", "R"):
                if arm_id in by_id:
                    lay._fill(lay.arms[arm_id], by_id[arm_id].get("tiles") or [])
            while pending:
                progressed = False
                for arm_id in pending[:]:
                    spec = by_id[arm_id]
                    parent = spec.get("parent")
                    if parent is None:
                        if arm_id not in ("N", "S") or not double or spinners == "none":
                            raise RecordError(f"arm {arm_id} has no parent and the lead is "
                                              "not a spinner")
                        origin, key = a, ("", 0)
                    else:
                        host, index = str(parent[0]), int(parent[1])
                        if host not in lay.arms:
                            continue
                        tiles = lay.arms[host].tiles
                        if not 0 <= index < len(tiles) or tiles[index][0] != tiles[index][1]:
                            raise RecordError(f"arm {arm_id}: its parent is not a double")
                        origin, key = tiles[index][0], (host, index)
                    if spinners == "none":
                        raise RecordError("this variant has no spinners, so no cross arms")
                    if key not in lay.spinners:
                        lay.spinners.append(key)
                    arm = Arm(arm_id, None if parent is None else key, origin, True, True,
                              not cross_after_line)
                    lay.arms[arm_id] = arm
                    lay._fill(arm, spec.get("tiles") or [])
                    if arm_id.startswith("X") and arm_id[1:].isdigit():
                        lay.next_x = max(lay.next_x, int(arm_id[1:]) + 1)
                    pending.remove(arm_id)
                    progressed = True
                if not progressed:
                    raise RecordError("tree layout names arms that do not exist: "
                                      + ", ".join(pending))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"malformed tree layout: {exc}") from None
        lay._complete_spinners(double)
        if spinners == "first" and len(lay.spinners) > 1:
            raise RecordError("only the first double is a spinner in this variant")
        if cross_after_line:
            lay._open_cross_arms()
        return lay

    def _complete_spinners(self, lead_double: bool) -> None:
        """Add the empty cross arms a hand-written layout may leave out.

        A spinner lead always has N and S; a listed cross arm brings its partner (N with S,
        X1 with X2, ...). Under ``spinners = first`` a lone double on an arm is the spinner.
        Any other double that must be a spinner needs its cross arms listed, since their
        names depend on the order of play.
        """
        rule = self.spinner_rule
        if rule == "none":
            return
        if lead_double and ("", 0) not in self.spinners:
            self.spinners.insert(0, ("", 0))
        if rule == "first" and not self.spinners:
            doubles = [(arm.id, i) for arm in self.arms.values() if not arm.cross
                       for i, (t, e) in enumerate(arm.tiles) if t == e]
            if len(doubles) > 1:
                raise RecordError("list the cross arms (N, S) of the spinner")
            self.spinners.extend(doubles)
        for key in self.spinners:
            ids = [arm.id for arm in self.arms.values()
                   if arm.cross and (arm.parent or ("", 0)) == key]
            if not ids:
                ids = ["N"] if len(self.spinners) == 1 or key == self.spinners[0] else []
            if not ids:
                raise RecordError("list the cross arms of every spinner")
            first = ids[0]
            if first in ("N", "S"):
                pair = ("N", "S")
            else:
                k = int(first[1:])
                k -= 0 if k % 2 else 1
                pair = (f"X{k}", f"X{k + 1}")
                self.next_x = max(self.next_x, k + 2)
            if key == ("", 0):
                assert self.lead_tile is not None  # a spinner at the lead: the lead is down
                origin = self.lead_tile[0]
            else:
                origin = self.arms[key[0]].tiles[key[1]][0]
            for cid in pair:
                if cid not in self.arms:
                    self.arms[cid] = Arm(cid, None if key == ("", 0) else key, origin, True,
                                         True, not self.cross_after_line)

    def _fill(self, arm: Arm, tiles: list[Any]) -> None:
        """Put recorded (touching, exposed) tiles on ``arm``, checking that they match."""
        for touch, exposed in tiles:
            touch, exposed = int(touch), int(exposed)
            if arm.value != touch:
                raise RecordError(f"arm {arm.id}: {touch} does not match {arm.value}")
            arm.tiles.append((touch, exposed))
            if touch == exposed:
                self.doubles_down.add(touch)


    @classmethod
    def new(cls, rs: Ruleset, players: int, engine: int | None) -> TreeLayout:
        """An empty table of ``rs`` (``LAYOUT_CLASSES``: every kind's class has it)."""
        return cls(rs.spinners, rs.cross_after_line, rs.unlock_mode)

    @classmethod
    def from_view(cls, rs: Ruleset, players: int, data: dict[str, Any]) -> TreeLayout:
        """The layout of a view's layout JSON (``to_json``)."""
        return cls.from_json(data, rs.spinners, rs.cross_after_line, rs.unlock_mode)

class TrainLayout:
    """Mexican Train: the engine double in the hub, one train per seat and the Mexican train."""

    kind: Literal["trains"] = "trains"

    def __init__(self, engine: int, players: int, allow_double_chain: bool) -> None:
        self.engine = engine
        self.players = players
        self.allow_double_chain = allow_double_chain
        self.trains: dict[str, list[tuple[int, int]]] = {f"T{s}": [] for s in range(players)}
        self.trains["MX"] = []
        self.markers: set[int] = set()
        self.unsatisfied: list[str] = []  # trains whose tip is a double not yet satisfied

    def copy(self) -> TrainLayout:
        """An independent copy."""
        other = TrainLayout.__new__(TrainLayout)
        other.engine, other.players = self.engine, self.players
        other.allow_double_chain = self.allow_double_chain
        other.trains = {k: v[:] for k, v in self.trains.items()}
        other.markers = set(self.markers)
        other.unsatisfied = self.unsatisfied[:]
        return other

    @property
    def empty(self) -> bool:
        """A train layout never needs a lead: the engine is already in the hub."""
        return False

    def lead(self, tile: Tile, seat: int) -> None:
        """Never called: the engine double is in the hub from the start, so a round of
        Mexican Train has no lead (RULES.md 3.4) and ``legal_moves`` never offers one."""
        raise IllegalMoveError(f"{tile[0]}-{tile[1]}: a train layout has no lead")

    def value(self, train: str) -> int:
        """The number showing at the tip of ``train``."""
        tiles = self.trains[train]
        return tiles[-1][1] if tiles else self.engine

    def ends(self) -> list[tuple[str, int]]:
        """Every train tip as (end id, value)."""
        return [(k, self.value(k)) for k in self.trains]

    def targets(self, seat: int) -> list[str]:
        """Trains ``seat`` may play on: its own, the Mexican train, and marked trains.

        While a double is unsatisfied only the oldest such double may be played on.
        """
        if self.unsatisfied:
            return [self.unsatisfied[0]]
        return self.open_targets(seat)

    def open_targets(self, seat: int) -> list[str]:
        """Trains ``seat`` may play on when no double waits: its own, the Mexican train, and
        marked trains (option allow_double_chain asks for these while a double waits, to lay
        another double on them)."""
        out = [f"T{seat}", "MX"]
        out.extend(f"T{s}" for s in sorted(self.markers) if s != seat)
        return out

    def options(self, tile: Tile, seat: int, targets: list[str] | None = None
                ) -> list[tuple[str, int]]:
        """Every (train, touching half) where ``tile`` may be placed by ``seat``; ``targets``
        may pass ``self.targets(seat)`` computed once for a whole hand."""
        a, b = tile
        out = []
        for train in targets if targets is not None else self.targets(seat):
            v = self.value(train)
            if a == v or b == v:
                out.append((train, v))
        return out

    def place(self, tile: Tile, end: str, touch: int, seat: int) -> None:
        """Extend a train; a double becomes unsatisfied, a tile on a double satisfies it."""
        other = tile[1] if tile[0] == touch else tile[0]
        if self.unsatisfied and self.unsatisfied[0] == end:
            self.unsatisfied.pop(0)
        self.trains[end].append((touch, other))
        if tile[0] == tile[1]:
            self.unsatisfied.append(end)
        if end == f"T{seat}":
            self.markers.discard(seat)

    def placed(self) -> list[Tile]:
        """Every tile on the table, the engine included."""
        out = [(self.engine, self.engine)]
        for tiles in self.trains.values():
            out.extend((t, e) if t >= e else (e, t) for t, e in tiles)
        return out

    def count_ends(self) -> int:
        """Not used by Mexican Train scoring; present for a uniform interface."""
        return 0

    def to_json(self) -> dict[str, Any]:
        """The layout for views and records (ENGINE_API.md)."""
        trains = []
        for key, tiles in self.trains.items():
            owner = None if key == "MX" else int(key[1:])
            trains.append({"id": key, "owner": owner,
                           "marker": owner is not None and owner in self.markers,
                           "tiles": [list(t) for t in tiles]})
        return {"kind": "trains", "engine": self.engine, "trains": trains,
                "unsatisfied": self.unsatisfied[:]}

    def record_fields(self) -> dict[str, Any]:
        """The engine-defined ``layout`` field of a start position."""
        return {"layout": self.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any], players: int, allow_double_chain: bool) -> TrainLayout:
        """Rebuild trains, markers and unsatisfied doubles from their JSON."""
        if not isinstance(data, dict) or data.get("kind") != "trains":
            raise RecordError("start.layout must be a trains layout for this variant")
        try:
            lay = cls(int(data["engine"]), players, allow_double_chain)
            listed: set[str] = set()
            for spec in data.get("trains", []):
                key = spec["id"]
                if key not in lay.trains:
                    raise RecordError(f"no train {key!r} with {players} players")
                if key in listed:
                    raise RecordError(f"train {key} is listed twice")
                listed.add(key)
                prev = lay.engine
                for touch, exposed in spec.get("tiles", []):
                    if touch != prev:
                        raise RecordError(f"train {key}: {touch} does not match {prev}")
                    lay.trains[key].append((int(touch), int(exposed)))
                    prev = exposed
                if spec.get("marker") and key != "MX":
                    lay.markers.add(int(key[1:]))
            lay.unsatisfied = [str(k) for k in data.get("unsatisfied", [])]
            for key in lay.unsatisfied:
                tiles = lay.trains.get(key)
                if not tiles or tiles[-1][0] != tiles[-1][1]:
                    raise RecordError(f"train {key} does not end on a double")
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"malformed trains layout: {exc}") from None
        return lay


    @classmethod
    def new(cls, rs: Ruleset, players: int, engine: int | None) -> TrainLayout:
        """An empty table of ``rs`` around ``engine`` (the set's highest double if None)."""
        return cls(engine if engine is not None else rs.max_pip, players, rs.allow_double_chain)

    @classmethod
    def from_view(cls, rs: Ruleset, players: int, data: dict[str, Any]) -> TrainLayout:
        """The layout of a view's layout JSON (``to_json``)."""
        return cls.from_json(data, players, rs.allow_double_chain)

# The tiles on the table, one of the three shapes by the ruleset's ``layout`` field; their
# ``kind`` tells them apart (for the type checker too).
Layout = LineLayout | TreeLayout | TrainLayout

# The class of each layout kind (``rules.ruleset.LAYOUT_KINDS``), by its name: the one place
# where a kind's name picks its code.
LAYOUT_CLASSES: dict[str, type[LineLayout] | type[TreeLayout] | type[TrainLayout]] = {
    "line": LineLayout, "tree": TreeLayout, "trains": TrainLayout}


def layout_class(rs: Ruleset) -> type[LineLayout] | type[TreeLayout] | type[TrainLayout]:
    """The class of ``rs``'s layout kind: ``new`` makes an empty table, ``from_view`` reads a
    view's layout JSON."""
    return LAYOUT_CLASSES[rs.layout_kind.name]
