"""get_challenge_summary: one entry per challenge, in the competition's order."""

from datetime import datetime, timedelta, timezone

import pytest

from support import StubServer
from tandem_bench import AuthenticationError, BenchmarkClient

FIELDS = {
    "challenge_key", "domain", "challenge", "title", "score", "score_kind", "feedback", "feedback_policy",
    "significant_improvement", "metric_name", "higher_is_better",
    "baseline", "beats_baseline", "used_today", "daily_limit", "remaining_today", "resets_at", "counted",
    "submissions", "expected_rows", "last_submitted_at",
}


def next_utc_midnight():
    today = datetime.now(timezone.utc).date()
    return datetime(today.year, today.month, today.day, tzinfo=timezone.utc) + timedelta(days=1)


@pytest.fixture
def fresh(gateway):
    team = gateway.create_team("sdk-summary")
    return BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url, verbose=False)


def test_every_challenge_in_competition_order_before_any_submission(fresh):
    summary = fresh.get_challenge_summary()
    domains = fresh.get_domain_details()
    assert [s["challenge_key"] for s in summary] == [c["key"] for d in domains for c in d["challenges"]]
    assert len(summary) == 17
    assert all(set(s) == FIELDS for s in summary)
    for s in summary:
        assert s["score"] is None and s["beats_baseline"] is None and s["last_submitted_at"] is None
        assert (s["used_today"], s["submissions"], s["counted"], s["score_kind"]) == (0, 0, False, "public")
        assert s["daily_limit"] == 1000  # SUBMISSIONS_PER_DAY of the test gateway
        assert s["remaining_today"] == 1000
        resets = datetime.fromisoformat(s["resets_at"].replace("Z", "+00:00"))
        assert abs(resets - next_utc_midnight()) < timedelta(minutes=1)  # unless run across midnight
    fraud = next(s for s in summary if s["challenge_key"] == "retail-banking/1")
    assert (fraud["domain"], fraud["challenge"], fraud["metric_name"], fraud["higher_is_better"]) == (
        "Retail Banking", 1, "Macro-F1", True
    )


def test_a_scored_submission_shows_in_its_challenge_only(fresh, gateway):
    path = gateway.static_dir / "retail-banking" / "sample_submission_c1.csv"
    result = fresh.submit_prediction("Retail Banking", 1, path)
    rows = len(path.read_text().strip().splitlines()) - 1
    summary = {s["challenge_key"]: s for s in fresh.get_challenge_summary()}
    fraud = summary.pop("retail-banking/1")
    assert fraud["score"] == pytest.approx(result["score"])
    assert (fraud["used_today"], fraud["submissions"], fraud["counted"]) == (1, 1, True)
    assert fraud["expected_rows"] == rows
    assert fraud["last_submitted_at"] is not None
    if fraud["baseline"] is not None:
        assert fraud["beats_baseline"] == (fraud["score"] > fraud["baseline"])
    assert all(s["submissions"] == 0 and s["score"] is None for s in summary.values())


def test_as_frame_returns_a_dataframe(fresh):
    import pandas as pd

    frame = fresh.get_challenge_summary(as_frame=True)
    assert isinstance(frame, pd.DataFrame) and len(frame) == 17
    assert set(frame.columns) == FIELDS
    with StubServer() as stub:
        stub.routes[("GET", "/api/submissions/summary")] = [(200, {}, {"challenges": []})]
        empty = BenchmarkClient(api_key="k", base_url=stub.base_url).get_challenge_summary(as_frame=True)
    assert len(empty) == 0 and set(empty.columns) == FIELDS


def test_a_wrong_key_raises_the_sdk_message(gateway):
    client = BenchmarkClient(api_key="tdm_wrong", team_name="nobody", base_url=gateway.base_url, verify=False)
    with pytest.raises(AuthenticationError, match="^Authentication failed. Check your API key and team name.$"):
        client.get_challenge_summary()
