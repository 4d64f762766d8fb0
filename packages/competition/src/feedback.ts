import type { FeedbackPolicy } from "./definition/schema";

/**
 * What a team is shown of a score under its challenge's feedback policy
 * (docs/adr/0015-feedback-policy.md). Pure: the gateway, the workers and `bench:probing` share it.
 */
export interface ShownFeedback {
  /** The number the team sees. */
  shown: number;
  /** False under `ladder` when this score was no significant improvement: `shown` is the old best. */
  improved: boolean;
}

/** `value` rounded half away from zero to `digits` decimals, without binary drift (0.675 → 0.68). */
export function roundTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const scaled = Math.round(Number(`${Math.abs(value)}e${digits}`));
  return sign * Number(`${scaled}e-${digits}`);
}

/** Whether `score` beats `best` by at least `threshold`, in the metric's direction. */
export function beatsBy(
  score: number,
  best: number,
  threshold: number,
  higherIsBetter: boolean,
): boolean {
  const gain = higherIsBetter ? score - best : best - score;
  // Rounded bests (0.67 + 0.01) are not exact in binary: allow for the last bits.
  return gain >= threshold - 1e-9 * Math.max(1, Math.abs(threshold));
}

/**
 * Where a team stands on one ladder: `own`, the best score it has been shown; `reference`, the
 * score a new one must beat by the threshold to be shown: `own`, or a higher start (the
 * challenge's baseline) while the team has not beaten that.
 */
export interface LadderState {
  own: number | null;
  reference: number | null;
}

/**
 * One step of the policy: what a new `score` is shown as, and where the team stands after it.
 * Under `ladder` a score that does not beat the reference by the threshold shows `own` again,
 * which is null while the team has been shown nothing (it has not beaten the start).
 */
export function feedbackStep(
  policy: FeedbackPolicy,
  higherIsBetter: boolean,
  state: LadderState,
  score: number,
): { shown: number | null; improved: boolean; state: LadderState } {
  const show = (shown: number) => ({
    shown,
    improved: true,
    state: {
      own: betterShown(state.own, shown, higherIsBetter),
      reference: betterShown(state.reference, shown, higherIsBetter),
    },
  });
  switch (policy.policy) {
    case "exact":
      return show(score);
    case "rounded":
      return show(roundTo(score, policy.digits));
    case "ladder":
      if (
        state.reference === null ||
        beatsBy(score, state.reference, policy.threshold, higherIsBetter)
      ) {
        return show(roundTo(score, policy.digits));
      }
      return { shown: state.own, improved: false, state };
  }
}

/**
 * One step from the best the team has been shown so far (null: nothing yet), starting nowhere
 * higher: what a new `score` is shown as. The caller keeps `best` as the better of the two.
 */
export function feedbackFor(
  policy: FeedbackPolicy,
  higherIsBetter: boolean,
  best: number | null,
  score: number,
): ShownFeedback {
  const step = feedbackStep(policy, higherIsBetter, { own: best, reference: best }, score);
  return { shown: step.shown ?? score, improved: step.improved };
}

/** The better of two shown scores (either may be absent). */
export function betterShown(
  a: number | null,
  b: number | null,
  higherIsBetter: boolean,
): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return higherIsBetter ? Math.max(a, b) : Math.min(a, b);
}

/**
 * A sequence of scores as the team is shown them, in order, starting from `best` (the best shown
 * before the first): what the stored rows hold once each was scored in this order.
 */
export function replayFeedback(
  policy: FeedbackPolicy,
  higherIsBetter: boolean,
  scores: readonly number[],
  best: number | null = null,
): ShownFeedback[] {
  let current = best;
  return scores.map((score) => {
    const step = feedbackFor(policy, higherIsBetter, current, score);
    current = betterShown(current, step.shown, higherIsBetter);
    return step;
  });
}

/**
 * A policy in words, side by side: `rule` ends "Public scores are shown ..." on the rules page,
 * `label` says it in a few words for lists of changes ("ladder: threshold 0.01, 2 decimals").
 */
function feedbackWords(policy: FeedbackPolicy): { rule: string; label: string } {
  switch (policy.policy) {
    case "exact":
      return { rule: "exactly, as computed", label: "exact" };
    case "rounded": {
      const rounded = `rounded to ${policy.digits} decimals`;
      return { rule: rounded, label: rounded };
    }
    case "ladder":
      return {
        rule: `rounded to ${policy.digits} decimals, and only when a submission beats your team's best shown score on the challenge by at least ${policy.threshold}, starting from the baseline's public score (a challenge may set its own threshold, in its metric's units); otherwise you see your team's best so far, or no score until one beats the baseline, marked as not a significant improvement`,
        label: `ladder: threshold ${policy.threshold}, ${policy.digits} decimals`,
      };
  }
}

export function describeFeedback(policy: FeedbackPolicy): string {
  return feedbackWords(policy).rule;
}

export function feedbackLabel(policy: FeedbackPolicy): string {
  return feedbackWords(policy).label;
}
