import { z } from "zod";
import { definitionSchema } from "./schema";

/** The definition's JSON Schema, for editors (YAML language servers, JSON editors). */
export function definitionJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(definitionSchema, { io: "input", unrepresentable: "any" }),
    title: "Tandem competition definition",
  };
}
