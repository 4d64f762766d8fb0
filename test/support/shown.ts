/**
 * The columns of a submission scored by the platform under the `exact` feedback policy, for tests
 * that write scored rows straight into the database: a score is never stored without what the
 * team is shown of it (docs/adr/0015-feedback-policy.md), and these tests rank or show exact
 * public scores.
 */
export function shownExactly(publicValue: number | null) {
  return {
    metricValue: publicValue,
    shownScore: publicValue,
    shownImproved: publicValue === null ? null : true,
    shownKind: publicValue === null ? null : ("public" as const),
  };
}
