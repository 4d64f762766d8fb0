import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import {
  competitionReveals,
  createRevealsRepository,
  type Submission,
  submissionNotices,
  submissions,
  teams,
  users,
} from "@tandem/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownExactly } from "../../../test/support/shown";
import { type ReceivedMail, startSmtpSink } from "../../../test/support/smtp-sink";
import { createMailer, type Mailer } from "../src/lib/mailer";
import { createNotificationsRepository } from "../src/modules/notifications/notifications.repository";
import {
  runNotificationSweep,
  type SweepReport,
} from "../src/modules/notifications/notifications.sweep";
import { buildTestApp, createTeam, signUp, type TestApp } from "./helper";

const PUBLIC_URL = "http://tandem.test";
const MINUTE = 60_000;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // The app's own sweeps are off: each test runs sweeps itself, on its own clock.
  t = await buildTestApp({ NOTIFY_SWEEP_SECONDS: "0", PUBLIC_URL, SMTP_URL: smtp.url });
  mailer = mailerFor(smtp.url);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function mailerFor(smtpUrl: string): Mailer {
  return createMailer({
    smtpUrl,
    from: "Tandem <no-reply@tandem.test>",
    outboxDir: "/nonexistent",
    logger: undefined,
  });
}

function sweep(now: Date, using: Mailer = mailer): Promise<SweepReport> {
  const db = t.database.handle.db;
  const reveals = createRevealsRepository({ db });
  return runNotificationSweep(
    {
      notifications: createNotificationsRepository({ db }),
      mailer: using,
      isRevealed: async () => (await reveals.current()) !== null,
      publicUrl: PUBLIC_URL,
      settings: { delayMinutes: 30, digestHourUtc: 7 },
    },
    now,
  );
}

let people = 0;
/** A team whose owner and members have unique addresses; `members` joins that many more. */
async function teamOf(name: string, members = 0) {
  const unique = `${name}-${++people}`;
  const owner = await signUp(t.app, `${unique}-owner@example.org`);
  const team = await createTeam<{ id: string; invite_code: string }>(t.app, owner, unique);
  const joined = [];
  for (let i = 1; i <= members; i++) {
    const member = await signUp(t.app, `${unique}-member${i}@example.org`);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/teams/join",
      headers: member.auth,
      payload: { team_id: team.invite_code },
    });
    if (response.statusCode !== 200) throw new Error(`join failed: ${response.body}`);
    joined.push({ ...member, email: `${unique}-member${i}@example.org` });
  }
  return {
    id: team.id,
    name: unique,
    owner: { ...owner, email: `${unique}-owner@example.org` },
    members: joined,
  };
}

async function setPreferences(
  user: { auth: { authorization: string } },
  preferences: { submission_problems: boolean; daily_digest: boolean },
) {
  const response = await t.app.inject({
    method: "PUT",
    url: "/api/notifications/preferences",
    headers: user.auth,
    payload: preferences,
  });
  expect(response.statusCode).toBe(200);
}

async function addSubmission(
  teamId: string,
  values: Partial<Submission> & Pick<Submission, "status" | "createdAt">,
): Promise<Submission> {
  const [row] = await t.database.handle.db
    .insert(submissions)
    .values({
      teamId,
      challengeKey: "food/2",
      predictions: gzipSync("lot_id,passed_qc\n"),
      payloadHash: randomUUID(),
      rowCount: 10,
      metricName: "Macro-F1",
      counted: true,
      ...values,
    })
    .returning();
  return row!;
}

/** The owner of `email` proved it (issue 31: only then do mails name them and their team). */
async function verifyAddress(email: string) {
  await t.database.handle.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.email, email));
}

function mailsTo(address: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(address));
}

/** Subject and text of a received message (headers unfolded, quoted-printable undone). */
function readMail(mail: ReceivedMail): { subject: string; text: string } {
  const split = mail.raw.search(/\r?\n\r?\n/);
  const head = mail.raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  let text = mail.raw.slice(split).trim();
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(head)) {
    const bytes: number[] = [];
    const soft = text.replace(/=\r?\n/g, "");
    for (let i = 0; i < soft.length; i++) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(soft.charCodeAt(i));
    }
    text = Buffer.from(bytes).toString("utf8");
  }
  return { subject: /^subject: (.*)$/im.exec(head)?.[1] ?? "", text: text.replace(/\r\n/g, "\n") };
}

describe("failed submission notices", () => {
  it("mails each opted-in member of the team once, not an opted-out member or another team", async () => {
    const team = await teamOf("failing", 2);
    const [keen, quiet] = team.members;
    await setPreferences(quiet!, { submission_problems: false, daily_digest: false });
    await verifyAddress(keen!.email);
    const other = await teamOf("bystander");
    const now = new Date();
    const failed = await addSubmission(team.id, {
      status: "failed",
      createdAt: new Date(now.getTime() - 5 * MINUTE),
      errorMessage: "The scoring worker stopped while scoring this file.",
    });
    await addSubmission(team.id, { status: "invalid", createdAt: failed.createdAt });
    await addSubmission(other.id, { status: "scored", createdAt: failed.createdAt });

    const report = await sweep(now);
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect(mailsTo(team.owner.email)).toHaveLength(1);
    expect(mailsTo(keen!.email)).toHaveLength(1);
    expect(mailsTo(quiet!.email)).toHaveLength(0);
    expect(mailsTo(other.owner.email)).toHaveLength(0);

    const { subject, text } = readMail(mailsTo(keen!.email)[0]!);
    expect(subject).toBe(
      "[Tandem] Your submission to Food Production challenge 2: Quality Control Pass/Fail failed",
    );
    expect(text).toContain("Hello Grace Hopper,");
    expect(text).toContain(`your team "${team.name}"`);
    // Issue 31, finding 11: an address nobody proved reads neither the account's name nor the team's.
    const unproved = readMail(mailsTo(team.owner.email)[0]!).text;
    expect(unproved).toContain("Hello,\n");
    expect(unproved).toContain("A submission of your team failed");
    expect(unproved).not.toContain("Grace");
    expect(unproved).not.toContain(team.name);
    expect(text).toContain(
      `Sent: ${failed.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    );
    expect(text).toContain("The scoring worker stopped while scoring this file.");
    expect(text).toContain("does not count against your team's\ndaily limit");
    expect(text).toContain(`${PUBLIC_URL}/submissions/${failed.id}`);
    expect(text).toContain(`switch them off, open your dashboard: ${PUBLIC_URL}/dashboard`);

    const [notice] = await t.database.handle.db
      .select()
      .from(submissionNotices)
      .where(eq(submissionNotices.submissionId, failed.id));
    expect(notice).toMatchObject({ kind: "failed", recipients: 2 });

    await sweep(new Date(now.getTime() + MINUTE));
    expect(mailsTo(team.owner.email)).toHaveLength(1);
    expect(mailsTo(keen!.email)).toHaveLength(1);
  });

  it("sends each notice once when several sweeps run at the same time", async () => {
    const team = await teamOf("raced", 1);
    const now = new Date();
    for (const [minutes, challengeKey] of [
      [1, "food/2"],
      [2, "commerce/1"],
      [3, "healthcare/1"],
    ] as const) {
      await addSubmission(team.id, {
        status: "failed",
        createdAt: new Date(now.getTime() - minutes * MINUTE),
        challengeKey,
      });
    }
    // A slow mail server keeps each claim open long enough for the sweeps to meet on it.
    const slow: Mailer = {
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await mailer.send(mail);
      },
    };

    await Promise.all([1, 2, 3, 4].map(() => sweep(now, slow)));
    expect(mailsTo(team.owner.email)).toHaveLength(3);
    expect(mailsTo(team.members[0]!.email)).toHaveLength(3);
  });

  it("skips a notice another sweep is sending, and one already sent", async () => {
    const team = await teamOf("claimed");
    const failed = await addSubmission(team.id, { status: "failed", createdAt: new Date() });
    const notifications = createNotificationsRepository({ db: t.database.handle.db });
    let meanwhile: unknown;
    const first = await notifications.claimNotice(failed.id, "failed", async () => {
      meanwhile = await notifications.claimNotice(failed.id, "failed", async () => 1);
      return 1;
    });
    expect(first).toEqual({ status: "sent", value: 1 });
    expect(meanwhile).toEqual({ status: "busy" });
    let delivered = false;
    const again = await notifications.claimNotice(failed.id, "failed", async () => {
      delivered = true;
      return 1;
    });
    expect(again).toEqual({ status: "taken" });
    expect(delivered).toBe(false);
  });

  it("leaves the notice unsent when the mail server is down, and the next sweep sends it", async () => {
    const down = await startSmtpSink();
    await down.close();
    const team = await teamOf("unlucky");
    const now = new Date();
    const failed = await addSubmission(team.id, {
      status: "failed",
      createdAt: new Date(now.getTime() - MINUTE),
    });

    const interrupted = await sweep(now, mailerFor(down.url));
    expect(interrupted.interrupted).toBe(true);
    const notices = () =>
      t.database.handle.db
        .select()
        .from(submissionNotices)
        .where(eq(submissionNotices.submissionId, failed.id));
    expect(await notices()).toEqual([]);
    expect(mailsTo(team.owner.email)).toHaveLength(0);

    const next = await sweep(new Date(now.getTime() + MINUTE));
    expect(next.interrupted).toBe(false);
    expect(mailsTo(team.owner.email)).toHaveLength(1);
    expect(await notices()).toHaveLength(1);
  });

  it("mails nobody about a submission of a dissolved team, nor about one older than a day", async () => {
    const dissolved = await teamOf("dissolved");
    const old = await teamOf("old");
    const now = new Date();
    await addSubmission(dissolved.id, {
      status: "failed",
      createdAt: new Date(now.getTime() - MINUTE),
    });
    await t.database.handle.db
      .update(teams)
      .set({ deletedAt: now })
      .where(eq(teams.id, dissolved.id));
    await addSubmission(old.id, {
      status: "failed",
      createdAt: new Date(now.getTime() - 25 * 60 * MINUTE),
    });

    await sweep(now);
    expect(mailsTo(dissolved.owner.email)).toHaveLength(0);
    expect(mailsTo(old.owner.email)).toHaveLength(0);
  });
});

describe("delayed submission notices", () => {
  it("mails once when a submission is still unscored after the threshold, not before", async () => {
    const team = await teamOf("waiting", 1);
    const sent = new Date();
    const waiting = await addSubmission(team.id, { status: "queued", createdAt: sent });
    // Scored in time: never a notice.
    const quick = await addSubmission(team.id, {
      status: "scoring",
      createdAt: sent,
      challengeKey: "commerce/1",
    });

    await sweep(new Date(sent.getTime() + 29 * MINUTE));
    expect(mailsTo(team.owner.email)).toHaveLength(0);

    await t.database.handle.db
      .update(submissions)
      .set({ status: "scored", ...shownExactly(0.5), scoredAt: new Date() })
      .where(eq(submissions.id, quick.id));
    await sweep(new Date(sent.getTime() + 31 * MINUTE));
    expect(mailsTo(team.owner.email)).toHaveLength(1);
    expect(mailsTo(team.members[0]!.email)).toHaveLength(1);
    const { subject, text } = readMail(mailsTo(team.owner.email)[0]!);
    expect(subject).toBe(
      "[Tandem] Your submission to Food Production challenge 2: Quality Control Pass/Fail is still waiting to be scored",
    );
    expect(text).toContain("still waiting to be scored more than\n30 minutes after it was sent");
    expect(text).toContain("we are on it");
    expect(text).toContain(`${PUBLIC_URL}/submissions/${waiting.id}`);

    await sweep(new Date(sent.getTime() + 45 * MINUTE));
    expect(mailsTo(team.owner.email)).toHaveLength(1);
  });
});

describe("daily digest", () => {
  // A fixed day of its own, far from the other tests' submissions.
  const today = Date.parse("2031-03-11T00:00:00Z");
  const at = (hours: number) => new Date(today + hours * 60 * MINUTE);

  it("goes out once, from the digest hour on, listing yesterday's scored submissions with their public scores", async () => {
    const team = await teamOf("digest", 1);
    const member = team.members[0]!;
    await setPreferences(team.owner, { submission_problems: true, daily_digest: true });
    await verifyAddress(team.owner.email);
    await addSubmission(team.id, {
      status: "scored",
      createdAt: at(-14),
      scoredAt: at(-14),
      ...shownExactly(0.81234),
      privateMetricValue: 0.98765,
    });
    await addSubmission(team.id, {
      status: "scored",
      createdAt: at(-2),
      scoredAt: at(-2),
      challengeKey: "commerce/1",
      metricName: "RMSE",
      ...shownExactly(12.5),
      privateMetricValue: 11.25,
      counted: false,
    });
    await addSubmission(team.id, { status: "failed", createdAt: at(-3) });
    await addSubmission(team.id, {
      status: "scored",
      createdAt: at(1),
      scoredAt: at(1),
      ...shownExactly(0.7777),
    });

    await sweep(at(6.99));
    expect(mailsTo(team.owner.email).filter(isDigest)).toHaveLength(0);

    const report = await sweep(at(7));
    expect(report.digests).toBeGreaterThanOrEqual(1);
    const digests = mailsTo(team.owner.email).filter(isDigest);
    expect(digests).toHaveLength(1);
    expect(mailsTo(member.email).filter(isDigest)).toHaveLength(0);
    const { subject, text } = readMail(digests[0]!);
    expect(subject).toBe("[Tandem] Your team's scored submissions on 2031-03-10");
    expect(text).toContain(
      `Submissions of your team "${team.name}" scored on 2031-03-10 (UTC): 2.`,
    );
    expect(text).toContain(
      "- 10:00 UTC | Food Production challenge 2: Quality Control Pass/Fail | Macro-F1 0.8123 (public score) | counted",
    );
    expect(text).toContain(
      "- 22:00 UTC | Commerce challenge 1: Weekly Store-SKU Demand Forecasting | RMSE 12.5 (public score) | practice",
    );
    expect(text).not.toContain("0.9876");
    expect(text).not.toContain("11.25");
    expect(text).not.toContain("0.7777");
    expect(text).toContain(`Your dashboard: ${PUBLIC_URL}/dashboard`);

    await sweep(at(8));
    await Promise.all([sweep(at(9)), sweep(at(9))]);
    expect(mailsTo(team.owner.email).filter(isDigest)).toHaveLength(1);
  });

  it("is not sent when nothing was scored, nor to a member who did not switch it on", async () => {
    const idle = await teamOf("idle");
    await setPreferences(idle.owner, { submission_problems: true, daily_digest: true });
    await addSubmission(idle.id, { status: "invalid", createdAt: at(-5) });
    const busy = await teamOf("busy");
    await addSubmission(busy.id, {
      status: "scored",
      createdAt: at(-5),
      scoredAt: at(-5),
      ...shownExactly(0.5),
    });

    await sweep(at(10));
    expect(mailsTo(idle.owner.email).filter(isDigest)).toHaveLength(0);
    expect(mailsTo(busy.owner.email).filter(isDigest)).toHaveLength(0);
  });

  it("shows the final scores once the standings are revealed", async () => {
    const team = await teamOf("revealed");
    await setPreferences(team.owner, { submission_problems: true, daily_digest: true });
    const day = Date.parse("2031-04-02T00:00:00Z");
    await addSubmission(team.id, {
      status: "scored",
      createdAt: new Date(day - 60 * MINUTE),
      scoredAt: new Date(day - 60 * MINUTE),
      ...shownExactly(0.61),
      privateMetricValue: 0.67,
    });
    await t.database.handle.db.insert(competitionReveals).values({});

    await sweep(new Date(day + 8 * 60 * MINUTE));
    const [digest] = mailsTo(team.owner.email).filter(isDigest);
    const { text } = readMail(digest!);
    expect(text).toContain("Macro-F1 0.67 (final score)");
    expect(text).not.toContain("0.61");
  });
});

function isDigest(mail: ReceivedMail): boolean {
  return readMail(mail).subject.includes("scored submissions on");
}

describe("notification preferences", () => {
  const url = "/api/notifications/preferences";

  it("starts with problem mails on and the digest off, and keeps what the user saves", async () => {
    const user = await signUp(t.app, "prefs@example.org");
    const initial = await t.app.inject({ method: "GET", url, headers: user.auth });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ submission_problems: true, daily_digest: false });

    const saved = await t.app.inject({
      method: "PUT",
      url,
      headers: user.auth,
      payload: { submission_problems: false, daily_digest: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ submission_problems: false, daily_digest: true });
    const read = await t.app.inject({ method: "GET", url, headers: user.auth });
    expect(read.json()).toEqual({ submission_problems: false, daily_digest: true });
  });

  it("requires a session", async () => {
    for (const method of ["GET", "PUT"] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === "PUT" ? { submission_problems: true, daily_digest: true } : undefined,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("auth.required");
    }
  });

  it("refuses an incomplete or mistyped body with the fields named", async () => {
    const user = await signUp(t.app, "prefs-bad@example.org");
    for (const payload of [
      { submission_problems: true },
      { submission_problems: "yes", daily_digest: false },
    ]) {
      const response = await t.app.inject({ method: "PUT", url, headers: user.auth, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("request.invalid");
    }
    const read = await t.app.inject({ method: "GET", url, headers: user.auth });
    expect(read.json()).toEqual({ submission_problems: true, daily_digest: false });
  });

  it("is in the API document", async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, object> } }).swagger();
    expect(Object.keys(doc.paths[url] ?? {}).sort()).toEqual(["get", "put"]);
  });
});
