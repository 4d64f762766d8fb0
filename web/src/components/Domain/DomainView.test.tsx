import type {
  ChallengeSummary,
  CompetitionDomain,
  DomainChallenge,
  TeamView,
} from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { defaultCompetition } from "../../../test-utils/competition";
import { ada } from "../../../test-utils/fixtures";
import { jsonResponse, render, screen, userEvent, within } from "../../../test-utils/render";
import { DomainView } from "./DomainView";

const retail = defaultCompetition().findDomain("retail-banking")!;

/** The domain page's content for Retail Banking, just enough of it to render. */
const domain: CompetitionDomain = {
  name: retail.name,
  slug: retail.slug,
  folder: retail.folder,
  route: retail.route,
  color: retail.color,
  background: retail.background,
  overview: "Overview",
  files_url: "/static/retail-banking/",
  data_files: [],
  challenges: retail.challenges.map(
    (c): DomainChallenge => ({
      number: c.number,
      key: c.key,
      title: c.title,
      metric_name: "Macro F1",
      higher_is_better: true,
      submission_format: c.header.join(","),
      task_description: "Task",
      dataset_description: "Data",
      task: "Predict",
      files: [],
      sample_data: [
        ["a", "b"],
        ["1", "2"],
      ],
      baseline: null,
      baseline_notebook_url: `/static/retail-banking/c${c.number}.ipynb`,
      sample_submission_url: `/static/retail-banking/c${c.number}.csv`,
      format: {
        header: [...c.header],
        id_columns: [...c.idColumns],
        target: { kind: "numeric", column: c.header.at(-1)! },
      },
    }),
  ),
};

function team(status: TeamView["status"]): TeamView {
  return {
    id: "team-1",
    team_id: "team-1",
    team_name: "river-otters",
    api_key: "key-123",
    invite_code: "invite-abc",
    status,
    created_at: "2026-01-10T12:00:00.000Z",
    activated_at: status === "active" ? "2026-01-11T12:00:00.000Z" : null,
    total_score: 0,
    members: [],
    member_count: 1,
    max_members: 5,
    user_role: "creator",
  };
}

function summaryOf(key: string, expectedRows: number): ChallengeSummary {
  return {
    challenge_key: key,
    domain: retail.name,
    challenge: Number(key.split("/")[1]),
    title: "",
    score: null,
    score_kind: "public",
    feedback: { policy: "ladder", digits: 2, threshold: 0.01, significant_improvement: null },
    metric_name: "Macro F1",
    higher_is_better: true,
    baseline: null,
    beats_baseline: null,
    used_today: 0,
    daily_limit: 5,
    remaining_today: 5,
    resets_at: "2026-11-21T00:00:00.000Z",
    counted: false,
    submissions: 0,
    expected_rows: expectedRows,
    last_submitted_at: null,
  };
}

function stubFetch(teams: TeamView[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    if (path === "/api/teams") return jsonResponse({ teams });
    if (path === "/api/submissions/summary") {
      return jsonResponse({ challenges: [summaryOf(retail.challenges[0]!.key, 1234)] });
    }
    return jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const submitButtons = () => screen.queryAllByRole("button", { name: /^Submit predictions/ });

describe("DomainView submit buttons", () => {
  it("offers a member of an active team a submit button on each challenge, with its expected rows", async () => {
    window.sessionStorage.setItem("auth_token", "token-1");
    stubFetch([team("active")]);
    const user = userEvent.setup();
    render(<DomainView domain={domain} />, { auth: { user: ada } });

    const first = retail.challenges[0]!;
    const heading = `${retail.name} C${first.number}: ${first.title}`;
    const button = await screen.findByRole("button", { name: `Submit predictions for ${heading}` });
    expect(submitButtons()).toHaveLength(retail.challenges.length);

    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: heading });
    expect(await within(dialog).findByText(/1234 rows/)).toBeInTheDocument();
  });

  it("shows nothing new to a member of a team that is not active yet", async () => {
    window.sessionStorage.setItem("auth_token", "token-1");
    const fetch = stubFetch([team("inactive")]);
    render(<DomainView domain={domain} />, { auth: { user: ada } });

    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/teams", expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submitButtons()).toHaveLength(0);
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContain(
      "/api/submissions/summary",
    );
  });

  it("shows nothing new to a visitor, and asks the server nothing", async () => {
    const fetch = stubFetch([team("active")]);
    render(<DomainView domain={domain} />, { auth: { user: null } });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submitButtons()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
