import {
  type DomainLeaderboard,
  LEADERBOARD_MESSAGES,
  type OverallLeaderboard as OverallBody,
  type RevealResponse,
} from "@tandem/contracts";
import { useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  jsonResponse,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from "../../../test-utils/render";
import { OverallLeaderboard } from "./OverallLeaderboard";

const organizer = {
  id: "u-ada",
  username: "organizer-ada",
  email: "ada@example.org",
  status: "active",
  admin_access: true,
  email_verified: true,
};

const row = (rank: number, name: string, extra: Record<string, number> = {}) => ({
  rank,
  team_id: `team-${name}`,
  team_name: name,
  total_score: 1 / rank,
  valid_submissions_total: 3,
  time_used_seconds: 3600,
  ...extra,
});

function overall(standings: OverallBody["standings"]): OverallBody {
  const shakeUp = standings !== "public";
  return {
    leaderboard: shakeUp
      ? [
          row(1, "team-bravo", { public_rank: 3, rank_change: 2 }),
          row(2, "oracle-team", { public_rank: 1, rank_change: -1 }),
          row(3, "team-charlie", { public_rank: 2, rank_change: -1 }),
        ]
      : [row(1, "oracle-team"), row(2, "team-charlie"), row(3, "team-bravo")],
    standings,
    updated_at: "2026-01-10T12:00:00.000Z",
  };
}

function domain(standings: DomainLeaderboard["standings"]): DomainLeaderboard {
  return {
    domain: "Commerce",
    slug: "commerce",
    challenge_columns: [],
    baseline: { challenges: {} },
    leaderboard: [],
    standings,
    updated_at: "2026-01-10T12:00:00.000Z",
  };
}

/**
 * A stand-in for the gateway: public standings until the reveal, final after it; the preview
 * on `?standings=private`. Records the paths asked for.
 */
function gateway({ failReveal = false } = {}) {
  let reveal: RevealResponse = {
    revealed: false,
    revealed_at: null,
    revealed_by: null,
    standings: "public",
  };
  const asked: string[] = [];
  const fetchStub = vi.fn(async (input: string, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, "");
    asked.push(`${init?.method ?? "GET"} ${path}`);
    const preview = path.endsWith("?standings=private");
    const official = reveal.revealed ? "final" : "public";
    if (path === "/admin/competition/reveal") {
      if (init?.method === "POST") {
        if (failReveal) {
          return jsonResponse({ error: "Database unavailable", code: "internal" }, 500);
        }
        reveal = {
          revealed: true,
          revealed_at: "2026-01-12T09:30:00.000Z",
          revealed_by: { id: organizer.id, username: organizer.username },
          standings: "final",
        };
        return jsonResponse(reveal, 201);
      }
      return jsonResponse(reveal);
    }
    if (path.startsWith("/leaderboard/domain/"))
      return jsonResponse(domain(preview ? "private" : official));
    if (path.startsWith("/leaderboard"))
      return jsonResponse(overall(preview ? "private" : official));
    return jsonResponse({ error: "Not found", code: "not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetchStub);
  return { asked };
}

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(route = "/leaderboard") {
  return render(
    <>
      <OverallLeaderboard />
      <Address />
    </>,
    { route, auth: { user: organizer } },
  );
}

const table = () => screen.getByRole("table", { name: "Overall leaderboard" });

describe("OverallLeaderboard standings", () => {
  it("shows the public standings first, without public rank or change columns", async () => {
    gateway();
    renderPage();

    expect(
      await screen.findByRole("region", { name: LEADERBOARD_MESSAGES.publicStandingsTitle }),
    ).toBeInTheDocument();
    await screen.findByRole("table", { name: "Overall leaderboard" });
    expect(within(table()).queryByRole("columnheader", { name: "Public Rank" })).toBeNull();
    expect(screen.getByRole("radio", { name: "Public" })).toBeChecked();
  });

  it("switches to the private preview with each team's public rank and change, kept in the address", async () => {
    const { asked } = gateway();
    const user = userEvent.setup();
    renderPage();

    const standings = await screen.findByRole("radiogroup", { name: "Standings shown" });
    await user.click(within(standings).getByRole("radio", { name: "Private preview" }));

    expect(
      await screen.findByRole("region", { name: LEADERBOARD_MESSAGES.privateStandingsTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Address" })).toHaveTextContent(
      "/leaderboard?standings=private",
    );
    expect(asked).toContain("GET /leaderboard?standings=private");
    await within(table()).findByRole("columnheader", { name: "Public Rank" });
    const bravo = within(table()).getByRole("row", { name: /team-bravo/ });
    expect(
      within(bravo)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(["3", "▲2up 2"]));
    const oracle = within(table()).getByRole("row", { name: /oracle-team/ });
    expect(within(oracle).getByText("down 1")).toBeInTheDocument();

    await user.click(within(standings).getByRole("radio", { name: "Public" }));
    expect(
      await screen.findByRole("region", { name: LEADERBOARD_MESSAGES.publicStandingsTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Address" })).toHaveTextContent(/^\/leaderboard$/);
  });

  it("opens the private preview from a link that asks for it", async () => {
    gateway();
    renderPage("/leaderboard?standings=private");

    expect(
      await screen.findByRole("region", { name: LEADERBOARD_MESSAGES.privateStandingsTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Private preview" })).toBeChecked();
  });

  it("offers the shake-up table as a CSV download", async () => {
    gateway();
    renderPage();

    const link = await screen.findByRole("link", { name: LEADERBOARD_MESSAGES.shakeUpDownload });
    expect(link).toHaveAttribute("href", "/api/admin/competition/shake-up.csv");
  });

  it("reveals the final standings after a confirmation, then says when and by whom", async () => {
    const { asked } = gateway();
    const user = userEvent.setup();
    renderPage("/leaderboard?standings=private");

    await user.click(
      await screen.findByRole("button", { name: LEADERBOARD_MESSAGES.revealAction }),
    );
    const dialog = screen.getByRole("dialog", { name: LEADERBOARD_MESSAGES.revealTitle });
    expect(dialog).toHaveTextContent("cannot be undone");
    expect(asked).not.toContain("POST /admin/competition/reveal");
    await user.click(
      within(dialog).getByRole("button", { name: LEADERBOARD_MESSAGES.revealConfirm }),
    );

    const final = await screen.findByRole("region", {
      name: LEADERBOARD_MESSAGES.finalStandingsTitle,
    });
    expect(final).toHaveTextContent(/Revealed on .* by organizer-ada/);
    expect(asked).toContain("POST /admin/competition/reveal");
    expect(await screen.findByText(LEADERBOARD_MESSAGES.revealDone)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: LEADERBOARD_MESSAGES.revealTitle })).toBeNull(),
    );
    expect(screen.queryByRole("button", { name: LEADERBOARD_MESSAGES.revealAction })).toBeNull();
    expect(screen.queryByRole("radiogroup", { name: "Standings shown" })).toBeNull();
    // The official standings are the final ones now, with the public rank beside them.
    await within(table()).findByRole("columnheader", { name: "Public Rank" });
    expect(asked.at(-1)).not.toContain("standings=private");
  });

  it("keeps the dialog open with the reason when the reveal fails", async () => {
    gateway({ failReveal: true });
    const user = userEvent.setup();
    renderPage();

    await user.click(
      await screen.findByRole("button", { name: LEADERBOARD_MESSAGES.revealAction }),
    );
    const dialog = screen.getByRole("dialog", { name: LEADERBOARD_MESSAGES.revealTitle });
    await user.click(
      within(dialog).getByRole("button", { name: LEADERBOARD_MESSAGES.revealConfirm }),
    );

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      LEADERBOARD_MESSAGES.revealFailed,
    );
    expect(
      screen.getByRole("region", { name: LEADERBOARD_MESSAGES.publicStandingsTitle }),
    ).toBeInTheDocument();
  });

  it("shows the admin message instead of the standings when the API refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse({ error: "Only organizers", code: "auth.admin_required" }, 403),
      ),
    );
    renderPage("/leaderboard?standings=private");

    expect(await screen.findByText(LEADERBOARD_MESSAGES.adminRequired)).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup", { name: "Standings shown" })).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
