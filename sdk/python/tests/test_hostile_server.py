"""A hostile (or intercepted) server: load_dataset must not write outside its folder, must not
fetch from another origin, and plain http to a remote host is warned about."""

import copy
import json
import warnings
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tandem_bench
from support import DOMAINS_BODY, _LoopbackServer
from tandem_bench import APIError, BenchmarkClient, TandemError

GOOD = ["transactions_train.csv", "transactions_test.csv"]


class HostileServer(_LoopbackServer):
    """Serves ``domain`` at ``/api/competition/domains`` and answers every other GET with a small
    file (or with ``redirects[path]`` as a 302), recording each path asked for."""

    def __init__(self, domain: Dict[str, Any] = None) -> None:
        self.domain = domain or copy.deepcopy(DOMAINS_BODY["domains"][0])
        self.redirects: Dict[str, str] = {}
        self.paths: List[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                server.paths.append(self.path)
                headers = {}
                if self.path == "/api/competition/domains":
                    status, data = 200, json.dumps({"domains": [server.domain]}).encode()
                elif self.path in server.redirects:
                    status, data = 302, b""
                    headers["Location"] = server.redirects[self.path]
                else:
                    status, data = 200, b"TxnID,FraudLabel\nT1,0\n"
                self.send_response(status)
                self.send_header("Content-Length", str(len(data)))
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

        self._serve(Handler)

    def downloads(self) -> List[str]:
        return [p for p in self.paths if not p.startswith("/api/")]


def challenge(server: HostileServer) -> Dict[str, Any]:
    return server.domain["challenges"][0]


def tree(root: Path) -> List[str]:
    """Every path under ``root`` (symlinks included, not followed)."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def load(server: HostileServer, cache: Path, **options: Any):
    client = BenchmarkClient(base_url=server.base_url, cache_dir=cache, verbose=False)
    return client.load_dataset("Retail Banking", as_frames=False, **options)


def refused(server: HostileServer, cache: Path, entry: Any, **options: Any) -> TandemError:
    with pytest.raises(TandemError) as caught:
        load(server, cache, **options)
    error = caught.value
    assert isinstance(error, tandem_bench.UnsafeDownloadError), repr(error)
    assert error.entry == entry
    assert repr(entry)[:60] in str(error)
    return error


BAD_NAMES = [
    "../escaped.csv",
    "..\\escaped.csv",
    "sub/escaped.csv",
    "C:\\escaped.csv",
    "C:escaped.csv",
    "bad\x00name.csv",
    "tab\tname.csv",
    "new\nline.csv",
    "",
    ".",
    "..",
    "x" * 300 + ".csv",
    None,
]


@pytest.mark.parametrize("bad", BAD_NAMES, ids=repr)
def test_a_bad_challenge_file_name_is_refused_before_anything_is_written(tmp_path, bad):
    with HostileServer() as server:
        challenge(server)["files"] = GOOD + [bad]  # good names first: no partial download either
        before = tree(tmp_path)
        refused(server, tmp_path / "cache", bad)
        assert tree(tmp_path) == before
        assert server.downloads() == []


def test_an_absolute_file_name_is_refused(tmp_path):
    target = tmp_path / "outside" / "owned.csv"  # an absolute path, kept under tmp_path
    target.parent.mkdir()
    with HostileServer() as server:
        challenge(server)["files"] = GOOD + [str(target)]
        refused(server, tmp_path / "cache", str(target))
        assert not target.exists()
        assert not (tmp_path / "cache").exists()
        assert server.downloads() == []


def test_a_bad_data_file_name_is_refused(tmp_path):
    with HostileServer() as server:
        server.domain["data_files"] = [{"name": "../escaped.csv", "url": "/static/retail-banking/x.csv"}]
        refused(server, tmp_path / "cache", "../escaped.csv")
        assert not (tmp_path / "escaped.csv").exists()
        assert server.downloads() == []


def test_a_backslash_sample_submission_name_is_refused(tmp_path):
    with HostileServer() as server:
        challenge(server)["sample_submission_url"] = "/static/retail-banking/..\\..\\escaped.csv"
        refused(server, tmp_path / "cache", "..\\..\\escaped.csv")
        assert not (tmp_path / "cache").exists()


def test_a_hostile_slug_cannot_move_the_cache_folder(tmp_path):
    with HostileServer() as server:
        server.domain["slug"] = "../../escaped"
        refused(server, tmp_path / "a" / "cache", "../../escaped")
        assert not (tmp_path / "escaped").exists()
        assert server.downloads() == []


def test_a_symlink_planted_in_the_cache_is_not_written_through(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("precious\n")
    folder = tmp_path / "cache" / "retail-banking"
    folder.mkdir(parents=True)
    (folder / ".transactions_test.csv.part").symlink_to(outside)  # the download's temporary file
    with HostileServer() as server:
        refused(server, tmp_path / "cache", "transactions_test.csv")
        assert outside.read_text() == "precious\n"
        assert server.downloads() == []


def test_a_cached_symlink_to_a_file_outside_is_refused(tmp_path):
    outside = tmp_path / "outside.csv"
    outside.write_text("TxnID\nsecret\n")
    folder = tmp_path / "cache" / "retail-banking"
    folder.mkdir(parents=True)
    (folder / "transactions_train.csv").symlink_to(outside)
    with HostileServer() as server:
        refused(server, tmp_path / "cache", "transactions_train.csv")
        assert outside.read_text() == "TxnID\nsecret\n"


def test_a_symlink_inside_the_folder_is_fine(tmp_path):
    folder = tmp_path / "cache" / "retail-banking"
    folder.mkdir(parents=True)
    (folder / "real.csv").write_text("TxnID\nT1\n")
    (folder / "transactions_train.csv").symlink_to(folder / "real.csv")
    with HostileServer() as server:
        data = load(server, tmp_path / "cache")
        assert data.paths["transactions_train.csv"] == folder / "transactions_train.csv"


OTHER_ORIGINS = {
    "another port": "{other}/static/retail-banking/x.csv",
    "another host name": "{api_localhost}/static/retail-banking/x.csv",
    "another scheme": "{api_https}/static/retail-banking/x.csv",
    "scheme-relative": "//{other_netloc}/static/retail-banking/x.csv",
    "credentials trick": "http://{api_netloc}@{other_netloc}/x.csv",
    "file scheme": "file:///etc/passwd",
}


def urls(api: HostileServer, other: HostileServer) -> Dict[str, str]:
    api_netloc = api.base_url.split("://", 1)[1]
    port = api_netloc.rsplit(":", 1)[1]
    return {
        "other": other.base_url,
        "other_netloc": other.base_url.split("://", 1)[1],
        "api_netloc": api_netloc,
        "api_localhost": f"http://localhost:{port}",
        "api_https": f"https://127.0.0.1:{port}",
    }


@pytest.mark.parametrize("template", OTHER_ORIGINS.values(), ids=OTHER_ORIGINS.keys())
def test_a_data_file_url_on_another_origin_is_refused(tmp_path, template):
    with HostileServer() as server, HostileServer() as other:
        url = template.format(**urls(server, other))
        server.domain["data_files"] = [{"name": "x.csv", "url": url}]
        refused(server, tmp_path / "cache", url)
        assert other.paths == []
        assert server.downloads() == []  # checked before any download
        assert not (tmp_path / "cache").exists()


def test_a_files_url_on_another_origin_is_refused(tmp_path):
    with HostileServer() as server, HostileServer() as other:
        server.domain["files_url"] = f"{other.base_url}/static/retail-banking/"
        with pytest.raises(TandemError) as caught:
            load(server, tmp_path / "cache")
        assert isinstance(caught.value, tandem_bench.UnsafeDownloadError)
        assert other.base_url in str(caught.value)
        assert other.paths == [] and server.downloads() == []


def test_a_sample_submission_url_on_another_origin_is_refused(tmp_path):
    with HostileServer() as server, HostileServer() as other:
        url = f"{other.base_url}/sample_submission_c1.csv"
        challenge(server)["sample_submission_url"] = url
        refused(server, tmp_path / "cache", url)
        assert other.paths == []


def test_urls_on_the_api_origin_still_download(tmp_path):
    with HostileServer() as server:
        server.domain["data_files"] = [
            {"name": "absolute.csv", "url": f"{server.base_url}/static/retail-banking/absolute.csv"},
            {"name": "relative.csv", "url": "/static/retail-banking/relative.csv"},
        ]
        data = load(server, tmp_path / "cache")
        assert {"absolute", "relative", "train", "test", "sample_submission"} <= set(data)
        assert "/static/retail-banking/absolute.csv" in server.paths
        assert data["absolute"].read_text().startswith("TxnID")


def test_a_redirect_to_another_origin_is_not_followed(tmp_path):
    with HostileServer() as server, HostileServer() as other:
        server.redirects["/static/retail-banking/transactions_train.csv"] = f"{other.base_url}/x.csv"
        with pytest.raises(APIError) as caught:
            load(server, tmp_path / "cache")
        assert caught.value.status_code == 302
        assert other.paths == []


# --- plain http ----------------------------------------------------------------------------


def test_plain_http_to_a_remote_host_warns_once_per_client():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        BenchmarkClient(base_url="http://tandem.example.org:3000", verbose=False)
        BenchmarkClient(base_url="http://203.0.113.7", verbose=False)  # each client warns once
    insecure = [w for w in caught if issubclass(w.category, tandem_bench.InsecureTransportWarning)]
    assert len(insecure) == 2
    message = str(insecure[0].message)
    assert "tandem.example.org" in message and "https" in message
    assert insecure[0].filename == __file__  # points at the caller's line


@pytest.mark.parametrize(
    "url",
    [
        "https://tandem.example.org",
        "http://localhost:3000",
        "HTTP://LOCALHOST:3000/api",
        "http://127.0.0.1:3000",
        "http://127.8.9.10",
        "http://[::1]:3000",
    ],
)
def test_https_or_local_http_does_not_warn(url):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        BenchmarkClient(base_url=url, verbose=False)
    assert [str(w.message) for w in caught] == []


def test_the_command_line_reports_a_refused_listing(tmp_path, capsys):
    from tandem_bench import cli

    with HostileServer() as server:
        challenge(server)["files"] = GOOD + ["../escaped.csv"]
        code = cli.main(["download", "Retail Banking", "--api-url", server.base_url, "--dest", str(tmp_path / "d")])
    err = capsys.readouterr().err
    assert code == 1, err
    assert err.startswith("Error: ") and "'../escaped.csv'" in err
    assert not (tmp_path / "d").exists() and not (tmp_path / "escaped.csv").exists()
