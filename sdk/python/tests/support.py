"""Small local HTTP servers for the failure cases: a scripted stub and a response-dropping proxy."""

import http.client
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Tuple, TypeVar
from urllib.parse import urlsplit

DOMAINS_BODY = {
    "domains": [
        {
            "name": "Retail Banking",
            "slug": "retail-banking",
            "folder": "RetailBanking",
            "files_url": "/static/retail-banking/",
            "data_files": [],
            "challenges": [
                {
                    "number": 1,
                    "key": "retail-banking/1",
                    "title": "Fraud Detection",
                    "metric_name": "Macro-F1",
                    "higher_is_better": True,
                    "submission_format": "TxnID,FraudLabel",
                    "task": "Submit FraudLabel (0 or 1) for every TxnID in transactions_test.csv.",
                    "files": ["transactions_train.csv", "transactions_test.csv"],
                    "sample_submission_url": "/static/retail-banking/sample_submission_c1.csv",
                }
            ],
        }
    ]
}


def scored_body(submission_id: str = "11111111-1111-4111-8111-111111111111", status: str = "scored") -> Dict[str, Any]:
    scored = status == "scored"
    return {
        "success": scored,
        "score": 0.75 if scored else None,
        "metric_name": "Macro-F1",
        "validation_passed": True,
        "details": {"expected_format": "TxnID,FraudLabel", "actual_rows": 2, "expected_rows": 2, "validation_errors": []},
        "submission_id": submission_id,
        "status": status,
        "counted": True,
        "message": "Submission scored." if scored else "Submission received; scoring is in progress.",
    }


# What a stub answers to the credential check: every client built with a key and a team name makes it.
VERIFY_BODY = {
    "valid": True,
    "team_id": "22222222-2222-4222-8222-222222222222",
    "team_name": "stub-team",
    "status": "active",
}


class Recorded:
    def __init__(self, method: str, path: str, headers: Dict[str, str], body: bytes) -> None:
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.at = time.monotonic()

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


Reply = Tuple[int, Dict[str, str], Any]


ServerT = TypeVar("ServerT", bound="_LoopbackServer")


class _LoopbackServer:
    """An HTTP server on a free loopback port, serving from a thread while in a ``with`` block."""

    def _serve(self, handler: type) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self: "ServerT") -> "ServerT":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


class StubServer(_LoopbackServer):
    """Answers from a script: ``routes[(method, path)]`` is a list of replies used in turn (the
    last one repeats), each ``(status, headers, json_body)`` or a callable returning one, or the
    string ``"drop"`` to close the connection without answering, or ``("sleep", seconds, reply)``.
    ``GET /api/competition/domains`` answers with a one-domain description and ``/api/auth/verify``
    accepts any key as team stub-team, unless scripted."""

    def __init__(self) -> None:
        self.routes: Dict[Tuple[str, str], List[Any]] = {}
        self.requests: List[Recorded] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                path = self.path.split("?", 1)[0]
                stub.requests.append(Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                script = stub.routes.get((self.command, path))
                if script is None and (self.command, path) == ("GET", "/api/competition/domains"):
                    reply: Any = (200, {}, DOMAINS_BODY)
                elif script is None and path == "/api/auth/verify":
                    reply = (200, {}, VERIFY_BODY)
                elif script is None:
                    reply = (404, {}, {"error": "Not found"})
                else:
                    reply = script.pop(0) if len(script) > 1 else script[0]
                if callable(reply):
                    reply = reply()
                if isinstance(reply, tuple) and reply and reply[0] == "sleep":
                    time.sleep(reply[1])
                    reply = reply[2]
                if reply == "drop":
                    self.close_connection = True
                    return
                status, headers, payload = reply
                data = json.dumps(payload).encode() if payload is not None else b""
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = do_DELETE = _handle

        self._serve(Handler)

    def calls(self, method: str, path: str) -> List[Recorded]:
        return [r for r in self.requests if r.method == method and r.path.split("?", 1)[0] == path]


class LossyProxy(_LoopbackServer):
    """Forwards everything to ``target``; the first ``POST /api/submit`` is forwarded and fully
    processed by the target, but its response is dropped (the connection is closed unanswered)."""

    def __init__(self, target: str) -> None:
        self.target = urlsplit(target)
        self.dropped = 0
        self.submits: List[Recorded] = []
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection = http.client.HTTPConnection(proxy.target.hostname, proxy.target.port, timeout=120)
                connection.request(self.command, self.path, body=body or None, headers=headers)
                upstream = connection.getresponse()
                data = upstream.read()
                if self.command == "POST" and self.path.startswith("/api/submit"):
                    proxy.submits.append(Recorded(self.command, self.path, {k.lower(): v for k, v in headers.items()}, body))
                    if proxy.dropped == 0:
                        proxy.dropped += 1
                        connection.close()
                        self.close_connection = True
                        return  # the gateway stored and scored it; the client never hears back
                self.send_response(upstream.status)
                for k, v in upstream.getheaders():
                    if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                connection.close()

            do_GET = do_POST = _handle

        self._serve(Handler)
