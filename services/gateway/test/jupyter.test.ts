import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { Writable } from "node:stream";
import { JUPYTER_MESSAGES, TEAM_MESSAGES } from "@tandem/contracts";
import { users } from "@tandem/db";
import { REDACTED_PATHS } from "@tandem/jobs";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRETS } from "../../../test/support/services";
import { loadConfig } from "../src/config";
import { hubUsername } from "../src/modules/jupyter/hub-token";
import { adminAuth, buildTestApp, signUp, type TestApp } from "./helper";

const HUB_URL = "http://hub.test:8000";
const PUBLIC_URL = "http://tandem.test";
const signingKey = generateKeyPairSync("ed25519")
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();

let t: TestApp;
let logs = "";

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  t = await buildTestApp(
    // A trailing slash, and the key with `\n` escapes as an env file would hold it.
    {
      JUPYTERHUB_URL: `${HUB_URL}/`,
      JUPYTER_SIGNING_KEY: signingKey.replace(/\n/g, "\\n"),
      PUBLIC_URL,
    },
    // As the production logger: every request logged, with its redactions.
    {
      logger: pino(
        { level: "trace", redact: { paths: REDACTED_PATHS, censor: "[redacted]" } },
        sink,
      ),
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const generate = (headers: Record<string, string>) =>
  inject({ method: "POST", url: "/api/jupyter/generate-token", headers });

let counter = 0;
/** A signed-up user made admin in the database (the session still says otherwise). */
async function admin(options: { team?: boolean } = {}) {
  counter++;
  const user = await signUp(t.app, `hub-admin-${counter}-${Date.now()}@example.org`);
  await t.database.handle.db
    .update(users)
    .set({ adminAccess: true })
    .where(eq(users.id, user.userId));
  if (options.team !== false) {
    const created = await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: user.auth,
      payload: { team_name: `hub-team-${counter}-${Date.now()}` },
    });
    expect(created.statusCode, created.body).toBe(201);
  }
  return user;
}

function decode(token: string) {
  const [header, payload, signature] = token.split(".");
  return {
    header: JSON.parse(Buffer.from(header!, "base64url").toString()),
    claims: JSON.parse(Buffer.from(payload!, "base64url").toString()),
    signedPart: `${header}.${payload}`,
    signature: Buffer.from(signature!, "base64url"),
  };
}

describe("POST /api/jupyter/generate-token", () => {
  it("gives an admin in a team a two-minute EdDSA token and the hub's login link", async () => {
    const user = await admin();
    const before = Math.floor(Date.now() / 1000);
    const response = await generate(user.auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json() as { token: string; jupyterhub_url: string; expires_at: string };
    expect(body.jupyterhub_url).toBe(
      `${HUB_URL}/hub/login?token=${encodeURIComponent(body.token)}`,
    );

    const { header, claims, signedPart, signature } = decode(body.token);
    expect(header).toMatchObject({ alg: "EdDSA", typ: "JWT" });
    const published = await inject({ url: "/api/jupyter/public-key" });
    expect(published.statusCode).toBe(200);
    expect(published.body).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(header.kid).toBe(published.headers["x-key-id"]);
    const publicKey = createPublicKey(published.body);
    expect(publicKey.asymmetricKeyType).toBe("ed25519");
    expect(verify(null, Buffer.from(signedPart), publicKey, signature)).toBe(true);

    const me = await t.database.handle.db.select().from(users).where(eq(users.id, user.userId));
    expect(claims).toMatchObject({
      iss: "tandem",
      aud: "jupyterhub",
      sub: hubUsername(me[0]!),
      name: me[0]!.username,
      email: me[0]!.email,
      tandem_user_id: user.userId,
    });
    expect(claims.team).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.team_name).toMatch(/^hub-team-/);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(120);
    expect(new Date(body.expires_at).getTime()).toBe(claims.exp * 1000);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("signs a new single-use id each time, for the same hub user", async () => {
    const user = await admin();
    const first = decode((await generate(user.auth)).json().token).claims;
    const second = decode((await generate(user.auth)).json().token).claims;
    expect(second.jti).not.toBe(first.jti);
    expect(second.sub).toBe(first.sub);
  });

  it("refuses a non-admin with the spec's message", async () => {
    const user = await signUp(t.app, `hub-participant-${Date.now()}@example.org`);
    const response = await generate(user.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: TEAM_MESSAGES.jupyterAdminRequired,
      code: "jupyter.admin_required",
    });
  });

  it("signs in an admin who is in no team, with null team claims (issue 33: from the console)", async () => {
    const user = await admin({ team: false });
    const response = await generate(user.auth);
    expect(response.statusCode, response.body).toBe(200);
    const { claims } = decode(response.json().token);
    expect(claims.tandem_user_id).toBe(user.userId);
    expect(claims.team).toBeNull();
    expect(claims.team_name).toBeNull();
  });

  it("refuses an admin whose account is not active ('active', never 'team')", async () => {
    const user = await admin();
    await t.database.handle.db
      .update(users)
      .set({ status: "suspended" })
      .where(eq(users.id, user.userId));
    const response = await generate(user.auth);
    expect(response.statusCode).toBe(403);
    const error = response.json().error as string;
    expect(error).toBe(TEAM_MESSAGES.jupyterInactive);
    expect(error.toLowerCase()).not.toContain("team");
  });

  it("goes by the account as it is now, not as the session remembers it", async () => {
    const user = await admin();
    await t.database.handle.db
      .update(users)
      .set({ adminAccess: false })
      .where(eq(users.id, user.userId));
    expect((await generate(user.auth)).statusCode).toBe(403);
  });

  it("asks for a session first", async () => {
    const response = await generate({});
    expect(response.statusCode).toBe(401);
  });

  it("works for the bootstrap admin, with or without a team", async () => {
    const auth = await adminAuth(t.app);
    expect((await generate(auth)).statusCode).toBe(200);
    await inject({
      method: "POST",
      url: "/api/teams/create",
      headers: auth,
      payload: { team_name: `organizers-${Date.now()}` },
    });
    const inTeam = decode((await generate(auth)).json().token).claims;
    expect(inTeam.team_name).toMatch(/^organizers-/);
  });
});

describe("the browser launch", () => {
  it("publishes the hub itself as the public config's jupyterhub_url", async () => {
    const config = await inject({ url: "/api/config/public" });
    expect(config.json().jupyterhub_url).toBe(`${HUB_URL}/`);
  });

  it("mints a token for the session cookie and sends the browser to the hub", async () => {
    const user = await admin();
    const response = await inject({
      url: "/api/jupyter/launch",
      cookies: { auth_token: user.token },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers["cache-control"]).toBe("no-store");
    const location = new URL(response.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${HUB_URL}/hub/login`);
    expect(location.searchParams.get("next")).toBeNull();
    expect(decode(location.searchParams.get("token")!).claims.aud).toBe("jupyterhub");
  });

  it("passes back the hub path the visitor was going to, and only a path", async () => {
    const user = await admin();
    const launch = (next: string) =>
      inject({
        url: `/api/jupyter/launch?next=${encodeURIComponent(next)}`,
        cookies: { auth_token: user.token },
      });
    const back = new URL((await launch("/user/x/tree?a=1")).headers.location as string);
    expect(back.searchParams.get("next")).toBe("/user/x/tree?a=1");
    for (const outside of ["https://evil.test/", "//evil.test/", "/\\evil.test"]) {
      const response = await launch(outside);
      expect(response.statusCode).toBe(303);
      expect(new URL(response.headers.location as string).searchParams.get("next")).toBeNull();
    }
  });

  it("sends a browser without a Tandem session to the login page", async () => {
    const response = await inject({ url: "/api/jupyter/launch" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/login");
  });

  it("answers a non-admin's visit with the spec's message", async () => {
    const user = await signUp(t.app, `hub-clicker-${Date.now()}@example.org`);
    const response = await inject({
      url: "/api/jupyter/launch",
      cookies: { auth_token: user.token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(TEAM_MESSAGES.jupyterAdminRequired);
  });
});

describe("logs", () => {
  it("never hold a hub token", async () => {
    const user = await admin();
    const tokens = [
      (await generate(user.auth)).json().token as string,
      new URL(
        (await inject({ url: "/api/jupyter/launch", cookies: { auth_token: user.token } })).headers
          .location as string,
      ).searchParams.get("token")!,
    ];
    expect(logs).toContain("/api/jupyter/generate-token");
    for (const token of tokens) {
      expect(logs).not.toContain(token);
      expect(logs).not.toContain(token.split(".")[2]);
    }
  });
});

describe("a deployment without a hub", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it("answers 503 naming the setting once the caller may launch, and publishes no key", async () => {
    const auth = await adminAuth(bare.app);
    const response = await bare.app.inject({
      method: "POST",
      url: "/api/jupyter/generate-token",
      headers: auth,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: JUPYTER_MESSAGES.notConfigured,
      code: "jupyter.not_configured",
    });
    expect(JUPYTER_MESSAGES.notConfigured).toContain("JUPYTERHUB_URL");
    // The site turns a server error naming 'team' or 'active' into another message
    // (docs/product.md#jupyterhub).
    expect(response.json().error).not.toMatch(/team|active/i);
    expect((await bare.app.inject({ url: "/api/jupyter/public-key" })).statusCode).toBe(503);
    expect((await bare.app.inject({ url: "/api/config/public" })).json().jupyterhub_url).toBe(null);
  });
});

describe("configuration", () => {
  it("requires an Ed25519 signing key whenever JUPYTERHUB_URL is set", () => {
    expect(() => loadConfig({ ...TEST_SECRETS, JUPYTERHUB_URL: HUB_URL })).toThrow(
      /JUPYTER_SIGNING_KEY/,
    );
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    expect(() =>
      loadConfig({ ...TEST_SECRETS, JUPYTERHUB_URL: HUB_URL, JUPYTER_SIGNING_KEY: rsa }),
    ).toThrow(/Ed25519/);
    expect(() =>
      loadConfig({ ...TEST_SECRETS, JUPYTERHUB_URL: "hub.test", JUPYTER_SIGNING_KEY: signingKey }),
    ).toThrow(/http/);
    expect(loadConfig({ ...TEST_SECRETS }).jupyterSigningKey).toBeUndefined();
  });
});

describe("hub user names", () => {
  it("are lowercase, URL-safe, and unique through the account id", () => {
    const id = "7f3e2d1c-0000-4000-8000-000000000001";
    expect(hubUsername({ id, username: "Zoë O'Brien", email: "z@example.org" })).toBe(
      "zoe-o-brien-7f3e2d1c",
    );
    expect(hubUsername({ id, username: "李雷", email: "li.lei@example.org" })).toBe(
      "li-lei-7f3e2d1c",
    );
    expect(hubUsername({ id, username: "!!!", email: "@x" })).toBe("user-7f3e2d1c");
    const long = hubUsername({ id, username: "a".repeat(80), email: "a@x" });
    expect(long).toMatch(/^[a-z0-9][a-z0-9-]{0,62}$/);
  });
});
