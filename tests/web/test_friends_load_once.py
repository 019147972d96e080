"""The friends' lobby loads web/friends.js on first use (web/page/friends.py `_friends`): two
callers waiting for that load at once (a guest taps Join while the invitation still loads
it) tie the page's handlers once, not once each: a state from the host handled once, a tap
under the table sent once.

RULES.md: none (the page's friends lobby)
"""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Iterator

import pytest
from test_page_fake_dom import FakeDom, fresh, installed


class Counting(FakeDom):
    """The fake `dom`, counting the handlers tied and the loads of web/friends.js (each a
    pause, as a module import in the browser is)."""

    def __init__(self) -> None:
        super().__init__()
        self.tied: list[tuple[str, str]] = []
        self.loads = 0

    def on(self, element: object, event: str, handler: object) -> None:
        self.tied.append((str(getattr(element, "id", "")), event))

    def boot(self) -> object:
        async def friends() -> object:
            self.loads += 1
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            return types.SimpleNamespace()

        return types.SimpleNamespace(friends=friends)


@pytest.fixture
def dom() -> Iterator[Counting]:
    yield from installed(Counting(), ("friends", "friends_table", "reactions", "saved",
                                      "screens", "store", "textfmt", "deeplink"))


def test_two_callers_at_once_tie_the_handlers_once(dom: Counting) -> None:
    link = sys.modules["link"]
    hooks: list[object] = []
    link.on_state = hooks.append  # type: ignore[attr-defined]
    link.on_update_of = lambda kind, fn: None  # type: ignore[attr-defined]
    friends = fresh("friends")

    async def both() -> list[object]:
        return list(await asyncio.gather(friends._friends(), friends._friends()))

    first, second = asyncio.run(both())
    assert dom.loads == 2  # both waited for the load
    assert hooks == [friends._on_state], hooks
    assert dom.tied == [("friends-bar", "click")], dom.tied
    assert first is second is friends.F["js"]
    asyncio.run(friends._friends())  # loaded: nothing more is tied
    assert len(hooks) == 1 and len(dom.tied) == 1


def test_a_tap_on_join_while_the_invitations_join_runs_joins_once(dom: Counting) -> None:
    """The invitation's own join (a kept name and seat token) and a tap on Join, both made
    while web/friends.js loads, join once (DECISIONS W-154): two joins at once made two
    tables in one relay room, and the one whose link never opened cut the other's at its
    bound, mid-hand."""
    link = sys.modules["link"]
    link.on_state = lambda fn: None  # type: ignore[attr-defined]
    link.on_update_of = lambda kind, fn: None  # type: ignore[attr-defined]
    friends = fresh("friends")
    joins: list[str] = []

    async def join(code: str, name: str) -> object:
        joins.append(code)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        return types.SimpleNamespace(ok=True)

    async def loaded() -> object:
        return types.SimpleNamespace(join=join)

    friends._friends = loaded
    friends.render = lambda: None
    friends.F["code"] = "N2F1MBWGP2"
    friends.F["offer"] = ""

    async def both() -> None:
        await asyncio.gather(friends._join(), friends._join())

    asyncio.run(both())
    assert joins == ["N2F1MBWGP2"], joins
    assert friends.F["busy"] is False
    asyncio.run(friends._join())  # the join over: a later tap (a retry) joins again
    assert len(joins) == 2
