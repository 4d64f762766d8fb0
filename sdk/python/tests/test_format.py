"""The challenge format comes from the API's ``format`` object, never from the task's English text."""

import copy

import pytest

from support import DOMAINS_BODY, StubServer, scored_body
from tandem_bench import BenchmarkClient, ValidationError
from tandem_bench.validation import ChallengeFormat

DOMAINS = ("GET", "/api/competition/domains")
SUBMIT = ("POST", "/api/submit")


def domains_with_format(fmt):
    body = copy.deepcopy(DOMAINS_BODY)
    challenge = body["domains"][0]["challenges"][0]
    # The task text still says "(0 or 1)": a client that guessed from it would get 0/1.
    assert "(0 or 1)" in challenge["task"]
    if fmt is not None:
        challenge["format"] = fmt
    return body


PUBLISHED = {
    "header": ["TxnID", "FraudLabel"],
    "id_columns": ["TxnID"],
    "target": {"kind": "label", "column": "FraudLabel", "labels": ["approve", "review", "block"]},
}


def stub_client(stub):
    return BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, verbose=False)


def test_the_label_set_is_the_published_one_not_the_task_texts():
    with StubServer() as stub:
        stub.routes[DOMAINS] = [(200, {}, domains_with_format(PUBLISHED))]
        stub.routes[SUBMIT] = [(200, {}, scored_body())]
        client = stub_client(stub)
        fmt = client.get_challenge_format("Retail Banking", 1)
        assert fmt.header == ["TxnID", "FraudLabel"] and fmt.id_columns == ["TxnID"]
        assert fmt.kind == "label" and fmt.labels == ["approve", "review", "block"]
        with pytest.raises(ValidationError) as caught:
            client.submit_prediction("Retail Banking", 1, "TxnID,FraudLabel\nT1,0\nT2,1\n")
        assert caught.value.errors[0] == 'FraudLabel must be one of approve, review, block: row 2 has "0"; row 3 has "1"'
        assert stub.calls(*SUBMIT) == []  # rejected locally, nothing uploaded
        result = client.submit_prediction("Retail Banking", 1, "TxnID,FraudLabel\nT1,Block\nT2,approve\n")
        assert result["success"] and len(stub.calls(*SUBMIT)) == 1


def test_the_published_header_kind_and_id_columns_are_used():
    published = {
        "header": ["TxnID", "Week", "FraudLabel"],
        "id_columns": ["TxnID", "Week"],
        "target": {"kind": "numeric", "column": "FraudLabel"},
    }
    with StubServer() as stub:
        stub.routes[DOMAINS] = [(200, {}, domains_with_format(published))]
        fmt = stub_client(stub).get_challenge_format("Retail Banking", 1)
    # The published format wins over submission_format and over the metric's kind.
    assert fmt.header == ["TxnID", "Week", "FraudLabel"] and fmt.id_columns == ["TxnID", "Week"]
    assert fmt.kind == "numeric" and fmt.labels is None and fmt.target == "FraudLabel"


def test_a_ranking_format():
    challenge = {
        "number": 2,
        "metric_name": "NDCG@10",
        "submission_format": "customer_id,sku_1,sku_2",
        "format": {
            "header": ["customer_id", "sku_1", "sku_2"],
            "id_columns": ["customer_id"],
            "target": {"kind": "ranking", "column": "sku_1", "list_length": 2},
        },
    }
    fmt = ChallengeFormat.from_domain({"name": "Commerce", "slug": "commerce"}, challenge)
    assert fmt.kind == "ranking" and fmt.id_columns == ["customer_id"] and fmt.labels is None


def test_an_older_server_without_format_gets_the_header_and_no_label_check():
    with StubServer() as stub:
        stub.routes[DOMAINS] = [(200, {}, domains_with_format(None))]
        stub.routes[SUBMIT] = [(200, {}, scored_body())]
        client = stub_client(stub)
        fmt = client.get_challenge_format("Retail Banking", 1)
        assert fmt.header == ["TxnID", "FraudLabel"] and fmt.id_columns == ["TxnID"]
        assert fmt.kind == "label" and fmt.labels is None  # nothing read from "(0 or 1)"
        # Labels are left to the server; the header is still checked locally.
        client.submit_prediction("Retail Banking", 1, "TxnID,FraudLabel\nT1,maybe\nT2,1\n")
        assert len(stub.calls(*SUBMIT)) == 1
        with pytest.raises(ValidationError) as caught:
            client.submit_prediction("Retail Banking", 1, "TxnID,Fraud\nT1,0\n")
        assert caught.value.errors[0] == 'Header must be exactly "TxnID,FraudLabel" (got "TxnID,Fraud")'
        assert len(stub.calls(*SUBMIT)) == 1


@pytest.mark.parametrize(
    "broken",
    [
        "TxnID,FraudLabel",
        {"header": [], "id_columns": [], "target": {}},
        {"header": ["TxnID", "FraudLabel"], "id_columns": ["FraudLabel"], "target": {"kind": "label"}},
    ],
)
def test_a_malformed_format_falls_back_like_an_older_server(broken):
    challenge = copy.deepcopy(domains_with_format(broken)["domains"][0]["challenges"][0])
    fmt = ChallengeFormat.from_domain({"name": "Retail Banking", "slug": "retail-banking"}, challenge)
    assert fmt.header == ["TxnID", "FraudLabel"] and fmt.id_columns == ["TxnID"]
    assert fmt.kind == "label" and fmt.labels is None


def test_labels_from_task_is_gone():
    import tandem_bench.validation as validation

    assert not hasattr(validation, "labels_from_task")
