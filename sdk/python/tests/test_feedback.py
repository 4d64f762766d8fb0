"""Feedback policies (issue 30, docs/adr/0015-feedback-policy.md): what a team is shown of a
score, and the answers of servers from before them."""

import json

import pytest

from support import StubServer, scored_body
from tandem_bench import BenchmarkClient
from test_cli import run

CSV = "TxnID,FraudLabel\nT1,0\nT2,1\n"
SID = "11111111-1111-4111-8111-111111111111"
SUBMIT = ("POST", "/api/submit")
HISTORY = ("GET", "/api/submissions/history")
SUMMARY = ("GET", "/api/submissions/summary")
NOT_SIGNIFICANT = "ℹ️ Not a significant improvement (threshold 0.01): showing your team's best so far, 0.6700."


def ladder(significant_improvement, threshold=0.01, digits=2):
    return {"policy": "ladder", "digits": digits, "threshold": threshold, "significant_improvement": significant_improvement}


def not_significant_body():
    """Under the ladder: this submission did not beat the team's best shown score (0.67) by 0.01."""
    return dict(
        scored_body(SID),
        score=0.67,
        score_kind="public",
        feedback=ladder(False),
        message="Submission scored. It was not a significant improvement: ...",
    )


def history_row(submission_id, score, feedback=None, **extra):
    row = {
        "submission_id": submission_id, "domain": "Retail Banking", "challenge": 1, "challenge_key": "retail-banking/1",
        "status": "scored", "score": score, "score_kind": "public", "final": False, "metric_name": "Macro-F1",
        "counted": True, "row_count": 2, "error": None, "note": None, "submitted_by": {"kind": "api_key", "username": None},
        "created_at": "2026-11-21T14:05:10.000Z", "scored_at": "2026-11-21T14:05:11.000Z",
        "scored_on_earlier_answers": False,
    }
    if feedback is not None:
        row["feedback"] = feedback
    row.update(extra)
    return row


def summary_row(feedback=None):
    row = {
        "challenge_key": "retail-banking/1", "domain": "Retail Banking", "challenge": 1, "title": "Fraud Detection",
        "score": 0.67, "score_kind": "public", "metric_name": "Macro-F1", "higher_is_better": True, "baseline": 0.5,
        "beats_baseline": True, "used_today": 2, "daily_limit": 5, "resets_at": "2026-11-22T00:00:00.000Z",
        "counted": True, "submissions": 2, "expected_rows": 2, "last_submitted_at": "2026-11-21T14:05:10.000Z",
    }
    if feedback is not None:
        row["feedback"] = feedback
    return row


def stub_client(stub, **options):
    return BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, **options)


# --- the submit answer ------------------------------------------------------------------------


def test_a_score_that_is_no_significant_improvement_says_it_shows_the_teams_best(capsys):
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, not_significant_body())]
        result = stub_client(stub).submit("Retail Banking", 1, CSV)
    assert result.score == 0.67
    assert result.significant_improvement is False and result.best_so_far
    assert result.feedback_policy == "ladder"
    assert result.feedback == ladder(False)
    assert result["significant_improvement"] is False and result.to_dict()["feedback_policy"] == "ladder"
    out = capsys.readouterr().out.splitlines()
    assert "📊 Score: 0.6700 (Macro-F1)" in out
    assert NOT_SIGNIFICANT in out
    assert any(line.startswith("ℹ️ This is the public score") and "rounded to 2 decimals" in line for line in out)



def test_a_practice_score_below_the_best_says_so_once(capsys):
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, dict(not_significant_body(), counted=False))]
        stub_client(stub).submit("Retail Banking", 1, CSV)
    out = capsys.readouterr().out.splitlines()
    assert out.count(NOT_SIGNIFICANT) == 1
    assert "ℹ️ Practice submission: it does not count." in out
    assert not any("It was not a significant improvement" in line for line in out)


def test_a_score_not_shown_until_one_beats_the_baseline(capsys):
    with StubServer() as stub:
        body = dict(not_significant_body(), score=None, message="Submission scored. Its score is not shown: ...")
        stub.routes[SUBMIT] = [(200, {}, body)]
        result = stub_client(stub).submit("Retail Banking", 1, CSV)
    assert result.score is None and result.significant_improvement is False
    out = capsys.readouterr().out.splitlines()
    assert (
        "ℹ️ Scored, not shown: scores on this challenge are shown once one beats the baseline's public score by 0.01."
        in out
    )
    assert not any(line.startswith("📊 Score") for line in out)


def test_a_significant_improvement_prints_no_best_so_far_line(capsys):
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, dict(scored_body(SID), score=0.72, feedback=ladder(True)))]
        result = stub_client(stub).submit("Retail Banking", 1, CSV)
    assert result.significant_improvement is True and not result.best_so_far
    out = capsys.readouterr().out
    assert "📊 Score: 0.7200 (Macro-F1)" in out and "Not a significant improvement" not in out


def test_the_rounded_policy_says_how_the_score_was_rounded(capsys):
    rounded = {"policy": "rounded", "digits": 3, "threshold": None, "significant_improvement": None}
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, dict(scored_body(SID), score=0.751, feedback=rounded))]
        result = stub_client(stub).submit("Retail Banking", 1, CSV)
    assert (result.feedback_policy, result.significant_improvement) == ("rounded", None)
    out = capsys.readouterr().out
    assert "public score (on the public part of the test rows), rounded to 3 decimals;" in out
    assert "Not a significant improvement" not in out


def test_an_older_server_without_feedback_reads_as_exact(capsys):
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, scored_body(SID))]
        result = stub_client(stub).submit("Retail Banking", 1, CSV)
    assert result.score == 0.75 and result.feedback_policy == "exact"
    assert result.significant_improvement is None and not result.best_so_far
    assert result.feedback == {"policy": "exact", "digits": None, "threshold": None, "significant_improvement": None}
    out = capsys.readouterr().out.splitlines()
    assert "ℹ️ This is the public score (on the public part of the test rows); the final ranking uses the private part." in out
    assert not any("significant" in line or "rounded" in line for line in out)


def test_a_malformed_feedback_is_read_without_failing():
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, dict(scored_body(SID), feedback={"policy": 3, "significant_improvement": "no"}))]
        result = stub_client(stub, verbose=False).submit("Retail Banking", 1, CSV)
    assert (result.feedback_policy, result.significant_improvement) == ("exact", None)


# --- history and summary ----------------------------------------------------------------------


def test_history_rows_carry_the_policy_and_significant_improvement_flat():
    rows = [history_row("b", 0.67, ladder(False)), history_row("a", 0.67, ladder(True)), history_row("o", 0.5)]
    with StubServer() as stub:
        stub.routes[HISTORY] = [(200, {}, {"submissions": rows, "next_cursor": None})]
        history = stub_client(stub, verbose=False).get_submission_history()
        frame = stub_client(stub, verbose=False).get_submission_history(as_frame=True)
    assert [(r["feedback_policy"], r["significant_improvement"]) for r in history] == [
        ("ladder", False), ("ladder", True), ("exact", None)  # the last one from an older server
    ]
    assert history[0]["feedback"] == ladder(False)
    assert {"feedback", "feedback_policy", "significant_improvement"} <= set(frame.columns)
    assert list(frame.loc[frame["significant_improvement"] == False, "submission_id"]) == ["b"]  # noqa: E712


def test_summary_rows_carry_the_policy_and_an_older_servers_read_as_exact():
    with StubServer() as stub:
        stub.routes[SUMMARY] = [(200, {}, {"challenges": [summary_row(ladder(None)), summary_row()]})]
        summary = stub_client(stub, verbose=False).get_challenge_summary()
    assert [s["feedback_policy"] for s in summary] == ["ladder", "exact"]
    assert summary[0]["feedback"]["threshold"] == 0.01
    assert all(s["significant_improvement"] is None for s in summary)


# --- the command line -------------------------------------------------------------------------


def stub_env(stub):
    return {"TANDEM_API_KEY": "tdm_stub", "TANDEM_TEAM_NAME": "stub-team", "TANDEM_API_URL": stub.base_url}


def test_the_cli_submit_prints_the_best_so_far_line_and_json_has_the_fields(tmp_path):
    path = tmp_path / "predictions.csv"
    path.write_text(CSV)
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, not_significant_body())]
        done = run("submit", "Retail Banking", "1", str(path), env=stub_env(stub))
        assert done.returncode == 0, done.stderr
        assert NOT_SIGNIFICANT in done.stdout.splitlines()
        done = run("submit", "Retail Banking", "1", str(path), "--json", env=stub_env(stub))
    answer = json.loads(done.stdout)
    assert (answer["significant_improvement"], answer["feedback_policy"]) == (False, "ladder")


def test_the_cli_history_marks_the_best_so_far_rows():
    rows = [history_row("b" * 8, 0.67, ladder(False)), history_row("a" * 8, 0.67, ladder(True)),
            history_row("f" * 8, None, ladder(None), status="failed")]
    with StubServer() as stub:
        stub.routes[HISTORY] = [(200, {}, {"submissions": rows, "next_cursor": None})]
        done = run("history", env=stub_env(stub))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    column = lines[0].index("Shown")
    assert [line[column:].split("  ")[0] for line in lines[2:5]] == ["best so far", "this one", "-"]
    assert lines[5].startswith('"best so far": not a significant improvement')


def test_the_cli_history_of_an_older_server_has_no_best_so_far_note():
    with StubServer() as stub:
        stub.routes[HISTORY] = [(200, {}, {"submissions": [history_row("o" * 8, 0.5)], "next_cursor": None})]
        done = run("history", env=stub_env(stub))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3 and lines[2][lines[0].index("Shown"):].startswith("this one")


def test_the_cli_summary_shows_each_challenges_policy():
    rounded = {"policy": "rounded", "digits": 3, "threshold": None, "significant_improvement": None}
    with StubServer() as stub:
        stub.routes[SUMMARY] = [(200, {}, {"challenges": [summary_row(ladder(None)), summary_row(rounded), summary_row()]})]
        done = run("summary", env=stub_env(stub))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    column = lines[0].index("Shown")
    assert [line[column:].split("  ")[0] for line in lines[2:5]] == ["ladder 0.01", "3 decimals", "exact"]
    assert any(line.startswith('Shown "ladder T": a new score is shown') for line in lines)


# --- against the real gateway -----------------------------------------------------------------


@pytest.fixture
def fresh(gateway):
    team = gateway.create_team("sdk-feedback")
    return BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url)


def test_the_same_file_twice_shows_the_first_score_as_the_teams_best(fresh, gateway, capsys):
    path = gateway.static_dir / "retail-banking" / "sample_submission_c1.csv"
    first = fresh.submit("Retail Banking", 1, path)
    second = fresh.submit("Retail Banking", 1, path)
    assert first.feedback_policy == "ladder" and first.significant_improvement is True
    assert second.significant_improvement is False and second.score == first.score
    threshold = second.feedback["threshold"]
    out = capsys.readouterr().out.splitlines()
    expected = f"ℹ️ Not a significant improvement (threshold {threshold:g}): showing your team's best so far, {first.score:.4f}."
    assert out.count(expected) == 1
    assert fresh.get_submission(second.submission_id).significant_improvement is False

    history = fresh.get_submission_history()
    assert [(h["submission_id"], h["significant_improvement"]) for h in history] == [
        (second.submission_id, False), (first.submission_id, True)
    ]
    fraud = next(s for s in fresh.get_challenge_summary() if s["challenge_key"] == "retail-banking/1")
    assert fraud["feedback_policy"] == "ladder" and fraud["score"] == first.score
