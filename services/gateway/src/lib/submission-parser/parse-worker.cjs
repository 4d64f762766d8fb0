// Parser threads start from this file. It is CommonJS on purpose: piscina first require()s its
// worker file, and require() of an ES module with top-level await crashes Node 20 outright
// ("IsGraphAsync must be used on an instantiated module"). The TypeScript handlers are loaded on
// the first task, through tsx, which threads need whether the gateway runs under tsx (threads
// inherit its loader) or under vitest (they do not); registering it twice is harmless.
let handlers;
function load() {
  handlers ??= (async () => {
    const { register } = await import("tsx/esm/api");
    register();
    return import("./parse.worker.ts");
  })();
  return handlers;
}

// Shaped as an ES module's namespace, so piscina picks the handler by the task's `name`.
module.exports = {
  __esModule: true,
  default: async (task) => (await load()).default(task),
  /** Piscina calls this for tasks run with `name: "readBody"`. */
  readBody: async (task) => (await load()).readBodyTask(task),
};
