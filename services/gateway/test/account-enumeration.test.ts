import { MESSAGES } from "@tandem/contracts";
import { passwordResets } from "@tandem/db";
import type { InjectOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetLinkIn, startSmtpSink } from "../../../test/support/smtp-sink";
import { passwordWork } from "../src/lib/passwords";
import { buildTestApp, signUp, type TestApp } from "./helper";

// Issue 31, finding 12: "Account enumeration: sign-up 409, the SDK register route 401 vs 201,
// forgot-password timing. Same answer and time for known and unknown addresses wherever the spec
// allows." Forgot-password answers before any work that depends on the address: known and
// unknown addresses get the same answer after the same steps. Sign-up and the SDK's register
// must answer a new address with a session or an API key (docs/product.md#site-calls), so they
// cannot answer a known one alike; docs/adr/0020-email-verification-and-enumeration.md says what
// they do instead, and `npm run bench:enumeration` measures the time of each pair.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "http://tandem.test" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const post = (url: string, payload: object) => inject({ method: "POST", url, payload });

/** The argon2 runs (hashes and verifications) the server asks for while `act` runs. */
async function argon2Runs(act: () => Promise<unknown>): Promise<number> {
  const before = passwordWork().requested;
  await act();
  return passwordWork().requested - before;
}

/** What an observer compares: status, body and headers other than per-request ones. */
function observable(response: Awaited<ReturnType<typeof inject>>) {
  const { date: _date, "x-request-id": _id, ...headers } = response.headers;
  return { status: response.statusCode, body: response.body, headers };
}

describe("forgot-password says nothing of whether the address has an account", () => {
  it("an attacker timing forgot-password learns nothing: the answer for a known address does not wait for its reset link to be stored", async () => {
    await signUp(t.app, "timed@example.org");
    // Another transaction holds the reset table: storing a link waits until it lets go. An
    // answer that depended on that work (known addresses only) would wait too.
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("lock table password_resets in exclusive mode");
      const known = await post("/api/forgot-password", { email: "timed@example.org" });
      const unknown = await post("/api/forgot-password", { email: "untimed@example.org" });
      expect(known.json()).toEqual({ success: true, message: MESSAGES.forgotSent });
      expect(observable(known)).toEqual(observable(unknown));
      // Answered while the link could not have been stored yet.
      expect(await t.database.handle.db.select().from(passwordResets)).toHaveLength(0);
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
    // The work then happens after the answer: the owner gets a working link.
    const link = new URL(resetLinkIn((await smtp.waitFor("timed@example.org")).raw));
    const token = link.searchParams.get("token")!;
    expect((await post("/api/verify-reset-token", { token })).statusCode).toBe(200);
  });
});

describe("where the spec fixes different answers, the work is the same", () => {
  const register = (email: string, password: string, team: string) =>
    post("/api/auth/register", { team_name: team, email, username: "Probe Person", password });

  it("an attacker probing the SDK's register with a known address and with a new one makes the server run the same password work", async () => {
    await signUp(t.app, "registered@example.org", "owner-password");
    // The dummy hash an unknown address is checked against is made once per process.
    await post("/api/login-verification", { email: "warm-up@example.org", password: "x" });
    const known = await argon2Runs(async () => {
      const answer = await register("registered@example.org", "guessed-password", "probe-a");
      expect(answer.statusCode).toBe(401);
    });
    const fresh = await argon2Runs(async () => {
      const answer = await register("fresh-probe@example.org", "guessed-password", "probe-b");
      // docs/product.md#site-calls: register answers a new address with its team's API key.
      expect(answer.statusCode).toBe(201);
    });
    expect(fresh).toBe(known);
  });

  it("sign-up of a taken address hashes the password as a new sign-up does", async () => {
    const body = (email: string) => ({
      firstName: "Probe",
      lastName: "Person",
      email,
      password: "probe-password",
      isStudent: false,
      position: "Analyst",
      area: "Retail",
      eligible: true,
      rememberMe: true,
    });
    await post("/api/save-user-signup", body("taken@example.org"));
    const taken = await argon2Runs(async () => {
      const answer = await post("/api/save-user-signup", body("Taken@example.org"));
      // The spec's sign-up answers a new address with a session: a taken one cannot get one.
      expect(answer.json().code).toBe("auth.email_taken");
    });
    const fresh = await argon2Runs(async () => {
      expect((await post("/api/save-user-signup", body("untaken@example.org"))).statusCode).toBe(
        201,
      );
    });
    expect(taken).toBe(fresh);
  });

  it("forgot-password runs no password work for any address before answering", async () => {
    const known = await argon2Runs(() =>
      post("/api/forgot-password", { email: "registered@example.org" }),
    );
    const unknown = await argon2Runs(() =>
      post("/api/forgot-password", { email: "nobody-here@example.org" }),
    );
    expect([known, unknown]).toEqual([0, 0]);
  });
});
