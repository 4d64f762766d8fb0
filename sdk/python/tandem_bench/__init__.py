"""tandem-bench: the Python SDK of the Tandem benchmark competition.

>>> from tandem_bench import BenchmarkClient
>>> client = BenchmarkClient(api_key="...", team_name="...")
>>> client.get_domains()  # the competition's domains, as the server lists them
>>> result = client.submit_prediction(client.get_domains()[0], 1, "predictions.csv")
>>> result["score"], result["significant_improvement"]
"""

from ._version import __version__
from .client import DEFAULT_BASE_URL, BenchmarkClient
from .credentials import credentials_path, delete_credentials, load_credentials, save_credentials
from .datasets import Dataset
from .exceptions import (
    APIError,
    AuthenticationError,
    DailyLimitError,
    InsecureTransportWarning,
    NetworkError,
    RateLimitError,
    ResponseTooLargeError,
    SubmissionsPausedError,
    TandemError,
    UnsafeDownloadError,
    ValidationError,
)
from .types import SubmissionResult
from .validation import ChallengeFormat

__all__ = [
    "__version__",
    "APIError",
    "AuthenticationError",
    "BenchmarkClient",
    "ChallengeFormat",
    "DailyLimitError",
    "DEFAULT_BASE_URL",
    "Dataset",
    "InsecureTransportWarning",
    "NetworkError",
    "RateLimitError",
    "SubmissionResult",
    "ResponseTooLargeError",
    "SubmissionsPausedError",
    "TandemError",
    "UnsafeDownloadError",
    "ValidationError",
    "credentials_path",
    "delete_credentials",
    "load_credentials",
    "save_credentials",
]
