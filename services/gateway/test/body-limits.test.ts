import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT_BYTES } from "../src/app";
import { activeTeam, buildTestApp, signUp, type TestApp } from "./helper";

/** Oversized bodies are refused per route before they are read whole (issue 15). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BODY_LIMIT_BYTES: String(3 * 1024 * 1024) });
});
afterAll(async () => t?.close());

const big = (bytes: number) => JSON.stringify({ email: `${"a".repeat(bytes)}@example.org` });

describe("request body limits", () => {
  it("refuses a large body on the auth and team routes with 413 in the error envelope", async () => {
    // Team routes check the session first (a stranger's body is never read at all).
    const { auth } = await signUp(t.app, "body-limits-user@example.org");
    for (const url of [
      "/api/forgot-password",
      "/api/login-verification",
      "/api/save-user-signup",
      "/api/teams/join",
      "/api/teams/create",
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", ...auth },
        payload: big(DEFAULT_BODY_LIMIT_BYTES + 1),
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toEqual({
        error: "Request body is too large",
        code: "request.too_large",
      });
    }
  });

  it("lets a submission use the configured, larger limit, and no more", async () => {
    const team = await activeTeam(t.app, "body-limits");
    const submit = (bytes: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/submit",
        headers: { "x-api-key": team.api_key, "content-type": "application/json" },
        payload: JSON.stringify({
          domain_name: "healthcare",
          task_number: 1,
          predictions_csv: "x".repeat(bytes),
        }),
      });
    // Well past the 16 KiB of other routes: read, checked and refused as a bad file (400).
    expect((await submit(1024 * 1024)).statusCode).toBe(400);
    expect((await submit(4 * 1024 * 1024)).statusCode).toBe(413);
  });
});
