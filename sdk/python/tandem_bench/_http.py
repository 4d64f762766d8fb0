"""A small HTTP client on urllib: JSON in and out, timeouts, retries with backoff."""

import email.utils
import http.client
import json
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Dict, Mapping, Optional

from .exceptions import NetworkError, ResponseTooLargeError, error_code_of

#: The most an API answer may be: the largest page of history is a few MB.
DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024
#: The most one downloaded data file may be.
DEFAULT_MAX_DOWNLOAD_BYTES = 4 * 1024 * 1024 * 1024
_CHUNK = 1024 * 1024

# Refusals that a retry within seconds cannot change: organizers paused submissions (until they
# resume them, which may take hours).
FINAL_CODES = frozenset({"submission.paused"})

# 408: the server stopped waiting for a body that arrived too slowly (a slow link at that moment).
RETRY_STATUSES = (408, 500, 502, 503, 504)
MAX_BACKOFF_SECONDS = 30.0


@dataclass
class Response:
    status: int
    headers: Dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    def json(self) -> Any:
        if not self.body:
            return None
        try:
            return json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return None

    def header(self, name: str) -> Optional[str]:
        return self.headers.get(name.lower())


def parse_retry_after(value: Optional[str]) -> Optional[float]:
    """Seconds from a ``Retry-After`` header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


class Transport:
    """Sends requests to one base URL, retrying 429 (after Retry-After), 5xx and network errors."""

    def __init__(
        self,
        base_url: str,
        timeout: float = 60,
        max_retries: int = 3,
        backoff_factor: float = 0.5,
        max_retry_wait: float = 60.0,
        user_agent: str = "tandem-bench",
        sleep: Callable[[float], None] = time.sleep,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        max_download_bytes: int = DEFAULT_MAX_DOWNLOAD_BYTES,
    ) -> None:
        self.max_response_bytes = max_response_bytes
        self.max_download_bytes = max_download_bytes
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max(0, int(max_retries))
        self.backoff_factor = backoff_factor
        self.max_retry_wait = max_retry_wait
        self.user_agent = user_agent
        self.sleep = sleep
        self._opener = urllib.request.build_opener(_NoRedirect)

    def url(self, path: str, query: Optional[Mapping[str, Any]] = None) -> str:
        if path.startswith("http://") or path.startswith("https://"):
            url = path
        else:
            url = self.base_url + (path if path.startswith("/") else "/" + path)
        if query:
            pairs = {k: v for k, v in query.items() if v is not None}
            if pairs:
                url += ("&" if "?" in url else "?") + urllib.parse.urlencode(pairs)
        return url

    def backoff(self, attempt: int) -> float:
        delay = min(MAX_BACKOFF_SECONDS, self.backoff_factor * (2 ** attempt))
        return delay * (1 + random.random() * 0.1)

    def request(
        self,
        method: str,
        path: str,
        *,
        headers: Optional[Mapping[str, str]] = None,
        json_body: Any = None,
        query: Optional[Mapping[str, Any]] = None,
        timeout: Optional[float] = None,
        retry: bool = True,
        download_to: Optional[Path] = None,
    ) -> Response:
        """Sends one logical request, retrying it as configured; never raises for a status.

        Raises :class:`NetworkError` when the server cannot be reached after the retries.
        """
        url = self.url(path, query)
        data = None
        all_headers = {"User-Agent": self.user_agent, "Accept": "application/json"}
        if json_body is not None:
            data = json.dumps(json_body).encode("utf-8")
            all_headers["Content-Type"] = "application/json"
        all_headers.update({k: v for k, v in (headers or {}).items() if v is not None})
        attempts_left = self.max_retries if retry else 0
        attempt = 0
        while True:
            try:
                response = self._send(method, url, data, all_headers, timeout, download_to)
            except NetworkError:
                if attempt >= attempts_left:
                    raise
                self.sleep(self.backoff(attempt))
                attempt += 1
                continue
            if response.status == 429 and attempt < attempts_left:
                wait = parse_retry_after(response.header("retry-after"))
                if wait is None:
                    wait = self.backoff(attempt)
                if wait <= self.max_retry_wait:
                    self.sleep(wait)
                    attempt += 1
                    continue
                return response  # e.g. a daily limit that resets in hours: tell the caller now
            if response.status in RETRY_STATUSES and attempt < attempts_left and _transient(response):
                self.sleep(self.backoff(attempt))
                attempt += 1
                continue
            return response

    def _send(
        self,
        method: str,
        url: str,
        data: Optional[bytes],
        headers: Dict[str, str],
        timeout: Optional[float],
        download_to: Optional[Path],
    ) -> Response:
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        limit = self.timeout if timeout is None else timeout
        try:
            with self._opener.open(request, timeout=limit) as raw:
                status = raw.status
                response_headers = {k.lower(): v for k, v in raw.headers.items()}
                if download_to is not None and 200 <= status < 300:
                    _download(raw, download_to, self.max_download_bytes, url)
                    return Response(status, response_headers, b"")
                return Response(status, response_headers, _read_capped(raw, self.max_response_bytes, url))
        except urllib.error.HTTPError as error:
            try:
                body = _read_capped(error, self.max_response_bytes, url)
            except (OSError, http.client.HTTPException):
                body = b""
            finally:
                error.close()
            hdrs = {k.lower(): v for k, v in (error.headers or {}).items()}
            return Response(error.code, hdrs, body)
        except urllib.error.URLError as error:
            reason = error.reason
            if isinstance(reason, (socket.timeout, TimeoutError)):
                raise NetworkError(f"The request to {url} timed out after {limit} s") from error
            raise NetworkError(f"Could not connect to the Tandem server at {self.base_url}: {reason}") from error
        except (socket.timeout, TimeoutError) as error:
            raise NetworkError(f"The request to {url} timed out after {limit} s") from error
        except (http.client.HTTPException, ConnectionError, OSError) as error:
            detail = str(error) or type(error).__name__
            raise NetworkError(f"The connection to {self.base_url} failed: {detail}") from error


def _read_capped(raw: Any, limit: int, url: str) -> bytes:
    """The whole body, or :class:`ResponseTooLargeError` past ``limit`` bytes (read no further)."""
    body = raw.read(limit + 1)
    if len(body) > limit:
        raise ResponseTooLargeError(f"The answer from {url} is larger than {limit} bytes; not read.")
    return body


def _download(raw: Any, path: Path, limit: int, url: str) -> None:
    """Copies the body to ``path``; past ``limit`` bytes removes the partial file and raises."""
    written = 0
    try:
        with open(path, "wb") as out:
            while True:
                chunk = raw.read(_CHUNK)
                if not chunk:
                    return
                written += len(chunk)
                if written > limit:
                    raise ResponseTooLargeError(f"{url} is larger than {limit} bytes; the download was stopped.")
                out.write(chunk)
    except ResponseTooLargeError:
        path.unlink(missing_ok=True)
        raise


def _transient(response: Response) -> bool:
    """A 5xx worth retrying: not a submission the platform already marked as failed, and not a
    refusal that stands (submissions paused by the organizers)."""
    body = response.json()
    if error_code_of(body) in FINAL_CODES:
        return False
    if isinstance(body, dict) and body.get("status") == "failed" and body.get("submission_id"):
        return False
    return True


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects would turn a POST into a GET and drop the API key: report them instead."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D401
        return None
