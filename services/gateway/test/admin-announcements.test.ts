import { announcementDeliveries, auditLog, users } from "@tandem/db";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../../test/support/smtp-sink";
import { createMailer } from "../src/lib/mailer";
import {
  markdownToText,
  unsubscribeToken,
} from "../src/modules/admin/announcements/announcements.mails";
import { createAnnouncementsRepository } from "../src/modules/admin/announcements/announcements.repository";
import { runAnnouncementSweep } from "../src/modules/admin/announcements/announcements.sweep";
import { adminAuth, buildTestApp, newMember, type TestApp } from "./helper";

const PUBLIC_URL = "http://tandem.test";
const SECRET = "announcements-test-secret-0123456789";

let t: TestApp;
let admin: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // Background sweeps off: the tests run each sweep themselves, against the same SMTP server.
  t = await buildTestApp({
    NOTIFY_SWEEP_SECONDS: "0",
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    JWT_SECRET: SECRET,
  });
  admin = await adminAuth(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);
const db = () => t.database.handle.db;
const post = (payload: object, headers = admin) =>
  inject({ method: "POST", url: "/api/admin/announcements", headers, payload });
const banner = async () => (await inject({ url: "/api/config/public" })).json().announcement;

const logger = pino({ level: "silent" });
const mailerAt = (smtpUrl: string) =>
  createMailer({ smtpUrl, from: "tandem@example.org", outboxDir: "/nonexistent", logger });
const sweep = (batchSize: number, smtpUrl = smtp.url) =>
  runAnnouncementSweep({
    announcements: createAnnouncementsRepository({ db: db() }),
    mailer: mailerAt(smtpUrl),
    publicUrl: PUBLIC_URL,
    secret: SECRET,
    batchSize,
  });

/** The message text as sent (quoted-printable soft breaks undone). */
const textOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/\r\n/g, "\n")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe("announcements", () => {
  it("are for admins only", async () => {
    const member = await newMember(t.app, "announce-nonadmin");
    expect((await post({ body: "Hi" }, {})).statusCode).toBe(401);
    const refused = await post({ body: "Hi" }, member.auth);
    expect([refused.statusCode, refused.json().code]).toEqual([403, "auth.admin_required"]);
    expect(
      (await inject({ url: "/api/admin/announcements", headers: member.auth })).statusCode,
    ).toBe(403);
    expect(
      (
        await inject({
          method: "DELETE",
          url: "/api/admin/announcements/00000000-0000-4000-8000-000000000000",
          headers: member.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(await banner()).toBeNull();
  });

  it("refuse an empty or oversized body, storing nothing", async () => {
    for (const body of ["", "   ", "x".repeat(5001)]) {
      const response = await post({ body });
      expect([response.statusCode, response.json().code]).toEqual([400, "request.invalid"]);
    }
    const list = await inject({ url: "/api/admin/announcements", headers: admin });
    expect(list.json().announcements).toEqual([]);
  });

  it("become the banner, replace the previous one, are listed and withdrawn, each audited", async () => {
    const first = await post({ body: "# Welcome\nThe competition **opens** today." });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ active: true, email: false, emails_sent: 0 });
    expect(first.json().created_by.username).toEqual(expect.any(String));
    expect(await banner()).toEqual({
      id: first.json().id,
      body: "# Welcome\nThe competition **opens** today.",
      created_at: first.json().created_at,
    });

    const second = await post({ body: "Answers fixed <script>alert(1)</script>" });
    // Stored as sent: the site renders the Markdown safely, the server never makes HTML of it.
    expect((await banner()).body).toBe("Answers fixed <script>alert(1)</script>");
    const page = await inject({ url: "/api/admin/announcements?limit=1", headers: admin });
    expect(page.json().announcements.map((a: { id: string }) => a.id)).toEqual([second.json().id]);
    const next = await inject({
      url: `/api/admin/announcements?limit=1&cursor=${page.json().next_cursor}`,
      headers: admin,
    });
    expect(next.json().announcements).toMatchObject([{ id: first.json().id, active: false }]);
    expect(next.json().next_cursor).toBeNull();

    const withdrawn = await inject({
      method: "DELETE",
      url: `/api/admin/announcements/${second.json().id}`,
      headers: admin,
    });
    expect([withdrawn.statusCode, withdrawn.json().active]).toEqual([200, false]);
    expect(await banner()).toBeNull();
    const missing = await inject({
      method: "DELETE",
      url: "/api/admin/announcements/00000000-0000-4000-8000-000000000000",
      headers: admin,
    });
    expect([missing.statusCode, missing.json().code]).toEqual([404, "announcement.not_found"]);

    const entries = await db().select().from(auditLog).orderBy(auditLog.createdAt);
    expect(
      entries
        .filter((e) => e.targetType === "announcement")
        .map((e) => [e.action, e.targetId, e.after]),
    ).toEqual([
      [
        "announcement.create",
        first.json().id,
        { id: first.json().id, body: first.json().body, active: true, email: false },
      ],
      [
        "announcement.create",
        second.json().id,
        { id: second.json().id, body: second.json().body, active: true, email: false },
      ],
      ["announcement.withdraw", second.json().id, { active: false }],
    ]);
  });

  it("are e-mailed once to each active participant who wants them, in batches, retried after an SMTP failure", async () => {
    const wanted = await Promise.all([1, 2, 3, 4].map(() => newMember(t.app, "announce-to")));
    const optedOut = await newMember(t.app, "announce-optout");
    const disabled = await newMember(t.app, "announce-disabled");
    await db()
      .update(users)
      .set({ notifyAnnouncements: false })
      .where(eq(users.id, optedOut.userId));
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, disabled.userId));
    const audience = await db()
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.status, "active"), eq(users.notifyAnnouncements, true)));
    expect(audience.length).toBeGreaterThanOrEqual(5);

    const created = await post({
      body: "## Deadline moved\nSee [the rules](http://tandem.test/rules) for *details*.",
      email: true,
    });
    const id = created.json().id as string;
    // An account made after the post sees the banner, not a mail.
    const later = await newMember(t.app, "announce-later");

    // The mail server down: nothing is recorded, so the next sweep sends it all.
    const down = await sweep(2, "smtp://127.0.0.1:1");
    expect(down).toMatchObject({ mails: 0, interrupted: true });
    const deliveries = () =>
      db()
        .select()
        .from(announcementDeliveries)
        .where(eq(announcementDeliveries.announcementId, id));
    expect(await deliveries()).toHaveLength(0);

    // Batches of two; two gateways sweeping at once still send each mail once.
    const reports = [];
    for (let i = 0; i < 10; i++) {
      const pair = await Promise.all([sweep(2), sweep(2)]);
      reports.push(...pair);
      if (pair.every((r) => r.mails === 0)) break;
    }
    expect(Math.max(...reports.map((r) => r.mails))).toBeLessThanOrEqual(2);
    expect(reports.reduce((sum, r) => sum + r.mails, 0)).toBe(audience.length);
    const sent = smtp.received.filter((m) => m.raw.includes("Deadline moved"));
    expect(sent.flatMap((m) => m.to).sort()).toEqual(audience.map((u) => u.email).sort());
    expect(await deliveries()).toHaveLength(audience.length);
    const skippedIds = new Set([optedOut.userId, disabled.userId, later.userId]);
    expect((await deliveries()).filter((d) => skippedIds.has(d.userId))).toEqual([]);

    const mail = await smtp.waitFor(audience.find((u) => u.id === wanted[0]!.userId)!.email);
    const text = textOf(mail.raw);
    expect(text).toContain("Deadline moved\nSee the rules (http://tandem.test/rules) for details.");
    expect(text).not.toContain("##");
    expect(text).toContain(
      `${PUBLIC_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(SECRET, wanted[0]!.userId))}`,
    );
    const listed = await inject({ url: "/api/admin/announcements?limit=1", headers: admin });
    expect(listed.json().announcements[0]).toMatchObject({ id, emails_sent: audience.length });
  });

  it("honour the unsubscribe link, and refuse a bad token with 400", async () => {
    const reader = await newMember(t.app, "announce-unsub");
    const token = unsubscribeToken(SECRET, reader.userId);
    const response = await inject({
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("You are unsubscribed");
    const [row] = await db().select().from(users).where(eq(users.id, reader.userId));
    expect(row?.notifyAnnouncements).toBe(false);

    await post({ body: "Only for those who want it", email: true });
    for (let i = 0; i < 20 && (await sweep(100)).mails > 0; i++);
    const mailed = smtp.received.filter((m) => m.raw.includes("Only for those who want it"));
    expect(mailed.length).toBeGreaterThan(0);
    expect(mailed.flatMap((m) => m.to)).not.toContain(row?.email);

    const other = await newMember(t.app, "announce-other");
    const forged = `${other.userId}.${token.split(".")[1]}`;
    for (const bad of [
      forged,
      "garbage",
      `${token}x`,
      token.replace(/.$/, (last) => (last === "A" ? "B" : "A")),
    ]) {
      const refused = await inject({
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect([refused.statusCode, refused.json().code], bad).toEqual([
        400,
        "notification.unsubscribe_invalid",
      ]);
    }
    expect((await inject({ url: "/api/notifications/unsubscribe" })).statusCode).toBe(400);
    const [untouched] = await db().select().from(users).where(eq(users.id, other.userId));
    expect(untouched?.notifyAnnouncements).toBe(true);
  });
});

describe("an announcement's text version", () => {
  it("drops the Markdown's markup and keeps link targets", () => {
    expect(
      markdownToText(
        "# Title\n\n* one **bold**\n* two `code`\n\n> quoted _it_\n\n![logo](x.png) [site](https://a.b)\n\n```\n# not a heading\n```",
      ),
    ).toBe(
      "Title\n\n- one bold\n- two code\n\nquoted it\n\nlogo site (https://a.b)\n\n# not a heading",
    );
  });
});
