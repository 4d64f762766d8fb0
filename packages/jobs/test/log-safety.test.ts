import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { LOG_CENSOR, redactUrl, withLogSafety } from "../src";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: withLogSafety(pino({ level: "info" }, sink)), lines };
}

describe("log safety", () => {
  it("replaces the values of secret-looking query parameters and keeps the rest", () => {
    expect(redactUrl("/api/reset?token=abc&next=%2Fhome")).toBe(
      `/api/reset?token=${LOG_CENSOR}&next=%2Fhome`,
    );
    expect(redactUrl("/cb?code=1&state=2&api%5Fkey=3&page=4")).toBe(
      `/cb?code=${LOG_CENSOR}&state=${LOG_CENSOR}&api%5Fkey=${LOG_CENSOR}&page=4`,
    );
    expect(redactUrl("/plain")).toBe("/plain");
    expect(redactUrl("/odd?%E0%A4%A=1&flag")).toBe("/odd?%E0%A4%A=1&flag");
  });

  it("censors credentials wherever a line carries them", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        req: { method: "GET", url: "/x?hubToken=t", headers: { authorization: "Bearer s" } },
        body: { password: "p", apiKey: "k", name: "kept" },
      },
      "request",
    );
    const [line] = lines as [Record<string, Record<string, unknown>>];
    expect(line.req).toMatchObject({ url: `/x?hubToken=${LOG_CENSOR}` });
    expect(line.body).toEqual({ password: LOG_CENSOR, apiKey: LOG_CENSOR, name: "kept" });
  });

  it("logs a database error without the values it was given", () => {
    const { logger, lines } = capture();
    const cause = Object.assign(new Error("duplicate key value (email)=(someone@example.org)"), {
      code: "23505",
      severity: "ERROR",
      constraint: "users_email_key",
      detail: "Key (email)=(someone@example.org) already exists.",
    });
    const err = Object.assign(new Error("Failed query: insert ... params: someone@example.org"), {
      query: "insert into users (email) values ($1)",
      params: ["someone@example.org"],
      cause,
    });
    logger.error({ err }, "insert failed");
    const text = JSON.stringify(lines);
    expect(text).not.toContain("someone@example.org");
    expect(lines[0]).toMatchObject({
      err: { database: { code: "23505", constraint: "users_email_key" } },
    });
  });
});
