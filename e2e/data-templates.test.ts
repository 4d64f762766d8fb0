import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { buildOnce } from "./data-templates";

const root = await mkdtemp(join(tmpdir(), "tandem-templates-test-"));
afterAll(() => rm(root, { recursive: true, force: true }));

/** A build that takes a while, as a first start does, and counts its calls. */
function slowBuild(template: string) {
  let calls = 0;
  return {
    calls: () => calls,
    async build() {
      calls += 1;
      await sleep(400);
      await mkdir(template);
      await writeFile(join(template, "marker"), "built");
    },
  };
}

describe("data templates", () => {
  it("builds a template once when two workers ask for it at the same time", async () => {
    const template = join(root, "same");
    const first = slowBuild(template);
    const second = slowBuild(template);
    const paths = await Promise.all([
      buildOnce(template, () => first.build()),
      buildOnce(template, () => second.build()),
    ]);
    expect(paths).toEqual([template, template]);
    expect(first.calls() + second.calls()).toBe(1);
  });

  it("lets the next worker build when the first one's build failed", async () => {
    const template = join(root, "retry");
    await expect(
      buildOnce(template, async () => {
        throw new Error("first start failed");
      }),
    ).rejects.toThrow("first start failed");
    const retry = slowBuild(template);
    await expect(buildOnce(template, () => retry.build())).resolves.toBe(template);
    expect(retry.calls()).toBe(1);
  });
});
