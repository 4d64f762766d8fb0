"""`pip install ./sdk/python` works offline and installs only the standard-library package."""

import shutil
import subprocess
import sys

from conftest import SDK_DIR


def test_pip_installs_offline_with_the_console_script(tmp_path):
    # Built from a copy: an in-tree setuptools build would leave build/ and *.egg-info behind.
    source = tmp_path / "src"
    shutil.copytree(SDK_DIR, source, ignore=shutil.ignore_patterns("tests", "build", "*.egg-info", "__pycache__", ".pytest_cache"))
    target = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index", "--quiet",
         "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=600,
    )
    # Debian's python3-pip (.ci/run installs it); without it this fails rather than skips.
    assert done.returncode == 0, done.stderr
    assert (target / "tandem_bench" / "client.py").is_file()
    assert (target / "bin" / "tandem-bench").is_file()
    dist = next(target.glob("tandem_bench-*.dist-info"))
    metadata = (dist / "METADATA").read_text()
    assert "Name: tandem-bench" in metadata
    assert "Requires-Python: >=3.9" in metadata
    assert "Provides-Extra: pandas" in metadata
    assert any(l.startswith("Requires-Dist: pandas") and "extra ==" in l and "pandas" in l.split("extra")[1] for l in metadata.splitlines())
    # Only the optional extra: nothing required at run time.
    assert all("extra ==" in line for line in metadata.splitlines() if line.startswith("Requires-Dist:"))
    check = subprocess.run(
        [sys.executable, "-S", "-c", "import sys; sys.path.insert(0, sys.argv[1]); import tandem_bench, tandem_bench.cli; print(tandem_bench.__version__)",
         str(target)],
        capture_output=True, text=True, timeout=60,
    )
    assert check.returncode == 0, check.stderr  # -S: no site-packages, so the standard library only


def test_the_runtime_imports_only_the_standard_library():
    code = (
        "import sys; sys.modules['pandas'] = None; sys.path.insert(0, sys.argv[1]);"
        "import tandem_bench, tandem_bench.cli, tandem_bench.validation;"
        "from tandem_bench.datasets import pandas_available; assert not pandas_available();"
        "from tandem_bench.validation import predictions_to_csv;"
        "print(predictions_to_csv([{'TxnID': 'T1', 'FraudLabel': 1}]), end='')"
    )
    done = subprocess.run([sys.executable, "-c", code, str(SDK_DIR)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "TxnID,FraudLabel\nT1,1\n"
