import { generateKeyPairSync, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { errorCodeSchema, MESSAGES } from "@tandem/contracts";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubStandin } from "../../../test/support/github-standin";
import { activeTeam, adminAuth, buildTestApp, type Route, routesOf, signUp } from "./helper";

/**
 * Every route the gateway has, read from its router once it is built, so routes added later are
 * covered without editing this file: each answers a corpus of hostile input, with and without
 * credentials, below 500 and (for 4xx) in the error envelope `{ error, details? }`.
 */

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}

// Every optional integration on, so its routes exist and answer rather than say 503.
const github = await startGithubStandin();
const t = await buildTestApp({
  ...github.env,
  PUBLIC_URL: "http://tandem.test",
  JUPYTERHUB_URL: "http://hub.test:8000",
  JUPYTER_SIGNING_KEY: generateKeyPairSync("ed25519")
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString()
    .replace(/\n/g, "\\n"),
});
afterAll(async () => {
  await t.close();
  await github.close();
});
const doc = (
  t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }
).swagger().paths;
const ROUTES = routesOf(t.app);

function operationOf(route: Route): OpenApiOperation | undefined {
  const path = route.url.replace(/:(\w+)/g, "{$1}");
  return doc[path]?.[route.method.toLowerCase()] as OpenApiOperation | undefined;
}

/** Field names from the route's own schema, plus names other routes use. */
const COMMON_FIELDS = [
  "email",
  "password",
  "token",
  "code",
  "team_name",
  "team_id",
  "domain_name",
  "task_number",
  "predictions_csv",
  "adminPassword",
];

function bodyFields(operation: OpenApiOperation | undefined): Record<string, JsonSchema> {
  return operation?.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
}

function parameterNames(operation: OpenApiOperation | undefined, where: string): string[] {
  return (operation?.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
}

let serial = 0;
/** A value the field would plausibly accept, so one bad field at a time reaches deeper checks. */
function plausible(name: string, schema: JsonSchema | undefined): unknown {
  serial++;
  const known: Record<string, unknown> = {
    email: `bad-input-${serial}@example.org`,
    password: "secret-pass",
    team_name: `bad-input-${serial}`,
    team_id: randomUUID(),
    user_id: randomUUID(),
    domain_name: "Commerce",
    task_number: 1,
    predictions_csv: "id,prediction\n1,2\n",
    firstName: "Ada",
    lastName: "Lovelace",
    fullName: "Ada Lovelace",
    username: "Ada Lovelace",
    isStudent: false,
    eligible: true,
    rememberMe: true,
    gradYear: new Date().getFullYear() + 1,
  };
  if (name in known) return known[name];
  if (schema?.enum?.length) return schema.enum[0];
  const type = [schema?.type, ...(schema?.anyOf ?? []).map((s) => s.type)].flat()[0];
  if (type === "number" || type === "integer") return 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object") return {};
  return "x";
}

const HUGE = "a".repeat(12_000);
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObject = (depth: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Values for one field at a time (or every field at once). */
const BAD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  "",
  "   ",
  HUGE,
  "名前 😀 ÄÖü",
  "\ud800",
  "a\u0000b",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "00000000-0000-0000-0000-000000000000",
  [],
  ["x", 1],
  {},
  { $gt: "" },
  nestedObject(200),
];

/** Raw bodies, sent as application/json: not objects, malformed, hostile. */
const RAW_BODIES: (string | Buffer)[] = [
  "{}",
  "[]",
  '"text"',
  "42",
  "null",
  "true",
  '{"a":',
  "{a:1}",
  "{'a':1}",
  "[1,2",
  "\u0000",
  "\ufeff{}",
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"email":"\\ud800","password":"\\u0000","token":"\\udfff\\ud800"}',
  '{"x":1e400,"y":-0,"z":123456789012345678901234567890}',
  `"${HUGE}"`,
  nested(5000),
  `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`,
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
];

const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/jsonx",
  "application/problem+json",
  "APPLICATION/JSON",
  "*/*",
  "a/b/c",
];

const QUERY_VALUES = [
  "",
  "abc",
  "-1",
  "0",
  "1e400",
  "NaN",
  "%00",
  "%ED%A0%80",
  "%E0%A4%A",
  "%F0%9F%98%80",
  "%",
  "//evil.example/x",
  "[object Object]",
  HUGE,
];

const PARAM_BAD = [
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "%00",
  "%F0%9F%98%80",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "%20",
  "-1",
  "a".repeat(90),
  "a".repeat(5000),
];

/** Percent-escapes that decode to no text at all (a lone surrogate, an overlong form, cut short). */
const UNDECODABLE = ["%ED%A0%80", "%C0%AE", "%E0%A4%A", "%"];

const HEADER_VARIANTS: Record<string, string>[] = [
  { authorization: "Bearer" },
  { authorization: "Bearer " },
  { authorization: "Bearer a.b.c" },
  { authorization: "Basic Zm9vOmJhcg==" },
  { authorization: `Bearer ${HUGE}` },
  {
    authorization:
      "Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1c2VySWQiOiJ4IiwiYWRtaW5fYWNjZXNzIjp0cnVlfQ.",
  },
  { cookie: "auth_token=garbage" },
  { cookie: `auth_token=${HUGE}` },
  { cookie: "=;;=; auth_token" },
  { "x-api-key": "" },
  { "x-api-key": " " },
  { "x-api-key": "x" },
  { "x-api-key": HUGE },
  { "x-api-key": "ÄÖü" },
  { "x-team-id": "not-a-uuid" },
  { "x-team-id": randomUUID() },
  { "x-team-id": HUGE },
  { "x-team-name": "nobody" },
  { "x-team-name": HUGE },
  { "idempotency-key": "" },
  { "idempotency-key": HUGE },
  { accept: "application/xml" },
  { accept: "text/html" },
  { "accept-encoding": "br;q=x, gzip;;" },
  { "x-request-id": HUGE },
  { "x-forwarded-for": "not-an-ip, ::zz" },
  { "content-length": "abc" },
];

interface Variant {
  name: string;
  url: string;
  method: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
}

function withQuery(url: string, query: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

/** Concrete URLs for a route: path parameters replaced with good and bad values. */
function urlsOf(route: Route, context: Context): { name: string; url: string }[] {
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
  if (names.length === 0) return [{ name: "as is", url: route.url }];
  const fill = (value: (name: string) => string) =>
    route.url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => value(name ?? "*"));
  const good = context.goodParams;
  const urls = [
    { name: "good params", url: fill((name) => good[name] ?? randomUUID()) },
    ...(route.url.endsWith("*") ? [{ name: "empty wildcard", url: fill(() => "") }] : []),
  ];
  for (const bad of PARAM_BAD)
    urls.push({ name: `param ${bad.slice(0, 20)}`, url: fill(() => bad) });
  return urls;
}

interface Context {
  goodParams: Record<string, string>;
}

function variantsOf(route: Route, context: Context): Variant[] {
  const operation = operationOf(route);
  const { method } = route;
  const urls = urlsOf(route, context);
  const base = urls[0]!.url;
  const variants: Variant[] = urls.map(({ name, url }) => ({ name, url, method }));

  const queryNames = [
    ...new Set([...parameterNames(operation, "query"), "limit", "domain", "next", "target"]),
  ];
  queryNames.push(...COMMON_FIELDS);
  for (const value of QUERY_VALUES) {
    const query = queryNames.map((name) => `${name}=${value}`).join("&");
    variants.push({ name: `query ${value.slice(0, 20)}`, url: withQuery(base, query), method });
  }
  variants.push(
    {
      name: "query repeated keys",
      url: withQuery(base, queryNames.map((n) => `${n}=a&${n}=b`).join("&")),
      method,
    },
    {
      name: "query brackets",
      url: withQuery(base, queryNames.map((n) => `${n}[a]=1&${n}[]=2`).join("&")),
      method,
    },
    {
      name: "query proto",
      url: withQuery(base, "__proto__[admin]=1&constructor[prototype][admin]=1"),
      method,
    },
    { name: "query bare", url: withQuery(base, "&&&=&==x&%=%"), method },
  );

  const headerNames = parameterNames(operation, "header");
  for (const headers of HEADER_VARIANTS) {
    variants.push({
      name: `headers ${Object.keys(headers).join(",")}`,
      url: base,
      method,
      headers,
    });
  }
  for (const value of ["", HUGE, "😀", "a\u0000b"]) {
    const headers = Object.fromEntries(headerNames.map((name) => [name, value]));
    if (headerNames.length) variants.push({ name: "declared headers", url: base, method, headers });
  }

  const sendsBody = !["GET", "HEAD"].includes(method);
  if (!sendsBody) {
    variants.push({
      name: "GET with a body",
      url: base,
      method,
      headers: { "content-type": "application/json" },
      payload: '{"a":',
    });
    return variants;
  }
  const json = { "content-type": "application/json" };
  for (const raw of RAW_BODIES) {
    variants.push({
      name: `raw body ${raw.toString().slice(0, 20)}`,
      url: base,
      method,
      headers: json,
      payload: raw,
    });
  }
  for (const type of CONTENT_TYPES) {
    variants.push({
      name: `content type ${type}`,
      url: base,
      method,
      headers: { "content-type": type },
      payload: '{"email":"a@b.c"}',
    });
  }
  variants.push({
    name: "body over the limit",
    url: base,
    method,
    headers: json,
    payload: JSON.stringify({ email: "a".repeat(3 * 1024 * 1024) }),
  });

  const declared = bodyFields(operation);
  const fields = [...new Set([...Object.keys(declared), ...COMMON_FIELDS])];
  for (const value of BAD_VALUES) {
    variants.push({
      name: `every field ${JSON.stringify(value)?.slice(0, 20)}`,
      url: base,
      method,
      payload: Object.fromEntries(fields.map((field) => [field, value])),
    });
  }
  const good = () =>
    Object.fromEntries(Object.entries(declared).map(([name, s]) => [name, plausible(name, s)]));
  if (Object.keys(declared).length > 0) {
    variants.push({ name: "plausible body", url: base, method, payload: good() });
    variants.push({
      name: "plausible body, extra fields",
      url: base,
      method,
      payload: { ...good(), extra: HUGE, admin_access: true, status: "active" },
    });
    for (const field of Object.keys(declared)) {
      for (const value of [null, 42, "", HUGE, "😀\ud800", "a\u0000b", [], { a: 1 }]) {
        const payload: Record<string, unknown> = good();
        payload[field] = value;
        variants.push({
          name: `${field} = ${JSON.stringify(value)?.slice(0, 20)}`,
          url: base,
          method,
          payload,
        });
      }
      const without: Record<string, unknown> = good();
      delete without[field];
      variants.push({ name: `without ${field}`, url: base, method, payload: without });
    }
  }
  return variants;
}

/** Keys an error body may carry besides `error` and `details`: those the route documents. */
function documentedKeys(route: Route, status: number): Set<string> {
  const content = operationOf(route)?.responses?.[String(status)]?.content ?? {};
  const schema = Object.values(content)[0]?.schema;
  return new Set(Object.keys(schema?.properties ?? {}));
}

function problemWith(route: Route, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `${status} ${response.body.slice(0, 300)}`;
  if (status < 400 || route.method === "HEAD") return undefined;
  if (!/^application\/json/.test(String(response.headers["content-type"]))) {
    return `${status} is not JSON (${response.headers["content-type"]}): ${response.body.slice(0, 200)}`;
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${status} body is not JSON: ${response.body.slice(0, 200)}`;
  }
  const envelope = body as { error?: unknown; code?: unknown; details?: unknown };
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return `${status} body is not an object: ${response.body.slice(0, 200)}`;
  }
  if (typeof envelope.error !== "string" || envelope.error.length === 0) {
    return `${status} has no error text: ${response.body.slice(0, 200)}`;
  }
  if (!errorCodeSchema.safeParse(envelope.code).success) {
    return `${status} has no known error code (${String(envelope.code)}): ${response.body.slice(0, 200)}`;
  }
  if (
    envelope.details !== undefined &&
    (typeof envelope.details !== "object" ||
      envelope.details === null ||
      Array.isArray(envelope.details))
  ) {
    return `${status} details is not an object: ${response.body.slice(0, 200)}`;
  }
  const allowed = documentedKeys(route, status);
  const extra = Object.keys(body).filter(
    (key) => key !== "error" && key !== "code" && key !== "details" && !allowed.has(key),
  );
  if (extra.length > 0) return `${status} has undocumented keys ${extra.join(", ")}`;
  return undefined;
}

const domainFolder = readdirSync(t.staticDir)[0] ?? "commerce";
const domainFile = readdirSync(join(t.staticDir, domainFolder))[0] ?? "README.md";
const context: Context = {
  goodParams: {
    id: randomUUID(),
    domain: "Retail Banking",
    "*": `${domainFolder}/${domainFile}`,
  },
};

let accounts = 0;
/** Fresh credentials for each test: a route under test may end a session or rotate a key. */
const MODES: [string, () => Promise<Record<string, string>>][] = [
  ["without credentials", async () => ({})],
  [
    "with a session",
    async () => (await signUp(t.app, `bad-input-session-${++accounts}@example.org`)).auth,
  ],
  ["with an admin session", () => adminAuth(t.app)],
  [
    "with a team API key",
    async () => ({
      "x-api-key": (await activeTeam(t.app, `bad-input-team-${++accounts}`)).api_key,
    }),
  ],
];

describe.each(ROUTES)("$method $url", (route) => {
  it.each(MODES)(
    "answers every bad input below 500, in the error envelope (%s)",
    async (_mode, login) => {
      const credentials = await login();
      const problems = new Set<string>();
      for (const variant of variantsOf(route, context)) {
        const options: InjectOptions = {
          method: variant.method as InjectOptions["method"],
          url: variant.url,
          headers: { ...credentials, ...variant.headers },
          ...(variant.payload === undefined ? {} : { payload: variant.payload }),
        };
        const response = await t.app.inject(options);
        const problem = problemWith(route, response);
        if (problem) problems.add(`${variant.name}: ${problem}`);
      }
      expect([...problems], `${route.method} ${route.url}`).toEqual([]);
    },
    300_000,
  );
});

it("answers a path that cannot be decoded in the error envelope", async () => {
  const problems: string[] = [];
  for (const route of ROUTES.filter((r) => /:\w+|\*/.test(r.url) && r.method !== "HEAD")) {
    for (const bad of UNDECODABLE) {
      const url = route.url.replace(/:(\w+)|\*/g, bad);
      const problem = problemWith(
        route,
        await t.app.inject({ method: route.method as "GET", url }),
      );
      if (problem) problems.push(`${route.method} ${url}: ${problem}`);
    }
  }
  expect(problems).toEqual([]);
});

it("finds the gateway's routes, including those with parameters", () => {
  const names = ROUTES.map((r) => `${r.method} ${r.url}`);
  for (const expected of [
    "POST /api/verify-reset-token",
    "POST /api/teams/create",
    "GET /api/submissions/:id",
    "GET /api/leaderboard/domain/:domain",
    "GET /static/*",
  ]) {
    expect(names).toContain(expected);
  }
});

describe("validation errors", () => {
  let auth: Record<string, string> = {};
  const post = (url: string, payload: unknown, headers: Record<string, string> = auth) =>
    t.app.inject({ method: "POST", url, headers, payload: payload as object });
  beforeAll(async () => {
    auth = (await signUp(t.app, "validation@example.org")).auth;
  });

  it("answer with the first problem's own message, and list every problem in details", async () => {
    const response = await post("/api/teams/create", { team_name: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Team name is required",
      code: "request.invalid",
      details: {
        where: "body",
        validation_errors: ["team_name: Team name is required"],
        fields: { team_name: "Team name is required" },
      },
    });
  });

  it("name the field when the schema has no message of its own", async () => {
    const missing = await post("/api/organizer-code/verify", {}, {});
    expect(missing.json()).toMatchObject({
      error: "adminPassword is required",
      details: { validation_errors: ["adminPassword: adminPassword is required"] },
    });
    const wrongType = await post("/api/organizer-code/verify", { adminPassword: 7 }, {});
    expect(wrongType.json().error).toBe("adminPassword must be text");
    const tooLong = await post("/api/forgot-password", { email: "a".repeat(400) }, {});
    expect(tooLong.json().error).toBe("email must be at most 320 characters");
    const notAnObject = await post("/api/login-verification", [1, 2], {});
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().error).toBe("The request body must be a JSON object");
  });

  it("never carry an 'Invalid body' prefix", async () => {
    const response = await post("/api/save-user-signup", { firstName: "A" }, {});
    const body = response.json() as { error: string; details: { validation_errors: string[] } };
    expect(body.error).toBe(MESSAGES.firstNameMin);
    expect(body.error).not.toMatch(/^Invalid (body|querystring|headers|params)/);
    expect(body.details.validation_errors[0]).toBe(`firstName: ${body.error}`);
  });

  it("answer a token route's empty body in the envelope, not a 500", async () => {
    for (const payload of [{}, { token: 42 }, { token: "" }]) {
      const response = await post("/api/verify-reset-token", payload, {});
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe("string");
    }
  });
});

describe("paths and methods the gateway does not have", () => {
  it("answer 404 in the error envelope, and 429 once a client scans too many", async () => {
    const statuses = new Set<number>();
    const problems: string[] = [];
    const unknown: Route = { method: "GET", url: "/api/unknown" };
    for (let i = 0; i < 320; i++) {
      for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const) {
        const url = [`/api/nope-${i}`, `/api/teams/create/${i}`, `/static/no-such-domain/${i}.csv`][
          i % 3
        ]!;
        const response = await t.app.inject({
          method,
          url,
          payload: method === "GET" ? undefined : {},
        });
        statuses.add(response.statusCode);
        const problem = problemWith(unknown, response);
        if (problem) problems.push(`${method} ${url}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    // Earlier tests here may already have spent this client's allowance of unknown paths.
    expect([...statuses].filter((status) => status !== 404 && status !== 429)).toEqual([]);
    expect(statuses).toContain(429);
  });
});
