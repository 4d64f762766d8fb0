import { isAbsolute, join } from "node:path";
import type { EmbeddedSecrets } from "@tandem/db";
import { describe, expect, it } from "vitest";
import { loadEmbeddedConfig } from "../src/config";

const SECRETS: EmbeddedSecrets = {
  jwtSecret: "j".repeat(48),
  apiKeyEncryptionKey: Buffer.alloc(32, 7).toString("base64"),
  jupyterSigningKey: "s".repeat(64),
  dataSeed: "install-seed",
};

function load(env: Record<string, string | undefined>) {
  const asked: string[] = [];
  const config = loadEmbeddedConfig(env, (dir) => {
    asked.push(dir);
    return SECRETS;
  });
  return { config, asked };
}

describe("embedded mode's configuration", () => {
  it("reads DATA_DIR once, absolute, and finds the install's secrets there", () => {
    const { config, asked } = load({ DATA_DIR: "tmp-data" });
    expect(asked).toEqual([join(process.cwd(), "tmp-data")]);
    expect(config.gateway.dataDir).toBe(asked[0]);
    expect(isAbsolute(load({}).config.gateway.dataDir)).toBe(true);
    expect(load({}).config.gateway.dataDir).toBe(join(process.cwd(), ".data"));
  });

  it("uses the install's secrets and seed unless the environment gives them", () => {
    expect(load({}).config.dataSeed).toBe("install-seed");
    expect(load({ DATA_SEED: " mine " }).config.dataSeed).toBe("mine");
  });

  it("takes DATA_SCALE as a number, 1 by default", () => {
    expect(load({}).config.dataScale).toBe(1);
    expect(load({ DATA_SCALE: "0.25" }).config.dataScale).toBe(0.25);
  });

  it.each([
    ["abc", "DATA_SCALE must be a number"],
    ["0", "DATA_SCALE must be greater than 0"],
    ["-1", "DATA_SCALE must be greater than 0"],
    ["50", "DATA_SCALE must be at most 10"],
  ])("refuses DATA_SCALE=%s with a message naming it", (value, message) => {
    expect(() => load({ DATA_SCALE: value })).toThrow(message);
  });
});
