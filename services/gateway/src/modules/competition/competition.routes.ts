import {
  baselineNotebookFile,
  type Challenge,
  challengeHeading,
  domainFilesUrl,
  sampleSubmissionFile,
} from "@tandem/competition";
import { domains } from "@tandem/competition/server";
import {
  type ChallengeFormat,
  type CompetitionDomain,
  competitionDomainsResponseSchema,
} from "@tandem/contracts";
import type { loadCurrentBaselines } from "@tandem/db";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** A challenge's submission format, from its definition (the one the server validates against). */
function challengeFormat(c: Challenge): ChallengeFormat {
  const column = c.header[c.idColumns.length] ?? "";
  const t = c.target;
  return {
    header: [...c.header],
    id_columns: [...c.idColumns],
    target:
      t.kind === "label"
        ? { kind: "label", column, labels: [...t.labels] }
        : t.kind === "numeric"
          ? { kind: "numeric", column }
          : {
              kind: "ranking",
              column,
              list_length: t.k,
              // The file and column only: the file itself is already a public data file.
              eligible_items: { file: t.eligible.file, column: t.eligible.column },
            },
  };
}

/** Public: the names usable in `/api/submit`, each challenge's format, and the page content. */
export async function competitionRoutes(
  app: FastifyInstance,
  { baselines }: { baselines: () => ReturnType<typeof loadCurrentBaselines> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/competition/domains",
    { schema: { response: { 200: competitionDomainsResponseSchema } } },
    async () => ({ domains: await publicDomains(baselines) }),
  );
}

/**
 * Every active domain with its page content: `GET /api/competition/domains`'s answer, also what
 * the gateway renders the domain pages from (plugins/web-static.ts, docs/adr/0027).
 */
export async function publicDomains(
  baselines: () => ReturnType<typeof loadCurrentBaselines>,
): Promise<CompetitionDomain[]> {
  // The same values the domain leaderboards show as their baseline row.
  const current = await baselines();
  return domains().map((d) => {
    const base = domainFilesUrl(d.slug);
    return {
      name: d.name,
      slug: d.slug,
      folder: d.folder,
      route: d.route,
      color: d.color,
      background: d.background,
      overview: d.overview,
      files_url: base,
      data_files: d.dataFiles.map((f) => ({
        name: f.name,
        description: f.description,
        url: base + f.name,
        ...(f.columns ? { columns: { ...f.columns } } : {}),
      })),
      challenges: d.challenges.map((c) => ({
        ...challengeHeading(c),
        submission_format: c.header.join(","),
        task_description: c.taskDescription,
        dataset_description: c.datasetDescription,
        task: c.task,
        files: [...c.files],
        sample_data: c.sampleData.map((row) => [...row]),
        baseline: current[c.key] ?? null,
        baseline_notebook_url: `${base}${baselineNotebookFile(c)}`,
        sample_submission_url: `${base}${sampleSubmissionFile(c)}`,
        format: challengeFormat(c),
      })),
    };
  });
}
