"""Where a team stands after a submit (issue 33): the quota left today, and the team's public rank
and its change where the organizers let teams see the leaderboards."""

import json

from support import StubServer, scored_body
from tandem_bench import BenchmarkClient
from test_cli import run

CSV = "TxnID,FraudLabel\nT1,0\nT2,1\n"
SID = "11111111-1111-4111-8111-111111111111"
SUBMIT = ("POST", "/api/submit")


def stub_client(stub, **options):
    return BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, **options)


def stub_env(stub):
    return {"TANDEM_API_KEY": "tdm_stub", "TANDEM_TEAM_NAME": "stub-team", "TANDEM_API_URL": stub.base_url}


def answer(**standing):
    return dict(scored_body(SID), **standing)


def test_the_rank_its_change_and_the_quota_left_are_read_and_printed(capsys):
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, answer(remaining_today=12, public_rank=3, rank_change=2))]
        result = stub_client(stub).submit("Retail Banking", 1, CSV)
    assert (result.remaining_today, result.public_rank, result.rank_change) == (12, 3, 2)
    assert result["public_rank"] == 3 and result.to_dict()["rank_change"] == 2
    out = capsys.readouterr().out.splitlines()
    assert "🏆 Public rank: 3 (up 2)" in out
    assert "📮 12 submissions left today for this challenge." in out


def test_a_fall_no_move_and_an_unknown_change_are_said_as_such(capsys):
    with StubServer() as stub:
        stub.routes[SUBMIT] = [
            (200, {}, answer(remaining_today=1, public_rank=4, rank_change=-1)),
            (200, {}, answer(remaining_today=0, public_rank=4, rank_change=0)),
            (200, {}, answer(remaining_today=0, public_rank=4, rank_change=None)),
        ]
        client = stub_client(stub)
        for _ in range(3):
            client.submit("Retail Banking", 1, CSV)
    out = capsys.readouterr().out.splitlines()
    assert "🏆 Public rank: 4 (down 1)" in out
    assert "📮 1 submission left today for this challenge." in out
    assert "🏆 Public rank: 4 (no change)" in out
    assert "🏆 Public rank: 4" in out
    assert "📮 0 submissions left today for this challenge." in out


def test_no_rank_where_teams_may_not_see_the_leaderboards_and_nothing_from_an_older_server(capsys):
    with StubServer() as stub:
        stub.routes[SUBMIT] = [
            (200, {}, answer(remaining_today=49, public_rank=None, rank_change=None)),
            (200, {}, scored_body(SID)),
        ]
        client = stub_client(stub)
        hidden = client.submit("Retail Banking", 1, CSV)
        older = client.submit("Retail Banking", 1, CSV)
    assert (hidden.remaining_today, hidden.public_rank, hidden.rank_change) == (49, None, None)
    assert (older.remaining_today, older.public_rank, older.rank_change) == (None, None, None)
    out = capsys.readouterr().out.splitlines()
    assert not any("Public rank" in line for line in out)
    assert out.count("📮 49 submissions left today for this challenge.") == 1


def test_a_malformed_standing_is_read_as_unknown():
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, answer(remaining_today="12", public_rank=True, rank_change=1.5))]
        result = stub_client(stub, verbose=False).submit("Retail Banking", 1, CSV)
    assert (result.remaining_today, result.public_rank, result.rank_change) == (None, None, None)


def test_a_queued_submission_keeps_the_answers_quota_but_not_its_earlier_rank(capsys):
    with StubServer() as stub:
        stub.routes[SUBMIT] = [
            (202, {}, dict(scored_body(SID, status="queued"), remaining_today=7, public_rank=5, rank_change=None))
        ]
        stub.routes[("GET", f"/api/submissions/{SID}")] = [(200, {}, scored_body(SID))]
        result = stub_client(stub, poll_interval=0.05).submit("Retail Banking", 1, CSV)
    assert result.status == "scored"
    assert (result.remaining_today, result.public_rank, result.rank_change) == (7, None, None)
    out = capsys.readouterr().out.splitlines()
    assert "📮 7 submissions left today for this challenge." in out
    assert not any("Public rank" in line for line in out)


def test_the_cli_prints_the_rank_and_its_json_has_the_fields(tmp_path):
    path = tmp_path / "predictions.csv"
    path.write_text(CSV)
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, answer(remaining_today=3, public_rank=1, rank_change=4))]
        done = run("submit", "Retail Banking", "1", str(path), env=stub_env(stub))
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert "🏆 Public rank: 1 (up 4)" in lines
        assert "📮 3 submissions left today for this challenge." in lines
        done = run("submit", "Retail Banking", "1", str(path), "--json", env=stub_env(stub))
    body = json.loads(done.stdout)
    assert (body["remaining_today"], body["public_rank"], body["rank_change"]) == (3, 1, 4)
