"""``BenchmarkClient``: the participant's handle on the Tandem platform."""

import ipaddress
import os
import sys
import time
import uuid
import warnings
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union
from urllib.parse import urlsplit

from ._version import __version__
from ._http import Response, Transport, parse_retry_after
from .credentials import credentials_path, load_credentials, save_credentials
from .datasets import Dataset, cache_root, download_domain, plain_name
from .exceptions import (
    AUTH_FAILED_MESSAGE,
    DAILY_LIMIT_CODE,
    PAUSED_CODE,
    APIError,
    AuthenticationError,
    DailyLimitError,
    InsecureTransportWarning,
    NetworkError,
    RateLimitError,
    SubmissionsPausedError,
    ValidationError,
    error_code_of,
)
from .history import (
    HISTORY_COLUMNS,
    check_limit,
    check_status,
    collect_pages,
    split_challenge,
    with_feedback,
    with_history_defaults,
)
from .types import SubmissionResult
from .validation import (
    ChallengeFormat,
    check_note,
    normalize_domain_name,
    predictions_to_csv,
    raise_if_invalid,
    read_expected_ids,
    validate_csv,
)

DEFAULT_BASE_URL = "http://localhost:3000"
NO_CREDENTIALS_MESSAGE = (
    "No API key found. Pass api_key= and team_name= to BenchmarkClient, set TANDEM_API_KEY and "
    "TANDEM_TEAM_NAME, or run `tandem-bench auth` once to save them."
)
# The server's code for an unknown domain or challenge, also given to the same mistake found here.
UNKNOWN_DOMAIN = "competition.unknown_domain"
LEADERBOARD_HINT = (
    "The leaderboards are shown to organizers only on this competition: they need an organizer's "
    "session token (BenchmarkClient(session_token=...) or TANDEM_SESSION_TOKEN), not a team API key."
)


def _say(message: str, stream=None) -> None:
    """Prints, falling back to ASCII where the console cannot show the emoji."""
    stream = stream or sys.stdout
    try:
        print(message, file=stream)
    except UnicodeEncodeError:  # pragma: no cover - depends on the console
        print(message.encode("ascii", "replace").decode("ascii"), file=stream)


def _error_text(body: Any, status: int) -> str:
    if isinstance(body, dict):
        for key in ("error", "message", "detail"):
            if isinstance(body.get(key), str) and body[key]:
                return body[key]
    return f"The server answered HTTP {status}"


class BenchmarkClient:
    """Talks to the Tandem API with a team's API key.

    Credentials come from the arguments, then ``TANDEM_API_KEY`` / ``TANDEM_TEAM_NAME``, then the
    file saved by :meth:`save_credentials` or ``tandem-bench auth``
    (``~/.tandem_bench/credentials.json``). The server is ``base_url``, else ``TANDEM_API_URL``,
    else the saved file's ``api_url``, else ``http://localhost:3000``.

    ``timeout`` bounds each network operation (seconds); ``max_retries`` is how often a request
    is retried after a 429 (waiting as ``Retry-After`` says, up to ``max_retry_wait`` seconds),
    a 5xx answer or a network error, with exponential backoff from ``backoff_factor`` seconds.
    ``verbose=False`` silences the printed progress lines.

    When both ``api_key`` and ``team_name`` are passed as arguments, the client checks them with
    the server at once, as the earlier edition's client did: it prints ``✅ Authenticated as team
    ...`` or raises :class:`AuthenticationError` ('Authentication failed. Check your API key and
    team name.'), and :class:`NetworkError` when the server cannot be reached. Credentials from
    the environment or the saved file are checked at the first call that needs them;
    ``verify=False`` makes the client lazy in every case.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        team_name: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: float = 60,
        max_retries: int = 3,
        *,
        backoff_factor: float = 0.5,
        max_retry_wait: float = 60.0,
        poll_timeout: float = 300.0,
        poll_interval: float = 1.0,
        verbose: bool = True,
        validate: bool = True,
        verify: bool = True,
        session_token: Optional[str] = None,
        cache_dir: Optional[Union[str, "os.PathLike[str]"]] = None,
        credentials_file: Optional[Union[str, "os.PathLike[str]"]] = None,
    ) -> None:
        saved = load_credentials(credentials_file)
        env_key = os.environ.get("TANDEM_API_KEY") or None
        env_team = os.environ.get("TANDEM_TEAM_NAME") or None
        self.api_key: Optional[str] = (api_key or env_key or saved.get("api_key") or None)
        if self.api_key:
            self.api_key = self.api_key.strip()
        # A saved team name belongs to the saved key: never pair it with another key.
        saved_team = saved.get("team_name") if saved.get("api_key") == self.api_key else None
        self.team_name: Optional[str] = team_name or env_team or saved_team or None
        if self.team_name:
            self.team_name = self.team_name.strip()
        url = base_url or os.environ.get("TANDEM_API_URL") or saved.get("api_url") or DEFAULT_BASE_URL
        url = url.strip().rstrip("/")
        if url.endswith("/api"):
            url = url[: -len("/api")]
        self.base_url = url
        if _plain_http_to_another_machine(url):
            # Here, so once per client, pointing at the line that made it.
            warnings.warn(
                f"The Tandem API URL {url} is plain http to another machine: the API key, the "
                "predictions and the data travel unencrypted and can be read or changed on the "
                "way. Use its https:// address.",
                InsecureTransportWarning,
                stacklevel=2,
            )
        self.timeout = timeout
        self.max_retries = max_retries
        self.poll_timeout = poll_timeout
        self.poll_interval = poll_interval
        self.verbose = verbose
        self.validate = validate
        self.session_token = session_token or os.environ.get("TANDEM_SESSION_TOKEN") or None
        self.cache_dir = Path(cache_dir).expanduser() if cache_dir else None
        self.credentials_file = credentials_file
        self.team_id: Optional[str] = None
        self.team_status: Optional[str] = None
        self._domains: Optional[List[Dict[str, Any]]] = None
        self._dataset_dirs: Dict[str, Path] = {}  # slug -> folder of the last load_dataset(dest=...)
        self._transport = Transport(
            self.base_url,
            timeout=timeout,
            max_retries=max_retries,
            backoff_factor=backoff_factor,
            max_retry_wait=max_retry_wait,
            user_agent=f"tandem-bench/{__version__} (python {sys.version_info[0]}.{sys.version_info[1]})",
        )
        # A key and team name written into the call are checked now, so a notebook shows a typo
        # in its first cell, not at its first submission an hour of training later. Those from
        # the environment or the saved file are not: the CLI and scripts that only read public
        # data build clients from them without needing the server.
        if verify and api_key and team_name:
            self.authenticate()

    def __repr__(self) -> str:
        return f"BenchmarkClient(team_name={self.team_name!r}, base_url={self.base_url!r})"

    # --- plumbing ---------------------------------------------------------------------------

    def _auth_headers(self) -> Dict[str, str]:
        if not self.api_key:
            raise AuthenticationError(NO_CREDENTIALS_MESSAGE)
        headers = {"X-API-Key": self.api_key}
        if self.team_name:
            headers["X-Team-Name"] = self.team_name
        return headers

    def _request(self, method: str, path: str, *, auth: bool = True, **kwargs: Any) -> Response:
        headers = dict(kwargs.pop("headers", None) or {})
        if auth:
            headers.update(self._auth_headers())
        return self._transport.request(method, path, headers=headers, **kwargs)

    def _raise_for(self, response: Response, *, auth_call: bool = True) -> None:
        """Turns an error answer into the SDK's exception."""
        status = response.status
        if 200 <= status < 300:
            return
        body = response.json()
        message = _error_text(body, status)
        details = body.get("details") if isinstance(body, dict) else None
        details = details if isinstance(details, dict) else {}
        if status == 401 and auth_call:
            raise AuthenticationError(AUTH_FAILED_MESSAGE)
        # Chosen by the server's error code (packages/contracts), never by its English text.
        code = error_code_of(body)
        if code == PAUSED_CODE:
            raise SubmissionsPausedError(message, status_code=status, details=details, response=body)
        if code == DAILY_LIMIT_CODE:
            raise DailyLimitError(
                message,
                retry_after=parse_retry_after(response.header("retry-after")),
                status_code=status,
                details=details,
                response=body,
            )
        if status == 429:
            raise RateLimitError(
                message,
                retry_after=parse_retry_after(response.header("retry-after")),
                details=details,
                response=body,
            )
        if 300 <= status < 400:
            location = response.header("location") or "another address"
            message = (
                f"The server redirected to {location}; set TANDEM_API_URL (or base_url) to the "
                "platform's address."
            )
        raise APIError(message, status_code=status, details=details, response=body)

    def _json(self, response: Response, *, auth_call: bool = True) -> Any:
        self._raise_for(response, auth_call=auth_call)
        body = response.json()
        if body is None and response.body:
            raise APIError(
                f"The server at {self.base_url} did not answer with JSON; is TANDEM_API_URL right?",
                status_code=response.status,
            )
        return body

    def _print(self, message: str) -> None:
        if self.verbose:
            _say(message)

    # --- authentication ---------------------------------------------------------------------

    def authenticate(self) -> bool:
        """Checks the API key (and team name) with the server; True, or raises
        :class:`AuthenticationError` ('Authentication failed. Check your API key and team
        name.')."""
        body = self._json(self._request("POST", "/api/auth/verify"))
        if not isinstance(body, dict) or not body.get("valid"):
            raise AuthenticationError(AUTH_FAILED_MESSAGE)
        self.team_id = body.get("team_id")
        self.team_name = self.team_name or body.get("team_name")
        self.team_status = body.get("status")
        self._print(f"✅ Authenticated as team {body.get('team_name')}")
        if self.team_status and self.team_status != "active":
            self._print(
                "⚠️ Your team is not active yet: activate it on your dashboard (or ask an "
                "organizer) before submitting."
            )
        return True

    def verify_auth(self) -> bool:
        """True when the credentials are valid; False (never an exception) when they are not.
        A server that cannot be reached still raises :class:`NetworkError`."""
        if not self.api_key:
            return False
        try:
            response = self._request("POST", "/api/auth/verify")
        except AuthenticationError:
            return False
        if response.status in (401, 403):
            return False
        body = self._json(response)
        if isinstance(body, dict) and body.get("valid"):
            self.team_id = body.get("team_id")
            self.team_status = body.get("status")
            return True
        return False

    def get_team_info(self) -> Dict[str, Any]:
        """``{valid, team_id, team_name, status}`` for the client's API key."""
        return self._json(self._request("GET", "/api/auth/verify"))

    def save_credentials(self, verify: bool = True) -> Path:
        """Saves the API key, team name and server address to the token file (mode 0600),
        checking them with the server first unless ``verify=False``."""
        if not self.api_key:
            raise AuthenticationError(NO_CREDENTIALS_MESSAGE)
        if verify:
            previous, self.verbose = self.verbose, False
            try:
                self.authenticate()
            finally:
                self.verbose = previous
        base = self.base_url if self.base_url != DEFAULT_BASE_URL else None
        return save_credentials(self.api_key, self.team_name, base, path=self.credentials_file)

    # --- competition ------------------------------------------------------------------------

    def get_domain_details(self, domain: Optional[str] = None) -> Any:
        """Every domain as the server describes it (name, slug, folder, data_files, challenges
        with metric_name and submission_format, ...); with ``domain``, that one domain's dict."""
        body = self._json(self._request("GET", "/api/competition/domains", auth=False), auth_call=False)
        domains = body.get("domains", []) if isinstance(body, dict) else []
        self._domains = domains
        if domain is None:
            return domains
        return self._find_domain(domain, domains)

    def get_domains(self) -> List[str]:
        """The domain names, as the server lists them (the competition in force defines them)."""
        return [d.get("name") for d in self.get_domain_details()]

    def _find_domain(self, name: str, domains: Optional[List[Dict[str, Any]]] = None) -> Dict[str, Any]:
        domains = domains if domains is not None else (self._domains or self.get_domain_details())
        wanted = normalize_domain_name(name)
        for d in domains:
            aliases = (d.get("name"), d.get("slug"), d.get("folder"))
            if any(a and normalize_domain_name(a) == wanted for a in aliases):
                return d
        raise APIError(
            f'Unknown domain "{name}". Valid: {_valid_names(domains)}',
            status_code=404,
            code=UNKNOWN_DOMAIN,
        )

    def get_challenge_format(self, domain_name: str, task_number: int) -> ChallengeFormat:
        """The submission format of one challenge (header, id columns, metric, label set)."""
        domain = self._find_domain(domain_name)
        for challenge in domain.get("challenges", []):
            if int(challenge.get("number", -1)) == int(task_number):
                return ChallengeFormat.from_domain(domain, challenge)
        raise APIError(
            f'Unknown domain or challenge "{domain_name}" {task_number}. '
            f"Valid: {_valid_names(self._domains or [domain])}",
            status_code=404,
            code=UNKNOWN_DOMAIN,
        )

    # --- submissions ------------------------------------------------------------------------

    def submit(
        self,
        domain_name: str,
        task_number: int,
        predictions: Any,
        submission_format: Optional[Union[str, Sequence[str]]] = None,
        expected_rows: Optional[int] = None,
        numeric_prediction: Optional[bool] = None,
        probability_range: Optional[Tuple[float, float]] = None,
        *,
        validate: Optional[bool] = None,
        wait: bool = True,
        note: Optional[str] = None,
    ) -> SubmissionResult:
        """Validates and uploads predictions, waits for the score, returns a
        :class:`SubmissionResult`. Takes the same arguments as :meth:`submit_prediction`."""
        task_number = int(task_number)
        note = check_note(note)
        fmt = self._format_for(domain_name, task_number, submission_format, numeric_prediction)
        csv_text = predictions_to_csv(predictions, fmt.header if fmt else _header_of(submission_format))
        check = self.validate if validate is None else validate
        if check:
            self._validate_locally(csv_text, fmt, expected_rows, probability_range)
        if not self.api_key:
            raise AuthenticationError(NO_CREDENTIALS_MESSAGE)

        # One key per logical submission: every retry of this upload is the same submission.
        idempotency_key = str(uuid.uuid4())
        payload: Dict[str, Any] = {"domain_name": domain_name, "task_number": task_number, "predictions_csv": csv_text}
        if note is not None:
            payload["note"] = note
        response = self._request(
            "POST", "/api/submit", json_body=payload, headers={"Idempotency-Key": idempotency_key}
        )
        body = response.json()
        if response.status == 400 and isinstance(body, dict):
            details = body.get("details") if isinstance(body.get("details"), dict) else {}
            errors = list(details.get("validation_errors") or [])
            # Refused at intake (the error code; servers before codes: its listed errors), or
            # accepted and then found invalid (a submission record); any other 400 is an
            # ordinary API error.
            code = error_code_of(body)
            refused = code == "submission.invalid" or (code is None and bool(errors))
            if refused or "validation_passed" in body:
                message = body.get("error") or body.get("message") or "Submission failed validation."
                self._print(f"❌ {message}")
                raise ValidationError(
                    message,
                    errors=errors,
                    details=details,
                    status_code=400,
                    code=code,
                )
        if response.status == 503 and isinstance(body, dict) and body.get("submission_id"):
            raise APIError(
                body.get("message") or body.get("error") or "Scoring failed on the platform.",
                status_code=503,
                details=body.get("details") or {},
                response=body,
            )
        self._raise_for(response)
        result = SubmissionResult.from_response(body or {})
        if result.pending and wait and result.submission_id:
            answered = result
            result = self.wait_for_submission(result.submission_id)
            # The quota is the submit answer's to say (a submission read later does not carry it).
            # Its rank is not kept: it was the team's before this score.
            result.remaining_today = answered.remaining_today
        self._report(result)
        return result

    def submit_prediction(
        self,
        domain_name: str,
        task_number: int,
        predictions: Any,
        submission_format: Optional[Union[str, Sequence[str]]] = None,
        expected_rows: Optional[int] = None,
        numeric_prediction: Optional[bool] = None,
        probability_range: Optional[Tuple[float, float]] = None,
        *,
        note: Optional[str] = None,
        **options: Any,
    ) -> Dict[str, Any]:
        """Submits predictions for challenge ``task_number`` of ``domain_name`` and returns
        ``{success, score, metric_name, validation_passed, details, submission_id, counted,
        status, message, final, score_kind, feedback, feedback_policy, significant_improvement}``
        (see :class:`SubmissionResult`: when ``significant_improvement`` is False, ``score`` is the
        team's best shown score so far, not this submission's).

        ``predictions`` is a CSV file path, a CSV string, a pandas DataFrame or a list of dicts.
        ``submission_format`` (a header string or column list) overrides the expected header,
        ``expected_rows`` the expected row count, ``numeric_prediction`` whether the last column
        is a number (True) or a label (False), and ``probability_range=(low, high)`` bounds
        numeric predictions. The file is checked locally first (:class:`ValidationError`).
        ``note`` (at most 500 characters) is kept with the submission and shown in its history.
        """
        return self.submit(
            domain_name,
            task_number,
            predictions,
            submission_format=submission_format,
            expected_rows=expected_rows,
            numeric_prediction=numeric_prediction,
            probability_range=probability_range,
            note=note,
            **options,
        ).to_dict()

    def get_submission(self, submission_id: str) -> SubmissionResult:
        """One of the team's submissions: its status and, once scored, its score."""
        body = self._json(self._request("GET", f"/api/submissions/{submission_id}"))
        return SubmissionResult.from_response(body or {})

    def wait_for_submission(self, submission_id: str, timeout: Optional[float] = None) -> SubmissionResult:
        """Polls ``GET /api/submissions/{id}`` until the submission is scored (or failed), at
        most ``timeout`` seconds (default ``poll_timeout``); returns the last state seen."""
        deadline = time.monotonic() + (self.poll_timeout if timeout is None else timeout)
        interval = max(0.05, self.poll_interval)
        if self.verbose:
            self._print("⏳ Submission received; waiting for its score...")
        while True:
            result = self.get_submission(submission_id)
            if not result.pending:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return result
            time.sleep(min(interval, remaining))
            interval = min(interval * 1.5, 5.0)

    def _format_for(
        self,
        domain_name: str,
        task_number: int,
        submission_format: Optional[Union[str, Sequence[str]]],
        numeric_prediction: Optional[bool],
    ) -> Optional[ChallengeFormat]:
        fmt: Optional[ChallengeFormat] = None
        try:
            domains = self._domains or self.get_domain_details()
        except (APIError, NetworkError):
            domains = None  # the server checks the format too: a failed look-up blocks nothing
        if domains:
            # An unknown domain or challenge is reported here, before anything is uploaded.
            self._find_domain(domain_name, domains)
            fmt = self.get_challenge_format(domain_name, task_number)
        header = _header_of(submission_format)
        if header:
            if fmt is None:
                fmt = ChallengeFormat(domain=domain_name, slug="", number=task_number, header=header)
                fmt.id_columns = header[:-1] or header[:1]
            elif header != fmt.header:
                fmt.header = header
                fmt.id_columns = header[: max(1, len(header) - 1)] if fmt.kind != "ranking" else header[:1]
        if fmt is not None and numeric_prediction is not None:
            fmt.kind = "numeric" if numeric_prediction else "label"
        return fmt

    def _validate_locally(
        self,
        csv_text: str,
        fmt: Optional[ChallengeFormat],
        expected_rows: Optional[int],
        probability_range: Optional[Tuple[float, float]],
    ) -> None:
        if fmt is None:
            return
        expected_ids = None
        directory = self._dataset_dir(fmt.slug) if fmt.slug else None
        if expected_rows is None and directory and fmt.test_file:
            test_path = directory / fmt.test_file
            if test_path.is_file():
                try:
                    expected_ids = read_expected_ids(test_path, fmt.id_columns)
                except (OSError, UnicodeDecodeError):
                    expected_ids = None
        errors, rows = validate_csv(csv_text, fmt, expected_ids, expected_rows, probability_range)
        if errors:
            for line in errors[:5]:
                self._print(f"❌ {line}")
        raise_if_invalid(errors, fmt, rows, len(expected_ids) if expected_ids is not None else expected_rows)

    def _report(self, result: SubmissionResult) -> None:
        details = result.details or {}
        if result.success:
            self._print("✅ Prediction submitted successfully!")
            if result.score is not None:
                self._print(f"📊 Score: {result.score:.4f} ({result.metric_name})")
                self._print(_score_kind_line(result))
                if result.significant_improvement is False:
                    self._print(_not_significant_line(result))
            elif result.significant_improvement is False:
                self._print(_below_baseline_line(result))
            self._print(
                f"✓ Validation passed: {details.get('actual_rows')} rows "
                f"(expected {details.get('expected_rows')}, format {details.get('expected_format')})"
            )
            if result.counted is False:
                # The server's message then repeats the ladder's sentence printed above.
                practice = None if result.significant_improvement is False else result.message
                self._print(f"ℹ️ {practice or 'Practice submission: it does not count.'}")
            if result.public_rank is not None:
                self._print(_rank_line(result.public_rank, result.rank_change))
            if result.remaining_today is not None:
                self._print(_remaining_line(result.remaining_today))
        elif result.pending:
            self._print(
                f"⏳ Submission {result.submission_id} is still being scored; check it later with "
                f"client.get_submission('{result.submission_id}')."
            )
        else:
            self._print(f"❌ {result.message or 'Submission was not scored.'}")

    def mark_final(self, submission_id: str) -> SubmissionResult:
        """Marks one of the team's scored submissions as final for its challenge: the final
        ranking uses the best private score among a team's final submissions (its best ones by
        public score when it marks none). Up to the challenge's limit (2 by default), until the
        competition window closes; raises :class:`APIError` with ``code``
        ``"submission.final_limit"`` (``details["marked"]`` lists the marked ones: unmark one
        first), ``"submission.final_ineligible"`` or ``"submission.selection_closed"``."""
        return self._set_final("POST", submission_id, "⭐ Marked {id} as final.")

    def unmark_final(self, submission_id: str) -> SubmissionResult:
        """Takes the final mark off one of the team's submissions (until the window closes)."""
        return self._set_final("DELETE", submission_id, "☆ {id} is no longer marked final.")

    def _set_final(self, method: str, submission_id: str, said: str) -> SubmissionResult:
        body = self._json(self._request(method, f"/api/submissions/{submission_id}/final"))
        result = SubmissionResult.from_response(body or {})
        self._print(said.format(id=result.submission_id or submission_id))
        return result

    def get_submission_history(
        self,
        limit: Optional[int] = 50,
        domain: Optional[str] = None,
        challenge: Optional[Union[int, str]] = None,
        status: Optional[str] = None,
        *,
        as_frame: bool = False,
    ) -> Any:
        """The team's submissions, newest first, as a list of dicts: submission_id, domain,
        challenge, challenge_key, status, score (as shown under the challenge's feedback policy),
        score_kind ("public" until the organizers reveal the final standings, then "final"),
        feedback (``{"policy", "digits", "threshold", "significant_improvement"}``), with
        feedback_policy and significant_improvement flat beside it (False: not a significant
        improvement, and score is the team's best shown score so far), final (marked as a final
        submission), metric_name, counted, row_count, error (the message in full), note,
        submitted_by (``{"kind": "user" | "api_key", "username": ...}``), created_at, scored_at,
        scored_on_earlier_answers.

        ``limit`` may exceed one page (500): the pages are followed until ``limit`` submissions
        or the last one; ``None`` for all of them. Filters: ``domain`` (a name or slug),
        ``challenge`` (a number with ``domain``, or a key like ``"retail-banking/2"``),
        ``status`` (queued, scoring, scored, invalid or failed). ``as_frame=True`` returns a
        pandas DataFrame. Older servers send no score_kind, final, note, submitted_by or feedback:
        they read as public, not marked, None, None and exact. The earlier edition's order,
        ``get_submission_history(domain, 20)`` (domain first), works too."""
        if isinstance(limit, str) and (domain is None or isinstance(domain, int)):
            limit, domain = (50 if domain is None else domain), limit
        limit = check_limit(limit)
        status = check_status(status)
        query = self._history_filter(domain, challenge)
        query["status"] = status

        def fetch_page(size: int, cursor: Optional[str]) -> Tuple[List[Dict[str, Any]], Optional[str]]:
            path = "/api/submissions/history"
            body = self._json(self._request("GET", path, query={"limit": size, **query, "cursor": cursor}))
            body = body if isinstance(body, dict) else {}
            rows = body.get("submissions")
            rows = [with_history_defaults(r) for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []
            next_cursor = body.get("next_cursor")
            return rows, next_cursor if isinstance(next_cursor, str) and next_cursor else None

        rows = collect_pages(fetch_page, limit)
        return _frame(rows, HISTORY_COLUMNS) if as_frame else rows

    def _history_filter(self, domain: Optional[str], challenge: Any) -> Dict[str, Any]:
        """The history's ``domain`` and ``challenge`` query values. Domain names are matched here
        as everywhere in the SDK (case, spaces, dashes and underscores aside) and sent as slugs; an
        unknown domain or challenge raises APIError ``competition.unknown_domain`` listing the
        valid ones. When the domain list cannot be read, the values go to the server as given."""
        key_domain, number = split_challenge(challenge)
        if domain is not None and (not isinstance(domain, str) or not domain.strip()):
            raise ValidationError("domain must be a domain's name or slug", errors=["domain must be a domain's name or slug"])
        if number is not None and key_domain is None and domain is None:
            message = f'challenge={challenge!r} needs domain=..., or a key like "retail-banking/{number}"'
            raise ValidationError(message, errors=[message])
        if domain is None and number is None:
            return {}
        try:
            domains = self._domains or self.get_domain_details()
        except (APIError, NetworkError):
            domains = None
        if not domains:
            return {"domain": domain, "challenge": challenge if isinstance(challenge, str) else number}
        chosen = self._find_domain(domain, domains) if domain is not None else None
        if number is None:
            return {"domain": chosen.get("slug") if chosen else domain}
        owner = self._find_domain(key_domain, domains) if key_domain is not None else chosen
        if chosen is not None and owner is not chosen:
            message = f'challenge "{challenge}" is not in domain "{domain}"'
            raise ValidationError(message, errors=[message])
        if not any(_number_of(c) == number for c in owner.get("challenges", [])):
            raise APIError(
                f'Unknown domain or challenge "{owner.get("name")}" {number}. Valid: {_valid_names(domains)}',
                status_code=404,
                code=UNKNOWN_DOMAIN,
            )
        return {"challenge": f"{owner.get('slug')}/{number}"}

    def get_challenge_summary(self, *, as_frame: bool = False) -> Any:
        """One dict per challenge, in the competition's order: challenge_key, domain, challenge,
        title, score (the team's best it may see; see score_kind), score_kind, feedback (how scores
        are shown: ``{"policy", "digits", "threshold", "significant_improvement"}``) and
        feedback_policy (its ``policy``, flat), metric_name, higher_is_better, baseline,
        beats_baseline, used_today, daily_limit, remaining_today, resets_at (the next UTC
        midnight, ISO 8601),
        counted (whether the team is ranked on it yet), submissions, expected_rows,
        last_submitted_at. ``as_frame=True`` returns a pandas DataFrame. An older server sends no
        feedback: its scores were exact."""
        body = self._json(self._request("GET", "/api/submissions/summary"))
        rows = body.get("challenges") if isinstance(body, dict) else None
        rows = [with_feedback(r) for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []
        return _frame(rows, SUMMARY_COLUMNS) if as_frame else rows

    def get_quota(self, domain_name: str, task_number: int) -> Dict[str, Any]:
        """What the next submission to a challenge may do, asked before uploading anything
        (``GET /api/submissions/summary``): ``challenge_key``, ``daily_limit``, ``used_today``,
        ``remaining_today`` (0: the next submission is refused with :class:`DailyLimitError`),
        ``resets_at`` (the next UTC midnight, ISO 8601), ``submissions_paused`` and
        ``pause_message`` (the organizers' message while paused, else ``None``; a submission
        then raises :class:`SubmissionsPausedError`). The server counts and resolves the limit
        as ``/api/submit`` does; it can still change before you submit."""
        fmt = self.get_challenge_format(domain_name, task_number)
        key = f"{fmt.slug}/{fmt.number}"
        body = self._json(self._request("GET", "/api/submissions/summary"))
        rows = body.get("challenges") if isinstance(body, dict) else None
        row = next((r for r in rows or [] if isinstance(r, dict) and r.get("challenge_key") == key), None)
        if row is None:
            raise APIError(f"The server's summary has no challenge {key}.", code=UNKNOWN_DOMAIN)
        limit, used = row.get("daily_limit"), row.get("used_today")
        remaining = row.get("remaining_today")
        if not isinstance(remaining, int) and isinstance(limit, int) and isinstance(used, int):
            remaining = max(0, limit - used)  # an older server: the same arithmetic
        paused = bool(body.get("submissions_paused"))
        return {
            "challenge_key": key,
            "daily_limit": limit,
            "used_today": used,
            "remaining_today": remaining,
            "resets_at": row.get("resets_at"),
            "submissions_paused": paused,
            "pause_message": body.get("pause_message") if paused else None,
        }

    # --- leaderboards -----------------------------------------------------------------------

    def _leaderboard_headers(self) -> Dict[str, str]:
        headers: Dict[str, str] = {}
        if self.api_key:
            headers["X-API-Key"] = self.api_key
        if self.session_token:
            headers["Authorization"] = f"Bearer {self.session_token}"
        return headers

    def _leaderboard(self, path: str) -> Any:
        response = self._request("GET", path, auth=False, headers=self._leaderboard_headers())
        if response.status in (401, 403):
            body = response.json()
            # The hint is for the organizers-only rule; a wrong key or a missing team says itself.
            code = error_code_of(body)
            hint = f" {LEADERBOARD_HINT}" if code in (None, "auth.required", "auth.admin_required") else ""
            raise APIError(
                f"{_error_text(body, response.status)}{hint}",
                status_code=response.status,
                response=body,
            )
        return self._json(response, auth_call=False)

    def get_leaderboard(self) -> List[Dict[str, Any]]:
        """The overall ranking rows (rank, team_name, total_score, ...). Who may read them is the
        organizers' setting (``leaderboard_visibility``): organizers only by default, where a team
        API key alone gets :class:`APIError` with the server's status (401 without a session
        token, 403 with a non-organizer's); with ``participants`` the team's key may too, and
        with ``public`` anyone."""
        body = self._leaderboard("/api/leaderboard")
        return list(body.get("leaderboard", [])) if isinstance(body, dict) else body

    def get_domain_leaderboard(self, domain: str) -> Dict[str, Any]:
        """One domain's leaderboard (challenge_columns, baseline, leaderboard rows), open to the
        same readers as :meth:`get_leaderboard`."""
        from urllib.parse import quote

        return self._leaderboard(f"/api/leaderboard/domain/{quote(str(domain), safe='')}")

    # --- data -------------------------------------------------------------------------------

    def _dataset_dir(self, slug: str) -> Path:
        return self._dataset_dirs.get(slug) or (self.cache_dir or cache_root()) / slug

    def load_dataset(
        self,
        domain: str,
        dest: Optional[Union[str, "os.PathLike[str]"]] = None,
        *,
        challenge: Optional[int] = None,
        refresh: bool = False,
        as_frames: Optional[bool] = None,
    ) -> Dataset:
        """Downloads the domain's files (data files, sample submissions, description.md) into
        ``dest`` or the cache (``~/.cache/tandem_bench/{slug}``), skipping files already there
        unless ``refresh=True``, and returns them by name: pandas DataFrames when pandas is
        installed (``as_frames=False`` for paths), else paths.

        Keys: each file's stem (``transactions_train``, ``sample_submission_c1``, ...), plus
        ``train``, ``test`` and ``sample_submission`` for ``challenge`` (default: the first).
        """
        details = self._find_domain(domain, self._domains or self.get_domain_details())
        slug = plain_name(details.get("slug"), details.get("name"))  # the cache folder's name
        directory = Path(dest).expanduser() if dest else (self.cache_dir or cache_root()) / slug
        dataset = download_domain(
            self._transport,
            details,
            directory,
            challenge=challenge,
            refresh=refresh,
            as_frames=as_frames,
            raise_for=self._raise_for,
            say=self._print,
        )
        self._dataset_dirs[slug] = directory  # its test file now backs the local id checks
        return dataset


SUMMARY_COLUMNS = (
    "challenge_key", "domain", "challenge", "title", "score", "score_kind", "feedback", "feedback_policy",
    "significant_improvement", "metric_name", "higher_is_better",
    "baseline", "beats_baseline", "used_today", "daily_limit", "remaining_today", "resets_at", "counted",
    "submissions", "expected_rows", "last_submitted_at",
)


def _frame(rows: List[Dict[str, Any]], columns: Sequence[str]) -> Any:
    """The rows as a pandas DataFrame (with the known columns when there are no rows)."""
    try:
        import pandas as pd
    except ImportError as error:
        raise ImportError('as_frame=True needs pandas: pip install "tandem-bench[pandas]"') from error
    return pd.DataFrame(rows) if rows else pd.DataFrame(columns=list(columns))


def _number_of(challenge: Dict[str, Any]) -> Optional[int]:
    try:
        return int(challenge.get("number"))
    except (TypeError, ValueError):
        return None


def _rank_line(rank: int, change: Optional[int]) -> str:
    """"🏆 Public rank: 3 (up 2)", as the site says it; without the change when it is not known."""
    if change is None:
        moved = ""
    elif change > 0:
        moved = f" (up {change})"
    elif change < 0:
        moved = f" (down {-change})"
    else:
        moved = " (no change)"
    return f"🏆 Public rank: {rank}{moved}"


def _remaining_line(left: int) -> str:
    return f"📮 {left} submission{'' if left == 1 else 's'} left today for this challenge."


def _score_kind_line(result: SubmissionResult) -> str:
    """Says which score was printed: the public one (what teams see until the reveal, shown as
    the challenge's feedback policy says) or the final one (the private part, after the
    organizers revealed the final standings)."""
    shown = _shown_as(result.feedback)
    if result.score_kind == "final":
        return f"🏁 This is the final score (the private part of the test rows, revealed by the organizers){shown}."
    return (
        f"ℹ️ This is the public score (on the public part of the test rows){shown}; the final ranking uses "
        "the private part."
    )


def _shown_as(feedback: Dict[str, Any]) -> str:
    """", rounded to 2 decimals" when the policy rounds; nothing for exact scores."""
    digits = feedback.get("digits")
    if feedback.get("policy") in ("rounded", "ladder") and isinstance(digits, int):
        return f", rounded to {digits} decimals"
    return ""


def _below_baseline_line(result: SubmissionResult) -> str:
    """The ladder's answer while none of the team's scores has beaten the baseline by the
    threshold: no score is shown yet."""
    threshold = result.feedback.get("threshold")
    by = f" by {threshold:g}" if isinstance(threshold, (int, float)) else ""
    return (
        f"ℹ️ Scored, not shown: scores on this challenge are shown once one beats the baseline's "
        f"public score{by}."
    )


def _not_significant_line(result: SubmissionResult) -> str:
    """The ladder's answer to a score that did not beat the team's best shown score by the
    threshold: the score printed is that best, not this submission's."""
    threshold = result.feedback.get("threshold")
    by = f" (threshold {threshold:g})" if isinstance(threshold, (int, float)) else ""
    return f"ℹ️ Not a significant improvement{by}: showing your team's best so far, {result.score:.4f}."


def _plain_http_to_another_machine(url: str) -> bool:
    """http:// to a host other than localhost, 127.0.0.0/8 or ::1."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").rstrip(".")
    except ValueError:  # not a URL: every request fails anyway
        return False
    if parts.scheme.lower() != "http" or host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name
        return True


def _valid_names(domains: List[Dict[str, Any]]) -> str:
    """``Commerce (challenges 1, 2, 3); ...``, as the server lists them."""
    return "; ".join(
        f"{d.get('name')} (challenges {', '.join(str(c.get('number')) for c in d.get('challenges', []))})"
        for d in domains
    )


def _header_of(submission_format: Optional[Union[str, Sequence[str]]]) -> Optional[List[str]]:
    if submission_format is None:
        return None
    if isinstance(submission_format, str):
        return [c.strip() for c in submission_format.split(",") if c.strip()] or None
    return [str(c).strip() for c in submission_format] or None
