import { describe, expect, it } from "vitest";
import { packageJson, read, workspaces } from "./support/code";
import { argumentsOf, copySources, dockerfiles, isCopyFrom, runtime } from "./support/dockerfile";

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
      const copied = file.stages[0]!.instructions.filter((i) => i.getKeyword() === "COPY")
        .flatMap(copySources)
        .filter((source) => source.endsWith("package.json"));
      expect(copied.sort(), file.path).toEqual(
        ["package.json", ...workspaces().map((dir) => `${dir}/package.json`)].sort(),
      );
    }
  });

  it("run the process entry points of package.json as the non-root node user, with health checks", () => {
    const { scripts } = packageJson;
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
    expect(packageJson.dependencies?.tsx).toBeDefined();
  });

  it("build the single-page app the gateway serves", () => {
    const build = dockerfiles.images.stages.find((s) => s.name === "build")!;
    expect(
      build.instructions.map((i) => `${i.getKeyword()} ${argumentsOf(i).join(" ")}`),
    ).toContain("RUN npm run build:web");
    expect(runtime.gateway.env.WEB_DIST_DIR).toBe("/app/web/dist");
    expect(
      runtime.gateway.stage.instructions.some(
        (i) => isCopyFrom(i, "build") && argumentsOf(i).join(" ") === "/app/web/dist ./web/dist",
      ),
    ).toBe(true);
  });

  it("keep secrets and dependencies out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const pattern of [".env", "**/node_modules", ".git"]) expect(ignored).toContain(pattern);
  });
});
