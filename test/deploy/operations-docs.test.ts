import { describe, expect, it } from "vitest";
import { READS, read } from "./support/code";
import { envExample } from "./support/compose";
import { base, find, secretsExample } from "./support/manifests";

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
