"""Submitting predictions in every accepted form, and the local and server validation errors."""

import csv
import io
from pathlib import Path

import pytest

from tandem_bench import APIError, BenchmarkClient, SubmissionResult, ValidationError

pd = pytest.importorskip("pandas")


def rows_of(csv_text):
    return list(csv.DictReader(io.StringIO(csv_text)))


def history_ids(client):
    return {s["submission_id"] for s in client.get_submission_history(limit=500)}


@pytest.fixture
def quiet(client):
    client.verbose = False
    return client


def test_submit_a_csv_path_prints_the_earlier_lines_and_returns_the_dict(client, gateway, capsys):
    path = gateway.static_dir / "retail-banking" / "sample_submission_c1.csv"
    result = client.submit_prediction("Retail Banking", 1, str(path))
    assert set(result) >= {"success", "score", "metric_name", "validation_passed", "details", "submission_id", "counted", "status"}
    assert result["success"] is True and result["validation_passed"] is True
    assert result["metric_name"] == "Macro-F1" and result["status"] == "scored" and result["counted"] is True
    assert 0 <= result["score"] <= 1
    assert result["details"]["expected_format"] == "TxnID,FraudLabel"
    rows = len(rows_of(path.read_text()))
    assert result["details"]["actual_rows"] == result["details"]["expected_rows"] == rows
    assert result["details"]["validation_errors"] == []
    out = capsys.readouterr().out.splitlines()
    assert "✅ Prediction submitted successfully!" in out
    assert f"📊 Score: {result['score']:.4f} (Macro-F1)" in out
    assert any(line.startswith(f"✓ Validation passed: {rows} rows (expected {rows}") for line in out)


@pytest.mark.parametrize("form", ["str-path", "pathlib", "csv-string", "bytes", "dataframe", "indexed-dataframe", "records", "file-object"])
def test_every_predictions_form_is_accepted(form, quiet, sample_csv, test_ids, tmp_path):
    frame = pd.read_csv(io.StringIO(sample_csv))
    frame.loc[frame.index[:5], "FraudLabel"] = 1
    path = tmp_path / "predictions.csv"
    frame.to_csv(path, index=False)
    predictions = {
        "str-path": str(path),
        "pathlib": Path(path),
        "csv-string": path.read_text(),
        "bytes": path.read_bytes(),
        "dataframe": frame,
        "indexed-dataframe": frame.set_index("TxnID"),
        "records": frame.to_dict("records"),
        "file-object": None,
    }[form]
    if form == "file-object":
        with open(path) as handle:
            result = quiet.submit_prediction("Retail Banking", 1, handle)
    else:
        result = quiet.submit_prediction("Retail Banking", 1, predictions)
    assert result["success"], result
    assert result["details"]["actual_rows"] == len(test_ids)


def test_records_with_booleans_and_floats_like_pandas_writes(quiet, sample_csv):
    records = [{"TxnID": r["TxnID"], "FraudLabel": float(r["FraudLabel"])} for r in rows_of(sample_csv)]
    records[0]["FraudLabel"] = True
    assert quiet.submit_prediction("Retail Banking", 1, records)["success"]


@pytest.mark.parametrize("name", ["Retailbanking", "retail-banking", "RETAIL BANKING", "RetailBanking", " retail_banking "])
def test_domain_names_match_loosely(quiet, sample_csv, name):
    assert quiet.submit_prediction(name, 1, sample_csv)["success"]


def test_composite_ids_and_float_written_ids(quiet, gateway):
    frame = pd.read_csv(gateway.static_dir / "retail-banking" / "sample_submission_c2.csv")
    frame["Week"] = frame["Week"].astype(float)  # pandas writes 40.0: the same id as 40
    result = quiet.submit_prediction("Retail Banking", 2, frame)
    assert result["success"] and result["details"]["expected_format"] == "CustomerID,Week,DefaultLabel"


def test_submit_returns_a_typed_result(quiet, sample_csv):
    result = quiet.submit("Retail Banking", 1, sample_csv)
    assert isinstance(result, SubmissionResult)
    assert result.success and result.metric_name == "Macro-F1" and not result.pending
    assert result["score"] == result.score and result.to_dict()["submission_id"] == result.submission_id
    again = quiet.get_submission(result.submission_id)
    assert again.score == result.score and again.status == "scored"


def test_a_non_binary_label_set(quiet, gateway):
    sample = gateway.static_dir / "insurance" / "sample_submission_c1.csv"
    frame = pd.read_csv(sample)
    frame.loc[frame.index[:3], "ClaimComplexityLabel"] = "complex"  # labels match case-insensitively
    assert quiet.submit_prediction("Insurance", 1, frame)["success"]
    frame.loc[frame.index[0], "ClaimComplexityLabel"] = "1"
    with pytest.raises(ValidationError) as caught:
        quiet.submit_prediction("Insurance", 1, frame)
    assert caught.value.errors[0] == 'ClaimComplexityLabel must be one of Simple, Moderate, Complex: row 2 has "1"'


# --- local validation: nothing is uploaded ----------------------------------------------------


LOCAL_CASES = {
    "header": (
        lambda rows: "txnid,FraudLabel\n" + "".join(f"{r['TxnID']},{r['FraudLabel']}\n" for r in rows),
        None,
        'Header must be exactly "TxnID,FraudLabel" (got "txnid,FraudLabel")',
    ),
    "blank-id": (
        lambda rows: "TxnID,FraudLabel\n,0\n" + "".join(f"{r['TxnID']},0\n" for r in rows[1:]),
        None,
        "Blank id: row 2 (TxnID)",
    ),
    "duplicate": (
        lambda rows: "TxnID,FraudLabel\n" + "".join(f"{r['TxnID']},0\n" for r in rows) + f"{rows[0]['TxnID']},1\n",
        None,
        "Duplicate id: row {dup_line} ({first_id})",
    ),
    "label": (
        lambda rows: "TxnID,FraudLabel\n" + f"{rows[0]['TxnID']},maybe\n" + "".join(f"{r['TxnID']},0\n" for r in rows[1:]),
        None,
        'FraudLabel must be one of 0, 1: row 2 has "maybe"',
    ),
    "blank-label": (
        lambda rows: "TxnID,FraudLabel\n" + f"{rows[0]['TxnID']},\n" + "".join(f"{r['TxnID']},0\n" for r in rows[1:]),
        None,
        "Blank FraudLabel: row 2",
    ),
    "columns": (
        lambda rows: "TxnID,FraudLabel\n" + f"{rows[0]['TxnID']},0,1\n" + "".join(f"{r['TxnID']},0\n" for r in rows[1:]),
        None,
        "Wrong number of columns: row 2 has 3, expected 2",
    ),
    "expected-rows": (
        lambda rows: "TxnID,FraudLabel\n" + "".join(f"{r['TxnID']},0\n" for r in rows[:10]),
        "all",
        "Wrong row count: expected {rows} rows, got 10",
    ),
    "empty": (lambda rows: "", None, "The file is empty"),
}


@pytest.mark.parametrize("case", sorted(LOCAL_CASES))
def test_local_validation_errors_match_the_servers_and_upload_nothing(case, quiet, sample_csv, test_ids):
    make, expected_rows, message = LOCAL_CASES[case]
    if expected_rows == "all":
        expected_rows = len(test_ids)
    message = message.format(rows=len(test_ids), dup_line=len(test_ids) + 2, first_id=test_ids[0])
    before = history_ids(quiet)
    with pytest.raises(ValidationError) as caught:
        quiet.submit_prediction("Retail Banking", 1, make(rows_of(sample_csv)) or "\n", expected_rows=expected_rows)
    assert caught.value.errors[0] == message
    assert str(caught.value) == f"Submission failed validation: {message}"
    assert caught.value.details["expected_format"] == "TxnID,FraudLabel"
    assert history_ids(quiet) == before


def test_local_numeric_checks(quiet, gateway):
    frame = pd.read_csv(gateway.static_dir / "insurance" / "sample_submission_c2.csv")
    frame["NextYearLoss"] = frame["NextYearLoss"].astype(object)
    frame.loc[frame.index[0], "NextYearLoss"] = "inf"
    frame.loc[frame.index[1], "NextYearLoss"] = "lots"
    with pytest.raises(ValidationError) as caught:
        quiet.submit_prediction("Insurance", 2, frame)
    assert caught.value.errors == ['NextYearLoss must be a finite number: row 2 has "inf"; row 3 has "lots"']


def test_probability_range_and_numeric_prediction(quiet, gateway):
    frame = pd.read_csv(gateway.static_dir / "insurance" / "sample_submission_c2.csv")
    with pytest.raises(ValidationError, match="must be between 0 and 1"):
        quiet.submit_prediction("Insurance", 2, frame, probability_range=(0, 1))
    frame["NextYearLoss"] = 0.5
    frame.loc[frame.index[0], "NextYearLoss"] = 0.9
    assert quiet.submit_prediction("Insurance", 2, frame, numeric_prediction=True, probability_range=(0, 1))["success"]


def test_ranking_checks(quiet, gateway):
    frame = pd.read_csv(gateway.static_dir / "commerce" / "sample_submission_c2.csv")
    assert quiet.submit_prediction("Commerce", 2, frame)["metric_name"] == "NDCG@10"
    frame.loc[frame.index[0], "sku_id_2"] = frame.loc[frame.index[0], "sku_id_1"]
    with pytest.raises(ValidationError) as caught:
        quiet.submit_prediction("Commerce", 2, frame)
    assert caught.value.errors == ["Recommendations must be distinct: row 2"]


def test_submission_format_override_is_checked(quiet, sample_csv):
    with pytest.raises(ValidationError, match='Header must be exactly "TxnID,Prediction"'):
        quiet.submit_prediction("Retail Banking", 1, sample_csv, submission_format="TxnID,Prediction")


def test_the_cached_test_file_adds_the_id_checks(quiet, sample_csv, test_ids):
    short = "TxnID,FraudLabel\n" + "".join(f"{r['TxnID']},0\n" for r in rows_of(sample_csv)[:-2]) + "T9999999,0\n"
    quiet.load_dataset("Retail Banking", challenge=1)
    before = history_ids(quiet)
    with pytest.raises(ValidationError) as caught:
        quiet.submit_prediction("Retail Banking", 1, short)
    n = len(test_ids)
    assert caught.value.errors == [
        f"Id not in the test set: row {n} (T9999999)",
        f"Missing ids: 2 test ids have no row, e.g. {test_ids[-2]}; {test_ids[-1]}",
        f"Wrong row count: expected {n} rows, got {n - 1}",
    ]
    assert history_ids(quiet) == before


def test_a_missing_file_is_a_validation_error(quiet, tmp_path):
    with pytest.raises(ValidationError, match="Predictions file not found"):
        quiet.submit_prediction("Retail Banking", 1, str(tmp_path / "nope.csv"))


# --- server-side answers ----------------------------------------------------------------------


def test_server_validation_errors_come_back_as_validation_error(quiet, sample_csv, test_ids):
    short = "TxnID,FraudLabel\n" + "".join(f"{r['TxnID']},0\n" for r in rows_of(sample_csv)[:10])
    before = history_ids(quiet)
    with pytest.raises(ValidationError) as caught:
        quiet.submit_prediction("Retail Banking", 1, short, validate=False)
    error = caught.value
    assert error.status_code == 400 and error.code == "submission.invalid"
    n = len(test_ids)
    missing = f"Missing ids: {n - 10} test ids have no row, e.g. {'; '.join(test_ids[10:13])} (and {n - 13} more)"
    assert str(error) == f"Submission failed validation: {missing}"
    assert error.errors == [missing, f"Wrong row count: expected {n} rows, got 10"]
    assert error.details["expected_rows"] == n and error.details["actual_rows"] == 10
    assert history_ids(quiet) == before


def test_server_label_errors_match_the_local_ones(quiet, sample_csv):
    rows = rows_of(sample_csv)
    bad = "TxnID,FraudLabel\n" + f"{rows[0]['TxnID']},maybe\n" + "".join(f"{r['TxnID']},0\n" for r in rows[1:])
    with pytest.raises(ValidationError) as local:
        quiet.submit_prediction("Retail Banking", 1, bad)
    with pytest.raises(ValidationError) as server:
        quiet.submit_prediction("Retail Banking", 1, bad, validate=False)
    assert local.value.errors == server.value.errors


def test_unknown_domain_or_challenge(quiet, sample_csv):
    with pytest.raises(APIError) as caught:
        quiet.submit_prediction("Astronomy", 1, sample_csv)
    assert caught.value.status_code == 404 and 'Unknown domain "Astronomy"' in str(caught.value)
    assert caught.value.code == "competition.unknown_domain"
    with pytest.raises(APIError) as caught:
        quiet.submit_prediction("Retail Banking", 9, sample_csv)
    assert caught.value.status_code == 404
    assert str(caught.value).startswith('Unknown domain or challenge "Retail Banking" 9. Valid: ')
    assert "Retail Banking (challenges 1, 2)" in str(caught.value)


def test_an_inactive_team_gets_the_servers_403(gateway, sample_csv):
    inactive = gateway.create_team("sdk-inactive", activate=False)
    client = BenchmarkClient(api_key=inactive.api_key, team_name=inactive.name, base_url=gateway.base_url, verbose=False)
    assert client.authenticate() and client.team_status == "inactive"
    with pytest.raises(APIError) as caught:
        client.submit_prediction("Retail Banking", 1, sample_csv)
    assert caught.value.status_code == 403
    assert "must be activated" in str(caught.value)


def test_submission_history(gateway):
    team = gateway.create_team("sdk-history")
    client = BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url, verbose=False)
    assert client.get_submission_history() == []
    first = client.submit_prediction("Retail Banking", 1, gateway.static_dir / "retail-banking" / "sample_submission_c1.csv")
    second = client.submit_prediction("Insurance", 3, gateway.static_dir / "insurance" / "sample_submission_c3.csv")
    history = client.get_submission_history()
    assert [h["submission_id"] for h in history] == [second["submission_id"], first["submission_id"]]
    entry = history[1]
    assert entry["domain"] == "Retail Banking" and entry["challenge"] == 1 and entry["status"] == "scored"
    assert entry["score"] == first["score"] and entry["metric_name"] == "Macro-F1" and entry["counted"] is True
    assert [h["submission_id"] for h in client.get_submission_history(domain="retailbanking")] == [first["submission_id"]]
    assert len(client.get_submission_history(limit=1)) == 1
    with pytest.raises(APIError) as caught:
        client.get_submission_history(domain="Astronomy")
    assert caught.value.status_code == 404
