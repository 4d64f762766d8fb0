"""The submission history's filters, checked before anything is sent, and its cursor paging."""

import re
from typing import Any, Callable, Dict, List, Optional, Tuple

from .exceptions import ValidationError
from .types import feedback_of

# The server's statuses (packages/contracts/src/rules.ts SUBMISSION_STATUSES).
SUBMISSION_STATUSES = ("queued", "scoring", "scored", "invalid", "failed")
HISTORY_PAGE_MAX = 500  # the largest page the server answers
HISTORY_COLUMNS = (
    "submission_id", "domain", "challenge", "challenge_key", "status", "score", "score_kind", "feedback",
    "feedback_policy", "significant_improvement", "final", "metric_name", "counted", "row_count", "error", "note",
    "submitted_by", "created_at", "scored_at", "scored_on_earlier_answers",
)
_KEY = re.compile(r"^\s*(?P<domain>[^/]+?)\s*/\s*(?P<number>\d+)\s*$")

Page = Tuple[List[Dict[str, Any]], Optional[str]]


def _refuse(message: str) -> ValidationError:
    return ValidationError(message, errors=[message])


def check_status(status: Any) -> Optional[str]:
    """The status filter in the server's spelling, or ValidationError naming the valid ones."""
    if status is None:
        return None
    wanted = status.strip().lower() if isinstance(status, str) else None
    if wanted not in SUBMISSION_STATUSES:
        raise _refuse(f"Unknown status {status!r}. Valid: {', '.join(SUBMISSION_STATUSES)}")
    return wanted


def check_limit(limit: Any) -> Optional[int]:
    """A whole number of at least 1, or None for every submission."""
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise _refuse(f"limit must be a whole number of at least 1, or None for every submission (got {limit!r})")
    return limit


def split_challenge(challenge: Any) -> Tuple[Optional[str], Optional[int]]:
    """``(domain, number)`` of a challenge filter: ``2`` or ``"2"`` (the domain comes from
    ``domain=``) or a key ``"retail-banking/2"`` (a domain name works in place of the slug)."""
    if challenge is None:
        return None, None
    if isinstance(challenge, int) and not isinstance(challenge, bool) and challenge >= 1:
        return None, challenge
    if isinstance(challenge, str):
        text = challenge.strip()
        if text.isdigit() and int(text) >= 1:
            return None, int(text)
        match = _KEY.match(text)
        if match and int(match.group("number")) >= 1:
            return match.group("domain"), int(match.group("number"))
    raise _refuse(
        f'challenge must be a challenge number (with domain=...) or a key like "retail-banking/2" (got {challenge!r})'
    )


def with_feedback(row: Dict[str, Any]) -> Dict[str, Any]:
    """Adds ``feedback_policy`` and ``significant_improvement`` beside the server's ``feedback``,
    flat, so a DataFrame can filter on them. An older server sends no ``feedback``: its scores
    were shown exactly."""
    feedback = feedback_of(row)
    row["feedback"] = feedback
    row["feedback_policy"] = feedback["policy"]
    row["significant_improvement"] = feedback["significant_improvement"]
    return row


def with_history_defaults(row: Dict[str, Any]) -> Dict[str, Any]:
    """Fields an older server does not send: its score is the public one and exact, nothing is
    marked final, and it keeps no note or submitter."""
    row.setdefault("score_kind", "public")
    row.setdefault("final", False)
    row.setdefault("note", None)
    row.setdefault("submitted_by", None)
    return with_feedback(row)


def collect_pages(fetch_page: Callable[[int, Optional[str]], Page], limit: Optional[int]) -> List[Dict[str, Any]]:
    """Follows ``next_cursor`` until ``limit`` rows (None: all of them) or the last page.
    ``fetch_page(size, cursor)`` answers one page's rows and its next cursor."""
    rows: List[Dict[str, Any]] = []
    cursor: Optional[str] = None
    seen = set()
    while limit is None or len(rows) < limit:
        size = HISTORY_PAGE_MAX if limit is None else min(HISTORY_PAGE_MAX, limit - len(rows))
        page, cursor = fetch_page(size, cursor)
        rows.extend(page)
        # A server that repeats a cursor (or pages without rows) would otherwise be asked forever.
        if not page or not cursor or cursor in seen:
            break
        seen.add(cursor)
    return rows if limit is None else rows[:limit]
