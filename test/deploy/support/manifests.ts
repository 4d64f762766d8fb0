import { BlockList, isIPv6 } from "node:net";
import { join } from "node:path";
import { REPO_ROOT } from "../../support/processes";
import { readEnvFile } from "./compose";
import { runtime } from "./dockerfile";
import { type K8sObject, kustomize, withoutNameHashes } from "./kustomize";

/** k8s/base and k8s/overlays/example as kubectl kustomize renders them, and ways to read them. */

export type Json = Record<string, unknown>;

/** As rendered, generated names with their hashes. */
export const [renderedBase, renderedOverlay] = kustomize(join(REPO_ROOT, "k8s"), [
  "base",
  "overlays/example",
]) as [K8sObject[], K8sObject[]];
export const base = withoutNameHashes(renderedBase);
export const overlay = withoutNameHashes(renderedOverlay);
export const secretsExample = readEnvFile("k8s/overlays/example/secrets.env.example");

/** Every object of both, labelled for assertion messages. */
export const allManifests = [
  ...base.map((object) => ({ label: `base ${object.kind}/${object.metadata.name}`, object })),
  ...overlay.map((object) => ({
    label: `overlays/example ${object.kind}/${object.metadata.name}`,
    object,
  })),
];

export const K8S_WORKLOADS = {
  gateway: ["Deployment", "tandem-gateway"],
  worker: ["Deployment", "tandem-scoring-worker"],
  migrate: ["Job", "tandem-migrate"],
  data: ["Job", "tandem-data"],
} as const;

export function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const object = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!object) throw new Error(`${kind}/${name} missing`);
  return object;
}

export function podSpecs(object: K8sObject): Json[] {
  const spec = object.spec as Json | undefined;
  const template = spec?.template as Json | undefined;
  return template?.spec ? [template.spec as Json] : [];
}

export function containersOf(object: K8sObject): Json[] {
  return podSpecs(object).flatMap((pod) => [
    ...((pod.containers as Json[]) ?? []),
    ...((pod.initContainers as Json[]) ?? []),
  ]);
}

export function imageName(image: string): string {
  return image.replace(/:[^/:]+$/, "");
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

export function workload(objects: K8sObject[], [kind, name]: readonly [string, string]) {
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

/** The components a NetworkPolicy applies to (`*`: every pod in the namespace). */
export function policyComponents(policy: K8sObject): string[] {
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

/** Whether `address` is in `cidr`; an address of the other IP family never is. */
export function cidrContains(cidr: string, address: string): boolean {
  const [network, bits] = cidr.split("/") as [string, string];
  const family = isIPv6(network) ? "ipv6" : "ipv4";
  if ((isIPv6(address) ? "ipv6" : "ipv4") !== family) return false;
  const block = new BlockList();
  block.addSubnet(network, Number(bits), family);
  return block.check(address, family);
}
