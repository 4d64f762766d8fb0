"""Test fixtures: a real Tandem gateway in embedded mode, teams made over HTTP, and helpers.

The gateway is started once per test session (``node --import tsx services/embedded/src/main.ts``
with PGlite under a temporary DATA_DIR and small generated datasets, see DATA_SCALE). It is
started lazily, possibly at collection time, because the notebook tests are parametrized over the
baseline notebooks that the dataset generator writes on first start.
"""

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import pytest

TESTS_DIR = Path(__file__).resolve().parent
SDK_DIR = TESTS_DIR.parent
REPO_ROOT = SDK_DIR.parent.parent
sys.path.insert(0, str(SDK_DIR))  # the package under test, from source

ADMIN_EMAIL = "sdk-admin@example.com"
ADMIN_PASSWORD = "sdk-admin-password-1"
START_TIMEOUT_S = float(os.environ.get("TANDEM_TEST_GATEWAY_TIMEOUT", "420"))
# 0.002 is enough for every call, but at that size Retail Banking's fraud baseline (about 1%
# positives among a few hundred rows) does not beat the constant submission; from 0.025 up it
# does, and 0.05 is the size the datasets' own baseline tests use for that domain.
DATA_SCALE = os.environ.get("TANDEM_TEST_DATA_SCALE", "0.05")
DATA_SEED = "tandem-sdk-tests"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_json(
    method: str, url: str, body: Any = None, headers: Optional[Dict[str, str]] = None, timeout: float = 120
) -> Tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    all_headers = {"Content-Type": "application/json"} if data is not None else {}
    all_headers.update(headers or {})
    request = urllib.request.Request(url, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw) if raw else None
        except ValueError:
            return error.code, raw.decode("utf-8", "replace")


@dataclass
class Team:
    name: str
    api_key: str
    team_id: str
    email: str


class Gateway:
    """One embedded-mode Tandem process on a free port."""

    def __init__(self) -> None:
        self.data_dir = Path(tempfile.mkdtemp(prefix="tandem-sdk-gateway-"))
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.data_dir / "gateway.log"
        self.process: Optional[subprocess.Popen] = None
        self._admin_token: Optional[str] = None

    @property
    def static_dir(self) -> Path:
        return self.data_dir / "static"

    def start(self) -> "Gateway":
        now = datetime.now(timezone.utc)
        env = dict(os.environ)
        # Settings of a developer's own instance must not leak into the test gateway.
        for name in ("STATIC_DIR", "JUPYTERHUB_URL", "SMTP_URL", "PUBLIC_URL", "GITHUB_CLIENT_ID"):
            env.pop(name, None)
        env.update(
            DATABASE_URL="",
            REDIS_URL="",
            DATA_DIR=str(self.data_dir),
            DATA_SCALE=DATA_SCALE,
            # Fixed, so every run tests the same data: a fresh install's own random seed made
            # small-scale baselines lose to the constant submission now and then.
            DATA_SEED=DATA_SEED,
            PORT=str(self.port),
            HOST="127.0.0.1",
            ADMIN_EMAIL=ADMIN_EMAIL,
            ADMIN_PASSWORD=ADMIN_PASSWORD,
            COMPETITION_OPENS_AT=(now - timedelta(days=1)).isoformat().replace("+00:00", "Z"),
            COMPETITION_CLOSES_AT=(now + timedelta(days=1)).isoformat().replace("+00:00", "Z"),
            SUBMISSIONS_PER_DAY="1000",
            RATE_LIMIT_AUTH_PER_IP="10000",
            RATE_LIMIT_AUTH_PER_EMAIL="10000",
            LOG_LEVEL="warn",
        )
        node = shutil.which("node") or "node"
        log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [node, "--import", "tsx", "services/embedded/src/main.ts"],
            cwd=REPO_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"The gateway exited early ({self.process.returncode}):\n{self.log()}")
            try:
                status, body = http_json("GET", f"{self.base_url}/api/ready", timeout=5)
                if status == 200:
                    return self
            except (OSError, ValueError):
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"The gateway did not become ready in {START_TIMEOUT_S} s:\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)  # the process group this fixture started
                process.wait(timeout=20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                process.wait(timeout=10)
        if not os.environ.get("TANDEM_KEEP_TEST_DATA"):
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def admin_token(self) -> str:
        if self._admin_token is None:
            status, body = http_json(
                "POST",
                f"{self.base_url}/api/login-verification",
                {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "rememberMe": False},
            )
            assert status == 200, body
            self._admin_token = body["token"]
        return self._admin_token

    def create_team(self, prefix: str = "sdk", activate: bool = True) -> Team:
        suffix = uuid.uuid4().hex[:8]
        name = f"{prefix}-{suffix}"
        email = f"{name}@example.com"
        status, body = http_json(
            "POST",
            f"{self.base_url}/api/save-user-signup",
            {
                "firstName": "Test",
                "lastName": "Participant",
                "email": email,
                "password": "participant-pass-1",
                "isStudent": False,
                "position": "Researcher",
                "area": "Data science",
                "eligible": True,
                "rememberMe": True,
            },
        )
        assert status == 201, body
        token = body["token"]
        status, body = http_json(
            "POST", f"{self.base_url}/api/teams/create", {"team_name": name}, {"Authorization": f"Bearer {token}"}
        )
        assert status == 201, body
        team = Team(name=body["team"]["team_name"], api_key=body["team"]["api_key"], team_id=body["team"]["id"], email=email)
        if activate:
            status, body = http_json(
                "POST",
                f"{self.base_url}/api/competition/start",
                {},
                {"Authorization": f"Bearer {self.admin_token()}", "x-team-id": team.team_id},
            )
            assert status == 200, body
        return team


_GATEWAY: Optional[Gateway] = None


def get_gateway() -> Gateway:
    """The session's gateway, started on first use."""
    global _GATEWAY
    if _GATEWAY is None:
        gateway = Gateway()
        atexit.register(gateway.stop)
        _GATEWAY = gateway.start()
    return _GATEWAY


def pytest_unconfigure(config: Any) -> None:
    if _GATEWAY is not None:
        _GATEWAY.stop()


@pytest.fixture(scope="session")
def gateway() -> Gateway:
    return get_gateway()


@pytest.fixture(scope="session")
def team(gateway: Gateway) -> Team:
    """An active team shared by tests that only add submissions."""
    return gateway.create_team("sdk-main")


@pytest.fixture(autouse=True)
def isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No TANDEM_* variables from the caller, and a private HOME (token file, cache)."""
    for name in list(os.environ):
        if name.startswith("TANDEM_") and not name.startswith("TANDEM_TEST_") and name != "TANDEM_KEEP_TEST_DATA":
            monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


@pytest.fixture
def client(gateway: Gateway, team: Team):
    from tandem_bench import BenchmarkClient

    return BenchmarkClient(api_key=team.api_key, team_name=team.name, base_url=gateway.base_url)


@pytest.fixture(scope="session")
def sample_csv(gateway: Gateway) -> str:
    """Retail Banking challenge 1's sample submission: one row per test transaction."""
    return (gateway.static_dir / "retail-banking" / "sample_submission_c1.csv").read_text()


@pytest.fixture(scope="session")
def test_ids(sample_csv: str):
    """The TxnIDs of Retail Banking's test file, in order."""
    return [line.split(",")[0] for line in sample_csv.strip().splitlines()[1:]]
