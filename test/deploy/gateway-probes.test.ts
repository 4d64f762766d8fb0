import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@tandem/db";
import { buildApp, loadConfig } from "@tandem/gateway";
import { createMemoryStore, createRankingsCache } from "@tandem/jobs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRETS } from "../support/services";
import { runtime } from "./support/dockerfile";
import { type Json, K8S_WORKLOADS, overlay, workload } from "./support/manifests";

describe("the gateway's health checks", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tandem-deploy-"));
    // Only the probe routes are called, and they touch neither the database nor the queue.
    app = await buildApp({
      config: loadConfig({ ...TEST_SECRETS, DATA_DIR: dir, WEB_DIST_DIR: join(dir, "web") }),
      db: {} as Database,
      dispatcher: { dispatch: async () => "finished", ping: async () => {}, close: async () => {} },
      readyChecks: { database: async () => {}, redis: async () => {} },
      logger: false,
      rankingsCache: createRankingsCache(createMemoryStore(), "deploy-test"),
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answer on every path the image and the Deployment probe", async () => {
    const { container } = workload(overlay, K8S_WORKLOADS.gateway);
    const probes = ["startupProbe", "livenessProbe", "readinessProbe"].map(
      (name) => (container[name] as { httpGet: { path: string; port: string } }).httpGet,
    );
    const dockerPath = /\/api\/[a-z]+/.exec(runtime.gateway.healthcheck!.join(" "))![0];
    for (const path of [dockerPath, ...probes.map((p) => p.path)]) {
      const response = await app.inject({ method: "GET", url: path });
      expect(response.statusCode, path).toBe(200);
    }
    expect((container.livenessProbe as Json).httpGet).toMatchObject({ path: "/api/health" });
    expect((container.readinessProbe as Json).httpGet).toMatchObject({ path: "/api/ready" });
  });
});
