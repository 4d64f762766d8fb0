"""A note kept with a submission: sent as "note", checked locally as the server checks it."""

import pytest

from conftest import http_json
from support import StubServer, scored_body
from tandem_bench import BenchmarkClient, ValidationError

CSV = "TxnID,FraudLabel\nT1,0\nT2,1\n"
SUBMIT = ("POST", "/api/submit")


def stub_client(stub):
    return BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, verbose=False)


def latest_note(client):
    return client.get_submission_history(limit=1)[0]["note"]


def test_the_note_is_kept_with_the_submission(client, sample_csv):
    client.verbose = False
    result = client.submit_prediction("Retail Banking", 1, sample_csv, note="gradient boosting, depth 6")
    assert result["success"]
    assert latest_note(client) == "gradient boosting, depth 6"
    client.submit("Retail Banking", 1, sample_csv, note="via submit()")
    assert latest_note(client) == "via submit()"


def test_the_limit_counts_characters_like_the_server(client, gateway, team, sample_csv):
    client.verbose = False
    at_limit = "🚀" * 500 + " " * 5  # 500 characters once trimmed (1,000 UTF-16 units)
    client.submit_prediction("Retail Banking", 1, sample_csv, note=at_limit)
    assert latest_note(client) == "🚀" * 500
    client.submit_prediction("Retail Banking", 1, sample_csv, note="n" * 500)
    assert latest_note(client) == "n" * 500

    before = client.get_submission_history(limit=1)[0]["submission_id"]
    for over in ("🚀" * 501, "n" * 501):
        with pytest.raises(ValidationError) as caught:
            client.submit_prediction("Retail Banking", 1, sample_csv, note=over)
        assert str(caught.value) == "note must be at most 500 characters (got 501)"
        # The server refuses the same note: the local check only saves the upload.
        status, body = http_json(
            "POST",
            f"{gateway.base_url}/api/submit",
            {"domain_name": "Retail Banking", "task_number": 1, "predictions_csv": sample_csv, "note": over},
            {"X-API-Key": team.api_key},
        )
        assert status == 400 and body["code"] == "request.invalid", body
    assert client.get_submission_history(limit=1)[0]["submission_id"] == before


def test_no_note_or_a_blank_one_sends_no_note_field():
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, scored_body())]
        client = stub_client(stub)
        client.submit_prediction("Retail Banking", 1, CSV)
        client.submit_prediction("Retail Banking", 1, CSV, note="  \n ")
        client.submit_prediction("Retail Banking", 1, CSV, note=" kept ")
        bodies = [c.json() for c in stub.calls(*SUBMIT)]
    assert ["note" in b for b in bodies] == [False, False, True]
    assert bodies[2]["note"] == "kept"


def test_a_note_that_is_not_text_is_refused_before_upload():
    with StubServer() as stub:
        client = stub_client(stub)
        with pytest.raises(ValidationError, match="^note must be text"):
            client.submit_prediction("Retail Banking", 1, CSV, note=42)
        assert stub.calls(*SUBMIT) == [] and stub.calls("GET", "/api/competition/domains") == []
