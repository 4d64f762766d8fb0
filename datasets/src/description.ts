import {
  baselineNotebookFile,
  type Domain,
  METRICS,
  sampleSubmissionFile,
} from "@tandem/competition";

/** `description.md`: the domain's data dictionary and tasks, written from the competition definition. */
export function describeDomain(domain: Domain): string {
  const lines: string[] = [`# ${domain.name}`, "", domain.overview, "", "## Files", ""];
  for (const file of domain.dataFiles) {
    lines.push(`### \`${file.name}\``, "", file.description, "");
    if (file.columns) {
      lines.push("| Column | Meaning |", "|---|---|");
      for (const [column, meaning] of Object.entries(file.columns))
        lines.push(`| \`${column}\` | ${meaning} |`);
      lines.push("");
    }
  }
  lines.push("## Challenges", "");
  for (const challenge of domain.challenges) {
    const metric = METRICS[challenge.metric];
    lines.push(
      `### Challenge ${challenge.number}: ${challenge.title}`,
      "",
      challenge.taskDescription,
      "",
      `- Metric: ${metric.name} (${metric.higherIsBetter ? "higher" : "lower"} is better)`,
      `- Files: ${challenge.files.map((f) => `\`${f}\``).join(", ")}`,
      `- Submission header: \`${challenge.header.join(",")}\`, one row per ${
        challenge.target.kind === "ranking"
          ? `${challenge.idColumns[0]} in \`${challenge.testFile}\``
          : `row of \`${challenge.testFile}\``
      }`,
      `- Sample: \`${sampleSubmissionFile(challenge)}\`; baseline: \`${baselineNotebookFile(challenge)}\``,
      "",
      challenge.task,
      "",
    );
  }
  return `${lines.join("\n").trim()}\n`;
}
