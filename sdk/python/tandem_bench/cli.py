"""The ``tandem-bench`` command: auth, domains, submit, history, summary, final, unfinal,
leaderboard, download."""

import argparse
import getpass
import json
import sys
from typing import Any, Dict, List, Optional, Sequence

from ._version import __version__
from .client import BenchmarkClient
from .exceptions import TandemError
from .history import SUBMISSION_STATUSES

NOTE_WIDTH = 40  # the history table shows a note's start; --json has it in full


def _common() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--api-url", default=argparse.SUPPRESS, help="server address (env TANDEM_API_URL)")
    common.add_argument("--api-key", default=argparse.SUPPRESS, help="team API key (env TANDEM_API_KEY)")
    common.add_argument("--team-name", default=argparse.SUPPRESS, help="team name (env TANDEM_TEAM_NAME)")
    common.add_argument("--timeout", type=float, default=argparse.SUPPRESS, help="seconds per request (60)")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    return common


def build_parser() -> argparse.ArgumentParser:
    common = _common()
    parser = argparse.ArgumentParser(
        prog="tandem-bench",
        description="Submit predictions to the Tandem benchmark competition.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"tandem-bench {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    sub.add_parser("auth", parents=[common], help="verify the API key and save it (mode 0600)")
    sub.add_parser("logout", parents=[common], help="delete the saved credentials")
    sub.add_parser("domains", parents=[common], help="list the domains and their challenges")

    submit = sub.add_parser("submit", parents=[common], help="submit a predictions CSV")
    submit.add_argument("domain", help="domain name or slug, as `tandem-bench domains` lists them")
    submit.add_argument("task_number", type=int, help="challenge number")
    submit.add_argument("file", help="predictions CSV file")
    submit.add_argument("--expected-rows", type=int, default=None, help="rows the file must have")
    submit.add_argument("--no-validate", action="store_true", help="skip the local format check")
    submit.add_argument("--note", default=None, help="a note kept with the submission (at most 500 characters)")

    history = sub.add_parser("history", parents=[common], help="the team's latest submissions")
    history.add_argument("--limit", type=int, default=20, help="how many, newest first (20)")
    history.add_argument("--domain", default=None, help="only this domain (a name or slug)")
    history.add_argument("--challenge", default=None, help='only this challenge: a number with --domain, or "retail-banking/2"')
    history.add_argument("--status", default=None, choices=SUBMISSION_STATUSES, help="only submissions in this status")

    sub.add_parser(
        "summary", parents=[common], help="per challenge: best score, baseline, submissions used today"
    )

    final = sub.add_parser("final", parents=[common], help="mark a submission as one of the team's final ones")
    final.add_argument("submission_id")
    unfinal = sub.add_parser("unfinal", parents=[common], help="take the final mark off a submission")
    unfinal.add_argument("submission_id")

    board = sub.add_parser("leaderboard", parents=[common], help="the leaderboard (organizers)")
    board.add_argument("--domain", default=None, help="one domain's leaderboard")

    download = sub.add_parser("download", parents=[common], help="download a domain's files")
    download.add_argument("domain")
    download.add_argument("--dest", default=None, help="folder (default: the cache)")
    download.add_argument("--challenge", type=int, default=None, help="only this challenge's files")
    download.add_argument("--refresh", action="store_true", help="download again")
    return parser


def _client(args: argparse.Namespace, verbose: bool = False) -> BenchmarkClient:
    options: Dict[str, Any] = {}
    if getattr(args, "timeout", None):
        options["timeout"] = args.timeout
    # Lazy: each command fails at its own first call, with the same messages.
    return BenchmarkClient(
        api_key=getattr(args, "api_key", None),
        team_name=getattr(args, "team_name", None),
        base_url=getattr(args, "api_url", None),
        verbose=verbose,
        verify=False,
        **options,
    )


def _table(rows: List[Sequence[Any]], header: Sequence[str]) -> str:
    cells = [[str(h) for h in header]] + [["" if v is None else str(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = ["  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _score(value: Any) -> str:
    return f"{value:.4f}" if isinstance(value, (int, float)) else "-"


def cmd_auth(args: argparse.Namespace) -> int:
    client = _client(args)
    if not client.api_key and sys.stdin.isatty():
        client.api_key = getpass.getpass("Team API key: ").strip() or None
        if not client.team_name:
            client.team_name = input("Team name (optional): ").strip() or None
    path = client.save_credentials(verify=True)
    print(f"✅ Authenticated as team {client.team_name} ({client.team_status}). Saved to {path}")
    return 0


def cmd_logout(args: argparse.Namespace) -> int:
    from .credentials import credentials_path, delete_credentials

    removed = delete_credentials()
    print(f"Removed {credentials_path()}" if removed else "No saved credentials.")
    return 0


def _printed_as_json(args: argparse.Namespace, data: Any) -> bool:
    """Prints ``data`` as JSON when ``--json`` was given; whether it did."""
    if not getattr(args, "json", False):
        return False
    print(json.dumps(data, indent=2))
    return True


def cmd_domains(args: argparse.Namespace) -> int:
    domains = _client(args).get_domain_details()
    if _printed_as_json(args, domains):
        return 0
    rows = []
    for d in domains:
        for c in d.get("challenges", []):
            rows.append([d.get("name"), c.get("number"), c.get("title"), c.get("metric_name"), c.get("submission_format")])
    print(_table(rows, ["Domain", "#", "Challenge", "Metric", "Submission header"]))
    return 0


def cmd_submit(args: argparse.Namespace) -> int:
    client = _client(args, verbose=not getattr(args, "json", False))
    result = client.submit(
        args.domain,
        args.task_number,
        args.file,
        expected_rows=args.expected_rows,
        validate=not args.no_validate,
        note=args.note,
    )
    _printed_as_json(args, result.to_dict())
    if result.success:
        return 0
    if not getattr(args, "json", False):
        print(f"Error: {result.message or 'the submission was not scored'}", file=sys.stderr)
    return 1


def _submitter(value: Any) -> str:
    if not isinstance(value, dict):
        return ""
    if value.get("kind") == "api_key":
        return "API key"
    return value.get("username") or "(deleted user)"


def _short(text: Any, width: int) -> str:
    if not isinstance(text, str):
        return ""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 3] + "..."


def _yes_no(value: Any) -> str:
    return "-" if value is None else ("yes" if value else "no")


BEST_SO_FAR = "best so far"
BEST_SO_FAR_NOTE = (
    f'"{BEST_SO_FAR}": not a significant improvement (it did not beat your team\'s best shown score by the '
    "challenge's threshold), so the score shown is that best."
)


def _shown(row: Dict[str, Any]) -> str:
    """Whose score a history row shows: the submission's own, or the team's best so far."""
    if not isinstance(row.get("score"), (int, float)):
        # Scored but not shown: no score of the team's has beaten the baseline by the threshold.
        return "not shown" if row.get("significant_improvement") is False else "-"
    return BEST_SO_FAR if row.get("significant_improvement") is False else "this one"


def _policy(feedback: Any) -> str:
    """A challenge's feedback policy in a few words: "exact", "2 decimals", "ladder 0.01"."""
    feedback = feedback if isinstance(feedback, dict) else {}
    policy, digits, threshold = feedback.get("policy"), feedback.get("digits"), feedback.get("threshold")
    if policy == "ladder" and isinstance(threshold, (int, float)):
        return f"ladder {threshold:g}"
    if policy in ("rounded", "ladder") and isinstance(digits, int):
        return f"{digits} decimals"
    return policy if isinstance(policy, str) and policy else "exact"


def cmd_history(args: argparse.Namespace) -> int:
    rows = _client(args).get_submission_history(
        limit=args.limit, domain=args.domain, challenge=args.challenge, status=args.status
    )
    if _printed_as_json(args, rows):
        return 0
    if not rows:
        print("No submissions match." if args.domain or args.challenge or args.status else "No submissions yet.")
        return 0
    table = [
        [r.get("created_at"), r.get("domain"), r.get("challenge"), r.get("status"), _score(r.get("score")),
         r.get("score_kind") or "public", _shown(r), r.get("metric_name"), _yes_no(r.get("counted")),
         _yes_no(r.get("final")), _submitter(r.get("submitted_by")), _short(r.get("note"), NOTE_WIDTH),
         r.get("submission_id")]
        for r in rows
    ]
    header = ["Submitted", "Domain", "#", "Status", "Score", "Kind", "Shown", "Metric", "Counted", "Final", "By",
              "Note", "Id"]
    print(_table(table, header))
    if any(_shown(r) == BEST_SO_FAR for r in rows):
        print(BEST_SO_FAR_NOTE)
    return 0


def cmd_summary(args: argparse.Namespace) -> int:
    rows = _client(args).get_challenge_summary()
    if _printed_as_json(args, rows):
        return 0
    if not rows:
        print("No challenges.")
        return 0
    table = [
        [r.get("domain"), r.get("challenge"), r.get("title"), _score(r.get("score")), r.get("score_kind") or "public",
         _policy(r.get("feedback")), r.get("metric_name"), "higher" if r.get("higher_is_better") else "lower", _score(r.get("baseline")),
         _yes_no(r.get("beats_baseline")), f"{r.get('used_today')}/{r.get('daily_limit')}",
         _yes_no(r.get("counted")), r.get("submissions")]
        for r in rows
    ]
    header = ["Domain", "#", "Challenge", "Best", "Kind", "Shown", "Metric", "Better", "Baseline", "Beats", "Today",
              "Counted", "Submissions"]
    print(_table(table, header))
    if any(r.get("feedback_policy") == "ladder" for r in rows):
        print(
            "Shown \"ladder T\": a new score is shown, rounded, only when it beats your team's best shown score by T; "
            "otherwise your team's best so far."
        )
    resets = sorted({r["resets_at"] for r in rows if isinstance(r.get("resets_at"), str)})
    if resets:
        print(f"Daily limits reset at {resets[0]} (midnight UTC).")
    return 0


def _cmd_final(args: argparse.Namespace, final: bool) -> int:
    client = _client(args, verbose=not getattr(args, "json", False))
    result = client.mark_final(args.submission_id) if final else client.unmark_final(args.submission_id)
    _printed_as_json(args, result.to_dict())
    return 0


def cmd_final(args: argparse.Namespace) -> int:
    return _cmd_final(args, True)


def cmd_unfinal(args: argparse.Namespace) -> int:
    return _cmd_final(args, False)


def cmd_leaderboard(args: argparse.Namespace) -> int:
    client = _client(args)
    if args.domain:
        body = client.get_domain_leaderboard(args.domain)
        if _printed_as_json(args, body):
            return 0
        rows = [[r.get("rank"), r.get("team_name"), _score(r.get("domain_score")), r.get("valid_submissions")]
                for r in body.get("leaderboard", [])]
        print(f"{body.get('domain')}")
        print(_table(rows, ["Rank", "Team", "Domain score", "Submissions"]) if rows else "No submissions yet for this domain.")
        return 0
    rows_in = client.get_leaderboard()
    if _printed_as_json(args, rows_in):
        return 0
    rows = [[r.get("rank"), r.get("team_name"), _score(r.get("total_score")), r.get("valid_submissions_total")]
            for r in rows_in]
    print(_table(rows, ["Rank", "Team", "Score", "Submissions"]) if rows else "No teams have submitted results yet.")
    return 0


def cmd_download(args: argparse.Namespace) -> int:
    client = _client(args, verbose=True)
    data = client.load_dataset(args.domain, dest=args.dest, challenge=args.challenge, refresh=args.refresh, as_frames=False)
    for name, path in sorted(data.paths.items()):
        print(path)
    return 0


COMMANDS = {
    "auth": cmd_auth,
    "logout": cmd_logout,
    "domains": cmd_domains,
    "submit": cmd_submit,
    "history": cmd_history,
    "summary": cmd_summary,
    "final": cmd_final,
    "unfinal": cmd_unfinal,
    "leaderboard": cmd_leaderboard,
    "download": cmd_download,
}


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except TandemError as error:
        print(f"Error: {error}", file=sys.stderr)
        for line in getattr(error, "errors", [])[1:6]:
            print(f"  - {line}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
