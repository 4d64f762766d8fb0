"""The tandem-bench command (run as `python -m tandem_bench`)."""

import json
import os
import stat
import subprocess
import sys

import pytest

from conftest import SDK_DIR

AUTH_FAILED = "Authentication failed. Check your API key and team name."


def run(*args, env=None, timeout=180):
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = str(SDK_DIR)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "tandem_bench", *args],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture
def cli_team(gateway):
    return gateway.create_team("sdk-cli")


def test_auth_verifies_and_saves_then_other_commands_use_the_file(gateway, cli_team, isolated_env):
    done = run("auth", "--api-key", cli_team.api_key, "--team-name", cli_team.name, "--api-url", gateway.base_url)
    assert done.returncode == 0, done.stderr
    assert f"Authenticated as team {cli_team.name}" in done.stdout
    path = isolated_env / ".tandem_bench" / "credentials.json"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert json.loads(path.read_text())["api_key"] == cli_team.api_key

    sample = gateway.static_dir / "retail-banking" / "sample_submission_c1.csv"
    done = run("submit", "retail banking", "1", str(sample))
    assert done.returncode == 0, done.stderr
    assert "✅ Prediction submitted successfully!" in done.stdout
    assert "📊 Score: " in done.stdout and "(Macro-F1)" in done.stdout

    done = run("history")
    assert done.returncode == 0, done.stderr
    assert "Retail Banking" in done.stdout and "scored" in done.stdout

    done = run("history", "--json", "--limit", "1")
    rows = json.loads(done.stdout)
    assert len(rows) == 1 and rows[0]["challenge"] == 1

    done = run("logout")
    assert done.returncode == 0 and not path.exists()


def test_auth_with_bad_credentials_exits_1_with_the_message(gateway):
    done = run("auth", "--api-key", "tdm_wrong", "--api-url", gateway.base_url)
    assert done.returncode == 1
    assert done.stderr.strip() == f"Error: {AUTH_FAILED}"
    done = run("history", env={"TANDEM_API_KEY": "tdm_wrong", "TANDEM_API_URL": gateway.base_url})
    assert done.returncode == 1 and AUTH_FAILED in done.stderr


def test_domains(gateway):
    done = run("domains", "--api-url", gateway.base_url)
    assert done.returncode == 0, done.stderr
    assert "Retail Banking" in done.stdout and "TxnID,FraudLabel" in done.stdout
    done = run("domains", "--json", env={"TANDEM_API_URL": gateway.base_url})
    assert any(d["name"] == "Retail Banking" for d in json.loads(done.stdout))


def test_submit_an_invalid_file_exits_1(gateway, cli_team, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("id,label\n1,0\n")
    env = {"TANDEM_API_KEY": cli_team.api_key, "TANDEM_TEAM_NAME": cli_team.name, "TANDEM_API_URL": gateway.base_url}
    done = run("submit", "Retail Banking", "1", str(bad), env=env)
    assert done.returncode == 1
    assert 'Error: Submission failed validation: Header must be exactly "TxnID,FraudLabel" (got "id,label")' in done.stderr
    done = run("submit", "Retail Banking", "1", str(tmp_path / "missing.csv"), env=env)
    assert done.returncode == 1 and "Predictions file not found" in done.stderr


def test_leaderboard_for_participants_exits_1(gateway, cli_team):
    env = {"TANDEM_API_KEY": cli_team.api_key, "TANDEM_API_URL": gateway.base_url}
    done = run("leaderboard", env=env)
    assert done.returncode == 1 and "organizers only" in done.stderr
    done = run("leaderboard", env={**env, "TANDEM_SESSION_TOKEN": gateway.admin_token()})
    assert done.returncode == 0, done.stderr
    done = run("leaderboard", "--domain", "Retail Banking", env={**env, "TANDEM_SESSION_TOKEN": gateway.admin_token()})
    assert done.returncode == 0 and "Retail Banking" in done.stdout


def test_download(gateway, tmp_path):
    done = run("download", "Retail Banking", "--challenge", "2", "--dest", str(tmp_path), "--api-url", gateway.base_url)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "customer_panel_train.csv").is_file()
    assert str(tmp_path / "sample_submission_c2.csv") in done.stdout


def test_an_unreachable_server_exits_1(tmp_path):
    done = run("domains", "--api-url", "http://127.0.0.1:9", "--timeout", "2")
    assert done.returncode == 1 and done.stderr.startswith("Error: ")


def test_usage_errors_exit_2():
    assert run().returncode == 2
    assert run("--version").stdout.startswith("tandem-bench ")


def test_submit_with_a_note_then_history_filters_and_summary(gateway, cli_team):
    env = {"TANDEM_API_KEY": cli_team.api_key, "TANDEM_TEAM_NAME": cli_team.name, "TANDEM_API_URL": gateway.base_url}
    folder = gateway.static_dir / "retail-banking"
    done = run("submit", "Retail Banking", "1", str(folder / "sample_submission_c1.csv"), "--note", "constant zeros", env=env)
    assert done.returncode == 0, done.stderr
    done = run("submit", "Retail Banking", "2", str(folder / "sample_submission_c2.csv"), env=env)
    assert done.returncode == 0, done.stderr

    done = run("history", "--challenge", "retail-banking/1", "--status", "scored", env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3  # header, rule, one submission
    header = lines[0].split()
    assert header[:4] == ["Submitted", "Domain", "#", "Status"] and "By" in header and "Note" in header
    assert lines[2].index("API key") == lines[0].index("By")  # aligned under its heading
    assert lines[2].index("constant zeros") == lines[0].index("Note")

    done = run("history", "--domain", "retail banking", "--challenge", "2", "--json", env=env)
    rows = json.loads(done.stdout)
    assert [(r["challenge_key"], r["note"]) for r in rows] == [("retail-banking/2", None)]

    done = run("history", "--status", "failed", env=env)
    assert done.returncode == 0 and done.stdout.strip() == "No submissions match."
    done = run("history", "--status", "done", env=env)
    assert done.returncode == 2 and "invalid choice" in done.stderr
    done = run("history", "--challenge", "2", env=env)
    assert done.returncode == 1 and "needs domain=" in done.stderr

    done = run("summary", env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["Domain", "#", "Challenge", "Best"]
    assert len(lines) == 2 + 17 + 2  # header, rule, 17 challenges, the ladder's note, the reset line
    fraud = next(line for line in lines if line.startswith("Retail Banking") and "Fraud" in line)
    assert fraud[lines[0].index("Today"):].split()[0] == "1/1000"
    assert lines[-1].startswith("Daily limits reset at ") and lines[-1].endswith("T00:00:00.000Z (midnight UTC).")
    done = run("summary", "--json", env=env)
    assert len(json.loads(done.stdout)) == 17
