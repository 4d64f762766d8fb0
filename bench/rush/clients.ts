import { randomUUID } from "node:crypto";
import type { InvalidFile, RushFile } from "./files";
import type { RushTeam } from "./scene";

/** One logical submission as a participant's client sends it. */
interface Send {
  file: RushFile | InvalidFile;
  valid: boolean;
  /** Sent again with the same Idempotency-Key once answered (a client that lost the answer). */
  resend: boolean;
}

export interface SendResult {
  team: string;
  valid: boolean;
  challengeKey: string;
  scoringCpuMs: number;
  endToEndCpuMs: number;
  status: number;
  code?: string;
  submissionId?: string;
  validationErrors: number;
  /** The same key sent again: the id it answered (must equal submissionId). */
  resentId?: string;
  attempts: number;
  /** Every attempt failed (network, 5xx): the participant gave up. */
  gaveUp: boolean;
}

export interface RushPlan {
  sends: Send[][];
  valid: number;
  invalid: number;
  resends: number;
}

/**
 * Per team: every challenge `valid.length` times (its variants), plus invalid files making
 * `invalidShare` of all sends, in a per-team order; every `1/resendShare`-th valid send is sent
 * again with its key.
 */
export function planRush(
  teams: RushTeam[],
  valid: RushFile[][],
  invalids: InvalidFile[],
  { invalidShare = 0.05, resendShare = 0.02 } = {},
): RushPlan {
  const validTotal = teams.length * valid.length * valid[0]!.length;
  const invalidTotal = Math.round((validTotal * invalidShare) / (1 - invalidShare));
  const resendEvery = Math.round(1 / resendShare);
  let validSeen = 0;
  let resends = 0;
  const sends = teams.map((_, t) => {
    const own: Send[] = [];
    for (const files of valid) {
      for (const file of files) {
        validSeen += 1;
        const resend = validSeen % resendEvery === 0;
        if (resend) resends += 1;
        own.push({ file, valid: true, resend });
      }
    }
    // Interleave: the team's files rotate so that teams do not all start on the same challenge.
    const shift = (t * 3) % own.length;
    return [...own.slice(shift), ...own.slice(0, shift)];
  });
  for (let i = 0; i < invalidTotal; i += 1) {
    const team = sends[i % teams.length]!;
    const at = (i * 13) % (team.length + 1);
    team.splice(at, 0, { file: invalids[i % invalids.length]!, valid: false, resend: false });
  }
  return { sends, valid: validTotal, invalid: invalidTotal, resends };
}

// Each distinct file's request body, serialized once: the load generator shares the machine's
// two cores with the platform it measures, and should take as little of them as it can.
const bodies = new WeakMap<RushFile | InvalidFile, Buffer>();
function bodyOf(file: RushFile | InvalidFile): Buffer {
  let body = bodies.get(file);
  if (body === undefined) {
    body = Buffer.from(
      JSON.stringify({
        domain_name: file.domainName,
        task_number: file.challenge.number,
        predictions_csv: file.csv,
      }),
    );
    bodies.set(file, body);
  }
  return body;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs until answered with anything but a network error, a 5xx or a 429 (like the SDK). */
async function post(
  baseUrl: string,
  apiKey: string,
  key: string,
  file: RushFile | InvalidFile,
): Promise<{ status: number; body: Record<string, unknown>; attempts: number } | null> {
  const body = bodyOf(file);
  for (let attempt = 1; attempt <= 40; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}/api/submit`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-api-key": apiKey,
          "idempotency-key": key,
        },
        body,
      });
      const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      const failedScoring = response.status === 503 && parsed.status === "failed";
      if ((response.status < 500 || failedScoring) && response.status !== 429) {
        return { status: response.status, body: parsed, attempts: attempt };
      }
    } catch {
      // Connection refused or reset: retried like the SDK.
    }
    await sleep(Math.min(5_000, 250 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
  }
  return null;
}

/** Each team a client of its own, all at once; `onProgress` is told every finished send. */
export async function runRush(
  baseUrl: string,
  teams: RushTeam[],
  plan: RushPlan,
  onProgress: (done: number) => void,
): Promise<SendResult[]> {
  const results: SendResult[] = [];
  let done = 0;
  await Promise.all(
    teams.map(async (team, t) => {
      for (const send of plan.sends[t]!) {
        const key = randomUUID();
        const answer = await post(baseUrl, team.apiKey, key, send.file);
        const result: SendResult = {
          team: team.id,
          valid: send.valid,
          challengeKey: send.file.challenge.key,
          scoringCpuMs: "scoringCpuMs" in send.file ? send.file.scoringCpuMs : 0,
          endToEndCpuMs: "endToEndCpuMs" in send.file ? send.file.endToEndCpuMs : 0,
          status: answer?.status ?? 0,
          validationErrors: 0,
          attempts: answer?.attempts ?? 40,
          gaveUp: answer === null,
        };
        if (answer) {
          const code = answer.body.code;
          if (typeof code === "string") result.code = code;
          const id = answer.body.submission_id;
          if (typeof id === "string") result.submissionId = id;
          const details = answer.body.details as { validation_errors?: unknown[] } | undefined;
          result.validationErrors = details?.validation_errors?.length ?? 0;
          if (send.resend && result.submissionId) {
            const again = await post(baseUrl, team.apiKey, key, send.file);
            const againId = again?.body.submission_id;
            result.resentId = typeof againId === "string" ? againId : "none";
          }
        }
        results.push(result);
        done += 1;
        onProgress(done);
      }
    }),
  );
  return results;
}
