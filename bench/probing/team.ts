import { betterShown, type FeedbackPolicy, feedbackFor } from "@tandem/competition";
import type { PredictionTable } from "@tandem/scoring";
import type { Family } from "./families";

/** A feedback policy as a team meets it. */
export interface Setting {
  name: string;
  policy: FeedbackPolicy;
  /** The best shown before the team's first submission: null, or the baseline's (a variant). */
  start: number | null;
}

export interface Shown {
  /** The number the team sees. */
  shown: number;
  /** Whether it beats every score the team was shown before (what a climber keeps). */
  better: boolean;
}

/**
 * One team on one challenge: its submissions are scored by the real code and shown under the
 * policy (feedbackFor, as the gateway does), at most `budget` of them. Attackers see `Shown` only.
 */
export class Team {
  used = 0;

  best: number | null;
  readonly policy: FeedbackPolicy;

  constructor(
    readonly family: Family,
    setting: Setting,
    readonly budget: number,
  ) {
    this.policy = setting.policy;
    this.best = setting.start;
  }

  get left(): number {
    return this.budget - this.used;
  }

  submit(table: PredictionTable): Shown {
    if (this.used >= this.budget) throw new Error("over the submission budget");
    this.used++;
    const higher = this.family.higherIsBetter;
    const { shown } = feedbackFor(this.policy, higher, this.best, this.family.score(table).public);
    const better = this.best === null || (higher ? shown > this.best : shown < this.best);
    this.best = betterShown(this.best, shown, higher);
    return { shown, better };
  }

  /**
   * How `next` compares with `before` as the team sees it: +1 better, -1 worse, 0 the same.
   * Under `ladder` only a shown improvement is a signal: any other score shows the old best.
   */
  signal(before: number, next: Shown): -1 | 0 | 1 {
    if (this.policy.policy === "ladder") return next.better ? 1 : 0;
    if (next.shown === before) return 0;
    return next.shown > before === this.family.higherIsBetter ? 1 : -1;
  }
}
