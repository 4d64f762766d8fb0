import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { submissions } from "@tandem/db";
import { parseCsvRows } from "@tandem/scoring";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../test/support/processes";
import { activeTeam, adminAuth, buildTestApp, type TestApp } from "./helper";

// The gateway's Prometheus metrics: served on METRICS_PORT only, never on the public port.

let t: TestApp;
let metricsUrl: string;
beforeAll(async () => {
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  t = await buildTestApp({
    METRICS_PORT: String(port),
    METRICS_HOST: "127.0.0.1",
    SUBMISSIONS_PER_DAY: "1",
  });
});
afterAll(async () => {
  await t?.close();
});

const inject = (options: InjectOptions) => t.app.inject(options);

/** A valid file for Retail Banking challenge 1 whose labels vary with `variant`. */
async function predictions(variant: number): Promise<string> {
  const ids = parseCsvRows(
    (await inject({ url: "/static/retail-banking/sample_submission_c1.csv" })).body,
  )
    .slice(1)
    .map((row) => row[0]!);
  return `TxnID,FraudLabel\n${ids.map((id, i) => `${id},${i % (variant + 2) === 0 ? 1 : 0}`).join("\n")}\n`;
}

const submit = (key: string, csv: string, headers: Record<string, string> = {}) =>
  inject({
    method: "POST",
    url: "/api/submit",
    headers: { "x-api-key": key, ...headers },
    payload: { domain_name: "Retail Banking", task_number: 1, predictions_csv: csv },
  });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, one sample a line (label values here hold no quotes or commas). */
function parseSamples(text: string): Sample[] {
  return text.split("\n").flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The value of the one sample named `name` with exactly these labels; undefined if none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.filter(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

async function scrape(): Promise<{ status: number; type: string | null; samples: Sample[] }> {
  const response = await fetch(metricsUrl);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    samples: parseSamples(await response.text()),
  };
}

describe("Prometheus metrics", () => {
  it("count accepted, replayed and refused submissions by the code the caller gets", async () => {
    const team = await activeTeam(t.app, `metrics-${randomBytes(3).toString("hex")}`);
    const before = (await scrape()).samples;
    const count = (samples: Sample[], labels: Record<string, string>) =>
      (sampleValue(samples, "tandem_submissions_total", labels) ?? 0) -
      (sampleValue(before, "tandem_submissions_total", labels) ?? 0);

    const accepted = await submit(team.api_key, await predictions(0), { "idempotency-key": "m-1" });
    expect(accepted.statusCode).toBe(200);
    const replayed = await submit(team.api_key, await predictions(0), { "idempotency-key": "m-1" });
    expect(replayed.json().submission_id).toBe(accepted.json().submission_id);
    const invalid = await submit(team.api_key, "TxnID,FraudLabel\nnot-an-id,1\n");
    expect(invalid.json().code).toBe("submission.invalid");
    const limited = await submit(team.api_key, await predictions(1));
    expect(limited.json().code).toBe("submission.daily_limit");
    const unknownKey = await submit("tk_not-a-key", await predictions(2));
    expect(unknownKey.statusCode).toBe(401);

    const { status, type, samples } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(count(samples, { outcome: "accepted" })).toBe(1);
    expect(count(samples, { outcome: "replayed" })).toBe(1);
    expect(count(samples, { outcome: "refused", reason: "submission.invalid" })).toBe(1);
    expect(count(samples, { outcome: "refused", reason: "submission.daily_limit" })).toBe(1);
    expect(count(samples, { outcome: "refused", reason: unknownKey.json().code })).toBe(1);
  });

  it("time requests under their route's template, never the URL asked for", async () => {
    const team = await activeTeam(t.app, `routes-${randomBytes(3).toString("hex")}`);
    const sent = await submit(team.api_key, await predictions(3));
    expect(sent.statusCode).toBe(200);
    const id = sent.json().submission_id as string;
    const before = (await scrape()).samples;
    for (let i = 0; i < 3; i++) {
      const detail = await inject({
        url: `/api/submissions/${id}`,
        headers: { "x-api-key": team.api_key },
      });
      expect(detail.statusCode).toBe(200);
    }
    await inject({ url: `/api/no-such-route-${randomBytes(4).toString("hex")}` });

    const { samples } = await scrape();
    const route = { method: "GET", route: "/api/submissions/:id", status_code: "200" };
    const name = "tandem_http_request_duration_seconds_count";
    expect((sampleValue(samples, name, route) ?? 0) - (sampleValue(before, name, route) ?? 0)).toBe(
      3,
    );
    expect(
      sampleValue(samples, "tandem_http_request_duration_seconds_bucket", { ...route, le: "+Inf" }),
    ).toBe(sampleValue(samples, name, route));
    expect(
      sampleValue(samples, name, { method: "GET", route: "unmatched", status_code: "404" }),
    ).toBeGreaterThanOrEqual(1);
    const routes = new Set(samples.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => r!.includes(id) || r!.includes("no-such-route"))).toEqual([]);
  });

  it("read the queue's depth and oldest wait from the database on each scrape", async () => {
    const team = await activeTeam(t.app, `queue-${randomBytes(3).toString("hex")}`);
    const hourAgo = new Date(Date.now() - 3_600_000);
    // Rows with no job: nothing scores them, so they wait as long as the test needs.
    await t.database.handle.db.insert(submissions).values(
      ["queued", "scoring", "scored"].map((status) => ({
        teamId: team.id,
        challengeKey: "retail-banking/1",
        predictions: gzipSync("TxnID,FraudLabel\n"),
        payloadHash: randomBytes(16).toString("hex"),
        rowCount: 0,
        metricName: "Macro-F1",
        counted: true,
        status: status as "queued" | "scoring" | "scored",
        createdAt: hourAgo,
      })),
    );

    const { samples } = await scrape();
    expect(sampleValue(samples, "tandem_queue_depth")).toBe(2);
    const oldest = sampleValue(samples, "tandem_queue_oldest_wait_seconds") ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(3600);
    expect(oldest).toBeLessThan(3600 + 600);
    expect(sampleValue(samples, "tandem_process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("are not served on the public port, to anyone", async () => {
    const team = await activeTeam(t.app, `public-${randomBytes(3).toString("hex")}`);
    const callers = [{}, await adminAuth(t.app), { "x-api-key": team.api_key }];
    for (const headers of callers) {
      for (const url of ["/metrics", "/api/metrics", "/metrics/"]) {
        const response = await inject({ url, headers });
        expect(response.body, url).not.toContain("tandem_");
        expect(response.headers["content-type"], url).not.toMatch(/version=0\.0\.4/);
      }
    }
    // And the metrics port answers /metrics only.
    expect((await fetch(metricsUrl.replace("/metrics", "/api/health"))).status).toBe(404);
  });
});
