"""`BenchmarkClient(api_key, team_name)` checks the pair at once, as the earlier edition's client did."""

import socket
import time

import pytest

from support import StubServer
from tandem_bench import AuthenticationError, BenchmarkClient, NetworkError

AUTH_FAILED = "Authentication failed. Check your API key and team name."


def test_a_wrong_api_key_given_with_a_team_name_raises_at_construction(gateway, team):
    with pytest.raises(AuthenticationError) as caught:
        BenchmarkClient(api_key="tdm_not-a-real-key", team_name=team.name, base_url=gateway.base_url)
    assert str(caught.value) == AUTH_FAILED


def test_a_wrong_team_name_given_with_the_key_raises_at_construction(gateway, team):
    with pytest.raises(AuthenticationError) as caught:
        BenchmarkClient(api_key=team.api_key, team_name="someone-else", base_url=gateway.base_url)
    assert str(caught.value) == AUTH_FAILED


def test_the_right_pair_prints_the_authenticated_line_and_learns_the_team(gateway, team, capsys):
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url)
    assert capsys.readouterr().out.splitlines() == [f"✅ Authenticated as team {team.name}"]
    assert (client.team_id, client.team_status) == (team.team_id, "active")


def test_verbose_false_checks_without_printing(gateway, team, capsys):
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url, verbose=False)
    assert client.team_id == team.team_id
    assert capsys.readouterr().out == ""


def test_an_inactive_team_is_told_at_construction_but_not_refused(gateway, capsys):
    inactive = gateway.create_team("sdk-inactive-ctor", activate=False)
    client = BenchmarkClient(api_key=inactive.api_key, team_name=inactive.name, base_url=gateway.base_url)
    assert client.team_status == "inactive"
    out = capsys.readouterr().out
    assert f"✅ Authenticated as team {inactive.name}" in out and "not active yet" in out


def test_only_an_api_key_does_not_call_the_server_at_construction():
    with StubServer() as stub:
        client = BenchmarkClient(api_key="tdm_stub", base_url=stub.base_url)
        assert stub.requests == []
        assert client.verify_auth() is True  # the stub is reachable: the check was simply not made
        assert [r.path for r in stub.requests] == ["/api/auth/verify"]


def test_credentials_from_the_environment_or_the_saved_file_are_not_checked_at_construction(monkeypatch):
    from tandem_bench import save_credentials

    with StubServer() as stub:
        monkeypatch.setenv("TANDEM_API_KEY", "tdm_from_env")
        monkeypatch.setenv("TANDEM_TEAM_NAME", "team-from-env")
        BenchmarkClient(base_url=stub.base_url)
        monkeypatch.delenv("TANDEM_API_KEY")
        monkeypatch.delenv("TANDEM_TEAM_NAME")
        save_credentials("tdm_saved", "saved-team", stub.base_url)
        assert BenchmarkClient().team_name == "saved-team"
        assert stub.requests == []


def test_verify_false_makes_a_lazy_client_even_with_both_arguments():
    with StubServer() as stub:
        BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, verify=False)
        assert stub.requests == []
        BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, verbose=False)
        assert len(stub.calls("POST", "/api/auth/verify")) == 1
        assert stub.calls("POST", "/api/auth/verify")[0].headers["x-team-name"] == "stub-team"


def test_an_unreachable_server_at_construction_raises_network_error():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed once the block ends: nothing listens there
    started = time.monotonic()
    with pytest.raises(NetworkError):
        BenchmarkClient(
            api_key="k", team_name="t", base_url=f"http://127.0.0.1:{port}", max_retries=1, backoff_factor=0.01
        )
    assert time.monotonic() - started < 10


def test_a_server_that_never_answers_times_out_at_construction():
    with StubServer() as stub:
        stub.routes[("POST", "/api/auth/verify")] = [("sleep", 5, (200, {}, {"valid": True}))]
        started = time.monotonic()
        with pytest.raises(NetworkError, match="timed out"):
            BenchmarkClient(api_key="k", team_name="t", base_url=stub.base_url, timeout=0.5, max_retries=0)
        assert time.monotonic() - started < 3
