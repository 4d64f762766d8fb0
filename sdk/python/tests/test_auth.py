"""Credentials: arguments, environment, the saved token file, and the server's verdict."""

import json
import os
import stat

import pytest

from tandem_bench import (
    AuthenticationError,
    BenchmarkClient,
    TandemError,
    credentials_path,
    load_credentials,
    save_credentials,
)

AUTH_FAILED = "Authentication failed. Check your API key and team name."


def test_authenticate_returns_true_and_learns_the_team(gateway, team, capsys):
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url)
    assert client.authenticate() is True
    assert client.team_id == team.team_id
    assert client.team_status == "active"
    assert f"Authenticated as team {team.name}" in capsys.readouterr().out


def test_team_name_matches_case_insensitively(gateway, team):
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name.upper(), base_url=gateway.base_url)
    assert client.authenticate() is True


def test_team_name_is_optional(gateway, team):
    client = BenchmarkClient(api_key=team.api_key, base_url=gateway.base_url, verbose=False)
    assert client.authenticate() is True
    assert client.team_name == team.name
    assert client.get_team_info() == {"valid": True, "team_id": team.team_id, "team_name": team.name, "status": "active"}


def test_a_wrong_api_key_raises_the_sdk_message(gateway, team):
    client = BenchmarkClient(api_key="tdm_not-a-real-key", team_name=team.name, base_url=gateway.base_url, verify=False)
    with pytest.raises(AuthenticationError) as caught:
        client.authenticate()
    assert str(caught.value) == AUTH_FAILED
    assert isinstance(caught.value, TandemError)
    assert client.verify_auth() is False


def test_a_wrong_team_name_raises_the_sdk_message(gateway, team):
    client = BenchmarkClient(api_key=team.api_key, team_name="someone-else", base_url=gateway.base_url, verify=False)
    with pytest.raises(AuthenticationError, match="^Authentication failed. Check your API key and team name.$"):
        client.authenticate()
    assert client.verify_auth() is False


def test_bad_credentials_on_other_calls_raise_the_same_error(gateway, sample_csv):
    client = BenchmarkClient(api_key="tdm_wrong", team_name="nobody", base_url=gateway.base_url, verbose=False, verify=False)
    with pytest.raises(AuthenticationError, match=AUTH_FAILED):
        client.get_submission_history()
    with pytest.raises(AuthenticationError, match=AUTH_FAILED):
        client.submit_prediction("Retail Banking", 1, sample_csv)


def test_verify_auth(gateway, team):
    assert BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url).verify_auth() is True
    assert BenchmarkClient(base_url=gateway.base_url).verify_auth() is False  # no key at all


def test_missing_credentials_say_how_to_provide_them(gateway):
    client = BenchmarkClient(base_url=gateway.base_url)
    assert client.api_key is None
    with pytest.raises(AuthenticationError, match="TANDEM_API_KEY"):
        client.authenticate()


def test_credentials_and_url_from_the_environment(gateway, team, monkeypatch):
    monkeypatch.setenv("TANDEM_API_KEY", team.api_key)
    monkeypatch.setenv("TANDEM_TEAM_NAME", team.name)
    monkeypatch.setenv("TANDEM_API_URL", gateway.base_url + "/api/")
    client = BenchmarkClient()
    assert client.base_url == gateway.base_url
    assert (client.api_key, client.team_name) == (team.api_key, team.name)
    assert client.authenticate() is True


def test_default_url():
    assert BenchmarkClient(api_key="k").base_url == "http://localhost:3000"


def test_save_credentials_writes_an_owner_only_file_that_later_clients_use(gateway, team, isolated_env):
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url)
    path = client.save_credentials()
    assert path == isolated_env / ".tandem_bench" / "credentials.json" == credentials_path()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    saved = json.loads(path.read_text())
    assert saved == {"api_key": team.api_key, "team_name": team.name, "api_url": gateway.base_url}

    later = BenchmarkClient()  # no arguments, no environment: the token file
    assert (later.api_key, later.team_name, later.base_url) == (team.api_key, team.name, gateway.base_url)
    assert later.authenticate() is True


def test_save_credentials_refuses_bad_credentials(gateway, isolated_env):
    client = BenchmarkClient(api_key="tdm_wrong", base_url=gateway.base_url)
    with pytest.raises(AuthenticationError, match=AUTH_FAILED):
        client.save_credentials()
    assert not (isolated_env / ".tandem_bench" / "credentials.json").exists()


def test_precedence_arguments_then_environment_then_file(isolated_env, monkeypatch):
    save_credentials("key-from-file", "team-from-file", "https://file.example:1")
    assert os.stat(credentials_path()).st_mode & 0o077 == 0
    client = BenchmarkClient()
    assert (client.api_key, client.team_name, client.base_url) == ("key-from-file", "team-from-file", "https://file.example:1")

    monkeypatch.setenv("TANDEM_API_KEY", "key-from-env")
    monkeypatch.setenv("TANDEM_API_URL", "https://env.example:2")
    client = BenchmarkClient()
    assert (client.api_key, client.base_url) == ("key-from-env", "https://env.example:2")
    assert client.team_name is None  # the saved team name belongs to the saved key only

    monkeypatch.setenv("TANDEM_TEAM_NAME", "team-from-env")
    client = BenchmarkClient(
        api_key="key-from-arg", team_name="team-from-arg", base_url="https://arg.example:3", verify=False
    )
    assert (client.api_key, client.team_name, client.base_url) == ("key-from-arg", "team-from-arg", "https://arg.example:3")
    assert BenchmarkClient(api_key="key-from-arg").team_name == "team-from-env"


def test_saving_again_keeps_the_file_private(isolated_env):
    path = save_credentials("one")
    os.chmod(path, 0o644)
    save_credentials("two", "t")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert load_credentials() == {"api_key": "two", "team_name": "t"}
