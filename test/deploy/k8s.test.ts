import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@tandem/gateway";
import { SCORING_QUEUE } from "@tandem/jobs";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadWorkerConfig } from "../../workers/scoring/src/config";
import { REPO_ROOT } from "../support/processes";
import { createTestRedis, TEST_SECRETS } from "../support/services";
import { packageJson, READS, read, shutdownDelayMs } from "./support/code";
import { compose, resolvedCompose } from "./support/compose";
import { dockerfiles, IMAGE_TARGETS, runtime } from "./support/dockerfile";
import { typeCheck, validateModel } from "./support/k8s-types";
import { type K8sObject, kustomize, NAME_HASH, withoutNameHashes } from "./support/kustomize";
import {
  allManifests,
  base,
  cidrContains,
  containersOf,
  find,
  imageName,
  type Json,
  K8S_WORKLOADS,
  overlay,
  podSpecs,
  policyComponents,
  renderedBase,
  renderedOverlay,
  secretsExample,
  workload,
} from "./support/manifests";

/**
 * The kustomize tree, rendered by kubectl's kustomize and checked without a cluster: validated
 * against the Kubernetes API types (kubernetes-models and @kubernetes-models/keda) and
 * cross-checked against the code and docker-compose.yml: the variables the code reads, its probe
 * paths, ports, images and shutdown delays.
 */

describe("Kubernetes manifests", () => {
  it("validate against the Kubernetes and KEDA schemas", async () => {
    const errors: string[] = [];
    for (const { label, object } of allManifests) {
      await validateModel(object).catch((err: Error) => errors.push(`${label}: ${err.message}`));
    }
    expect(errors).toEqual([]);
  });

  it("use no field the Kubernetes and KEDA types do not define", () => {
    expect(typeCheck(allManifests)).toEqual([]);
  });

  it("name generated ConfigMaps and Secrets by a hash of their content, and refer to them by it everywhere", () => {
    for (const objects of [renderedBase, renderedOverlay]) {
      const generated = objects
        .filter((o) => o.kind === "ConfigMap" || o.kind === "Secret")
        .map((o) => o.metadata.name);
      expect(generated.filter((name) => !NAME_HASH.test(name))).toEqual([]);
      // A reference in a field kustomize does not know (k8s/base/kustomizeconfig.yaml teaches it
      // KEDA's) keeps the bare name, which names no object once pods roll onto the hashed one.
      const bare = new Set(generated.map((name) => name.replace(NAME_HASH, "")));
      const stale = objects.flatMap((object) => {
        const found: string[] = [];
        JSON.stringify(object, (key, value) => {
          if (typeof value === "string" && bare.has(value)) {
            found.push(`${object.kind}/${object.metadata.name} ${key}: ${value}`);
          }
          return value;
        });
        return found;
      });
      expect(stale).toEqual([]);
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
    const refs = allManifests.flatMap(({ object }) => [
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
    // A key handed to a variable of another name (GATEWAY_DATABASE_URL as DATABASE_URL) counts.
    const mapped = new Set(
      allManifests.flatMap(({ object }) =>
        containersOf(object).flatMap((c) =>
          ((c.env as Json[]) ?? []).flatMap((e) => {
            const ref = (e.valueFrom as { secretKeyRef?: { key: string } } | undefined)
              ?.secretKeyRef;
            return ref && readByAnyone.has(e.name as string) ? [ref.key] : [];
          }),
        ),
      ),
    );
    expect(
      Object.keys(secretsExample).filter(
        (k) => !readByAnyone.has(k) && !mapped.has(k) && !k.startsWith("KEDA_"),
      ),
    ).toEqual([]);
  });

  it("run the images compose builds, on the same port, as the same non-root user", () => {
    const composeImage = (service: string) => imageName(compose.services[service]!.image as string);
    const buildOf = (service: string) =>
      compose.services[service]!.build as { dockerfile: string; target?: string };
    expect(buildOf("gateway")).toMatchObject({
      dockerfile: dockerfiles.images.path,
      target: IMAGE_TARGETS.gateway,
    });
    expect(buildOf("worker")).toMatchObject({
      dockerfile: dockerfiles.images.path,
      target: IMAGE_TARGETS.worker,
    });
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

    for (const { object } of allManifests.filter(({ object }) => podSpecs(object).length)) {
      const security = podSpecs(object)[0]!.securityContext as Json;
      expect(security, object.metadata.name).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    }
  });

  it("run the same commands as package.json for the migration and the datasets", () => {
    const { scripts } = packageJson;
    const command = (role: "migrate" | "data") =>
      workload(base, K8S_WORKLOADS[role]).container.command as string[];
    // The migrations, then the roles (ADR 0021), as the owner.
    const node = (script: string) => `node --import tsx ${scripts[script]!.slice(4)}`;
    expect(command("migrate")).toEqual([
      "sh",
      "-c",
      `${node("db:migrate")} && ${node("db:roles")}`,
    ]);
    expect(command("data")).toEqual([
      "node",
      "--import",
      "tsx",
      scripts["data:generate"]!.slice(4),
    ]);
    expect(compose.services.migrate!.command).toEqual([
      "sh",
      "-c",
      "npm run db:migrate && npm run db:roles",
    ]);
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

  it("autoscale gateways on CPU and workers on the BullMQ wait list of the configured prefix and the queue's age", () => {
    const config = find(overlay, "ConfigMap", "tandem-config").data as Record<string, string>;
    const scaledObject = (objects: typeof overlay) =>
      find(objects, "ScaledObject", "tandem-scoring-worker").spec as {
        scaleTargetRef: { name: string };
        minReplicaCount: number;
        triggers: {
          type: string;
          metricType?: string;
          metadata: Record<string, string>;
          authenticationRef: { name: string };
        }[];
      };
    const scaled = scaledObject(overlay);
    expect(scaled.triggers.map((trigger) => trigger.type)).toEqual(["redis", "prometheus"]);
    // Age (ADR 0021, Scaling): the gateways' gauge of the oldest waiting submission, over 2 s.
    const age = scaled.triggers[1]!;
    expect(age.metadata.query).toBe("max(tandem_queue_oldest_wait_seconds)");
    expect(Number(age.metadata.threshold)).toBe(2);
    expect(age.metricType).toBe("Value");
    expect(read("services/gateway/src/lib/gateway-metrics.ts")).toContain(
      'name: "tandem_queue_oldest_wait_seconds"',
    );
    // The overlay names its Prometheus.
    const baseAddress = scaledObject(base).triggers[1]!.metadata.serverAddress;
    expect(age.metadata.serverAddress).toMatch(/^https?:\/\//);
    expect(age.metadata.serverAddress).not.toBe(baseAddress);
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

  it("point KEDA's list at the configured QUEUE_PREFIX, in the base's config or an overlay's", () => {
    const dir = mkdtempSync(join(tmpdir(), "tandem-k8s-prefix-"));
    try {
      cpSync(join(REPO_ROOT, "k8s"), dir, { recursive: true });
      const edit = (file: string, from: string, to: string) => {
        const text = readFileSync(join(dir, file), "utf8");
        expect(text).toContain(from);
        writeFileSync(join(dir, file), text.replace(from, to));
      };
      edit("base/config.env", "QUEUE_PREFIX=tandem\n", "QUEUE_PREFIX=from-base\n");
      const [fromBase] = kustomize(dir, ["base"]);
      edit(
        "overlays/example/kustomization.yaml",
        "      - PUBLIC_URL=",
        "      - QUEUE_PREFIX=from-overlay\n      - PUBLIC_URL=",
      );
      const [fromOverlay] = kustomize(dir, ["overlays/example"]);
      const listName = (objects: K8sObject[]) =>
        (
          find(withoutNameHashes(objects), "ScaledObject", "tandem-scoring-worker").spec as {
            triggers: { metadata: Record<string, string> }[];
          }
        ).triggers[0]!.metadata.listName;
      expect(listName(fromBase!)).toBe(`from-base:${SCORING_QUEUE}:wait`);
      expect(listName(fromOverlay!)).toBe(`from-overlay:${SCORING_QUEUE}:wait`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("connect the gateways and the workers as their own roles, which the migrate Job sets (ADR 0021)", () => {
    const url = (role: keyof typeof K8S_WORKLOADS) =>
      new URL(workload(overlay, K8S_WORKLOADS[role]).env.DATABASE_URL!);
    expect(
      (["migrate", "data", "gateway", "worker"] as const).map((role) => url(role).username),
    ).toEqual(["tandem", "tandem", "tandem_gateway", "tandem_worker"]);
    const migrate = workload(overlay, K8S_WORKLOADS.migrate).env;
    expect(decodeURIComponent(url("gateway").password)).toBe(migrate.GATEWAY_DB_PASSWORD);
    expect(decodeURIComponent(url("worker").password)).toBe(migrate.WORKER_DB_PASSWORD);
    const config = find(overlay, "ConfigMap", "tandem-config").data as Record<string, string>;
    expect(config.REQUIRE_ANSWER_FREE_ROLE).toBe("true");
    expect(
      loadConfig({ ...workload(overlay, K8S_WORKLOADS.gateway).env, ...TEST_SECRETS }),
    ).toMatchObject({ requireAnswerFreeRole: true });
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

  it("let no pod reach a private, link-local (cloud metadata) or carrier-grade NAT address", () => {
    // Issue 31, finding 13: "Egress policy allows link-local and carrier-grade NAT ranges": a
    // gateway could reach the cloud's metadata service (169.254.169.254) and addresses in
    // 100.64.0.0/10 through its internet rule. One address from each range, IPv4 and IPv6.
    const denied = {
      "10.0.0.0/8": "10.1.2.3",
      "172.16.0.0/12": "172.31.0.1",
      "192.168.0.0/16": "192.168.1.1",
      "169.254.0.0/16 (cloud metadata)": "169.254.169.254",
      "169.254.0.0/16": "169.254.0.1",
      "100.64.0.0/10": "100.64.0.1",
      "100.64.0.0/10 (top)": "100.127.255.254",
      "fe80::/10": "fe80::1",
      "fc00::/7 (cloud metadata)": "fd00:ec2::254",
      "fc00::/7": "fc00::1",
    };
    type Peer = { ipBlock?: { cidr: string; except?: string[] } };
    const reaches = (rule: { to?: Peer[] }, address: string) =>
      // A rule without `to` goes everywhere; pod and namespace selectors stay in the cluster.
      !rule.to ||
      rule.to.some(
        ({ ipBlock }) =>
          ipBlock !== undefined &&
          cidrContains(ipBlock.cidr, address) &&
          !(ipBlock.except ?? []).some((cidr) => cidrContains(cidr, address)),
      );
    const rules = overlay
      .filter((o) => o.kind === "NetworkPolicy")
      .flatMap((policy) =>
        ((policy.spec as { egress?: { to?: Peer[] }[] }).egress ?? []).map((rule) => ({
          name: policy.metadata.name,
          rule,
        })),
      );
    for (const { name, rule } of rules) {
      for (const [range, address] of Object.entries(denied)) {
        expect(reaches(rule, address), `${name} reaches ${address} (${range})`).toBe(false);
      }
    }
    // Not vacuous: the gateways still reach the internet (GitHub, SMTP).
    expect(rules.some(({ rule }) => reaches(rule, "140.82.112.3"))).toBe(true);
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
