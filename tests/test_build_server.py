"""build.py's static server: a browser hanging up is not reported as an error."""

from __future__ import annotations

import build


def _report(server, exc: BaseException, capsys) -> str:
    try:
        raise exc
    except BaseException:
        server.handle_error(None, ("127.0.0.1", 1))
    return capsys.readouterr().err


def test_a_client_hanging_up_is_quiet_and_other_errors_are_not(tmp_path, capsys):
    server = build.make_server(0, tmp_path)
    try:
        assert _report(server, BrokenPipeError(32, "Broken pipe"), capsys) == ""
        assert _report(server, ConnectionResetError(104, "reset"), capsys) == ""
        assert "ValueError" in _report(server, ValueError("a real fault"), capsys)
    finally:
        server.server_close()
