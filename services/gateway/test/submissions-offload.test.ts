import type { IncomingMessage } from "node:http";
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
const { base, apiKey, csvRows, domain, started, signal } = workerData;
const order = [];
const results = {};
const row = '"not-a-test-id-0000000000","1"\\n';
const csv = '"TxnID","FraudLabel"\\n' + row.repeat(csvRows);
const body = JSON.stringify({ domain_name: domain, task_number: 1, predictions_csv: csv });
const submit = fetch(base + "/api/submit", {
  method: "POST",
  headers: { "content-type": "application/json", "x-api-key": apiKey },
  body,
}).then(async (response) => {
  order.push("submit");
  results.submit = { status: response.status, body: await response.text() };
});
const wait = Atomics.waitAsync(started, signal, 0);
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
/**
 * Signals the client waits for: [CHECKING] is set by the gateway's debug line "checking
 * submission", logged just before it checks a file; [UPLOADED] once the gateway has received
 * the whole body of a /api/submit request, before it reads (decodes, parses) it.
 */
const started = new Int32Array(new SharedArrayBuffer(8));
const CHECKING = 0;
const UPLOADED = 1;
/** Debug lines "reading submission body": which requests the /submit body parser handled. */
let bodiesRead = 0;

function raise(signal: number): void {
  Atomics.store(started, signal, 1);
  Atomics.notify(started, signal);
}

beforeAll(async () => {
  const logger = pino(
    { level: "debug" },
    {
      write(line: string) {
        if (line.includes('"msg":"checking submission"')) raise(CHECKING);
        if (line.includes('"msg":"reading submission body"')) bodiesRead++;
      },
    },
  );
  t = await buildTestApp({ BODY_LIMIT_BYTES: String(64 * 1024 * 1024) }, { logger });
  // The raw request's "end" listeners run in the order they were added: this one, added as the
  // request arrives, runs before the gateway's body reader (added once the hooks before parsing
  // have run), i.e. just before the gateway decodes and parses the body.
  t.app.server.on("request", (request: IncomingMessage) => {
    if (request.url?.startsWith("/api/submit")) request.once("end", () => raise(UPLOADED));
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await t?.close();
});

interface Outcome {
  order?: string[];
  results?: Record<string, { status: number; body: string }>;
  error?: string;
}

/** Submits a large file from another thread and asks for health once `signal` is raised. */
async function race(options: { team: string; domain: string; signal: number }): Promise<Outcome> {
  const team = await activeTeam(t.app, options.team);
  const { port } = t.app.server.address() as AddressInfo;
  // Each signal is raised by every submission: lower it again for this one.
  Atomics.store(started, options.signal, 0);
  // About 28 MB of quoted CSV (32 MB as JSON): long enough to see who answers first.
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: {
      base: `http://127.0.0.1:${port}`,
      apiKey: team.api_key,
      csvRows: 900_000,
      domain: options.domain,
      started,
      signal: options.signal,
    },
  });
  try {
    return await new Promise<Outcome>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe("submission parsing off the request thread", () => {
  it("answers other requests while a large quoted file is being parsed", async () => {
    const outcome = await race({ team: "bulky", domain: "Retail Banking", signal: CHECKING });
    expect(outcome.error).toBeUndefined();
    expect(outcome.results?.health?.status).toBe(200);
    const submitted = outcome.results?.submit;
    expect(submitted?.status, submitted?.body.slice(0, 500)).toBe(400);
    expect(JSON.parse(submitted!.body).details.actual_rows).toBe(900_000);
    // Parsing on the request thread answers health only after the submission.
    expect(outcome.order).toEqual(["health", "submit"]);
  });

  it("answers other requests while a large submission's JSON body is being read", async () => {
    // An unknown domain is answered as soon as the body is read: no file check follows, so
    // reading the body on the request thread would answer the submission before health.
    const outcome = await race({ team: "bulky-json", domain: "Nowhere", signal: UPLOADED });
    expect(outcome.error).toBeUndefined();
    expect(outcome.results?.health?.status).toBe(200);
    const submitted = outcome.results?.submit;
    expect(submitted?.status, submitted?.body.slice(0, 500)).toBe(404);
    expect(JSON.parse(submitted!.body).error).toMatch(/^Unknown domain or challenge "Nowhere" 1/);
    expect(outcome.order).toEqual(["health", "submit"]);
  });

  it("reads only /api/submit bodies on parser threads; other routes keep the app's JSON parser", async () => {
    const team = await activeTeam(t.app, "small-bodies");
    const before = bodiesRead;
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify",
      headers: { "x-api-key": team.api_key, "content-type": "application/json" },
      payload: '{"a":1}',
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/login-verification",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("Request body is not valid JSON");
    expect(bodiesRead).toBe(before);
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/submit",
      headers: { "x-api-key": team.api_key },
      payload: { domain_name: "Nowhere", task_number: 1, predictions_csv: "a,b\n" },
    });
    expect(submitted.statusCode).toBe(404);
    expect(bodiesRead).toBe(before + 1);
  });
});
