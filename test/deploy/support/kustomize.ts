import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parseAllDocuments } from "yaml";

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

/** The suffix kustomize adds to a generated ConfigMap's or Secret's name: a hash of its content. */
export const NAME_HASH = /-[a-z0-9]{10}$/;

const MISSING_KUBECTL = `kubectl is not on PATH. The Kubernetes tests render k8s/ with \`kubectl kustomize\`
(kustomize v5): the machine images ship it with the Google Cloud CLI. Debian's kubernetes-client
(kubectl 1.20, kustomize v2) is no substitute: it rejects the overlay's \`patches\`.`;

/**
 * Renders kustomizations of `k8sDir` with kubectl's kustomize, the one `kubectl apply -k` runs.
 * It works on a copy where every secrets.env is its committed template: the real file is
 * git-ignored, and the tests check the template.
 */
export function kustomize(k8sDir: string, kustomizations: string[]): K8sObject[][] {
  const dir = mkdtempSync(join(tmpdir(), "tandem-kustomize-"));
  try {
    cpSync(k8sDir, dir, { recursive: true, filter: (path) => basename(path) !== "secrets.env" });
    for (const kustomization of kustomizations) {
      const template = join(dir, kustomization, "secrets.env.example");
      if (existsSync(template)) cpSync(template, template.replace(/\.example$/, ""));
    }
    return kustomizations.map((kustomization) => {
      let text: string;
      try {
        text = execFileSync("kubectl", ["kustomize", join(dir, kustomization)], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(MISSING_KUBECTL);
        throw error;
      }
      return parseAllDocuments(text).map((doc) => {
        if (doc.errors.length) throw new Error(`${kustomization}: ${doc.errors[0]!.message}`);
        const object = doc.toJS() as K8sObject;
        // kustomize wraps long base64 values over several lines.
        if (object.kind === "Secret" && object.data) {
          object.data = Object.fromEntries(
            Object.entries(object.data as Record<string, string>).map(([key, value]) => [
              key,
              value.replace(/\s/g, ""),
            ]),
          );
        }
        return object;
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The objects with their generated names' hashes taken off, wherever the names are referred to,
 * so that tests name `tandem-config` rather than a hash that changes with every setting.
 */
export function withoutNameHashes(objects: K8sObject[]): K8sObject[] {
  const hashed = new Map(
    objects
      .filter(
        (o) => (o.kind === "ConfigMap" || o.kind === "Secret") && NAME_HASH.test(o.metadata.name),
      )
      .map((o) => [o.metadata.name, o.metadata.name.replace(NAME_HASH, "")]),
  );
  return JSON.parse(JSON.stringify(objects), (_key, value) =>
    typeof value === "string" && hashed.has(value) ? hashed.get(value) : value,
  ) as K8sObject[];
}
