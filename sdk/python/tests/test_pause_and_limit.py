"""A paused competition and a reached daily limit: named, explained errors (issue 33).

Against the real gateway: the organizers pause submissions through the settings API and set a
team's own daily limit; the SDK raises ``SubmissionsPausedError`` / ``DailyLimitError`` (both
``APIError``s), chosen by the server's error code, and ``get_quota`` says so before an upload.
"""

import time
from datetime import datetime, timedelta, timezone

import pytest

from conftest import http_json
from support import StubServer
from tandem_bench import (
    APIError,
    BenchmarkClient,
    DailyLimitError,
    RateLimitError,
    SubmissionsPausedError,
)
from test_cli import run

PAUSE_MESSAGE = "Answers of Retail Banking 2 are being fixed; back at 14:00 UTC."


def admin(gateway):
    return {"Authorization": f"Bearer {gateway.admin_token()}"}


def next_utc_midnight():
    today = datetime.now(timezone.utc).date()
    return datetime(today.year, today.month, today.day, tzinfo=timezone.utc) + timedelta(days=1)


@pytest.fixture
def member(gateway):
    team = gateway.create_team("sdk-gate")
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url, verbose=False)
    return team, client


@pytest.fixture
def paused(gateway):
    status, body = http_json(
        "PATCH",
        f"{gateway.base_url}/api/admin/settings",
        {"submissions_paused": True, "pause_message": PAUSE_MESSAGE},
        admin(gateway),
    )
    assert status == 200, body
    try:
        yield
    finally:
        status, body = http_json(
            "PATCH", f"{gateway.base_url}/api/admin/settings", {"submissions_paused": False}, admin(gateway)
        )
        assert status == 200, body


def sample(gateway):
    return gateway.static_dir / "retail-banking" / "sample_submission_c1.csv"


def test_a_pause_is_a_named_error_with_the_organizers_message_not_a_503_fault(gateway, member, paused):
    team, client = member
    quota = client.get_quota("Retail Banking", 1)
    assert quota["submissions_paused"] is True and quota["pause_message"] == PAUSE_MESSAGE

    started = time.monotonic()
    with pytest.raises(SubmissionsPausedError) as caught:
        client.submit_prediction("Retail Banking", 1, sample(gateway))
    error = caught.value
    assert time.monotonic() - started < 10  # not retried as a fault would be
    assert isinstance(error, APIError)  # existing `except APIError` code keeps working
    assert (error.status_code, error.code, error.pause_message) == (503, "submission.paused", PAUSE_MESSAGE)
    assert str(error) == (
        f"Submissions are paused by the organizers: {PAUSE_MESSAGE} Nothing was stored; "
        "submit again once they resume submissions."
    )

    env = {"TANDEM_API_KEY": team.api_key, "TANDEM_TEAM_NAME": team.name, "TANDEM_API_URL": gateway.base_url}
    done = run("submit", "Retail Banking", "1", str(sample(gateway)), env=env)
    assert done.returncode == 1
    assert f"Error: Submissions are paused by the organizers: {PAUSE_MESSAGE}" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_reached_daily_limit_says_the_limit_and_the_reset_in_utc_and_local_time(gateway, member):
    team, client = member
    status, body = http_json(
        "PATCH", f"{gateway.base_url}/api/admin/teams/{team.team_id}", {"daily_limit": 1}, admin(gateway)
    )
    assert status == 200, body
    assert client.get_quota("Retail Banking", 1)["remaining_today"] == 1
    client.submit_prediction("Retail Banking", 1, sample(gateway))
    quota = client.get_quota("Retail Banking", 1)
    assert (quota["daily_limit"], quota["used_today"], quota["remaining_today"]) == (1, 1, 0)
    assert quota["submissions_paused"] is False and quota["pause_message"] is None

    with pytest.raises(DailyLimitError) as caught:
        client.submit_prediction("Retail Banking", 1, sample(gateway))
    error = caught.value
    assert isinstance(error, RateLimitError) and isinstance(error, APIError)
    assert (error.status_code, error.code, error.daily_limit, error.used_today) == (
        429,
        "submission.daily_limit",
        1,
        1,
    )
    assert abs(error.resets_at - next_utc_midnight()) < timedelta(minutes=1)
    assert error.retry_after and error.retry_after > 0
    midnight = error.resets_at
    assert str(error).startswith(
        "Daily limit reached: your team has used all 1 of today's submissions for this challenge. "
        f"It resets at 00:00 UTC on {midnight:%A}, {midnight:%B} {midnight.day}, {midnight.year}"
    )
    assert "T00:00:00" not in str(error)

    # The CLI, in Tokyo: one friendly line with the local time too, no traceback.
    env = {
        "TANDEM_API_KEY": team.api_key,
        "TANDEM_TEAM_NAME": team.name,
        "TANDEM_API_URL": gateway.base_url,
        "TZ": "Asia/Tokyo",
    }
    done = run("submit", "Retail Banking", "1", str(sample(gateway)), env=env)
    assert done.returncode == 1
    assert "Error: Daily limit reached: your team has used all 1 of today's submissions" in done.stderr
    assert "(9:00 AM JST on " in done.stderr and "your time)" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_older_server_without_details_keeps_its_own_sentence():
    message = "Daily limit reached: 1 submissions per day for retail-banking/1."
    with StubServer() as stub:
        stub.routes[("POST", "/api/submit")] = [
            (429, {"Retry-After": "36000"}, {"error": message, "code": "submission.daily_limit"})
        ]
        client = BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, verbose=False)
        with pytest.raises(DailyLimitError) as caught:
            client.submit_prediction("Retail Banking", 1, "TxnID,FraudLabel\nT1,0\n")
        assert str(caught.value) == message
        assert caught.value.resets_at is None and caught.value.retry_after == 36000


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs time.tzset")
def test_the_local_time_is_the_machines_zone(monkeypatch):
    monkeypatch.setenv("TZ", "America/Chicago")
    time.tzset()
    try:
        error = DailyLimitError(
            "x", details={"daily_limit": 5, "used_today": 5, "resets_at": "2026-11-29T00:00:00.000Z"}
        )
        assert str(error) == (
            "Daily limit reached: your team has used all 5 of today's submissions for this challenge. "
            "It resets at 00:00 UTC on Sunday, November 29, 2026 "
            "(6:00 PM CST on Saturday, November 28, your time)."
        )
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
