import { parseArgs } from "node:util";
import { domains } from "@tandem/competition/server";
import { findBaselinePython } from "../baselines/notebooks";
import { NO_PYTHON, reportBaselines } from "./baselines-report";
import { domainArgument, runTool, settings, UsageError, withDeployment } from "./deployment";

const USAGE = `Usage: npm run data:baselines -- [--domain SLUG]
  Runs each challenge's baseline notebook on the files the deployment serves, scores the
  predictions against its answers and stores them as the leaderboards' baseline rows. Needs a
  Python with pandas, numpy and scikit-learn: BASELINE_PYTHON, else python3.`;

await runTool(async () => {
  const { values } = parseArgs({
    options: { domain: { type: "string" }, help: { type: "boolean", default: false } },
  });
  if (values.help) return console.log(USAGE);
  const python = await findBaselinePython(settings.baselinePython);
  if (!python) throw new UsageError(NO_PYTHON);
  await withDeployment(async (deployment) => {
    const slugs = values.domain ? [domainArgument(values.domain)] : domains().map((d) => d.slug);
    await reportBaselines(deployment, slugs, python);
    await deployment.refreshRankings();
  });
});
