"""The earlier edition's notebook cell runs unchanged but for the import."""

import os
import textwrap

import pytest

from conftest import SDK_DIR

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

# As participants wrote it for agentds-bench, with `from agentds import` -> `from tandem_bench import`.
EARLIER_CELL = textwrap.dedent(
    """\
    from tandem_bench import BenchmarkClient
    import pandas as pd

    client = BenchmarkClient(api_key="{api_key}", team_name="{team_name}")

    test = pd.read_csv("{test_csv}")
    predictions = pd.DataFrame({{"TxnID": test["TxnID"], "FraudLabel": 0}})
    predictions.to_csv("predictions.csv", index=False)

    result = client.submit_prediction("Retailbanking", 1, "predictions.csv")
    print(result['score'])
    """
)


def test_the_earlier_editions_cell_in_a_notebook(gateway, team, tmp_path, monkeypatch):
    monkeypatch.setenv("TANDEM_API_URL", gateway.base_url)
    monkeypatch.setenv("PYTHONPATH", str(SDK_DIR))
    monkeypatch.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    source = EARLIER_CELL.format(
        api_key=team.api_key,
        team_name=team.name,
        test_csv=gateway.static_dir / "retail-banking" / "transactions_test.csv",
    )
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    nbclient.NotebookClient(
        notebook, timeout=300, startup_timeout=180, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    text = "".join(o.get("text", "") for o in notebook.cells[0].outputs if o.get("output_type") == "stream")
    lines = text.splitlines()
    assert "✅ Prediction submitted successfully!" in lines
    assert any(line.startswith("📊 Score: ") and line.endswith("(Macro-F1)") for line in lines)
    score = float(lines[-1])
    assert 0 < score < 1
    assert (tmp_path / "predictions.csv").is_file()


def test_the_earlier_editions_calls_in_process(gateway, team, tmp_path, monkeypatch):
    monkeypatch.setenv("TANDEM_API_URL", gateway.base_url)
    monkeypatch.chdir(tmp_path)
    import pandas as pd

    from tandem_bench import APIError, AuthenticationError, BenchmarkClient, NetworkError, ValidationError

    client = BenchmarkClient(api_key=team.api_key, team_name=team.name)
    assert client.authenticate() and client.verify_auth()
    assert "Retail Banking" in client.get_domains()
    test = pd.read_csv(gateway.static_dir / "retail-banking" / "transactions_test.csv")
    pd.DataFrame({"TxnID": test["TxnID"], "FraudLabel": 0}).to_csv("predictions.csv", index=False)
    result = client.submit_prediction("Retailbanking", 1, "predictions.csv")
    assert set(result) >= {"success", "score", "metric_name", "validation_passed", "details"}
    assert isinstance(result["score"], float)
    assert isinstance(client.get_submission_history(), list)
    for error in (APIError, AuthenticationError, NetworkError, ValidationError):
        assert issubclass(error, Exception)


def test_the_resources_page_snippet_runs_as_shown(gateway, team, tmp_path, monkeypatch, capsys):
    """The web app's 'Sample SDK usage' (sdkSnippet for the active competition) agrees with the SDK."""
    import subprocess

    from conftest import REPO_ROOT

    # The snippet as the Resources page builds it for the default edition, for this server.
    program = (
        'import { buildCompetition, sdkSnippet } from "@tandem/competition";'
        'import { defaultDefinition } from "@tandem/competition/server";'
        "process.stdout.write(sdkSnippet(process.argv[1], buildCompetition(defaultDefinition())));"
    )
    snippet = subprocess.run(
        [str(REPO_ROOT / "node_modules" / ".bin" / "tsx"), "--eval", program, gateway.base_url],
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    snippet = snippet.replace("YOUR_TEAM_API_KEY", team.api_key).replace("your-team-name", team.name)
    assert "${" not in snippet
    monkeypatch.chdir(tmp_path)
    exec(compile(snippet, "resources-snippet", "exec"), {"__name__": "__snippet__"})
    out = capsys.readouterr().out
    assert "✅ Prediction submitted successfully!" in out
    assert out.strip().splitlines()[-1].endswith(" Macro-F1")
