"""Downloading a domain's public files into a local cache and loading them."""

import json
import os
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple
from urllib.parse import urljoin, urlsplit

from ._http import Transport
from .exceptions import APIError, UnsafeDownloadError

# The server's file names become paths on this machine: accept one portable path component only.
MAX_NAME_BYTES = 200  # leaves room for the ".{name}.part" download within the usual 255 bytes
FORBIDDEN_CHARACTERS = frozenset('/\\:*?"<>|')  # separators, drives (C:x) and what Windows refuses


def cache_root() -> Path:
    """``TANDEM_CACHE_DIR``, else ``$XDG_CACHE_HOME/tandem_bench``, else ``~/.cache/tandem_bench``."""
    override = os.environ.get("TANDEM_CACHE_DIR")
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "tandem_bench"


def pandas_available() -> bool:
    try:
        import pandas  # noqa: F401
    except ImportError:
        return False
    return True


class Dataset(dict):
    """A domain's files by name: DataFrames (with pandas) or paths.

    ``directory`` is the folder holding the files, ``paths`` maps every file name to its path,
    ``domain`` is the domain's description from the API and ``description`` the text of its
    ``description.md`` (when the platform serves one).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.directory: Path = Path(".")
        self.paths: Dict[str, Path] = {}
        self.domain: Dict[str, Any] = {}

    @property
    def description(self) -> Optional[str]:
        path = self.paths.get("description.md")
        return path.read_text(encoding="utf-8") if path and path.is_file() else None

    def __repr__(self) -> str:
        return f"Dataset({self.domain.get('name')!r}, directory={str(self.directory)!r}, keys={list(self)})"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def plain_name(name: Any, domain: Any) -> str:
    """``name`` if it is a plain file name, else :class:`UnsafeDownloadError`."""
    if (
        isinstance(name, str)
        and name not in (".", "..")
        and name.isprintable()  # no NUL, newline or other control (or invisible format) character
        and not FORBIDDEN_CHARACTERS.intersection(name)
        and 0 < len(name.encode("utf-8", "surrogatepass")) <= MAX_NAME_BYTES
    ):
        return name
    raise UnsafeDownloadError(
        f"Refused the file list of {domain}: {_shown(name)} is not a plain file name (one name, "
        "no folders, no '..', no special characters). Nothing was downloaded.",
        entry=name,
    )


def _origin(url: str) -> Tuple[str, str, Optional[int]]:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port or {"http": 80, "https": 443}.get(scheme)
    except ValueError:  # not a number
        port = -1
    return scheme, (parts.hostname or "").lower(), port


def source_url(base_url: str, url: Any, domain: Any) -> str:
    """What to fetch ``url`` with, on the API's own origin (scheme, host, port) only: a file
    list must not send the client to another host (or make it read ``file://``)."""
    text = url if isinstance(url, str) else ""
    origin = _origin(base_url)
    try:
        parts = urlsplit(text)
        absolute = bool(parts.scheme or parts.netloc)  # //host/... too, resolved as a browser would
        # A path goes to the transport as it is, which puts it under the API's base URL.
        full = urljoin(base_url + "/", text) if absolute else base_url + "/" + text.lstrip("/")
        same = _origin(full) == origin
    except ValueError:  # e.g. "http://[x": not a URL
        same = False
    if not text or not same or origin[0] not in ("http", "https"):
        raise UnsafeDownloadError(
            f"Refused the file list of {domain}: {_shown(url)} is not on the API's server "
            f"({origin[0]}://{urlsplit(base_url).netloc.rpartition('@')[2]}). Nothing was downloaded.",
            entry=url,
        )
    return full if absolute else text


def _inside(folder: str, path: Path) -> bool:
    """Whether ``path``, symbolic links resolved, is in ``folder`` (already resolved)."""
    real = os.path.realpath(path)
    try:
        return real != folder and os.path.commonpath([folder, real]) == folder
    except ValueError:  # another drive on Windows
        return False


def _name_from_url(url: Any) -> str:
    try:
        return urlsplit(str(url or "")).path.rsplit("/", 1)[-1]
    except ValueError:  # not a URL: refused whole by plain_name
        return str(url)


def _files_of(details: Dict[str, Any], challenge: Optional[int]) -> List[Tuple[str, str, bool]]:
    """(name, url, required) for the domain's files, or for one challenge's; every name checked."""
    domain = details.get("name")
    base = str(details.get("files_url") or f"/static/{details.get('slug')}/")
    if not base.endswith("/"):
        base += "/"
    out: Dict[str, Tuple[str, str, bool]] = {}
    challenges = details.get("challenges") or []
    if challenge is not None:
        challenges = [c for c in challenges if int(c.get("number", -1)) == int(challenge)]
        if not challenges:
            raise APIError(f'{details.get("name")} has no challenge {challenge}', status_code=404)
    else:
        for f in details.get("data_files") or []:
            name = plain_name(f.get("name"), domain)
            out.setdefault(name, (name, f.get("url") or base + name, True))
    for c in challenges:
        for name in c.get("files") or []:
            name = plain_name(name, domain)
            out.setdefault(name, (name, base + name, True))
        sample = c.get("sample_submission_url") or f"{base}sample_submission_c{c.get('number')}.csv"
        name = plain_name(_name_from_url(sample), domain)
        out.setdefault(name, (name, sample, True))
    out.setdefault("description.md", ("description.md", base + "description.md", False))
    return list(out.values())


def download_domain(
    transport: Transport,
    details: Dict[str, Any],
    directory: Path,
    *,
    challenge: Optional[int],
    refresh: bool,
    as_frames: Optional[bool],
    raise_for: Callable[..., None],
    say: Callable[[str], None],
) -> Dataset:
    # The whole listing is checked before anything is written: a refused one leaves no trace.
    domain = details.get("name")
    folder = os.path.realpath(directory)
    plan = []
    for name, url, required in _files_of(details, challenge):
        source = source_url(transport.base_url, url, domain)
        target, partial = directory / name, directory / f".{name}.part"
        for path in (target, partial):
            if not _inside(folder, path):  # e.g. a symbolic link planted in the folder
                raise UnsafeDownloadError(
                    f"Refused to write {_shown(name)} of {domain}: {path} leads outside {directory}. "
                    "Nothing was downloaded.",
                    entry=name,
                )
        plan.append((name, source, required, target, partial))

    directory.mkdir(parents=True, exist_ok=True)
    fetched = 0
    paths: Dict[str, Path] = {}
    for name, source, required, target, partial in plan:
        if target.is_file() and not refresh:
            paths[name] = target
            continue
        partial.unlink(missing_ok=True)  # a stale download (or link) is replaced, never written through
        try:
            response = transport.request("GET", source, download_to=partial, headers={"Accept": "*/*"})
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        if not 200 <= response.status < 300:
            partial.unlink(missing_ok=True)
            if response.status == 404 and not required:
                continue
            raise_for(response, auth_call=False)
        os.replace(partial, target)
        paths[name] = target
        fetched += 1
    if fetched:
        say(f"📥 Downloaded {fetched} file(s) of {details.get('name')} to {directory}")

    frames = pandas_available() if as_frames is None else as_frames
    dataset = Dataset()
    dataset.directory = directory
    dataset.paths = paths
    dataset.domain = details
    for name, path in paths.items():
        if name == "description.md":
            continue
        stem = name.rsplit(".", 1)[0]
        dataset[stem] = _load(path) if frames else path

    chosen = _challenge(details, challenge)
    if chosen is not None:
        names = list(chosen.get("files") or [])
        train = next((n for n in names if "train" in n.lower()), None)
        test = next((n for n in names if "test" in n.lower()), None)
        sample = _name_from_url(chosen.get("sample_submission_url"))
        for alias, name in (("train", train), ("test", test), ("sample_submission", sample)):
            if name and name.rsplit(".", 1)[0] in dataset:
                dataset[alias] = dataset[name.rsplit(".", 1)[0]]
    return dataset


def _challenge(details: Dict[str, Any], number: Optional[int]) -> Optional[Dict[str, Any]]:
    challenges = details.get("challenges") or []
    if number is None:
        return challenges[0] if challenges else None
    return next((c for c in challenges if int(c.get("number", -1)) == int(number)), None)


def _load(path: Path) -> Any:
    import pandas as pd

    if path.suffix == ".csv":
        return pd.read_csv(path)
    if path.suffix == ".json":
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        if isinstance(data, list) and all(isinstance(r, dict) for r in data):
            return pd.DataFrame(data)
        return data
    return path
