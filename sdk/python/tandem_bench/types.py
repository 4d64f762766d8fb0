"""Typed views of the API's answers."""

from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional

PENDING_STATUSES = ("queued", "scoring")


@dataclass
class SubmissionResult:
    """One submission's outcome: what ``POST /api/submit`` and ``GET /api/submissions/{id}`` say.

    It reads like the dict that :meth:`BenchmarkClient.submit_prediction` returns, so
    ``result["score"]`` and ``result.score`` both work.
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

    @classmethod
    def from_response(cls, body: Dict[str, Any]) -> "SubmissionResult":
        details = body.get("details") or {}
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
        )

    @property
    def pending(self) -> bool:
        """True while the platform is still scoring the submission."""
        return self.status in PENDING_STATUSES

    @property
    def validation_errors(self) -> List[str]:
        return list(self.details.get("validation_errors") or [])

    def to_dict(self) -> Dict[str, Any]:
        """The earlier edition's result dict: success, score, metric_name, validation_passed,
        details, plus submission_id, counted, status, message, final and score_kind."""
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
