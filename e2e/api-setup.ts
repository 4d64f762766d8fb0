import { expect } from "vitest";

/** A participant made through the API; `token` is their session. */
export interface Person {
  email: string;
  password: string;
  token: string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The API calls e2e tests set their scene with (sign-ups, activated teams, submissions), against
 * the server at `baseUrl()` (read per call: files start their server in `beforeAll`).
 */
export function sceneApi(baseUrl: () => string, { password = "e2e-scene-pw-1" } = {}) {
  async function call(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const method = init.method ?? "POST";
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...init.headers },
      body: method === "GET" ? undefined : JSON.stringify(init.body ?? {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  let people = 0;
  /** A new participant `{name}-{n}-{time}@example.org`, signed in. */
  async function signUp(name: string): Promise<Person> {
    people += 1;
    const email = `${name}-${people}-${Date.now()}@example.org`;
    const created = await call("/save-user-signup", {
      body: {
        firstName: "Fin",
        lastName: "Al",
        fullName: "Fin Al",
        email,
        password,
        isStudent: false,
        position: "Data scientist",
        area: "Banking",
        eligible: true,
        rememberMe: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { email, password, token: created.body.token as string };
  }

  /** A new participant's team `teamName`, activated by the admin: its owner and API key. */
  async function activeTeam(adminToken: string, teamName: string) {
    const owner = await signUp(teamName);
    const created = await call("/teams/create", {
      headers: bearer(owner.token),
      body: { team_name: teamName },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const team = created.body.team as { id: string; api_key: string };
    const started = await call("/competition/start", {
      headers: { ...bearer(adminToken), "x-team-id": team.id },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return { owner, apiKey: team.api_key };
  }

  /** Submits to Retail Banking challenge 1, expecting it scored and counted. */
  async function submit(apiKey: string, predictionsCsv: string) {
    const result = await call("/submit", {
      headers: { "x-api-key": apiKey },
      body: { domain_name: "Retail Banking", task_number: 1, predictions_csv: predictionsCsv },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.counted).toBe(true);
    return result.body;
  }

  /** Saves the active definition as `edit` changes it, as an organizer does in the console. */
  async function editDefinition(
    adminToken: string,
    edit: (definition: Record<string, unknown>) => void,
  ): Promise<void> {
    const current = await call("/admin/competition", {
      method: "GET",
      headers: bearer(adminToken),
    });
    const { version, definition } = current.body as {
      version: number;
      definition: Record<string, unknown>;
    };
    edit(definition);
    const saved = await call("/admin/competition", {
      method: "PUT",
      headers: bearer(adminToken),
      body: { version, definition, rescore: false, dry_run: false },
    });
    if (saved.status !== 200)
      throw new Error(`saving the definition: ${JSON.stringify(saved.body)}`);
  }

  /**
   * Shows every score exactly, on every challenge (docs/adr/0015-feedback-policy.md): for scenes
   * about how pages present scores and ranks, not about the default ladder, which rounds them
   * and shows none below the baseline.
   */
  function exactFeedback(adminToken: string): Promise<void> {
    return editDefinition(adminToken, (definition) => {
      const { limits, domains } = definition as {
        limits: Record<string, unknown>;
        domains: { challenges: Record<string, unknown>[] }[];
      };
      limits.feedback = { policy: "exact" };
      for (const domain of domains) {
        for (const challenge of domain.challenges) delete challenge.feedback;
      }
    });
  }

  return { call, signUp, activeTeam, submit, editDefinition, exactFeedback };
}
