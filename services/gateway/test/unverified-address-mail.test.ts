import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../../../test/support/smtp-sink";
import { buildTestApp, type TestApp } from "./helper";

// Issue 31, finding 11: "Sign-up stores any address unverified: a squatter's 'first name' reached
// the real owner in a genuine reset mail. No mail carries user-controlled text to an address that
// has not been verified."

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

/** The body as a reader sees it (quoted-printable soft breaks and escapes undone). */
const readable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe("a squatter's text never reaches the owner of an address", () => {
  it("a squatter who signs up with the victim's address and the name 'Click evil.example' does not reach the victim through the reset mail", async () => {
    const squat = await post("/api/save-user-signup", {
      firstName: "Click",
      lastName: "evil.example",
      fullName: "Click evil.example",
      email: "victim@example.org",
      password: "squatter-pass",
      isStudent: false,
      position: "Visit evil.example now",
      area: "Phishing",
      eligible: true,
      rememberMe: true,
    });
    expect(squat.statusCode, squat.body).toBe(201);
    // The real owner asks for a reset; the platform mails the genuine address.
    await post("/api/forgot-password", { email: "victim@example.org" });
    const mail = readable((await smtp.waitFor("victim@example.org")).raw);
    expect(mail).toContain("/reset-password?token=");
    for (const planted of ["Click", "evil.example", "Visit", "Phishing"]) {
      expect(mail).not.toContain(planted);
    }
  });
});
