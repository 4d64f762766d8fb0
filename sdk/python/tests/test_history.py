"""get_submission_history: filters, cursor paging beyond one page, notes and submitters."""

import pytest

import tandem_bench.history
from support import StubServer
from tandem_bench import APIError, BenchmarkClient, ValidationError

HISTORY = ("GET", "/api/submissions/history")
STATUSES = "queued, scoring, scored, invalid, failed"


@pytest.fixture(scope="module")
def history_team(gateway):
    """A team with three scored submissions, oldest first: c1 with a note, c2 without, c1 again."""
    team = gateway.create_team("sdk-history")
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url, verbose=False)
    folder = gateway.static_dir / "retail-banking"
    made = [
        client.submit_prediction("Retail Banking", 1, folder / "sample_submission_c1.csv", note="first try"),
        client.submit_prediction("Retail Banking", 2, folder / "sample_submission_c2.csv"),
        client.submit_prediction("retail-banking", 1, folder / "sample_submission_c1.csv", note="  third, ✨ sparkles  "),
    ]
    assert all(m["success"] for m in made), made
    team.made_ids = [m["submission_id"] for m in made]
    return team


@pytest.fixture
def history_client(gateway, history_team):
    return BenchmarkClient(
        api_key=history_team.api_key, team_name=history_team.name, base_url=gateway.base_url, verbose=False
    )


class Spy:
    """Records the history requests the client really sends (they still reach the gateway)."""

    def __init__(self, client, monkeypatch):
        self.queries = []
        send = client._transport.request

        def request(method, path, **kwargs):
            if path == "/api/submissions/history":
                self.queries.append(dict(kwargs.get("query") or {}))
            return send(method, path, **kwargs)

        monkeypatch.setattr(client._transport, "request", request)


def test_items_are_newest_first_with_the_note_and_who_submitted(history_client, history_team):
    rows = history_client.get_submission_history()
    assert [r["submission_id"] for r in rows] == history_team.made_ids[::-1]
    assert [r["note"] for r in rows] == ["third, ✨ sparkles", None, "first try"]
    assert all(r["submitted_by"] == {"kind": "api_key", "username": None} for r in rows)
    assert [r["challenge_key"] for r in rows] == ["retail-banking/1", "retail-banking/2", "retail-banking/1"]
    assert all(r["status"] == "scored" and r["counted"] is True and r["error"] is None for r in rows)
    assert [r["created_at"] for r in rows] == sorted((r["created_at"] for r in rows), reverse=True)


def test_a_limit_beyond_one_page_follows_the_cursor(history_client, history_team, monkeypatch):
    monkeypatch.setattr(tandem_bench.history, "HISTORY_PAGE_MAX", 1)  # three pages of one
    spy = Spy(history_client, monkeypatch)
    rows = history_client.get_submission_history(limit=None)
    assert [r["submission_id"] for r in rows] == history_team.made_ids[::-1]
    assert [q["limit"] for q in spy.queries] == [1, 1, 1]
    assert spy.queries[0]["cursor"] is None and all(q["cursor"] for q in spy.queries[1:])
    assert len({q["cursor"] for q in spy.queries}) == 3

    spy.queries.clear()
    two = history_client.get_submission_history(limit=2)
    assert [r["submission_id"] for r in two] == history_team.made_ids[::-1][:2]
    assert len(spy.queries) == 2  # stops at the limit, not at the last page


def test_limit_counts_across_pages_of_at_most_500():
    first = [{"submission_id": f"s{i}"} for i in range(500)]
    rest = [{"submission_id": f"t{i}"} for i in range(200)]
    with StubServer() as stub:
        stub.routes[HISTORY] = [(200, {}, {"submissions": first, "next_cursor": "c1"}),
                                (200, {}, {"submissions": rest, "next_cursor": "c2"})]
        client = BenchmarkClient(api_key="k", base_url=stub.base_url, verbose=False)
        rows = client.get_submission_history(limit=700)
        assert [r["submission_id"] for r in rows] == [r["submission_id"] for r in first + rest]
        paths = [c.path for c in stub.calls(*HISTORY)]
    assert paths == ["/api/submissions/history?limit=500", "/api/submissions/history?limit=200&cursor=c1"]


def test_a_server_repeating_its_cursor_is_not_asked_forever():
    with StubServer() as stub:
        stub.routes[HISTORY] = [(200, {}, {"submissions": [{"submission_id": "s"}], "next_cursor": "same"})]
        client = BenchmarkClient(api_key="k", base_url=stub.base_url, verbose=False)
        assert len(client.get_submission_history(limit=None)) == 2
        assert len(stub.calls(*HISTORY)) == 2


def test_an_older_server_gives_one_page_and_the_new_fields_read_as_none():
    with StubServer() as stub:
        stub.routes[HISTORY] = [(200, {}, {"submissions": [{"submission_id": "s", "status": "scored"}]})]
        rows = BenchmarkClient(api_key="k", base_url=stub.base_url).get_submission_history(limit=1000)
        exact = {"policy": "exact", "digits": None, "threshold": None, "significant_improvement": None}
        assert rows == [{"submission_id": "s", "status": "scored", "score_kind": "public", "final": False,
                         "note": None, "submitted_by": None, "feedback": exact, "feedback_policy": "exact",
                         "significant_improvement": None}]
        assert len(stub.calls(*HISTORY)) == 1


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"domain": "Retailbanking"}, [2, 1, 0]),
        ({"domain": "retail banking", "challenge": 2}, [1]),
        ({"domain": "Retail Banking", "challenge": "1"}, [2, 0]),
        ({"challenge": "retail-banking/1"}, [2, 0]),
        ({"challenge": "Retail Banking/2"}, [1]),
        ({"status": "scored"}, [2, 1, 0]),
        ({"status": " Scored ", "challenge": "retail-banking/2"}, [1]),
        ({"status": "failed"}, []),
        ({"domain": "Commerce"}, []),
    ],
)
def test_filters_by_domain_challenge_and_status(history_client, history_team, filters, expected):
    rows = history_client.get_submission_history(**filters)
    assert [r["submission_id"] for r in rows] == [history_team.made_ids[i] for i in expected]


def test_the_earlier_editions_domain_first_order_still_works(history_client, history_team):
    """agentds-bench 1.3 had get_submission_history(domain=None, limit=50)."""
    assert [r["submission_id"] for r in history_client.get_submission_history("Retail Banking", 2)] == (
        history_team.made_ids[::-1][:2]
    )
    assert len(history_client.get_submission_history("Retailbanking")) == 3
    assert history_client.get_submission_history("Commerce") == []


def test_domain_names_are_sent_as_slugs_and_challenges_as_keys(history_client, monkeypatch):
    spy = Spy(history_client, monkeypatch)
    history_client.get_submission_history(domain="RetailBanking", challenge=2, status="scored")
    history_client.get_submission_history(domain="Retail Banking")
    assert spy.queries[0] == {"limit": 50, "challenge": "retail-banking/2", "status": "scored", "cursor": None}
    assert spy.queries[1] == {"limit": 50, "domain": "retail-banking", "status": None, "cursor": None}


def test_bad_filters_are_refused_before_anything_is_sent():
    with StubServer() as stub:
        client = BenchmarkClient(api_key="k", base_url=stub.base_url, verbose=False)
        with pytest.raises(ValidationError) as caught:
            client.get_submission_history(status="done")
        assert str(caught.value) == f"Unknown status 'done'. Valid: {STATUSES}"
        assert caught.value.errors == [str(caught.value)]
        with pytest.raises(ValidationError, match="needs domain="):
            client.get_submission_history(challenge=2)
        for bad in ({"challenge": "retail-banking/x"}, {"challenge": 0}, {"challenge": True}, {"limit": 0},
                    {"limit": 2.5}, {"domain": " "}):
            with pytest.raises(ValidationError):
                client.get_submission_history(**bad)
        assert stub.requests == []


def test_an_unknown_domain_or_challenge_names_the_valid_ones(history_client):
    with pytest.raises(APIError) as caught:
        history_client.get_submission_history(domain="Astrology")
    assert caught.value.code == "competition.unknown_domain" and "Retail Banking (challenges 1, 2" in str(caught.value)
    with pytest.raises(APIError) as caught:
        history_client.get_submission_history(challenge="retail-banking/9")
    assert caught.value.code == "competition.unknown_domain"
    with pytest.raises(ValidationError, match="is not in domain"):
        history_client.get_submission_history(domain="Commerce", challenge="retail-banking/1")


def test_without_the_domain_list_the_filters_go_to_the_server_as_given(gateway, history_team, monkeypatch):
    """The server matches names the same way, and refuses what it does not know with the same code."""
    with StubServer() as stub:
        stub.routes[("GET", "/api/competition/domains")] = [(503, {}, {"error": "down"})]
        stub.routes[HISTORY] = [(200, {}, {"submissions": [], "next_cursor": None})]
        client = BenchmarkClient(api_key="k", base_url=stub.base_url, verbose=False, max_retries=0)
        client.get_submission_history(domain="Retail Banking", challenge=2)
        assert stub.calls(*HISTORY)[0].path == "/api/submissions/history?limit=50&domain=Retail+Banking&challenge=2"

    def unreadable(domain=None):
        raise APIError("down", status_code=503)

    real = BenchmarkClient(api_key=history_team.api_key, base_url=gateway.base_url, verbose=False)
    monkeypatch.setattr(real, "get_domain_details", unreadable)
    assert len(real.get_submission_history(domain="Retailbanking", challenge="1")) == 2
    assert len(real.get_submission_history(challenge="retail-banking/2")) == 1
    with pytest.raises(APIError) as caught:
        real.get_submission_history(domain="Astrology")
    assert caught.value.status_code == 404 and caught.value.code == "competition.unknown_domain"
    with pytest.raises(APIError) as caught:
        real.get_submission_history(challenge="retail-banking/9")
    assert caught.value.status_code == 404 and caught.value.code == "competition.unknown_domain"


def test_as_frame_returns_a_dataframe(history_client):
    import pandas as pd

    frame = history_client.get_submission_history(as_frame=True)
    assert isinstance(frame, pd.DataFrame) and len(frame) == 3
    assert {"submission_id", "note", "submitted_by", "score"} <= set(frame.columns)
    empty = history_client.get_submission_history(domain="Commerce", as_frame=True)
    assert len(empty) == 0 and "score" in empty.columns
