"""Final submissions and public/final scores (issue 17, docs/adr/0009-public-private-split.md)."""

import json

import pytest

from conftest import http_json
from support import StubServer, scored_body
from tandem_bench import APIError, BenchmarkClient

CSV = "TxnID,FraudLabel\nT1,0\nT2,1\n"
SID = "11111111-1111-4111-8111-111111111111"


def stub_client(stub, **options):
    return BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, **options)


# --- against a scripted server: what the client makes of each answer -------------------------


def test_an_older_server_without_the_fields_reads_as_public_and_not_final(capsys):
    with StubServer() as stub:
        stub.routes[("POST", "/api/submit")] = [(200, {}, scored_body(SID))]
        stub.routes[("GET", "/api/submissions/history")] = [
            (200, {}, {"submissions": [{"submission_id": SID, "score": 0.75, "status": "scored"}]})
        ]
        client = stub_client(stub)
        result = client.submit(domain_name="Retail Banking", task_number=1, predictions=CSV)
        assert result.final is False and result.score_kind == "public"
        assert result["score_kind"] == "public" and result.to_dict()["final"] is False
        assert client.get_submission_history()[0]["score_kind"] == "public"
        assert client.get_submission_history()[0]["final"] is False
    out = capsys.readouterr().out.splitlines()
    assert "📊 Score: 0.7500 (Macro-F1)" in out
    assert any("public score" in line for line in out)
    assert not any("final score" in line for line in out)


def test_after_the_reveal_the_printed_line_says_final_score(capsys):
    body = dict(scored_body(SID), score=0.61, score_kind="final", final=True)
    with StubServer() as stub:
        stub.routes[("POST", "/api/submit")] = [(200, {}, body)]
        result = stub_client(stub).submit(domain_name="Retail Banking", task_number=1, predictions=CSV)
        assert result.score == 0.61 and result.score_kind == "final" and result.final is True
    out = capsys.readouterr().out.splitlines()
    assert "📊 Score: 0.6100 (Macro-F1)" in out
    assert any("final score" in line for line in out)
    assert not any("public score" in line for line in out)


def test_mark_and_unmark_call_the_final_routes_with_the_team_key(capsys):
    path = f"/api/submissions/{SID}/final"
    with StubServer() as stub:
        stub.routes[("POST", path)] = [(200, {}, dict(scored_body(SID), final=True, score_kind="public"))]
        stub.routes[("DELETE", path)] = [(200, {}, dict(scored_body(SID), final=False, score_kind="public"))]
        client = stub_client(stub)
        assert client.mark_final(SID).final is True
        assert client.unmark_final(SID).final is False
        for method in ("POST", "DELETE"):
            (call,) = stub.calls(method, path)
            assert call.headers["x-api-key"] == "tdm_stub"
    out = capsys.readouterr().out
    assert f"Marked {SID} as final" in out and f"{SID} is no longer marked final" in out


def test_a_refused_mark_raises_with_the_servers_code_and_the_marked_ones():
    marked = ["a" * 8, "b" * 8]
    refusal = {
        "error": "Your team has already marked 2 final submissions",
        "code": "submission.final_limit",
        "details": {"challenge_key": "retail-banking/1", "limit": 2, "marked": marked},
    }
    with StubServer() as stub:
        stub.routes[("POST", f"/api/submissions/{SID}/final")] = [(409, {}, refusal)]
        with pytest.raises(APIError) as raised:
            stub_client(stub, verbose=False).mark_final(SID)
    assert raised.value.status_code == 409
    assert raised.value.code == "submission.final_limit"
    assert raised.value.details["marked"] == marked


# --- against the real gateway -------------------------------------------------------------------


def flipped(sample_csv: str, every: int) -> str:
    """The sample submission with every `every`-th label set to 1: a score that is neither 0
    nor the same on both parts of the test rows."""
    lines = sample_csv.strip().splitlines()
    rows = [line.split(",") for line in lines[1:]]
    for i, row in enumerate(rows):
        if i % every == 0:
            row[-1] = "1"
    return "\n".join([lines[0]] + [",".join(row) for row in rows]) + "\n"


def test_marks_unmarks_and_refuses_a_third_on_the_real_gateway(gateway, sample_csv, capsys):
    team = gateway.create_team("sdk-final")
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url, verbose=False)
    ids = [
        client.submit(domain_name="Retail Banking", task_number=1, predictions=flipped(sample_csv, every)).submission_id
        for every in (3, 5, 7)
    ]
    first = client.get_submission(ids[0])
    assert first.status == "scored" and first.final is False and first.score_kind == "public"

    assert client.mark_final(ids[0]).final is True
    assert client.mark_final(ids[1]).final is True
    with pytest.raises(APIError) as raised:
        client.mark_final(ids[2])
    assert raised.value.status_code == 409 and raised.value.code == "submission.final_limit"
    assert sorted(raised.value.details["marked"]) == sorted(ids[:2])

    assert client.unmark_final(ids[0]).final is False
    assert client.mark_final(ids[2]).final is True
    history = {row["submission_id"]: row for row in client.get_submission_history()}
    assert [history[i]["final"] for i in ids] == [False, True, True]
    assert {history[i]["score_kind"] for i in ids} == {"public"}

    with pytest.raises(APIError) as missing:
        client.mark_final("00000000-0000-4000-8000-000000000000")
    assert missing.value.status_code == 404 and missing.value.code == "submission.not_found"

    # The command line does the same.
    from tandem_bench import cli

    credentials = ["--api-url", gateway.base_url, "--api-key", team.api_key, "--team-name", team.name]
    capsys.readouterr()
    assert cli.main(["unfinal", ids[1], *credentials]) == 0
    assert cli.main(["final", ids[0], *credentials]) == 0
    assert cli.main(["final", ids[1], *credentials]) == 1  # a third: refused
    assert cli.main(["history", *credentials]) == 0
    captured = capsys.readouterr()
    assert f"Marked {ids[0]} as final" in captured.out and "submission.final_limit" not in captured.out
    assert "Final" in captured.out and "public" in captured.out
    assert "Error: " in captured.err


def test_no_sdk_call_shows_the_private_score_before_the_reveal(gateway, sample_csv, capsys):
    """One submission, marked final, so the organizers' preview shows exactly its private score;
    then every call the SDK makes for a team must show the public one only."""
    team = gateway.create_team("sdk-leak")
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url)
    result = client.submit(domain_name="Retail Banking", task_number=1, predictions=flipped(sample_csv, 4))
    assert result.status == "scored" and result.score_kind == "public"
    client.mark_final(result.submission_id)

    admin = {"Authorization": f"Bearer {gateway.admin_token()}"}

    def cell(query: str):
        status, body = http_json("GET", f"{gateway.base_url}/api/leaderboard/domain/retail-banking{query}", headers=admin)
        assert status == 200, body
        row = next(r for r in body["leaderboard"] if r["team_id"] == team.team_id)
        return body["standings"], row["challenges"]["retail-banking/1"]["metric_value"]

    assert cell("") == ("public", result.score)
    standings, private = cell("?standings=private")
    assert standings == "private"
    assert private is not None, "the scoring worker wrote no private score"
    # Only a private score that differs from the public one in what is shown tests anything.
    assert f"{private:.4f}" != f"{result.score:.4f}"

    shown = [json.dumps(result.to_dict())]
    shown.append(json.dumps(client.get_submission(result.submission_id).to_dict()))
    shown.append(json.dumps(client.wait_for_submission(result.submission_id).to_dict()))
    shown.append(json.dumps(client.get_submission_history()))
    shown.append(json.dumps(client.get_submission_history(domain="Retail Banking")))
    shown.append(json.dumps(client.mark_final(result.submission_id).to_dict()))
    shown.append(json.dumps(client.get_team_info(), default=str))
    shown.append(json.dumps(client.get_domain_details(), default=str))
    client.verify_auth()
    for call in (client.get_leaderboard, lambda: client.get_domain_leaderboard("Retail Banking")):
        with pytest.raises(APIError):
            call()  # organizers only: a team's key gets a refusal
    shown.append(capsys.readouterr().out)
    text = "\n".join(shown)
    assert repr(private) not in text and f"{private:.4f}" not in text
    assert repr(result.score) in text and "public score" in text
