"""Local checks of a submission before upload, mirroring the platform's validator.

The rules and messages follow the server's (``packages/scoring/src/parse-submission.ts``): the
header must be exactly the challenge's, every row has one value per column, ids are not blank and
not repeated, labels belong to the challenge's label set (``1``, ``1.0`` and ``True`` count as
``1`` for 0/1 labels), numbers are finite, rankings name distinct items; the row count and the id
set are checked when the expected rows or the test file are known.
"""

import csv
import io
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from .exceptions import ValidationError

ID_SEPARATOR = "\u001f"
TRUE_LIKE = {"1", "1.0", "true", "yes", "y", "t"}
FALSE_LIKE = {"0", "0.0", "false", "no", "n", "f"}
_FLOAT_INTEGER = re.compile(r"^-?\d+\.0+$")
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")

LABEL_METRICS = {"macro-f1", "f1", "accuracy"}
RANKING_METRICS = {"ndcg@10", "ndcg", "map@10"}


def normalize_domain_name(name: str) -> str:
    """``Retail Banking``, ``RetailBanking``, ``retail-banking`` -> ``retailbanking``."""
    return re.sub(r"[\s_-]+", "", str(name).lower())


@dataclass
class ChallengeFormat:
    """What a challenge's submission must look like, derived from ``/api/competition/domains``."""

    domain: str
    slug: str
    number: int
    header: List[str]
    metric_name: Optional[str] = None
    higher_is_better: Optional[bool] = None
    #: ``label``, ``numeric``, ``ranking`` or ``None`` (unknown: values are not checked).
    kind: Optional[str] = None
    #: The label set of a ``label`` challenge, when known.
    labels: Optional[List[str]] = None
    id_columns: List[str] = field(default_factory=list)
    train_file: Optional[str] = None
    test_file: Optional[str] = None
    sample_submission_url: Optional[str] = None

    @classmethod
    def from_domain(cls, domain: Dict[str, Any], challenge: Dict[str, Any]) -> "ChallengeFormat":
        """Reads the challenge's published ``format`` (header, id columns, target kind and label
        set). An older server without it: the header from ``submission_format``, the kind from the
        metric, and no label set (labels are then not checked; nothing is guessed)."""
        metric = challenge.get("metric_name")
        files = [str(f) for f in challenge.get("files") or []]
        train = next((f for f in files if "train" in f.lower()), None)
        test = next((f for f in files if "test" in f.lower()), None)
        published = _published_format(challenge.get("format"))
        if published is not None:
            header, id_columns, kind, labels = published
        else:
            header = [c.strip() for c in str(challenge.get("submission_format", "")).split(",")]
            kind = kind_of_metric(metric)
            id_columns = header[: 1 if kind == "ranking" else max(1, len(header) - 1)]
            labels = None
        return cls(
            domain=str(domain.get("name")),
            slug=str(domain.get("slug")),
            number=int(challenge.get("number", 0)),
            header=header,
            metric_name=metric,
            higher_is_better=challenge.get("higher_is_better"),
            kind=kind,
            labels=labels,
            id_columns=id_columns,
            train_file=train,
            test_file=test,
            sample_submission_url=challenge.get("sample_submission_url"),
        )

    @property
    def target(self) -> str:
        return self.header[len(self.id_columns)] if len(self.header) > len(self.id_columns) else ""


def kind_of_metric(metric_name: Optional[str]) -> Optional[str]:
    if not metric_name:
        return None
    name = metric_name.strip().lower()
    if name in LABEL_METRICS:
        return "label"
    if name in RANKING_METRICS or name.startswith("ndcg"):
        return "ranking"
    return "numeric"


def _published_format(
    value: Any,
) -> Optional[Tuple[List[str], List[str], Optional[str], Optional[List[str]]]]:
    """``(header, id_columns, kind, labels)`` from a challenge's ``format`` object, or ``None``
    when it is absent or not shaped as expected."""
    if not isinstance(value, dict):
        return None
    header = value.get("header")
    id_columns = value.get("id_columns")
    target = value.get("target")
    if not (isinstance(header, list) and header and all(isinstance(c, str) for c in header)):
        return None
    if not (isinstance(id_columns, list) and all(isinstance(c, str) for c in id_columns)):
        return None
    if id_columns != header[: len(id_columns)] or not id_columns:
        return None
    target = target if isinstance(target, dict) else {}
    kind = target.get("kind")
    kind = kind if kind in ("label", "numeric", "ranking") else None
    labels = target.get("labels")
    if kind == "label" and isinstance(labels, list) and labels and all(isinstance(v, str) for v in labels):
        labels = list(labels)
    else:
        labels = None
    return list(header), list(id_columns), kind, labels


# --- CSV --------------------------------------------------------------------------------------


def parse_csv_rows(text: str) -> List[List[str]]:
    """Rows of trimmed cells, blank lines dropped: the server's reading of a CSV."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if '"' not in text:
        rows = []
        for line in text.split("\n"):
            if line.strip() == "":
                continue
            rows.append([cell.strip() for cell in line.split(",")])
        return rows
    reader = csv.reader(io.StringIO(text, newline=""))
    return [[cell.strip() for cell in row] for row in reader if any(c.strip() for c in row)]


def normalize_id_part(value: str) -> str:
    """``1.0`` and ``1`` name the same id (pandas writes integer columns as float)."""
    if "." in value and _FLOAT_INTEGER.match(value):
        return value[: value.index(".")]
    return value


def id_key(parts: Sequence[str]) -> str:
    return ID_SEPARATOR.join(normalize_id_part(p.strip()) for p in parts)


def describe_id(key: str) -> str:
    return ", ".join(key.split(ID_SEPARATOR))


def read_expected_ids(test_path: os.PathLike, id_columns: Sequence[str]) -> Optional[Set[str]]:
    """The distinct ids of a test file, or ``None`` when it lacks one of the id columns."""
    with open(test_path, newline="", encoding="utf-8-sig") as handle:
        reader = csv.reader(handle)
        header = next(reader, None)
        if not header:
            return None
        header = [h.strip() for h in header]
        try:
            positions = [header.index(col) for col in id_columns]
        except ValueError:
            return None
        ids = set()
        for row in reader:
            if not row or all(not c.strip() for c in row):
                continue
            if len(row) <= max(positions):
                continue
            ids.add(id_key([row[p] for p in positions]))
        return ids


class IssueCollector:
    """Problems by kind with up to three examples each, worded as the server words them."""

    def __init__(self, max_examples: int = 3) -> None:
        self.max_examples = max_examples
        self.kinds: Dict[str, List[Any]] = {}

    def add(self, kind: str, example: str) -> None:
        entry = self.kinds.setdefault(kind, [0, []])
        entry[0] += 1
        if len(entry[1]) < self.max_examples:
            entry[1].append(example)

    def __len__(self) -> int:
        return len(self.kinds)

    def messages(self) -> List[str]:
        out = []
        for kind, (count, examples) in self.kinds.items():
            more = f" (and {count - len(examples)} more)" if count > len(examples) else ""
            out.append(f"{kind}: {'; '.join(examples)}{more}")
        return out


def _label_normalizer(labels: Sequence[str]):
    exact = {label.lower(): label for label in labels}
    binary = len(labels) == 2 and "0" in labels and "1" in labels

    def resolve(raw: str) -> Optional[str]:
        lower = raw.lower()
        if lower in exact:
            return exact[lower]
        if binary and lower in TRUE_LIKE:
            return "1"
        if binary and lower in FALSE_LIKE:
            return "0"
        return None

    return resolve


def _parse_number(raw: str) -> Optional[float]:
    if not _NUMBER.match(raw):
        return None
    value = float(raw)
    return value if math.isfinite(value) else None


def validate_csv(
    text: str,
    fmt: ChallengeFormat,
    expected_ids: Optional[Set[str]] = None,
    expected_rows: Optional[int] = None,
    probability_range: Optional[Tuple[float, float]] = None,
) -> Tuple[List[str], int]:
    """Checks a submission CSV against a challenge's format: ``(errors, row_count)``."""
    rows = parse_csv_rows(text)
    if not rows:
        return ["The file is empty"], 0
    header, body = rows[0], rows[1:]
    row_count = len(body)
    expected_header = ",".join(fmt.header)
    if ",".join(header) != expected_header:
        return [f'Header must be exactly "{expected_header}" (got "{",".join(header)}")'], row_count

    issues = IssueCollector()
    width = len(fmt.header)
    id_width = len(fmt.id_columns)
    column = fmt.header[id_width] if width > id_width else ""
    normalize = _label_normalizer(fmt.labels) if fmt.kind == "label" and fmt.labels else None
    seen: Set[str] = set()
    unknown = 0
    for index, row in enumerate(body):
        line = index + 2  # 1-based, counting the header
        if len(row) != width:
            issues.add("Wrong number of columns", f"row {line} has {len(row)}, expected {width}")
            continue
        parts = row[:id_width]
        if "" in parts:
            issues.add("Blank id", f"row {line} ({fmt.id_columns[parts.index('')]})")
            continue
        key = id_key(parts)
        if key in seen:
            issues.add("Duplicate id", f"row {line} ({describe_id(key)})")
            continue
        seen.add(key)
        if expected_ids is not None and key not in expected_ids:
            unknown += 1
            issues.add("Id not in the test set", f"row {line} ({describe_id(key)})")

        if fmt.kind == "label":
            raw = row[id_width]
            if raw == "":
                issues.add(f"Blank {column}", f"row {line}")
            elif normalize is not None and normalize(raw) is None:
                issues.add(f"{column} must be one of {', '.join(fmt.labels or [])}", f'row {line} has "{raw}"')
        elif fmt.kind == "numeric":
            raw = row[id_width]
            if raw == "":
                issues.add(f"Blank {column}", f"row {line}")
                continue
            value = _parse_number(raw)
            if value is None:
                issues.add(f"{column} must be a finite number", f'row {line} has "{raw}"')
            elif probability_range is not None:
                low, high = probability_range
                if value < low or value > high:
                    issues.add(f"{column} must be between {low} and {high}", f'row {line} has "{raw}"')
        elif fmt.kind == "ranking":
            items = row[id_width:]
            if any(item == "" for item in items):
                issues.add("Blank recommendation", f"row {line}")
            elif len(set(items)) != len(items):
                issues.add("Recommendations must be distinct", f"row {line}")

    if expected_ids is not None and not (unknown == 0 and len(seen) == len(expected_ids)):
        missing = [i for i in expected_ids if i not in seen]
        if missing:
            examples = [describe_id(i) for i in sorted(missing)[:3]]
            more = f" (and {len(missing) - len(examples)} more)" if len(missing) > len(examples) else ""
            issues.add("Missing ids", f"{len(missing)} test ids have no row, e.g. {'; '.join(examples)}{more}")
    target_rows = len(expected_ids) if expected_ids is not None else expected_rows
    if target_rows is not None and row_count != target_rows:
        issues.add("Wrong row count", f"expected {target_rows} rows, got {row_count}")
    return issues.messages(), row_count


def raise_if_invalid(
    errors: List[str], fmt: ChallengeFormat, row_count: int, expected_rows: Optional[int]
) -> None:
    if errors:
        raise ValidationError(
            f"Submission failed validation: {errors[0]}",
            errors=errors,
            details={
                "expected_format": ",".join(fmt.header),
                "actual_rows": row_count,
                "expected_rows": expected_rows,
                "validation_errors": errors,
            },
        )



NOTE_MAX_LENGTH = 500  # packages/contracts/src/rules.ts SUBMISSION_NOTE_MAX_LENGTH


def check_note(note: Any) -> Optional[str]:
    """The note to send with a submission, trimmed (None when there is none), or
    ValidationError. Its length is counted as the server counts it: in Unicode code points."""
    if note is None:
        return None
    if not isinstance(note, str):
        message = f"note must be text (got {type(note).__name__})"
        raise ValidationError(message, errors=[message])
    text = note.strip()
    length = len(text)
    if length > NOTE_MAX_LENGTH:
        message = f"note must be at most {NOTE_MAX_LENGTH} characters (got {length})"
        raise ValidationError(message, errors=[message])
    return text or None

# --- Turning what the caller passed into CSV text -----------------------------------------------


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return repr(value)
    return str(value)


def _is_dataframe(obj: Any) -> bool:
    return type(obj).__name__ == "DataFrame" and hasattr(obj, "to_csv")


def predictions_to_csv(predictions: Any, header: Optional[Sequence[str]] = None) -> str:
    """CSV text from a file path, a CSV string, a pandas DataFrame or a list of dicts."""
    if isinstance(predictions, (bytes, bytearray)):
        return bytes(predictions).decode("utf-8-sig")
    if isinstance(predictions, os.PathLike):
        return _read_file(Path(predictions))
    if isinstance(predictions, str):
        if "\n" in predictions:
            return predictions
        path = Path(predictions).expanduser()
        if path.is_file():
            return _read_file(path)
        raise ValidationError(
            f"Predictions file not found: {predictions}",
            errors=[f"Predictions file not found: {predictions}"],
        )
    if _is_dataframe(predictions):
        frame = predictions
        index_names = [n for n in getattr(frame.index, "names", []) if n is not None]
        if index_names:  # ids kept in the index (df.set_index("TxnID")): write them as columns
            frame = frame.reset_index()
        return frame.to_csv(index=False)
    if hasattr(predictions, "read"):  # an open file
        content = predictions.read()
        return content.decode("utf-8-sig") if isinstance(content, bytes) else content
    if isinstance(predictions, (list, tuple)):
        return _records_to_csv(list(predictions), header)
    raise ValidationError(
        "predictions must be a CSV file path, a CSV string, a pandas DataFrame or a list of dicts "
        f"(got {type(predictions).__name__})",
        errors=[f"Unsupported predictions type: {type(predictions).__name__}"],
    )


def _read_file(path: Path) -> str:
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        raise ValidationError(f"Predictions file not found: {path}", errors=[f"Predictions file not found: {path}"])


def _records_to_csv(records: List[Any], header: Optional[Sequence[str]]) -> str:
    if not records:
        raise ValidationError("No predictions: the list is empty", errors=["The file is empty"])
    if not all(isinstance(r, dict) for r in records):
        raise ValidationError(
            "A list of predictions must hold dicts, one per row (e.g. {'TxnID': 'T1', 'FraudLabel': 0})",
            errors=["Unsupported predictions type: list of non-dicts"],
        )
    first_keys = list(records[0].keys())
    columns = list(header) if header and set(header) == set(first_keys) else first_keys
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for record in records:
        writer.writerow([_cell(record.get(c)) for c in columns])
    return out.getvalue()
