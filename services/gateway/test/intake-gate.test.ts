import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIntakeGate } from "../src/lib/intake-gate";
import { activeTeam, buildTestApp, captureLogs, type TestApp } from "./helper";

/** Issue 20: at most N submissions read and checked at once; the others wait, unread. */
describe("the intake gate", () => {
  it("lets `slots` in, queues the rest in order, and frees a slot once per release", async () => {
    const gate = createIntakeGate(2);
    const order: number[] = [];
    const first = await gate.enter();
    const second = await gate.enter();
    const waiting = [3, 4].map((n) =>
      gate.enter().then((leave) => {
        order.push(n);
        return leave;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    expect(gate.stats()).toMatchObject({ waiting: 2, inUse: 2 });
    first();
    first(); // twice: still one slot
    const third = await waiting[0]!;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([3]);
    second();
    const fourth = await waiting[1]!;
    expect(order).toEqual([3, 4]);
    third();
    fourth();
    expect(gate.stats()).toMatchObject({ waiting: 0, inUse: 0, peakWaiting: 2 });
  });
});

describe("/api/submit behind a one-slot gate", () => {
  let t: TestApp;
  let base: string;
  let apiKey: string;
  let sample: string;

  beforeAll(async () => {
    t = await buildTestApp({ SUBMISSION_INTAKE_SLOTS: "1", SUBMIT_WAIT_MS: "0" });
    apiKey = (await activeTeam(t.app, "gated")).api_key;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    sample = await (await fetch(`${base}/static/retail-banking/sample_submission_c1.csv`)).text();
  });
  afterAll(async () => t?.close());

  /** A valid file, different for each `n` (the same file twice is answered as a replay). */
  const file = (n: number) => {
    const [header, ...rows] = sample.trimEnd().split("\n");
    const lines = rows.map((row, i) => `${row.split(",")[0]},${(n >> (i % 8)) & 1}`);
    return `${[header, ...lines].join("\n")}\n`;
  };
  const submit = (n: number, signal?: AbortSignal) =>
    fetch(`${base}/api/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      body: JSON.stringify({
        domain_name: "Retail Banking",
        task_number: 1,
        predictions_csv: file(n),
      }),
      ...(signal ? { signal } : {}),
    });

  it("answers every one of many concurrent submissions, one read at a time", async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => submit(n)));
    expect(answers.map((answer) => answer.status).every((s) => s === 200 || s === 202)).toBe(true);
    const ids = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { submission_id: string }).submission_id),
    );
    expect(new Set(ids).size).toBe(6);
  });

  it("does not lose the slot of a client that gave up while waiting", async () => {
    const controllers = [new AbortController(), new AbortController()];
    const running = submit(10);
    const abandoned = controllers.map((c, i) => submit(11 + i, c.signal).catch(() => null));
    // Aborted while the first holds the only slot: they wait for it, unread.
    await new Promise((resolve) => setTimeout(resolve, 30));
    for (const c of controllers) c.abort();
    await Promise.all(abandoned);
    expect([200, 202]).toContain((await running).status);
    // Were a slot lost, this would wait forever (the test's time limit).
    const after = await submit(20);
    expect([200, 202]).toContain(after.status);
  });
});

describe("/api/submit's intake slots over real sockets", () => {
  const logs = captureLogs("debug");
  let t: TestApp;
  let base: string;
  let apiKeys: string[];
  let sample: string;

  beforeAll(async () => {
    t = await buildTestApp(
      { SUBMISSION_INTAKE_SLOTS: "1", SUBMISSION_BODIES_READ: "1", SUBMIT_WAIT_MS: "0" },
      { logger: logs.logger },
    );
    // One after another: activeTeam signs the admin in, and its activation is not checked.
    apiKeys = [];
    for (const name of ["slot-a", "slot-b", "slot-c"]) {
      apiKeys.push((await activeTeam(t.app, name)).api_key);
    }
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    sample = await (await fetch(`${base}/static/retail-banking/sample_submission_c1.csv`)).text();
  });
  afterAll(async () => t?.close());

  // Node destroys a request once its whole body is read, so a slot given back whenever the
  // request "is destroyed" was given back as soon as it was taken: the gate admitted everyone.
  it("checks one file at a time with one slot, whatever arrives meanwhile", async () => {
    const [header, ...rows] = sample.trimEnd().split("\n");
    const sends = [0, 1, 2, 3, 4, 5].map((n) => {
      const lines = rows.map((row, i) => `${row.split(",")[0]},${(n + i) % 2}`);
      return fetch(`${base}/api/submit`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": apiKeys[n % 3]! },
        body: JSON.stringify({
          domain_name: "Retail Banking",
          task_number: 1,
          predictions_csv: `${[header, ...lines].join("\n")}\n`,
        }),
      });
    });
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202, 202]);
    // Each file's slot: taken when its body is read on a thread, given back once it is checked.
    const messages = logs.captured.text
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    const events = messages.filter(
      (msg) => msg === "reading submission body" || msg.startsWith("submission checked"),
    );
    expect(events).toHaveLength(12);
    let held = 0;
    for (const event of events) {
      held += event === "reading submission body" ? 1 : -1;
      expect(held).toBeGreaterThanOrEqual(0);
      expect(held).toBeLessThanOrEqual(1);
    }
    // Bodies in memory without a slot: at most the readers' one place. The next body is read
    // only once the one before has its slot; the others wait unread in the network buffers.
    let waiting = 0;
    for (const msg of messages) {
      if (msg.startsWith("submission body in")) waiting += 1;
      if (msg === "reading submission body") waiting -= 1;
      expect(waiting).toBeLessThanOrEqual(1);
    }
  });
});
