import type { Competition } from "@tandem/competition";
import { domains } from "@tandem/competition/server";
import {
  errorResponseSchema as errorSchema,
  type RevealResponse,
  revealResponseSchema,
  SHAKE_UP_COLUMNS,
  shakeUpCsvSchema,
} from "@tandem/contracts";
import type { Database, RevealRecord } from "@tandem/db";
import type { CompetitionSource } from "@tandem/jobs";
import type { Rankings } from "@tandem/scoring";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import Papa from "papaparse";
import { recordAudit } from "../../../lib/audit";
import { HttpError } from "../../../lib/http-error";
import type { RankingsService } from "../../leaderboard/rankings.service";
import type { RevealService } from "./reveal.service";

export interface AdminRoutesOptions {
  reveal: RevealService;
  /** The active definition: the reveal waits for its last scored phase to close. */
  competition: CompetitionSource;
  now?: () => Date;
  rankings: Pick<RankingsService, "fresh" | "preview">;
  /** Where the reveal and the shake-up download are audited. */
  db: Database;
}

/** Organizers' competition operations (`/api/admin/...`); the scope's hook answers 401/403 for others. */
export async function adminRoutes(
  app: FastifyInstance,
  { reveal, rankings, competition, db, now = () => new Date() }: AdminRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const denied = { 401: errorSchema, 403: errorSchema };

  r.get(
    "/admin/competition/reveal",
    { schema: { response: { 200: revealResponseSchema, ...denied } } },
    async () => toRevealResponse(await reveal.current()),
  );

  r.post(
    "/admin/competition/reveal",
    {
      schema: {
        response: {
          200: revealResponseSchema,
          201: revealResponseSchema,
          409: errorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      // Revealing while a scored phase is open would show private scores that can still be
      // climbed: the reveal waits for the last one to close (a repeated reveal is harmless).
      const closesAt = lastScoredClose((await competition.current()).competition);
      if (now() < closesAt && !(await reveal.isRevealed())) {
        throw new HttpError(
          409,
          "competition.reveal_too_early",
          `The final standings can be revealed once the last scored phase has closed, at ${closesAt.toISOString()}.`,
          { closes_at: closesAt.toISOString() },
        );
      }
      const { record, created } = await reveal.reveal(request.account.id);
      // Only the reveal that happened: a repeated one changes nothing.
      if (created)
        await recordAudit(db, request.account, {
          action: "competition.reveal",
          targetType: "competition",
          before: { revealed: false },
          after: { revealed: true, revealed_at: record.revealedAt.toISOString() },
        });
      // Again on a repeated reveal too: the cached standings turn final even if the refresh
      // after the first one failed. Fresh, not just marked: the reveal is answered with them in.
      await rankings.fresh();
      request.log.info(
        { revealedBy: record.revealedBy?.id, revealedAt: record.revealedAt, created },
        "final standings revealed",
      );
      return reply.status(created ? 201 : 200).send(toRevealResponse(record));
    },
  );

  r.get(
    "/admin/competition/shake-up.csv",
    { schema: { response: { 200: shakeUpCsvSchema, ...denied } } },
    async (request, reply) => {
      // Recorded before it is sent, like the other exports: it holds every private score.
      await recordAudit(db, request.account, {
        action: "export.download",
        targetType: "export",
        targetId: "shake-up.csv",
      });
      const { rankings: preview } = await rankings.preview();
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="shake-up.csv"')
        .send(shakeUpCsv(preview));
    },
  );
}

/** When the last phase whose submissions count ends. */
function lastScoredClose(active: Competition): Date {
  const counting = active.phases.filter((p) => p.counts);
  return (counting.at(-1) ?? active.phases.at(-1))?.endsAt ?? active.window.closesAt;
}

function toRevealResponse(record: RevealRecord | null): RevealResponse {
  return {
    revealed: record !== null,
    revealed_at: record?.revealedAt.toISOString() ?? null,
    revealed_by: record?.revealedBy ?? null,
    standings: record ? "final" : "public",
  };
}

/**
 * Public rank, private rank and the change per team, overall then per domain (in the
 * competition's order), each by private rank. Cells a spreadsheet would run as a formula (a team
 * name starting with = + - @) are prefixed with ' (papaparse's escapeFormulae).
 */
export function shakeUpCsv(preview: Rankings): string {
  const rows: (string | number)[][] = [];
  const add = (
    scope: string,
    ranked: { team_id: string; team_name: string; rank: number; public_rank?: number }[],
  ) => {
    for (const row of ranked) {
      const publicRank = row.public_rank ?? row.rank;
      rows.push([scope, row.team_id, row.team_name, publicRank, row.rank, publicRank - row.rank]);
    }
  };
  add("overall", preview.overall);
  for (const domain of domains()) add(domain.slug, preview.domains[domain.slug]?.rows ?? []);
  return `${Papa.unparse(
    { fields: [...SHAKE_UP_COLUMNS], data: rows },
    { escapeFormulae: true, newline: "\r\n" },
  )}\r\n`;
}
