"""Domains, challenge formats and the (organizer-only) leaderboards."""

import pytest

from tandem_bench import APIError, BenchmarkClient


def test_get_domains_lists_the_names(client):
    names = client.get_domains()
    assert "Retail Banking" in names
    assert len(names) == len(set(names)) >= 1


def test_get_domains_needs_no_credentials(gateway):
    assert "Retail Banking" in BenchmarkClient(base_url=gateway.base_url).get_domains()


def test_get_domain_details(client):
    details = client.get_domain_details()
    banking = next(d for d in details if d["name"] == "Retail Banking")
    assert banking["slug"] == "retail-banking" and banking["folder"] == "RetailBanking"
    assert {f["name"] for f in banking["data_files"]} >= {"transactions_train.csv", "transactions_test.csv"}
    first = banking["challenges"][0]
    assert first["number"] == 1 and first["metric_name"] == "Macro-F1"
    assert first["submission_format"] == "TxnID,FraudLabel"
    assert client.get_domain_details("retailbanking") == banking
    with pytest.raises(APIError) as caught:
        client.get_domain_details("Astronomy")
    assert caught.value.status_code == 404 and "Retail Banking (challenges 1, 2)" in str(caught.value)
    assert caught.value.code == "competition.unknown_domain"


def test_challenge_format(client):
    fmt = client.get_challenge_format("Retail Banking", 2)
    assert fmt.header == ["CustomerID", "Week", "DefaultLabel"]
    assert fmt.id_columns == ["CustomerID", "Week"] and fmt.kind == "label" and fmt.labels == ["0", "1"]
    assert fmt.test_file == "customer_panel_test.csv" and fmt.train_file == "customer_panel_train.csv"
    insurance = client.get_challenge_format("Insurance", 1)
    assert insurance.labels == ["Simple", "Moderate", "Complex"]
    assert client.get_challenge_format("Insurance", 2).kind == "numeric"
    ranking = client.get_challenge_format("Commerce", 2)
    assert ranking.kind == "ranking" and ranking.id_columns == ["customer_id"]


def test_challenge_formats_are_read_from_the_published_format(client):
    for domain in client.get_domain_details():
        for challenge in domain["challenges"]:
            published = challenge["format"]
            assert published["header"] == challenge["submission_format"].split(",")
            fmt = client.get_challenge_format(domain["name"], challenge["number"])
            assert fmt.header == published["header"] and fmt.id_columns == published["id_columns"]
            assert fmt.kind == published["target"]["kind"]
            assert fmt.labels == published["target"].get("labels")


def test_leaderboards_are_for_organizers_participants_get_the_servers_refusal(client):
    with pytest.raises(APIError) as caught:
        client.get_leaderboard()
    assert caught.value.status_code in (401, 403)
    assert caught.value.code in ("auth.required", "auth.admin_required")
    assert "organizers only" in str(caught.value)
    with pytest.raises(APIError) as caught:
        client.get_domain_leaderboard("Retail Banking")
    assert caught.value.status_code in (401, 403)


def test_leaderboards_with_an_organizer_session_token(gateway, team, client):
    client.verbose = False
    client.submit_prediction("Retail Banking", 1, gateway.static_dir / "retail-banking" / "sample_submission_c1.csv")
    organizer = BenchmarkClient(api_key=team.api_key, base_url=gateway.base_url, session_token=gateway.admin_token())
    rows = organizer.get_leaderboard()
    assert isinstance(rows, list)
    mine = next(r for r in rows if r["team_name"] == team.name)
    assert mine["rank"] >= 1 and 0 < mine["total_score"] <= 1
    board = organizer.get_domain_leaderboard("Retail Banking")
    assert board["domain"] == "Retail Banking"
    assert [c["key"] for c in board["challenge_columns"]] == ["retail-banking/1", "retail-banking/2"]
    assert any(r["team_name"] == team.name for r in board["leaderboard"])
    assert organizer.get_domain_leaderboard("retail-banking")["slug"] == "retail-banking"
    with pytest.raises(APIError) as caught:
        organizer.get_domain_leaderboard("Astronomy")
    assert caught.value.status_code == 404


def test_organizer_token_from_the_environment(gateway, monkeypatch):
    monkeypatch.setenv("TANDEM_SESSION_TOKEN", gateway.admin_token())
    assert isinstance(BenchmarkClient(base_url=gateway.base_url).get_leaderboard(), list)
