import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, captureLogs, type TestApp } from "./helper";

let t: TestApp;
const logCapture = captureLogs("info");

beforeAll(async () => {
  t = await buildTestApp({}, { logger: logCapture.logger });
});
afterAll(async () => {
  await t?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The request id of the log lines of one health check sent with `header` as X-Request-Id. */
async function loggedIdFor(header: string): Promise<string> {
  const marker = `/api/health?probe=${Math.random().toString(36).slice(2)}`;
  const response = await t.app.inject({
    method: "GET",
    url: marker,
    headers: { "x-request-id": header },
  });
  expect(response.statusCode).toBe(200);
  const lines = logCapture.captured.text
    .split("\n")
    .filter((line) => line.includes(marker.split("?")[1]!))
    .map((line) => JSON.parse(line) as { reqId?: string });
  expect(lines.length).toBeGreaterThan(0);
  const ids = new Set(lines.map((line) => line.reqId));
  expect(ids.size).toBe(1);
  return [...ids][0]!;
}

describe("the X-Request-Id a client sends", () => {
  it("is kept when it is a well-formed id", async () => {
    expect(await loggedIdFor("trace-0f3a.9:b_C")).toBe("trace-0f3a.9:b_C");
    const uuid = "0b7c8f52-3c1e-4a5e-9f6d-2a1b3c4d5e6f";
    expect(await loggedIdFor(uuid)).toBe(uuid);
  });

  it.each([
    ["forged log content", 'evil" level=50 msg="admin signed in'],
    ["a 10 KB id", "a".repeat(10 * 1024)],
    ["spaces and a URL", "see https://evil.example/login"],
    ["one character too many", "x".repeat(65)],
    ["non-ASCII look-alikes", "ｒｅｑ-1"],
  ])("is replaced by a generated id when it is %s", async (_name, header) => {
    const id = await loggedIdFor(header);
    expect(id).not.toBe(header);
    expect(id).toMatch(UUID);
  });
});
