import { notifications } from "@mantine/notifications";
import type { AdminCompetition, CompetitionDefinition } from "@tandem/competition";
import { afterEach, describe, expect, it } from "vitest";
import { defaultDefinition } from "../../../../test-utils/competition";
import {
  fireEvent,
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../../test-utils/render";
import { type ApiCall, organizer, refusal, stubApi } from "../testApi";
import { CompetitionEditor } from "./CompetitionEditor";

function adminCompetition(overrides: Partial<AdminCompetition> = {}): AdminCompetition {
  return {
    version: 0,
    definition: defaultDefinition(),
    overrides: { opens_at: null, closes_at: null },
    status: { state: "closed", phase: null, ends_at: null, revealed: false },
    challenges_with_submissions: ["commerce/1"],
    updated_at: null,
    updated_by: null,
    ...overrides,
  };
}

/**
 * The default edition with only the domains a test edits: the challenges tab renders a card per
 * challenge, and all 17 in happy-dom took these tests past a minute on a busy machine.
 */
function withDomains(...slugs: string[]): CompetitionDefinition {
  const definition = defaultDefinition();
  return { ...definition, domains: definition.domains.filter((d) => slugs.includes(d.slug)) };
}

const VERSIONS = { versions: [] };
const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === "PUT");
const sent = (call: ApiCall | undefined) =>
  call?.body as {
    version: number;
    definition: CompetitionDefinition;
    rescore: boolean;
    dry_run: boolean;
  };

/** The console's reads, answered from `current()`; PUTs by `put`. */
function stubConsole(
  current: () => AdminCompetition,
  put: (call: ApiCall) => Response | undefined = () => undefined,
) {
  return stubApi((call) => {
    if (call.path === "/api/admin/competition" && call.method === "GET")
      return jsonResponse(current());
    if (call.path === "/api/admin/competition" && call.method === "PUT") return put(call);
    if (call.path === "/api/admin/competition/versions") return jsonResponse(VERSIONS);
    return undefined;
  });
}

async function moveDeadline(value: string) {
  const end = await screen.findByLabelText("Competition ends");
  fireEvent.change(end, { target: { value } });
  return end;
}

/** The review card: role queries over the whole page (every challenge's inputs) are slow. */
const panel = () => screen.getByText("Review and save").closest("section") as HTMLElement;
const review = () => within(panel()).getByRole("button", { name: "Review changes" });
const save = () => within(panel()).getByRole("button", { name: "Save" });

afterEach(() => notifications.clean());

describe("the Competition page", () => {
  it("names the time zone and says when an override, not the field, decides the deadline", async () => {
    stubConsole(() =>
      adminCompetition({ overrides: { opens_at: null, closes_at: "environment" } }),
    );
    render(<CompetitionEditor />, { auth: { user: organizer } });

    expect(await screen.findByLabelText("Competition ends")).toHaveValue("2025-10-26T23:59");
    expect(
      screen.getByText(
        /^Every date below is entered, .* in US Central \(America\/Chicago\) time\./,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        /Set by the environment \(COMPETITION_CLOSES_AT\).*is in force, not this value/,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/COMPETITION_OPENS_AT/)).toBeNull();
  });

  it("has nothing to review once an edit is undone", async () => {
    stubConsole(() => adminCompetition());
    render(<CompetitionEditor />, { auth: { user: organizer } });

    await moveDeadline("2025-10-27T23:59");
    expect(await screen.findByText(/^Unsaved changes to version 0/)).toBeVisible();
    expect(review()).toBeEnabled();
    await moveDeadline("2025-10-26T23:59");
    expect(await screen.findByText("No changes to version 0 yet.")).toBeVisible();
    expect(review()).toBeDisabled();
  });

  it("lists every problem with its path and keeps Review and Save off until they are fixed", async () => {
    const calls = stubConsole(() => adminCompetition());
    render(<CompetitionEditor />, { auth: { user: organizer } });

    await moveDeadline("2025-10-17T12:00");
    const archive = screen.getByLabelText("Archived at (optional)");
    fireEvent.change(archive, { target: { value: "2025-10-10T12:00" } });

    const problems = await screen.findByRole("region", { name: "2 problems to fix before saving" });
    expect(within(problems).getByText("phases.0.ends_at")).toBeVisible();
    expect(within(problems).getByText(/must end after it starts/)).toBeVisible();
    expect(within(problems).getByText("dates.archived_at")).toBeVisible();
    expect(within(problems).getByText(/must come after the last phase ends/)).toBeVisible();
    // The field says it too.
    expect(screen.getByLabelText("Competition ends")).toHaveAttribute("aria-invalid", "true");
    expect(review()).toBeDisabled();
    expect(save()).toBeDisabled();

    fireEvent.change(archive, { target: { value: "" } });
    await moveDeadline("2025-10-27T23:59");
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: /to fix before saving/ })).toBeNull(),
    );
    expect(review()).toBeEnabled();
    expect(save()).toBeDisabled();
    expect(puts(calls)).toEqual([]);
  });

  it("reviews the edit as a dry run, lists its changes and consequences, then saves the same edit", async () => {
    let stored = adminCompetition();
    const change = {
      path: "phases.main.ends_at",
      summary:
        'Phase "Competition" ends at 2025-10-28T04:59:00.000Z (was 2025-10-27T04:59:00.000Z).',
      consequence: "Which submissions count follows the new date at once.",
    };
    const calls = stubConsole(
      () => stored,
      (call) => {
        const body = sent(call);
        if (body.dry_run)
          return jsonResponse({ version: 0, saved: false, changes: [change], rescored: [] });
        stored = adminCompetition({
          version: 1,
          definition: body.definition,
          updated_by: organizer.email,
        });
        return jsonResponse({ version: 1, saved: true, changes: [change], rescored: [] });
      },
    );
    const user = userEvent.setup();
    render(<CompetitionEditor />, { auth: { user: organizer } });

    await moveDeadline("2025-10-27T23:59");
    expect(save()).toBeDisabled();
    await user.click(review());

    const changes = await screen.findByRole("list", { name: "Changes" });
    expect(within(changes).getByText(change.summary)).toBeVisible();
    expect(within(changes).getByText(`Consequence: ${change.consequence}`)).toBeVisible();
    // The server writes the moment in UTC; the list says it in the competition's zone too.
    expect(
      within(changes).getByText("In US Central time: Mon, Oct 27, 2025, 11:59 PM CDT."),
    ).toBeVisible();
    const dryRun = sent(puts(calls)[0]);
    expect(dryRun).toMatchObject({ version: 0, rescore: false, dry_run: true });
    expect(dryRun.definition.phases[0]?.ends_at).toBe("2025-10-27T23:59:00-05:00");

    await user.click(save());
    expect(await screen.findByText("Version 1 saved")).toBeInTheDocument();
    const saved = sent(puts(calls)[1]);
    expect(saved).toMatchObject({ version: 0, rescore: false, dry_run: false });
    expect(saved.definition).toEqual(dryRun.definition);
    // The editor goes on from the version saved, with nothing left to save.
    expect(await screen.findByText("No changes to version 1 yet.")).toBeVisible();
    expect(screen.queryByText("Someone else saved a new version")).toBeNull();
  });

  it("offers to rescore when the server refuses a metric change without it, and sends rescore", async () => {
    const summary = "Challenge commerce/1: metric changed.";
    const message =
      "Challenge commerce/1 has scored submissions: changing its metric needs a rescore in the same action (rescore: true).";
    const calls = stubConsole(
      () => adminCompetition({ definition: withDomains("commerce") }),
      (call) => {
        const body = sent(call);
        const changes = [
          {
            path: "challenges.commerce/1.metric",
            summary,
            consequence: "Its submissions are rescored.",
          },
        ];
        if (!body.rescore) {
          return refusal(409, "competition.rescore_required", message, {
            field: "challenges.commerce/1.metric",
            refusals: [
              {
                code: "competition.rescore_required",
                path: "challenges.commerce/1.metric",
                message,
              },
            ],
            changes,
          });
        }
        return jsonResponse({ version: 0, saved: false, changes, rescored: [] });
      },
    );
    const user = userEvent.setup();
    render(<CompetitionEditor />, { auth: { user: organizer } });

    await user.click(await screen.findByRole("tab", { name: "Challenges and limits" }));
    // Role queries walk the whole page (17 challenges): the card is found by its heading.
    const card = screen.getByText(/^commerce\/1:/).closest("section") as HTMLElement;
    expect(within(card).getByText("Has submissions")).toBeVisible();
    await user.click(within(card).getByRole("combobox", { name: "Metric of commerce/1" }));
    await user.click(await screen.findByRole("option", { name: /^MAE/ }));
    expect(within(panel()).queryByRole("checkbox", { name: /Rescore affected/ })).toBeNull();

    await user.click(review());
    const refused = await within(panel()).findByRole("alert", {
      name: "The server refuses this change",
    });
    expect(within(refused).getAllByText(message).length).toBeGreaterThan(0);
    expect(save()).toBeDisabled();

    await user.click(within(panel()).getByRole("checkbox", { name: /Rescore affected/ }));
    expect(await within(panel()).findByRole("list", { name: "Changes" })).toBeVisible();
    expect(puts(calls).map((call) => sent(call).rescore)).toEqual([false, true]);
    expect(sent(puts(calls)[1]).definition.domains[0]?.challenges[0]?.metric).toBe("mae");
    expect(save()).toBeEnabled();
  }, 60_000);

  it("sets a challenge's feedback policy, and back to the default", async () => {
    const calls = stubConsole(
      () => adminCompetition({ definition: withDomains("food") }),
      () => jsonResponse({ version: 0, saved: false, changes: [], rescored: [] }),
    );
    const user = userEvent.setup();
    render(<CompetitionEditor />, { auth: { user: organizer } });

    await user.click(await screen.findByRole("tab", { name: "Challenges and limits" }));
    const card = screen.getByText(/^food\/1:/).closest("section") as HTMLElement;
    // The default edition's food/1 has its own ladder; it becomes rounded to 3 decimals.
    await user.click(within(card).getByRole("combobox", { name: "Feedback of food/1" }));
    await user.click(await screen.findByRole("option", { name: "Rounded" }));
    const digits = within(card).getByRole("textbox", { name: "Decimals shown" });
    await user.clear(digits);
    await user.type(digits, "3");
    expect(within(card).queryByRole("textbox", { name: /Threshold/ })).toBeNull();
    await user.click(review());
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const food = (definition: CompetitionDefinition) =>
      definition.domains.find((d) => d.slug === "food")!.challenges.find((c) => c.number === 1)!;
    expect(food(sent(puts(calls)[0]).definition).feedback).toEqual({
      policy: "rounded",
      digits: 3,
    });

    await user.click(within(card).getByRole("combobox", { name: "Feedback of food/1" }));
    await user.click(await screen.findByRole("option", { name: "The default" }));
    await user.click(review());
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(food(sent(puts(calls)[1]).definition).feedback).toBeUndefined();
  }, 60_000);

  it("sends who sees the leaderboards as the definition's leaderboard_visibility", async () => {
    const calls = stubConsole(
      () => adminCompetition({ definition: withDomains("commerce") }),
      () => jsonResponse({ version: 0, saved: false, changes: [], rescored: [] }),
    );
    const user = userEvent.setup();
    render(<CompetitionEditor />, { auth: { user: organizer } });

    await user.click(await screen.findByRole("tab", { name: "Challenges and limits" }));
    const group = screen.getByRole("radiogroup", { name: "Who sees the leaderboards" });
    expect(within(group).getByRole("radio", { name: "Organizers only" })).toBeChecked();
    await user.click(within(group).getByRole("radio", { name: "Participants" }));
    await user.click(review());
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(sent(puts(calls)[0]).definition.leaderboard_visibility).toBe("participants");
  }, 60_000);

  it("tells the organizer another one saved a newer version, and reloads it on request", async () => {
    let stored = adminCompetition();
    stubConsole(
      () => stored,
      () => {
        stored = adminCompetition({ version: 3, updated_by: "other@example.org" });
        return refusal(
          409,
          "competition.version_stale",
          "The definition changed since version 0: version 3 is in force. Reload it and make your change again.",
          { version: 3 },
        );
      },
    );
    const user = userEvent.setup();
    render(<CompetitionEditor />, { auth: { user: organizer } });

    const end = await moveDeadline("2025-10-27T23:59");
    await user.click(review());

    const stale = await screen.findByRole("alert", { name: "Someone else saved a new version" });
    expect(
      within(stale).getByText(/Another organizer saved version 3 while you were editing version 0/),
    ).toBeVisible();
    expect(review()).toBeDisabled();
    await user.click(within(stale).getByRole("button", { name: "Reload version 3" }));

    await waitFor(() => expect(screen.queryByText("Someone else saved a new version")).toBeNull());
    expect(end).toHaveValue("2025-10-26T23:59");
    expect(screen.getByText("No changes to version 3 yet.")).toBeVisible();
  });
});
