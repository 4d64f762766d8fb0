import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { fillPlaceholders, readPercentCells } from "../src/notebook/percent";
import { PYTHON } from "./support/baseline";

const SOURCE = join(import.meta.dirname, "..", "src");

describe("notebook templates", () => {
  it("are valid Python, every one of them", async () => {
    const templates = (await readdir(SOURCE, { recursive: true }))
      .filter((file) => file.endsWith(".py"))
      .map((file) => join(SOURCE, file));
    expect(templates.length).toBeGreaterThan(17);
    const check =
      "import sys\nfor path in sys.argv[1:]:\n    compile(open(path).read(), path, 'exec')";
    await promisify(execFile)(PYTHON, ["-c", check, ...templates]);
  });

  it("read markdown from comment lines and leave out what stands above the first cell", () => {
    const cells = readPercentCells(
      '"""For readers."""\n\n# %% [markdown]\n# # Title\n#\n# Text\n\n# %%\nx = 1\n\n# %% [challenge]\npass\n',
    );
    expect(cells).toEqual([
      { kind: "markdown", source: "# Title\n\nText" },
      { kind: "code", source: "x = 1" },
      { kind: "challenge", source: "pass" },
    ]);
    expect(() => readPercentCells("# %% [markdown]\nnot a comment\n")).toThrow(/comments/);
  });

  it("fill every placeholder, and refuse one without a value", () => {
    expect(
      fillPlaceholders('n = __NUMBER__  # "__DOMAIN_NAME__"', { NUMBER: "2", DOMAIN_NAME: "Food" }),
    ).toBe('n = 2  # "Food"');
    expect(() => fillPlaceholders("__FOLDER__", {})).toThrow(/__FOLDER__/);
  });
});
