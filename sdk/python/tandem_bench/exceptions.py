"""Exceptions raised by the Tandem SDK. Catch :class:`TandemError` to handle them all."""

from datetime import datetime, timezone
from typing import Any, Dict, List, Optional

AUTH_FAILED_MESSAGE = "Authentication failed. Check your API key and team name."


def error_code_of(body: Any) -> Optional[str]:
    """The ``code`` of a server's error body, or ``None``."""
    code = body.get("code") if isinstance(body, dict) else None
    return code if isinstance(code, str) and code else None


class TandemError(Exception):
    """Base class of every error the SDK raises."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message


class AuthenticationError(TandemError):
    """The API key / team name were refused, or no credentials were found."""

    def __init__(self, message: str = AUTH_FAILED_MESSAGE) -> None:
        super().__init__(message)


class APIError(TandemError):
    """The server answered with an error status.

    ``status_code`` is the HTTP status, ``code`` the server's error code (for example
    ``"team.inactive"`` or ``"submission.daily_limit"``; listed in the API document; branch on it,
    not on the message), ``details`` the ``details`` object of the server's
    ``{"error": ..., "code": ..., "details": ...}`` body (or ``{}``), ``response`` the whole parsed
    body.
    """

    def __init__(
        self,
        message: str,
        status_code: Optional[int] = None,
        details: Optional[Dict[str, Any]] = None,
        response: Any = None,
        code: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.code = code if code is not None else error_code_of(response)
        self.details = details or {}
        self.response = response

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, status_code={self.status_code!r})"


class RateLimitError(APIError):
    """HTTP 429: too many requests, or the daily submission limit was reached.

    ``retry_after`` is the number of seconds the server asked to wait (or ``None``).
    """

    def __init__(
        self,
        message: str,
        retry_after: Optional[float] = None,
        status_code: int = 429,
        details: Optional[Dict[str, Any]] = None,
        response: Any = None,
    ) -> None:
        super().__init__(message, status_code=status_code, details=details, response=response)
        self.retry_after = retry_after


#: The server's error codes these exceptions stand for (``packages/contracts``, error-codes.ts).
PAUSED_CODE = "submission.paused"
DAILY_LIMIT_CODE = "submission.daily_limit"


class SubmissionsPausedError(APIError):
    """HTTP 503 ``submission.paused``: the organizers have paused submissions. Not a fault of the
    platform or of your file: nothing was stored, and it is not retried (a pause lasts until the
    organizers lift it). ``pause_message`` is the organizers' own message."""

    def __init__(
        self,
        pause_message: str,
        status_code: int = 503,
        details: Optional[Dict[str, Any]] = None,
        response: Any = None,
    ) -> None:
        self.pause_message = pause_message
        super().__init__(
            f"Submissions are paused by the organizers: {pause_message} Nothing was stored; "
            "submit again once they resume submissions.",
            status_code=status_code,
            details=details,
            response=response,
            code=PAUSED_CODE,
        )


def _parse_time(value: Any) -> Optional[datetime]:
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def _when(moment: datetime) -> str:
    """``00:00 UTC on Sunday, November 29, 2026 (9:00 AM JST on Sunday, November 29, your time)``."""
    utc = moment.astimezone(timezone.utc)
    local = moment.astimezone()
    day = lambda d: f"{d:%A}, {d:%B} {d.day}, {d.year}"  # noqa: E731 - platform-free %-d
    said = f"{utc:%H:%M} UTC on {day(utc)}"
    if local.utcoffset() != utc.utcoffset():
        hour = local.hour % 12 or 12
        noon = "AM" if local.hour < 12 else "PM"
        said += f" ({hour}:{local:%M} {noon} {local.tzname()} on {local:%A}, {local:%B} {local.day}, your time)"
    return said


class DailyLimitError(RateLimitError):
    """HTTP 429 ``submission.daily_limit``: your team has used today's submissions for the
    challenge. Raised at once, not retried. ``daily_limit`` is the limit, ``used_today`` the
    submissions counted today (failed ones do not count), ``resets_at`` when the count returns to
    0 (a timezone-aware ``datetime``, the next UTC midnight), each ``None`` if the server did not
    say (an older server)."""

    def __init__(
        self,
        server_message: str,
        retry_after: Optional[float] = None,
        status_code: int = 429,
        details: Optional[Dict[str, Any]] = None,
        response: Any = None,
    ) -> None:
        details = details or {}
        limit = details.get("daily_limit")
        used = details.get("used_today")
        self.daily_limit: Optional[int] = limit if isinstance(limit, int) else None
        self.used_today: Optional[int] = used if isinstance(used, int) else None
        self.resets_at: Optional[datetime] = _parse_time(details.get("resets_at"))
        if self.daily_limit is not None and self.resets_at is not None:
            message = (
                f"Daily limit reached: your team has used all {self.daily_limit} of today's "
                f"submissions for this challenge. It resets at {_when(self.resets_at)}."
            )
        else:
            message = server_message
        super().__init__(
            message, retry_after=retry_after, status_code=status_code, details=details, response=response
        )
        self.code = DAILY_LIMIT_CODE


class ValidationError(TandemError):
    """The predictions do not match the challenge's submission format.

    Raised before upload by the SDK's own checks, or after upload when the server rejects the
    file. ``errors`` lists the problems (the server's ``validation_errors``), ``details`` holds
    ``expected_format``, ``actual_rows`` and ``expected_rows`` when known. ``code`` is
    ``"submission.invalid"`` when the server refused the file at upload, else ``None``.
    """

    def __init__(
        self,
        message: str,
        errors: Optional[List[str]] = None,
        details: Optional[Dict[str, Any]] = None,
        status_code: Optional[int] = None,
        code: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.errors = list(errors or [])
        self.details = details or {}
        self.status_code = status_code
        self.code = code


class NetworkError(TandemError):
    """The server could not be reached (connection refused, DNS, timeout, dropped connection)."""


class UnsafeDownloadError(TandemError):
    """The server listed a file that ``load_dataset`` refuses to download: a name that is not a
    plain file name (``../x``, ``/etc/x``, ``C:\\x``, ...), a destination that resolves outside
    the dataset folder, or a URL on another origin than the API's. ``entry`` is the refused name
    or URL. Nothing is downloaded when any entry of a listing is refused."""

    def __init__(self, message: str, entry: Any = None) -> None:
        super().__init__(message)
        self.entry = entry


class ResponseTooLargeError(TandemError):
    """The server sent more than the client reads: an API answer over ``max_response_bytes`` or
    a download over ``max_download_bytes`` (a hostile or broken server must not fill memory or
    disk). A partial download is removed. Not retried."""


class InsecureTransportWarning(UserWarning):
    """The API URL is plain ``http`` to a host that is not this machine: the API key and the
    data travel unencrypted and can be read or changed on the way."""
