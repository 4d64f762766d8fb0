import type { CompetitionDefinition } from "@tandem/competition";
import { describe, expect, it } from "vitest";
import { defaultDefinition, publicCompetition } from "../../../test-utils/competition";
import { render, screen, within } from "../../../test-utils/render";
import { WebinarList } from "./WebinarList";

const HOUR = 60 * 60 * 1000;

/** The default edition with webinars starting `offsets` from now (negative: in the past). */
function withWebinars(...offsets: number[]): CompetitionDefinition {
  const definition = structuredClone(defaultDefinition());
  definition.webinars = offsets.map((offset, i) => ({
    title: `Webinar ${i + 1}`,
    starts_at: new Date(Date.now() + offset).toISOString(),
    url: `https://meet.example.org/webinar-${i + 1}`,
  }));
  return definition;
}

function renderList(definition: CompetitionDefinition) {
  render(<WebinarList />, { competition: publicCompetition(definition), auth: { user: null } });
}

describe("WebinarList", () => {
  it("offers the meeting link of a webinar to come, and of one that started less than two hours ago", () => {
    const definition = withWebinars(24 * HOUR, -1 * HOUR);
    renderList(definition);

    for (const n of [1, 2]) {
      const link = screen.getByRole("link", { name: `Join meeting: Webinar ${n}` });
      expect(link).toHaveAttribute("href", `https://meet.example.org/webinar-${n}`);
    }
    expect(screen.queryByText(/^Took place on/)).not.toBeInTheDocument();
    const { recording } = definition.resources;
    expect(screen.queryByRole("link", { name: recording.label })).not.toBeInTheDocument();
  });

  it("says when a webinar more than two hours past took place, with the recording instead of the meeting", () => {
    const definition = withWebinars(-3 * HOUR, 24 * HOUR);
    const { recording } = definition.resources;
    renderList(definition);

    expect(screen.queryByRole("link", { name: "Join meeting: Webinar 1" })).not.toBeInTheDocument();
    const first = screen.getByText("Webinar 1").parentElement!;
    expect(within(first).getByText(/^Took place on /)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: recording.label })).toHaveAttribute(
      "href",
      recording.url,
    );
    expect(screen.getByRole("link", { name: "Join meeting: Webinar 2" })).toBeInTheDocument();
  });

  it("shows the default edition's webinars, long past, as having taken place on their dates, and one recording", () => {
    renderList(defaultDefinition());

    expect(screen.queryByRole("link", { name: /^Join meeting/ })).not.toBeInTheDocument();
    const kickoff = screen.getByText("Kick-off webinar").parentElement!;
    expect(
      within(kickoff).getByText(/^Took place on Sunday, October 12, 2025/),
    ).toBeInTheDocument();
    const { recording } = defaultDefinition().resources;
    expect(screen.getAllByRole("link", { name: recording.label })).toHaveLength(1);
  });
});
