"""Typed views of the API's answers."""

from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional

PENDING_STATUSES = ("queued", "scoring")
FEEDBACK_POLICIES = ("exact", "rounded", "ladder")
# What a server from before feedback policies showed: every score as computed.
EXACT_FEEDBACK: Dict[str, Any] = {"policy": "exact", "digits": None, "threshold": None, "significant_improvement": None}


def _number(value: Any) -> Optional[float]:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _whole(value: Any) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def feedback_of(body: Dict[str, Any]) -> Dict[str, Any]:
    """The answer's ``feedback`` (how the score shown was made from the score computed, under
    the challenge's feedback policy), read defensively: an older server sends none, and its
    scores were shown exactly."""
    raw = body.get("feedback")
    if not isinstance(raw, dict):
        return dict(EXACT_FEEDBACK)
    policy = raw.get("policy")
    improvement = raw.get("significant_improvement")
    digits = _number(raw.get("digits"))
    return {
        "policy": policy if isinstance(policy, str) and policy else "exact",
        "digits": int(digits) if digits is not None else None,
        "threshold": _number(raw.get("threshold")),
        "significant_improvement": improvement if isinstance(improvement, bool) else None,
    }


@dataclass
class SubmissionResult:
    """One submission's outcome: what ``POST /api/submit`` and ``GET /api/submissions/{id}`` say.

    It reads like the dict that :meth:`BenchmarkClient.submit_prediction` returns, so
    ``result["score"]`` and ``result.score`` both work. ``score`` is the score shown under the
    challenge's feedback policy: when ``significant_improvement`` is False (``best_so_far``), it
    is the team's best shown score on the challenge, not this submission's.
    """

    success: bool
    score: Optional[float]
    metric_name: Optional[str]
    validation_passed: bool
    details: Dict[str, Any] = field(default_factory=dict)
    submission_id: Optional[str] = None
    status: Optional[str] = None
    counted: Optional[bool] = None
    message: Optional[str] = None
    # Whether the team marked it as one of its final submissions for the challenge.
    final: bool = False
    # Which score ``score`` is: "public" (the public part of the test rows, shown until the
    # organizers reveal the final standings) or "final" (the private part, after the reveal).
    score_kind: str = "public"
    # How ``score`` was made from the score computed, under the challenge's feedback policy:
    # ``{"policy", "digits", "threshold", "significant_improvement"}``.
    feedback: Dict[str, Any] = field(default_factory=lambda: dict(EXACT_FEEDBACK))
    # "exact", "rounded" (to ``feedback["digits"]`` decimals) or "ladder" (a new score is shown
    # only when it beats the team's best shown score by ``feedback["threshold"]``).
    feedback_policy: str = "exact"
    # Under "ladder": True when ``score`` is this submission's own, False when it was not a
    # significant improvement and ``score`` is the team's best shown score so far; None when
    # not scored or under another policy.
    significant_improvement: Optional[bool] = None
    # Submissions the team may still make to this challenge today (UTC) under its daily limit,
    # this one counted; None from a server that does not say (or a submission read later).
    remaining_today: Optional[int] = None
    # The team's rank in the public overall standings after this submission, and the places it
    # gained (negative: lost); None where the organizers keep the leaderboards to themselves,
    # before the team has a rank, or when not known yet (rank_change of a resent file, or of a
    # score the standings do not include yet).
    public_rank: Optional[int] = None
    rank_change: Optional[int] = None

    @classmethod
    def from_response(cls, body: Dict[str, Any]) -> "SubmissionResult":
        details = body.get("details") or {}
        feedback = feedback_of(body)
        return cls(
            success=bool(body.get("success", False)),
            score=body.get("score"),
            metric_name=body.get("metric_name"),
            validation_passed=bool(body.get("validation_passed", False)),
            details=dict(details) if isinstance(details, dict) else {},
            submission_id=body.get("submission_id"),
            status=body.get("status"),
            counted=body.get("counted"),
            message=body.get("message"),
            # Servers from before the public/private split send neither: their score is the
            # one teams see during the competition, and nothing is marked final.
            final=body.get("final") is True,
            score_kind="final" if body.get("score_kind") == "final" else "public",
            feedback=feedback,
            feedback_policy=feedback["policy"],
            significant_improvement=feedback["significant_improvement"],
            remaining_today=_whole(body.get("remaining_today")),
            public_rank=_whole(body.get("public_rank")),
            rank_change=_whole(body.get("rank_change")),
        )

    @property
    def pending(self) -> bool:
        """True while the platform is still scoring the submission."""
        return self.status in PENDING_STATUSES

    @property
    def best_so_far(self) -> bool:
        """True when ``score`` is the team's best shown score, not this submission's own: it
        was not a significant improvement under the ladder policy."""
        return self.significant_improvement is False

    @property
    def validation_errors(self) -> List[str]:
        return list(self.details.get("validation_errors") or [])

    def to_dict(self) -> Dict[str, Any]:
        """The earlier edition's result dict: success, score, metric_name, validation_passed,
        details, plus submission_id, counted, status, message, final, score_kind, feedback,
        feedback_policy, significant_improvement, remaining_today, public_rank and
        rank_change."""
        return asdict(self)

    # Dict-style access, so code written against the dict keeps working.
    def __getitem__(self, key: str) -> Any:
        if key not in self.__dataclass_fields__:
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default) if key in self.__dataclass_fields__ else default

    def keys(self):
        return self.__dataclass_fields__.keys()
