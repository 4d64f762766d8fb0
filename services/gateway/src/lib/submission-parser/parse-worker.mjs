// Parser threads start from this file: they need TypeScript (tsx) whether the gateway runs under
// tsx, where threads inherit its loader, or under vitest, where they do not. Registering it again
// in a thread that already has it is harmless.
import { register } from "tsx/esm/api";

register();
const { default: parseTask, readBodyTask } = await import("./parse.worker.ts");

export default parseTask;
/** Piscina calls this for tasks run with `name: "readBody"`. */
export const readBody = readBodyTask;
