import type { Competition } from "../definition/build";
import { SDK_PACKAGE } from "../sdk";

/**
 * A complete, working example: authenticate, download a domain, submit a constant prediction
 * for the challenge the Resources page names. `apiUrl` is the site's own address, so the snippet
 * runs as shown.
 */
export function sdkSnippet(apiUrl: string, competition: Competition): string {
  const named = competition.challengeByKey(
    competition.site.resources.sections.api.exampleChallenge,
  );
  const challenge =
    named && named.target.kind !== "ranking"
      ? named
      : competition.challenges.find((c) => c.target.kind !== "ranking");
  const example = challenge
    ? (() => {
        const domain = competition.findDomain(challenge.domain)?.name ?? challenge.domain;
        const ids = challenge.idColumns.map((c) => `"${c}"`).join(", ");
        const target = challenge.header.at(-1);
        const first = challenge.target.kind === "label" ? challenge.target.labels[0]! : "0";
        const value = /^-?\d+(\.\d+)?$/.test(first) ? first : JSON.stringify(first);
        return `
# ${domain}, challenge ${challenge.number}: ${challenge.title.toLowerCase()}
data = client.load_dataset("${domain}", challenge=${challenge.number})
predictions = data["test"][[${ids}]].assign(${target}=${value})

result = client.submit_prediction("${domain}", ${challenge.number}, predictions)
print(result["score"], result["metric_name"])
`;
      })()
    : "";
  return `# pip install ${SDK_PACKAGE.pipName}
from ${SDK_PACKAGE.importName} import BenchmarkClient

client = BenchmarkClient(
    api_key="YOUR_TEAM_API_KEY",
    team_name="your-team-name",
    base_url="${apiUrl}",
)  # checks the key and team name at once
print(client.get_domains())
${example}`;
}
