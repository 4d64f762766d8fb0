import { gzipSync } from "node:zlib";
import { submissions } from "@tandem/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../../test/support/smtp-sink";
import { loadConfig } from "../src/config";
import { buildTestApp, captureLogs, createTeam, signUp, type TestApp } from "./helper";

const BODY_ONLY = "This failure text belongs in the mail, never in the logs.";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const logs = captureLogs("info");

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp(
    { NOTIFY_SWEEP_SECONDS: "1", PUBLIC_URL: "http://tandem.test", SMTP_URL: smtp.url },
    { logger: logs.logger },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("the gateway's own notification sweeps", () => {
  it("mail a failed submission's team on their own, logging counts but not the mail", async () => {
    const owner = await signUp(t.app, "swept-owner@example.org");
    const team = await createTeam(t.app, owner, "swept");
    await t.database.handle.db.insert(submissions).values({
      teamId: team.id,
      challengeKey: "healthcare/1",
      status: "failed",
      errorMessage: BODY_ONLY,
      predictions: gzipSync("x"),
      payloadHash: "swept",
      rowCount: 1,
      metricName: "Macro-F1",
      counted: true,
    });

    const mail = await smtp.waitFor("swept-owner@example.org");
    expect(mail.raw).toContain("failed");
    await expect.poll(() => logs.captured.text).toContain('"msg":"notification sweep"');
    const line = logs.captured.text
      .split("\n")
      .find((entry) => entry.includes('"msg":"notification sweep"'));
    expect(JSON.parse(line!)).toMatchObject({ failed: 1, mails: 1, interrupted: false });
    expect(logs.captured.text).not.toContain(BODY_ONLY);
  });
});

describe("notification settings", () => {
  const secrets = {
    JWT_SECRET: "x".repeat(32),
    API_KEY_ENCRYPTION_KEY: Buffer.alloc(32).toString("base64"),
  };

  it("default to a sweep a minute, notices after 30 minutes and digests from 07:00 UTC", () => {
    expect(loadConfig(secrets).notifications).toEqual({
      sweepSeconds: 60,
      delayMinutes: 30,
      digestHourUtc: 7,
    });
    expect(
      loadConfig({
        ...secrets,
        NOTIFY_SWEEP_SECONDS: "0",
        NOTIFY_DELAY_MINUTES: "90",
        DIGEST_HOUR_UTC: "23",
      }).notifications,
    ).toEqual({ sweepSeconds: 0, delayMinutes: 90, digestHourUtc: 23 });
  });

  it("refuse values that make no sense, naming the variable", () => {
    for (const [name, value] of [
      ["NOTIFY_SWEEP_SECONDS", "-1"],
      ["NOTIFY_DELAY_MINUTES", "0"],
      ["DIGEST_HOUR_UTC", "24"],
      ["DIGEST_HOUR_UTC", "seven"],
    ] as const) {
      expect(() => loadConfig({ ...secrets, [name]: value })).toThrow(name);
    }
  });
});
