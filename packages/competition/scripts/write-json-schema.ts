/** Writes definition/schema.json from the zod schema (`npm run competition:schema`). */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { definitionJsonSchema } from "../src/definition/json-schema";

const target = fileURLToPath(new URL("../definition/schema.json", import.meta.url));
writeFileSync(target, `${JSON.stringify(definitionJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
