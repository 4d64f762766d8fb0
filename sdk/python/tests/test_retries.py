"""Retries, rate limits, server errors, timeouts, polling, and a lost response counted once."""

import socket
import time

import pytest

from support import LossyProxy, StubServer, scored_body
from tandem_bench import APIError, BenchmarkClient, NetworkError, RateLimitError, SubmissionsPausedError

CSV = "TxnID,FraudLabel\nT1,0\nT2,1\n"
SUBMIT = ("POST", "/api/submit")


def stub_client(stub, **options):
    options.setdefault("backoff_factor", 0.01)
    return BenchmarkClient(api_key="tdm_stub", team_name="stub-team", base_url=stub.base_url, **options)


def test_429_waits_retry_after_and_resends_the_same_idempotency_key():
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(429, {"Retry-After": "1"}, {"error": "Too many requests"}), (200, {}, scored_body())]
        result = stub_client(stub, verbose=False).submit_prediction("Retail Banking", 1, CSV)
        assert result["success"] and result["score"] == 0.75
        calls = stub.calls(*SUBMIT)
        assert len(calls) == 2
        keys = {c.headers["idempotency-key"] for c in calls}
        assert len(keys) == 1 and len(keys.pop()) == 36
        assert calls[1].at - calls[0].at >= 0.95  # honoured Retry-After: 1
        assert calls[0].json() == calls[1].json()
        assert calls[0].headers["x-api-key"] == "tdm_stub" and calls[0].headers["x-team-name"] == "stub-team"


def test_each_logical_submission_gets_its_own_idempotency_key():
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(200, {}, scored_body())]
        client = stub_client(stub, verbose=False)
        client.submit_prediction("Retail Banking", 1, CSV)
        client.submit_prediction("Retail Banking", 1, CSV)
        keys = [c.headers["idempotency-key"] for c in stub.calls(*SUBMIT)]
        assert len(keys) == 2 and keys[0] != keys[1]


def test_daily_limit_with_a_long_retry_after_raises_rate_limit_error_at_once():
    message = "Daily limit reached: 1 submissions per day for retail-banking/1. It resets at 2030-01-01T00:00:00.000Z."
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(429, {"Retry-After": "36000"}, {"error": message})]
        started = time.monotonic()
        with pytest.raises(RateLimitError) as caught:
            stub_client(stub, verbose=False).submit_prediction("Retail Banking", 1, CSV)
        assert time.monotonic() - started < 5
        assert caught.value.status_code == 429
        assert caught.value.retry_after == 36000
        assert str(caught.value) == message
        assert isinstance(caught.value, APIError)
        assert len(stub.calls(*SUBMIT)) == 1


def test_429_retries_are_bounded():
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(429, {}, {"error": "Too many requests"})]
        with pytest.raises(RateLimitError) as caught:
            stub_client(stub, verbose=False, max_retries=2).submit_prediction("Retail Banking", 1, CSV)
        assert caught.value.retry_after is None
        assert len(stub.calls(*SUBMIT)) == 3


def test_5xx_is_retried_with_backoff_then_succeeds():
    with StubServer() as stub:
        stub.routes[SUBMIT] = [
            (503, {}, {"error": "Service unavailable"}),
            (502, {}, {"error": "Bad gateway"}),
            (200, {}, scored_body()),
        ]
        result = stub_client(stub, verbose=False).submit_prediction("Retail Banking", 1, CSV)
        assert result["success"]
        calls = stub.calls(*SUBMIT)
        assert len(calls) == 3 and len({c.headers["idempotency-key"] for c in calls}) == 1


def test_a_body_the_server_stopped_waiting_for_is_sent_again_with_the_same_key():
    timed_out = {"error": "The upload did not arrive in time.", "code": "request.timeout"}
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(408, {"Connection": "close"}, timed_out), (200, {}, scored_body())]
        result = stub_client(stub, verbose=False).submit_prediction("Retail Banking", 1, CSV)
        assert result["success"]
        calls = stub.calls(*SUBMIT)
        assert len(calls) == 2 and len({c.headers["idempotency-key"] for c in calls}) == 1


def test_persistent_5xx_raises_api_error_after_the_retries():
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(500, {}, {"error": "Internal server error"})]
        with pytest.raises(APIError) as caught:
            stub_client(stub, verbose=False, max_retries=3).submit_prediction("Retail Banking", 1, CSV)
        assert caught.value.status_code == 500
        assert str(caught.value) == "Internal server error"
        assert len(stub.calls(*SUBMIT)) == 4


def test_a_submission_the_platform_marked_failed_is_not_retried():
    body = dict(scored_body(status="failed"), message="Scoring failed on the platform; it will not count against you.")
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(503, {}, body)]
        with pytest.raises(APIError) as caught:
            stub_client(stub, verbose=False).submit_prediction("Retail Banking", 1, CSV)
        assert caught.value.status_code == 503
        assert "it will not count against you" in str(caught.value)
        assert len(stub.calls(*SUBMIT)) == 1


def test_submissions_paused_by_the_organizers_raise_their_message_at_once():
    message = "Submissions are paused while we fix the answers of Retail Banking 2. Back at 14:00 UTC."
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(503, {}, {"error": message, "code": "submission.paused"}), (200, {}, scored_body())]
        with pytest.raises(APIError) as caught:
            stub_client(stub, verbose=False).submit_prediction("Retail Banking", 1, CSV)
        assert caught.value.status_code == 503
        assert caught.value.code == "submission.paused"
        # Named and explained (issue 33): the organizers' message, not a bare 503.
        assert isinstance(caught.value, SubmissionsPausedError)
        assert caught.value.pause_message == message
        assert str(caught.value) == f"Submissions are paused by the organizers: {message} " + (
            "Nothing was stored; submit again once they resume submissions."
        )
        assert len(stub.calls(*SUBMIT)) == 1


def test_a_dropped_connection_is_retried_with_the_same_key():
    with StubServer() as stub:
        stub.routes[SUBMIT] = ["drop", (200, {}, scored_body())]
        result = stub_client(stub, verbose=False).submit_prediction("Retail Banking", 1, CSV)
        assert result["success"]
        calls = stub.calls(*SUBMIT)
        assert len(calls) == 2 and calls[0].headers["idempotency-key"] == calls[1].headers["idempotency-key"]


def test_a_timeout_is_retried_then_reported_as_network_error():
    with StubServer() as stub:
        stub.routes[("GET", "/api/submissions/history")] = [("sleep", 1.5, (200, {}, {"submissions": []}))]
        client = stub_client(stub, timeout=0.3, max_retries=1)
        with pytest.raises(NetworkError) as caught:
            client.get_submission_history()
        assert "timed out" in str(caught.value)
        assert len(stub.calls("GET", "/api/submissions/history")) == 2


def test_an_unreachable_server_raises_network_error():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = BenchmarkClient(api_key="k", base_url=f"http://127.0.0.1:{port}", max_retries=1, backoff_factor=0.01)
    with pytest.raises(NetworkError) as caught:
        client.authenticate()
    assert f"127.0.0.1:{port}" in str(caught.value)


def test_202_is_polled_until_scored(capsys):
    sid = "22222222-2222-4222-8222-222222222222"
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(202, {}, scored_body(sid, status="queued"))]
        stub.routes[("GET", f"/api/submissions/{sid}")] = [
            (200, {}, scored_body(sid, status="scoring")),
            (200, {}, scored_body(sid, status="scoring")),
            (200, {}, scored_body(sid)),
        ]
        client = stub_client(stub, poll_interval=0.05)
        result = client.submit(domain_name="Retail Banking", task_number=1, predictions=CSV)
        assert result.success and result.status == "scored" and result.score == 0.75
        assert len(stub.calls("GET", f"/api/submissions/{sid}")) == 3
    out = capsys.readouterr().out
    assert "✅ Prediction submitted successfully!" in out
    assert "📊 Score: 0.7500 (Macro-F1)" in out


def test_polling_is_bounded():
    sid = "33333333-3333-4333-8333-333333333333"
    with StubServer() as stub:
        stub.routes[SUBMIT] = [(202, {}, scored_body(sid, status="queued"))]
        stub.routes[("GET", f"/api/submissions/{sid}")] = [(200, {}, scored_body(sid, status="scoring"))]
        client = stub_client(stub, poll_interval=0.05, poll_timeout=0.5, verbose=False)
        started = time.monotonic()
        result = client.submit_prediction("Retail Banking", 1, CSV)
        assert time.monotonic() - started < 5
        assert result["success"] is False and result["status"] == "scoring"
        assert result["submission_id"] == sid


def test_lost_response_is_retried_and_counted_once(gateway):
    team = gateway.create_team("sdk-lossy")
    real = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url, verbose=False)
    csv_text = (gateway.static_dir / "retail-banking" / "sample_submission_c1.csv").read_text()
    before = real.get_submission_history(limit=500)
    with LossyProxy(gateway.base_url) as proxy:
        client = BenchmarkClient(
            api_key=team.api_key, team_name=team.name, base_url=proxy.base_url, verbose=False, backoff_factor=0.05
        )
        result = client.submit_prediction("Retail Banking", 1, csv_text)
    assert proxy.dropped == 1
    assert len(proxy.submits) == 2
    assert proxy.submits[0].headers["idempotency-key"] == proxy.submits[1].headers["idempotency-key"]
    assert result["success"] and result["score"] is not None
    after = real.get_submission_history(limit=500)
    new = [s for s in after if s["submission_id"] not in {b["submission_id"] for b in before}]
    assert len(new) == 1, new
    assert new[0]["submission_id"] == result["submission_id"]
