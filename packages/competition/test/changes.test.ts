import { describe, expect, it } from "vitest";
import { type ChangeContext, type CompetitionDefinition, reviewChange } from "../src";
import { defaultDefinition } from "../src/server";

const NOW = new Date("2026-11-27T12:00:00Z");
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(NOW.getTime() + offsetDays * DAY).toISOString();

/** The default edition with its main phase open now (started yesterday, closing in a week). */
function openNow(): CompetitionDefinition {
  const def = structuredClone(defaultDefinition());
  def.phases = [{ ...def.phases[0]!, starts_at: iso(-1), ends_at: iso(7) }];
  return def;
}
const edit = (before: CompetitionDefinition, change: (def: CompetitionDefinition) => void) => {
  const after = structuredClone(before);
  change(after);
  return after;
};
const ctx = (over: Partial<ChangeContext> = {}): ChangeContext => ({
  now: NOW,
  revealed: false,
  // Something was submitted (to a challenge the edits below leave alone): dates decided it.
  withSubmissions: new Set(["insurance/1"]),
  withAnswers: new Set(),
  rescore: false,
  ...over,
});
const codes = (review: ReturnType<typeof reviewChange>) => review.refusals.map((r) => r.code);

describe("reviewing an edit of the definition", () => {
  it("lists who sees the leaderboards, and lets it change after the reveal", () => {
    const before = openNow();
    const after = edit(before, (d) => {
      d.leaderboard_visibility = "participants";
    });
    for (const revealed of [false, true]) {
      const review = reviewChange(before, after, ctx({ revealed }));
      expect(review.changes).toEqual([
        {
          path: "leaderboard_visibility",
          summary: "Leaderboards visible to signed-in team members (was organizers only).",
          consequence: "The leaderboard pages and the rank in submit answers follow it at once.",
        },
      ]);
      expect(review.refusals).toEqual([]);
    }
  });

  it("lists what changes and lets a future deadline move", () => {
    const before = openNow();
    const review = reviewChange(
      before,
      edit(before, (d) => {
        d.phases[0]!.ends_at = iso(9);
      }),
      ctx(),
    );
    expect(review.refusals).toEqual([]);
    expect(review.changes).toEqual([
      expect.objectContaining({
        path: "phases.main.ends_at",
        consequence: expect.stringMatching(/count/),
      }),
    ]);
  });

  it("refuses to move a start that has passed, or a date into the past", () => {
    const before = openNow();
    expect(
      codes(
        reviewChange(
          before,
          edit(before, (d) => {
            d.phases[0]!.starts_at = iso(-2);
          }),
          ctx(),
        ),
      ),
    ).toEqual(["competition.date_passed"]);
    expect(
      codes(
        reviewChange(
          before,
          edit(before, (d) => {
            d.phases[0]!.ends_at = iso(-0.5);
          }),
          ctx(),
        ),
      ),
    ).toEqual(["competition.date_passed"]);
  });

  it("refuses to move a close date that has passed", () => {
    const closed = edit(openNow(), (d) => {
      d.phases[0]!.starts_at = iso(-9);
      d.phases[0]!.ends_at = iso(-2);
    });
    const review = reviewChange(
      closed,
      edit(closed, (d) => {
        d.phases[0]!.ends_at = iso(3);
      }),
      ctx(),
    );
    expect(review.refusals).toEqual([
      expect.objectContaining({ code: "competition.date_passed", path: "phases.main.ends_at" }),
    ]);
  });

  it("after the reveal refuses what decided the ranking, and lets the texts change", () => {
    const closed = edit(openNow(), (d) => {
      d.phases[0]!.starts_at = iso(-9);
      d.phases[0]!.ends_at = iso(-2);
    });
    const revealed = ctx({ revealed: true });
    const metric = edit(closed, (d) => {
      d.domains[4]!.challenges[0]!.metric = "rmse";
    });
    expect(codes(reviewChange(closed, metric, revealed))).toContain(
      "competition.frozen_after_reveal",
    );
    const picks = edit(closed, (d) => {
      d.limits.final_picks = 3;
    });
    // The default and every challenge that follows it: each refused for the same reason.
    expect(new Set(codes(reviewChange(closed, picks, revealed)))).toEqual(
      new Set(["competition.frozen_after_reveal"]),
    );
    const text = edit(closed, (d) => {
      d.site.hero.heading = "Thank you for taking part";
      d.domains[0]!.overview = "Done.";
    });
    expect(reviewChange(closed, text, revealed).refusals).toEqual([]);
  });

  it("asks for a rescore to change a metric once a challenge has submissions, and names what to rescore", () => {
    const before = openNow();
    const after = edit(before, (d) => {
      d.domains[4]!.challenges[0]!.metric = "rmse";
    });
    const used = new Set(["food/1"]);
    expect(codes(reviewChange(before, after, ctx({ withSubmissions: used })))).toEqual([
      "competition.rescore_required",
    ]);
    const review = reviewChange(before, after, ctx({ withSubmissions: used, rescore: true }));
    expect([review.refusals, review.rescore]).toEqual([[], ["food/1"]]);
    // Without submissions there is nothing to rescore.
    expect(reviewChange(before, after, ctx()).rescore).toEqual([]);
  });

  it("refuses a new format for a challenge that has submissions in the old one", () => {
    const before = openNow();
    const after = edit(before, (d) => {
      d.domains[2]!.challenges[0]!.header = "TxnID,IsFraud";
    });
    expect(
      codes(
        reviewChange(
          before,
          after,
          ctx({ withSubmissions: new Set(["retail-banking/1"]), rescore: true }),
        ),
      ),
    ).toEqual(["competition.challenge_in_use"]);
  });

  it("refuses to remove a challenge or a domain that has submissions", () => {
    const before = openNow();
    const withoutBanking = edit(before, (d) => {
      d.domains.splice(2, 1);
    });
    const review = reviewChange(
      before,
      withoutBanking,
      ctx({ withSubmissions: new Set(["retail-banking/2"]) }),
    );
    expect(review.refusals).toEqual([
      expect.objectContaining({
        code: "competition.challenge_in_use",
        message: expect.stringContaining("retail-banking/2"),
      }),
    ]);
    expect(reviewChange(before, withoutBanking, ctx()).refusals).toEqual([]);
  });

  it("keeps a loaded split: it changes with a new import of the answers", () => {
    const before = openNow();
    const after = edit(before, (d) => {
      d.domains[2]!.challenges[0]!.split = { public_fraction: 0.5 };
    });
    expect(
      codes(reviewChange(before, after, ctx({ withAnswers: new Set(["retail-banking/1"]) }))),
    ).toEqual(["competition.split_locked"]);
    expect(reviewChange(before, after, ctx()).refusals).toEqual([]);
  });

  it("lets every date move before anything was submitted (a fresh deployment, a new edition)", () => {
    const closed = edit(openNow(), (d) => {
      d.phases[0]!.starts_at = iso(-9);
      d.phases[0]!.ends_at = iso(-2);
    });
    const thisWeek = edit(closed, (d) => {
      d.phases[0]!.starts_at = iso(-1);
      d.phases[0]!.ends_at = iso(5);
    });
    expect(reviewChange(closed, thisWeek, ctx({ withSubmissions: new Set() })).refusals).toEqual(
      [],
    );
  });

  it("refuses a new phase that would start in the past", () => {
    const before = openNow();
    const after = edit(before, (d) => {
      d.phases.unshift({
        id: "practice",
        name: "Practice",
        counts: false,
        starts_at: iso(-5),
        ends_at: iso(-1.5),
      });
    });
    expect(codes(reviewChange(before, after, ctx()))).toEqual(["competition.date_passed"]);
  });
});
