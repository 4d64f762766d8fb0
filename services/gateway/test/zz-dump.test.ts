import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it("dumps", async () => {
  const doc = await t.app.inject({ url: "/api/docs/json" });
  const out = process.env.DUMP_TO ?? "/tmp/h12/before";
  writeFileSync(`${out}.openapi.json`, JSON.stringify(doc.json(), null, 1));
  writeFileSync(
    `${out}.routes.txt`,
    t.app.printRoutes({ commonPrefix: false, includeHooks: true }),
  );
  expect(doc.statusCode).toBe(200);
});
