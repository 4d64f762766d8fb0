import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { definitionJsonSchema } from "../src";
import { DEFAULT_DEFINITION_FILE, defaultDefinition } from "../src/server";

const SCHEMA_FILE = new URL("../definition/schema.json", import.meta.url);

describe("the definition's JSON Schema for editors", () => {
  it("is the file the repository ships (npm run competition:schema writes it)", () => {
    expect(JSON.parse(readFileSync(SCHEMA_FILE, "utf8"))).toEqual(definitionJsonSchema());
  });

  it("accepts the default definition and refuses a broken one", () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(
      definitionJsonSchema(),
    );
    expect(readFileSync(DEFAULT_DEFINITION_FILE, "utf8")).toMatch(/\$schema=\.\/schema\.json/);
    expect(validate(defaultDefinition()), JSON.stringify(validate.errors)).toBe(true);
    const broken = structuredClone(defaultDefinition()) as unknown as { phases: unknown };
    broken.phases = "soon";
    expect(validate(broken)).toBe(false);
  });
});
