import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeTeam, buildTestApp, type TestApp } from "./helper";

/**
 * The client runs on a thread of its own: while the gateway's thread is busy, the test's thread
 * is too, so only another thread can send a request "while the server parses" and see which
 * answer comes back first.
 */
const CLIENT = `
const { parentPort, workerData } = require("node:worker_threads");
const { base, apiKey, csvRows, started } = workerData;
const order = [];
const results = {};
const row = '"not-a-test-id-0000000000","1"\\n';
const csv = '"TxnID","FraudLabel"\\n' + row.repeat(csvRows);
const body = JSON.stringify({ domain_name: "Retail Banking", task_number: 1, predictions_csv: csv });
const submit = fetch(base + "/api/submit", {
  method: "POST",
  headers: { "content-type": "application/json", "x-api-key": apiKey },
  body,
}).then(async (response) => {
  order.push("submit");
  results.submit = { status: response.status, body: await response.text() };
});
const wait = Atomics.waitAsync(started, 0, 0);
// Should the signal never come, health is asked after the submission rather than never.
const health = Promise.race([wait.async ? wait.value : undefined, submit]).then(async () => {
  const response = await fetch(base + "/api/health");
  order.push("health");
  results.health = { status: response.status, body: await response.text() };
});
Promise.all([submit, health]).then(
  () => parentPort.postMessage({ order, results }),
  (err) => parentPort.postMessage({ error: String(err) }),
);
`;

let t: TestApp;
/** Set by the gateway's debug line "checking submission", logged just before it parses a file. */
const started = new Int32Array(new SharedArrayBuffer(4));

beforeAll(async () => {
  const logger = pino(
    { level: "debug" },
    {
      write(line: string) {
        if (line.includes('"msg":"checking submission"')) {
          Atomics.store(started, 0, 1);
          Atomics.notify(started, 0);
        }
      },
    },
  );
  t = await buildTestApp({ BODY_LIMIT_BYTES: String(64 * 1024 * 1024) }, { logger });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await t?.close();
});

describe("submission parsing off the request thread", () => {
  it("answers other requests while a large quoted file is being parsed", async () => {
    const team = await activeTeam(t.app, "bulky");
    const { port } = t.app.server.address() as AddressInfo;
    // About 28 MB of quoted CSV: seconds of parsing, long enough to see who answers first.
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: {
        base: `http://127.0.0.1:${port}`,
        apiKey: team.api_key,
        csvRows: 900_000,
        started,
      },
    });
    const outcome = await new Promise<{
      order?: string[];
      results?: Record<string, { status: number; body: string }>;
      error?: string;
    }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    expect(outcome.error).toBeUndefined();
    expect(outcome.results?.health?.status).toBe(200);
    const submitted = outcome.results?.submit;
    expect(submitted?.status, submitted?.body.slice(0, 500)).toBe(400);
    expect(JSON.parse(submitted!.body).details.actual_rows).toBe(900_000);
    // Parsing on the request thread answers health only after the submission.
    expect(outcome.order).toEqual(["health", "submit"]);
  });
});
