import { measureBaselines } from "../baselines/measure";
import { findBaselinePython } from "../baselines/notebooks";
import { type Deployment, settings } from "./deployment";

export const NO_PYTHON =
  "Baselines not measured: no Python with pandas, numpy and scikit-learn (set BASELINE_PYTHON to " +
  "one, then run `npm run data:baselines`). Until then leaderboards show no baseline row.";

/** Measures the baseline notebooks of each domain and prints one line per challenge. */
export async function reportBaselines(
  deployment: Deployment,
  slugs: readonly string[],
  python: string | null,
): Promise<void> {
  if (!python) return console.warn(NO_PYTHON);
  for (const slug of slugs) {
    const outcomes = await measureBaselines(
      deployment.db,
      deployment.staticDir,
      slug,
      python,
    ).catch((err: Error) => {
      // A domain of the definition whose data is not loaded yet: the others still get theirs.
      console.warn(`${slug}: baselines not measured (${err.message}).`);
      return [];
    });
    for (const outcome of outcomes) {
      console.log(
        outcome.ok
          ? `baseline ${outcome.key}: ${outcome.value.public.toFixed(4)} public, ${outcome.value.private.toFixed(4)} private`
          : `baseline ${outcome.key}: not measured (${outcome.error.trim()})`,
      );
    }
  }
}

/** After new data: its baselines, measured with the configured Python when one is found. */
export async function reportConfiguredBaselines(
  deployment: Deployment,
  slugs: readonly string[],
): Promise<void> {
  await reportBaselines(deployment, slugs, await findBaselinePython(settings.baselinePython));
}
