import type { AdminTeamDetail, AdminTeamRow, AdminUserRow } from "@tandem/contracts";
import { vi } from "vitest";
import { ada } from "../../../test-utils/fixtures";
import { jsonResponse } from "../../../test-utils/render";

/** An organizer, as the API describes the signed-in account. */
export const organizer = { ...ada, id: "u-organizer", admin_access: true };

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Stubs `fetch` with `answer(call)`; every call is recorded (method, path, query and JSON body).
 * An unanswered call gets a 404, so a test sees a request it did not expect.
 */
export function stubApi(answer: (call: ApiCall) => Response | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const call: ApiCall = {
        method: init?.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return (
        answer(call) ??
        jsonResponse({ error: "No such route", code: "request.route_not_found" }, 404)
      );
    }),
  );
  return calls;
}

/** An error answer as the gateway sends one. */
export const refusal = (status: number, code: string, error: string, details?: unknown) =>
  jsonResponse({ error, code, ...(details ? { details } : {}) }, status);

export function teamRow(id: string, overrides: Partial<AdminTeamRow> = {}): AdminTeamRow {
  return {
    id,
    name: `team-${id}`,
    status: "inactive",
    standing: "inactive",
    disqualified: false,
    disqualified_at: null,
    disqualification_reason: null,
    members: 2,
    submissions: 3,
    last_submission_at: null,
    activated_at: null,
    created_at: "2026-01-10T12:00:00.000Z",
    daily_limit: null,
    flags: [],
    ...overrides,
  };
}

export function teamDetail(overrides: Partial<AdminTeamDetail> = {}): AdminTeamDetail {
  return {
    ...teamRow("7b0c7b52-3f4d-4bd4-9d8e-111111111111", { name: "river-otters" }),
    team_members: [
      {
        id: "u-alice",
        username: "alice",
        email: "alice@example.com",
        role: "creator",
        joined_at: "2026-01-10T12:00:00.000Z",
      },
    ],
    challenges: [{ challenge_key: "insurance/1", submissions: 1, best_public_score: 0.5 }],
    latest_submissions: [],
    ...overrides,
  };
}

export function userRow(id: string, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id,
    username: id,
    email: `${id}@example.com`,
    first_name: "First",
    last_name: "Last",
    admin_access: false,
    status: "active",
    created_at: "2026-01-10T12:00:00.000Z",
    team: null,
    ...overrides,
  };
}
