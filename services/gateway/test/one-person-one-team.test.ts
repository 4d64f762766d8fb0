import { readFile } from "node:fs/promises";
import { emailKey } from "@tandem/contracts";
import { submissions, users } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../../../test/support/github-standin";
import { activeTeam, buildTestApp, signUp, type TestApp } from "./helper";

/** Issue 30, "one person, one team": a second account for the same mailbox, tried as a competitor would. */
let t: TestApp;
let github: Awaited<ReturnType<typeof startGithubStandin>>;

beforeAll(async () => {
  github = await startGithubStandin();
  t = await buildTestApp({ PUBLIC_URL: "http://tandem.test", ...github.env });
});
afterAll(async () => {
  await t?.close();
  await github?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const post = (url: string, payload: unknown) =>
  inject({ method: "POST", url, payload: payload as object });

const TAKEN = {
  code: "auth.email_taken",
  error: "An account with this email already exists. Please log in instead.",
};

const signupBody = (email: string) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email,
  password: "secret-pass",
  isStudent: false,
  position: "Engineer",
  area: "Healthcare",
  eligible: true,
  rememberMe: false,
});

const sdkRegister = (email: string, team: string, password = "secret-pass") =>
  post("/api/auth/register", { team_name: team, email, username: "Second Self", password });

async function userByEmail(email: string) {
  const [row] = await t.database.handle.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

describe("the site's sign-up", () => {
  it("refuses a second account for a +tag, a capitalised or a dotted Gmail form of a taken address", async () => {
    await signUp(t.app, "ada@uni.example");
    await signUp(t.app, "ada.lovelace@gmail.com");
    for (const email of [
      "ada+2@uni.example",
      "ADA+team-b@Uni.Example",
      "Ada@uni.example",
      "adalovelace@gmail.com",
      "a.d.a.l.o.v.e.l.a.c.e+x@googlemail.com",
    ]) {
      const response = await post("/api/save-user-signup", signupBody(email));
      expect(response.statusCode, email).toBe(409);
      expect(response.json(), email).toEqual(TAKEN);
      // No second row slipped in before the refusal.
      if (email.toLowerCase() !== "ada@uni.example")
        expect(await userByEmail(email)).toBeUndefined();
    }
  });

  it("stores the key of each new account, and still takes distinct addresses", async () => {
    await signUp(t.app, "Bob.Builder+site@Example.org");
    expect((await userByEmail("bob.builder+site@example.org"))?.emailKey).toBe(
      "bob.builder@example.org",
    );
    // Dots count outside Gmail: another mailbox, another person.
    await signUp(t.app, "bobbuilder@example.org");
  });

  it("gives the clean refusal, not a 500, to sign-ups racing for one key", async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        post("/api/save-user-signup", signupBody(`racer+${i}@uni.example`)),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json()).toEqual(TAKEN);
  });
});

describe("the SDK's register route", () => {
  it("refuses to make a second account (and team) for another form of a taken address", async () => {
    await signUp(t.app, "carol@uni.example");
    for (const email of ["carol+sdk@uni.example", "Carol+SDK@UNI.example"]) {
      const response = await sdkRegister(email, `second-team-${email.length}`);
      expect(response.statusCode, email).toBe(409);
      expect(response.json(), email).toEqual(TAKEN);
      expect(await userByEmail(email)).toBeUndefined();
    }
    const gmail = await sdkRegister("dora.explorer@gmail.com", "dora-first");
    expect(gmail.statusCode).toBe(201);
    const dotted = await sdkRegister("doraexplorer@googlemail.com", "dora-second");
    expect(dotted.statusCode).toBe(409);
    expect(dotted.json()).toEqual(TAKEN);
  });

  it("still signs the owner of the exact address in, whatever its case", async () => {
    await signUp(t.app, "erin@uni.example");
    const response = await sdkRegister("Erin@Uni.example", "erins-team");
    expect(response.statusCode).toBe(201);
    expect(response.json().team_name).toBe("erins-team");
  });
});

describe("GitHub sign-in", () => {
  /** The cookies of the browser that ran the last sign-in: its code is traded only with them. */
  let browserCookies: Record<string, string> = {};

  async function signInWithGithub() {
    const start = await inject({ url: "/api/auth/github/authorize" });
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    browserCookies = cookies;
    const atGithub = await fetch(start.headers.location as string, { redirect: "manual" });
    const callback = new URL(atGithub.headers.get("location")!);
    const back = await inject({ url: callback.pathname + callback.search, cookies });
    expect(back.statusCode).toBe(302);
    return new URL(back.headers.location as string, "http://tandem.test");
  }

  it("neither links nor creates an account for another form of a taken address, and says why", async () => {
    await signUp(t.app, "frank.castle@gmail.com", "franks-password");
    for (const [id, email] of [
      [7001, "frankcastle@gmail.com"],
      [7002, "frank.castle+gh@gmail.com"],
      [7003, "Frank.Castle@googlemail.com"],
    ] as const) {
      github.signInAs({
        id,
        login: `frank-${id}`,
        name: "Frank",
        emails: [{ email, primary: true, verified: true }],
      });
      const landing = await signInWithGithub();
      expect(landing.pathname + landing.search, email).toBe("/login?error=github_email_taken");
      expect(await userByEmail(email), email).toBeUndefined();
    }
    // The account with the address itself is untouched: not linked, its password still works.
    const owner = await userByEmail("frank.castle@gmail.com");
    expect(owner?.githubId).toBeNull();
    const login = await post("/api/login-verification", {
      email: "frank.castle@gmail.com",
      password: "franks-password",
      rememberMe: false,
    });
    expect(login.statusCode).toBe(200);
  });

  it("still links the account with exactly the verified address", async () => {
    const existing = await signUp(t.app, "grace@uni.example");
    github.signInAs({
      id: 7010,
      login: "grace",
      name: "Grace",
      emails: [{ email: "Grace@uni.example", primary: true, verified: true }],
    });
    const landing = await signInWithGithub();
    expect(landing.pathname).toBe("/login/success");
    const session = await inject({
      method: "POST",
      url: "/api/auth/exchange",
      payload: { code: landing.searchParams.get("token") },
      cookies: browserCookies,
    });
    expect(session.json().user.id).toBe(existing.userId);
  });

  it("creates a new account, with its key, for an address no one has in any form", async () => {
    github.signInAs({
      id: 7020,
      login: "heidi",
      name: "Heidi",
      emails: [{ email: "Heidi+gh@uni.example", primary: true, verified: true }],
    });
    const landing = await signInWithGithub();
    expect(landing.pathname).toBe("/login/success");
    expect((await userByEmail("heidi+gh@uni.example"))?.emailKey).toBe("heidi@uni.example");
  });
});

describe("the key and the migration's backfill", () => {
  it("follow one rule", async () => {
    const db = t.database.handle.db;
    const addresses = [
      " Mixed.Case+Tag@Example.ORG ",
      "x.y.z+a+b@gmail.com",
      "X.Y@GoogleMail.com",
      "plain@sub.example.ac.uk",
      "+only-tag@example.org",
      "dots.stay@outlook.com",
      "we+ird@ex+ample.org",
    ];
    const migration = await readFile(
      new URL("../../../db/migrations/0012_integrity_feedback_email_key.sql", import.meta.url),
      "utf8",
    );
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    const rows = await db
      .insert(users)
      .values(addresses.map((email, i) => ({ email, username: `legacy-${i}` })))
      .returning({ id: users.id });
    await db.execute(sql.raw(backfill));
    for (const [i, row] of rows.entries()) {
      const [stored] = await db.select().from(users).where(eq(users.id, row.id));
      expect(stored?.emailKey, addresses[i]).toBe(emailKey(addresses[i]!));
    }
  });
});

describe("Idempotency-Key", () => {
  const challengeFile = async (domain: string, n: number) => {
    const sample = (await inject({ url: `/static/${domain}/sample_submission_c${n}.csv` })).body;
    return sample;
  };
  const challengeOf = async (id: string) =>
    (
      await t.database.handle.db
        .select({ key: submissions.challengeKey })
        .from(submissions)
        .where(eq(submissions.id, id))
    )[0]?.key;
  const submit = (key: string, domain: string, n: number, csv: string, idempotencyKey: string) =>
    inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": key, "idempotency-key": idempotencyKey },
      payload: { domain_name: domain, task_number: n, predictions_csv: csv },
    });

  it("reused on another challenge makes that challenge's own submission; on the same, a replay", async () => {
    const team = await activeTeam(t.app, "key-reusers");
    const banking = await challengeFile("retail-banking", 1);
    const food = await challengeFile("food", 1);
    expect(parseCsvRows(food).length).toBeGreaterThan(1);

    const first = await submit(team.api_key, "Retail Banking", 1, banking, "run-1");
    expect(first.statusCode).toBe(200);
    const other = await submit(team.api_key, "Food Production", 1, food, "run-1");
    expect(other.statusCode).toBe(200);
    expect(other.json().submission_id).not.toBe(first.json().submission_id);
    expect(await challengeOf(other.json().submission_id)).toBe("food/1");

    const replay = await submit(team.api_key, "Food Production", 1, food, "run-1");
    expect(replay.json().submission_id).toBe(other.json().submission_id);
    const replayFirst = await submit(team.api_key, "Retail Banking", 1, banking, "run-1");
    expect(replayFirst.json().submission_id).toBe(first.json().submission_id);
  });

  it("racing retries on two challenges each get their own challenge's winner", async () => {
    const team = await activeTeam(t.app, "key-racers");
    const banking = await challengeFile("retail-banking", 1);
    const food = await challengeFile("food", 1);
    const answers = await Promise.all([
      submit(team.api_key, "Retail Banking", 1, banking, "race"),
      submit(team.api_key, "Food Production", 1, food, "race"),
      submit(team.api_key, "Retail Banking", 1, banking, "race"),
      submit(team.api_key, "Food Production", 1, food, "race"),
    ]);
    const [b1, f1, b2, f2] = answers.map((a) => a.json());
    expect(b1.submission_id).toBe(b2.submission_id);
    expect(f1.submission_id).toBe(f2.submission_id);
    expect(b1.submission_id).not.toBe(f1.submission_id);
    expect(await challengeOf(f1.submission_id)).toBe("food/1");
    expect(await challengeOf(b1.submission_id)).toBe("retail-banking/1");
  });
});
