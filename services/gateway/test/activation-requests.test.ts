import { randomUUID } from "node:crypto";
import { auditLog, teams } from "@tandem/db";
import { and, desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../../test/support/smtp-sink";
import { createMailer } from "../src/lib/mailer";
import { createActivationNoticesRepository } from "../src/modules/notifications/activation-notices.repository";
import { runActivationNoticeSweep } from "../src/modules/notifications/activation-notices.sweep";
import {
  adminAuth,
  buildTestApp,
  createTeam,
  newMember,
  type signUp,
  type TestApp,
} from "./helper";

// Issue 33: a team asks to be activated; organizers answer from the console; the team sees the
// answer on its dashboard and by e-mail.
const PUBLIC_URL = "http://tandem.test";

let t: TestApp;
let admin: { authorization: string };
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // Background sweeps off: the tests run each sweep themselves, against the SMTP stand-in.
  t = await buildTestApp({ NOTIFY_SWEEP_SECONDS: "0", PUBLIC_URL, SMTP_URL: smtp.url });
  admin = await adminAuth(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type User = Awaited<ReturnType<typeof signUp>>;
const inject = (options: InjectOptions) => t.app.inject(options);
const db = () => t.database.handle.db;

const ask = (user: User | null, payload?: InjectOptions["payload"]) =>
  inject({
    method: "POST",
    url: "/api/teams/request-activation",
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload }),
  });
const adminPost = (url: string, payload?: InjectOptions["payload"], headers = admin) =>
  inject({ method: "POST", url, headers, ...(payload === undefined ? {} : { payload }) });
const decline = (teamId: string, payload?: InjectOptions["payload"], headers = admin) =>
  adminPost(`/api/admin/teams/${teamId}/decline-activation`, payload, headers);

let serial = 0;
/** A participant with an inactive team of their own, and a second member who joined it. */
async function crew(prefix = "ask") {
  serial++;
  const owner = await newMember(t.app, prefix);
  const name = `${prefix}-${serial}-${Date.now() % 100_000}`;
  const team = await createTeam(t.app, owner, name);
  const member = await newMember(t.app, `${prefix}-mate`);
  const joined = await inject({
    method: "POST",
    url: "/api/teams/join",
    headers: member.auth,
    payload: { team_id: team.invite_code },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return { owner, member, team, name };
}

async function teamView(user: User) {
  const response = await inject({ url: "/api/teams", headers: user.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().teams[0];
}

async function overview() {
  const response = await inject({ url: "/api/admin/overview", headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function auditOf(teamId: string, action: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, teamId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt));
}

const sweep = () =>
  runActivationNoticeSweep({
    notices: createActivationNoticesRepository({ db: db() }),
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: "tandem@example.org",
      outboxDir: "/nonexistent",
      logger: pino({ level: "silent" }),
    }),
    publicUrl: PUBLIC_URL,
  });

/** The message text as sent (quoted-printable soft breaks undone). */
const textOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/\r\n/g, "\n")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => textOf(mail.raw));
const emailOf = async (user: User) =>
  (await teamView(user)).members.find((m: { user_id: string }) => m.user_id === user.userId)
    .email as string;

describe("POST /api/teams/request-activation", () => {
  it("lets a member ask once, with a message; a second ask is refused with its own code", async () => {
    const { owner, member, team } = await crew();
    const asked = await ask(member, { message: "  Three students from Lyon; ready to start.  " });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().team.activation_request).toMatchObject({
      state: "waiting",
      message: "Three students from Lyon; ready to start.",
      declined_at: null,
      decline_reason: null,
    });
    // Every member sees the request on the dashboard.
    expect((await teamView(owner)).activation_request).toMatchObject({ state: "waiting" });

    const again = await ask(owner, { message: "Please?" });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe("team.activation_pending");
    expect(again.json().error).toMatch(/already asked for activation/);
    // The first request stands, message and time unchanged.
    const [row] = await db().select().from(teams).where(eq(teams.id, team.id));
    expect(row?.activationRequestMessage).toBe("Three students from Lyon; ready to start.");
  });

  it("refuses an active team, a disqualified one and someone in no team, each with its code", async () => {
    const active = await crew("ask-active");
    await adminPost("/api/admin/teams/activate", { team_ids: [active.team.id] });
    const refusedActive = await ask(active.owner, {});
    expect([refusedActive.statusCode, refusedActive.json().code]).toEqual([
      409,
      "team.already_active",
    ]);

    const banned = await crew("ask-dq");
    await adminPost(`/api/admin/teams/${banned.team.id}/disqualify`, { reason: "Two accounts" });
    const refusedBanned = await ask(banned.owner, {});
    expect([refusedBanned.statusCode, refusedBanned.json().code]).toEqual([
      409,
      "team.disqualified",
    ]);

    const loner = await newMember(t.app, "ask-loner");
    const refusedLoner = await ask(loner, {});
    expect([refusedLoner.statusCode, refusedLoner.json().code]).toEqual([404, "team.not_member"]);

    expect((await ask(null, {})).statusCode).toBe(401);
    for (const { team } of [active, banned]) {
      const [row] = await db().select().from(teams).where(eq(teams.id, team.id));
      expect(row?.activationRequestedAt).toBeNull();
    }
  });

  it("validates the message with clear words, takes a blank one or none at all, and never answers 500", async () => {
    const long = await crew("ask-long");
    const tooLong = await ask(long.owner, { message: "x".repeat(501) });
    expect([tooLong.statusCode, tooLong.json().code]).toEqual([400, "request.invalid"]);
    expect(tooLong.json().error).toBe("The message is at most 500 characters");
    const notText = await ask(long.owner, { message: 42 });
    expect([notText.statusCode, notText.json().code]).toEqual([400, "request.invalid"]);
    expect(notText.json().error).toBe("The message must be text");
    const nul = await ask(long.owner, { message: "a\u0000b" });
    expect(nul.statusCode, nul.body).toBeLessThan(500);
    // Nothing refused was stored: the team may still ask (500 characters exactly fit).
    const fits = await ask(long.owner, { message: "y".repeat(500) });
    expect(fits.statusCode, fits.body).toBe(200);

    const blank = await crew("ask-blank");
    const asked = await ask(blank.owner, { message: "   " });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().team.activation_request.message).toBeNull();

    const bare = await crew("ask-bare");
    const noBody = await ask(bare.owner);
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json().team.activation_request).toMatchObject({
      state: "waiting",
      message: null,
    });
  });

  it("makes one request when two members ask at the same moment", async () => {
    const { owner, member } = await crew("ask-race");
    const answers = await Promise.all([
      ask(owner, { message: "a" }),
      ask(member, { message: "b" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe("the organizers' answer", () => {
  it("lists the waiting teams first on the overview, the oldest request first, and in the teams list", async () => {
    const first = await crew("wait-first");
    const second = await crew("wait-second");
    const silent = await crew("wait-silent");
    expect((await ask(second.owner, { message: "We asked first" })).statusCode).toBe(200);
    expect((await ask(first.owner, {})).statusCode).toBe(200);

    const body = await overview();
    const ours = [first.team.id, second.team.id, silent.team.id];
    const listed = (body.activation_requests.teams as { team_id: string }[]).filter((row) =>
      ours.includes(row.team_id),
    );
    expect(listed).toEqual([
      {
        team_id: second.team.id,
        team_name: second.name,
        members: 2,
        requested_at: expect.any(String),
        message: "We asked first",
      },
      expect.objectContaining({ team_id: first.team.id, message: null }),
    ]);
    expect(body.activation_requests.total).toBeGreaterThanOrEqual(2);

    const list = await inject({ url: `/api/admin/teams?query=${second.name}`, headers: admin });
    expect(list.json().teams[0].activation_request).toMatchObject({
      state: "waiting",
      message: "We asked first",
    });
    const none = await inject({ url: `/api/admin/teams?query=${silent.name}`, headers: admin });
    expect(none.json().teams[0].activation_request).toBeNull();
  });

  it("activates in one click: the request is answered, audited, and every member mailed once", async () => {
    const { owner, member, team } = await crew("one-click");
    await ask(member, { message: "Ready" });
    const activated = await adminPost("/api/admin/teams/activate", { team_ids: [team.id] });
    expect(activated.json().results).toEqual([{ team_id: team.id, outcome: "activated" }]);

    const view = await teamView(owner);
    expect([view.status, view.activation_request]).toEqual(["active", null]);
    const waiting = (await overview()).activation_requests.teams as { team_id: string }[];
    expect(waiting.map((row) => row.team_id)).not.toContain(team.id);
    const [entry] = await auditOf(team.id, "team.activate");
    expect(entry).toMatchObject({
      actorEmail: "admin@example.org",
      before: { status: "inactive", activation_request_message: "Ready" },
      after: { status: "active" },
    });

    const report = await sweep();
    expect(report.interrupted).toBe(false);
    for (const user of [owner, member]) {
      const mails = mailsTo(await emailOf(user));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain("Subject: [Tandem] Your team is active");
      expect(mails[0]).toContain("An organizer activated your team.");
      expect(mails[0]).toContain(`${PUBLIC_URL}/dashboard`);
    }
    // Sent once: a second sweep owes this team nothing.
    await sweep();
    expect(mailsTo(await emailOf(owner))).toHaveLength(1);
    const [row] = await db().select().from(teams).where(eq(teams.id, team.id));
    expect(row?.activationMail).toBeNull();
  });

  it("declines with a reason the team sees and is mailed, audits it, and lets the team ask again", async () => {
    const { owner, member, team } = await crew("decline");
    await ask(owner, { message: "Let us in" });
    const reason = "Your team has one member; add a teammate first.";

    const participant = await decline(team.id, { reason }, member.auth);
    expect([participant.statusCode, participant.json().code]).toEqual([403, "auth.admin_required"]);
    const tooLong = await decline(team.id, { reason: "r".repeat(501) });
    expect([tooLong.statusCode, tooLong.json().error]).toEqual([
      400,
      "The reason is at most 500 characters",
    ]);

    const declined = await decline(team.id, { reason });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      changed: true,
      team: {
        status: "inactive",
        activation_request: { state: "declined", decline_reason: reason, message: "Let us in" },
      },
    });
    expect((await teamView(member)).activation_request).toMatchObject({
      state: "declined",
      decline_reason: reason,
      declined_at: expect.any(String),
    });
    const waiting = (await overview()).activation_requests.teams as { team_id: string }[];
    expect(waiting.map((row) => row.team_id)).not.toContain(team.id);
    const [entry] = await auditOf(team.id, "team.decline_activation");
    expect(entry).toMatchObject({
      actorEmail: "admin@example.org",
      before: { activation_request_message: "Let us in" },
      after: { activation_decline_reason: reason },
    });

    // Declined already, never asked, unknown: refusals with their codes.
    const twice = await decline(team.id, { reason: "again" });
    expect([twice.statusCode, twice.json().code]).toEqual([409, "team.activation_not_requested"]);
    const silent = await crew("decline-silent");
    const never = await decline(silent.team.id);
    expect([never.statusCode, never.json().code]).toEqual([409, "team.activation_not_requested"]);
    const unknown = await decline(randomUUID(), {});
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "team.not_found"]);
    expect(await auditOf(team.id, "team.decline_activation")).toHaveLength(1);

    await sweep();
    for (const user of [owner, member]) {
      const mails = mailsTo(await emailOf(user));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain("Subject: [Tandem] Your team's activation request was declined");
      expect(mails[0]).toContain(`Reason: ${reason}`);
      expect(mails[0]).toContain("ask again from your dashboard");
    }

    // The team may ask again once it has sorted the reason out.
    const again = await ask(member, { message: "We are two now" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().team.activation_request).toMatchObject({
      state: "waiting",
      message: "We are two now",
      decline_reason: null,
    });
  });

  it("declines without a reason, saying so in the e-mail", async () => {
    const { owner, team } = await crew("decline-bare");
    await ask(owner, {});
    const declined = await decline(team.id);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().team.activation_request).toMatchObject({
      state: "declined",
      decline_reason: null,
    });
    await sweep();
    const [mail] = mailsTo(await emailOf(owner));
    expect(mail).toContain("Reason: none given.");
  });

  it("mails nothing for an activation undone before the sweep", async () => {
    const { owner, team } = await crew("undone");
    await adminPost("/api/admin/teams/activate", { team_ids: [team.id] });
    await adminPost(`/api/admin/teams/${team.id}/deactivate`);
    await sweep();
    expect(mailsTo(await emailOf(owner))).toEqual([]);
    const [row] = await db().select().from(teams).where(eq(teams.id, team.id));
    expect(row?.activationMail).toBeNull();
  });
});
