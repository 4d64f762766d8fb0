import { describe, expect, it, vi } from "vitest";
import { render, screen, userEvent } from "../../../test-utils/render";
import { LeaderboardData } from "./LeaderboardData";

type Ranking = { updated_at: string; teams: string[] };

function query(overrides: Partial<Parameters<typeof LeaderboardData<Ranking>>[0]["query"]>) {
  return {
    data: undefined,
    error: undefined,
    isLoading: false,
    isValidating: false,
    mutate: vi.fn(async () => undefined),
    ...overrides,
  };
}

function renderRanking(state: ReturnType<typeof query>, detailOf?: (error: unknown) => string) {
  return render(
    <LeaderboardData query={state} loadFailed="Failed to load the ranking." detailOf={detailOf}>
      {(data) => (
        <ul aria-label="Teams">
          {data.teams.map((team) => (
            <li key={team}>{team}</li>
          ))}
        </ul>
      )}
    </LeaderboardData>,
  );
}

describe("LeaderboardData", () => {
  it("shows the ranking under the time it was computed, refreshing on demand", async () => {
    const state = query({ data: { updated_at: "2026-01-10T12:00:00.000Z", teams: ["otters"] } });
    const user = userEvent.setup();
    renderRanking(state);

    expect(screen.getByRole("list", { name: "Teams" })).toHaveTextContent("otters");
    expect(screen.getByText(/Ranking as of/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Refresh now" }));
    expect(state.mutate).toHaveBeenCalledTimes(1);
  });

  it("reports a failed load with the server's reason and retries on request", async () => {
    const state = query({ error: new Error("boom") });
    const user = userEvent.setup();
    renderRanking(state, () => "Unknown domain");

    expect(screen.getByText("Failed to load the ranking.")).toBeInTheDocument();
    expect(screen.getByText("Unknown domain")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(state.mutate).toHaveBeenCalledTimes(1);
  });

  it("leaves the reason out when it is not asked for", () => {
    renderRanking(query({ error: new Error("boom") }));

    expect(screen.getByText("Failed to load the ranking.")).toBeInTheDocument();
    expect(screen.queryByText("boom")).not.toBeInTheDocument();
  });
});
