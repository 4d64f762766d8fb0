import { type ErrorCode, errorCodeOf } from "@tandem/contracts";
import type { ZodType } from "zod";
import { clearAuthData, getApiKey, getToken } from "../auth/storage";

const API_BASE = "/api";
const UNAUTHORIZED_THROTTLE_MS = 5_000;

// docs/product.md#site-calls: no team API key on login and verify-token calls; a stale key must
// not confuse them.
const NO_API_KEY_PATHS = new Set([
  "/login-verification",
  "/verify-token",
  "/auth/exchange",
  "/auth/demo-login",
]);

// A 401 from these means "wrong credentials" or "token not valid", not "session expired".
const NO_UNAUTHORIZED_REDIRECT_PATHS = new Set([
  "/login-verification",
  "/verify-token",
  "/logout",
  "/logout-everywhere",
  "/save-user-signup",
  "/forgot-password",
  "/verify-reset-token",
  "/reset-password",
  "/organizer-code/verify",
  "/auth/exchange",
  "/auth/demo-login",
]);

/**
 * The server answered with an error status. `serverError` is its `error` text, to show a person;
 * `code` is its `code` (contracts' ERROR_CODES), the only thing to branch on.
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly code: ErrorCode | null;

  constructor(
    readonly status: number,
    readonly serverError: string | null,
    readonly body: unknown,
  ) {
    super(serverError ?? `Request failed with status ${status}`);
    this.code = errorCodeOf(body);
  }
}

/** Whether `error` is the server's answer with this code. */
export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** The request never got an answer (offline, DNS, server down, CORS). */
export class NetworkError extends Error {
  override name = "NetworkError";
}

/**
 * A success answer whose body is not what the contract says (a proxy's page, a server of another
 * version): reported as one error here, before a component reads a field that is not there.
 */
export class UnexpectedResponseError extends Error {
  override name = "UnexpectedResponseError";

  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
    super(`Unexpected answer from ${path}: ${problems.join("; ")}`);
  }
}

/** `body` as its contracts schema gives it; an UnexpectedResponseError when it does not match. */
export function parseResponse<T>(schema: ZodType<T>, body: unknown, path: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`);
  throw new UnexpectedResponseError(path, problems);
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Sends this token instead of the stored one. */
  token?: string | null;
  signal?: AbortSignal;
}

type UnauthorizedListener = () => void;

const unauthorizedListeners = new Set<UnauthorizedListener>();
let lastUnauthorizedAt = Number.NEGATIVE_INFINITY;

/** Called (at most once per 5 seconds) after a 401 has cleared the stored session. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Clears the stored session and tells the listeners, as `apiRequest` does after a 401 (exported
 * for the one request that cannot go through it: the upload, which needs XHR's progress).
 */
export function handleUnauthorized(): void {
  clearAuthData();
  const now = Date.now();
  if (now - lastUnauthorizedAt < UNAUTHORIZED_THROTTLE_MS) return;
  lastUnauthorizedAt = now;
  for (const listener of unauthorizedListeners) listener();
}

function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function buildHeaders(path: string, options: RequestOptions): Headers {
  const headers = new Headers({ Accept: "application/json" });
  if (options.body !== undefined) headers.set("Content-Type", "application/json");

  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.set("Authorization", `Bearer ${token}`);

  const apiKey = getApiKey();
  if (apiKey && !NO_API_KEY_PATHS.has(pathOnly(path))) headers.set("X-API-Key", apiKey);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverErrorOf(body: unknown): string | null {
  if (typeof body === "object" && body !== null && "error" in body) {
    const { error } = body;
    if (typeof error === "string" && error.length > 0) return error;
  }
  return null;
}

/** Sends `/api{path}`; resolves to the answer when its status is a success, its body unread. */
async function send(
  path: string,
  options: RequestOptions,
  headers = buildHeaders(path, options),
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "include",
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new NetworkError("Unable to reach the server", { cause: error });
  }

  if (!response.ok) {
    const body = await readBody(response);
    const error = new ApiError(response.status, serverErrorOf(body), body);
    // A refused team API key (rotated by a teammate) says nothing about the session: the teams
    // list hands out the new key, and signing the member out would only lose their place.
    if (
      response.status === 401 &&
      error.code !== "auth.api_key_invalid" &&
      !NO_UNAUTHORIZED_REDIRECT_PATHS.has(pathOnly(path))
    ) {
      handleUnauthorized();
    }
    throw error;
  }
  return response;
}

/** Calls `/api{path}`. The caller names the response type; the body is not validated here. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readBody(await send(path, options))) as T;
}

/**
 * GETs a file from `/api{path}` (a download) with the same headers and error handling as
 * `apiRequest`; the answer's body is left unread for the caller to take as a blob.
 */
export function apiDownload(
  path: string,
  options: Omit<RequestOptions, "method" | "body"> = {},
): Promise<Response> {
  const headers = buildHeaders(path, options);
  headers.set("Accept", "*/*");
  return send(path, { ...options, method: "GET" }, headers);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  /** GET whose body is checked against its contracts schema (`parseResponse`). */
  getParsed: async <T>(
    path: string,
    schema: ZodType<T>,
    options?: Omit<RequestOptions, "method" | "body">,
  ) => parseResponse(schema, await apiRequest<unknown>(path, { ...options, method: "GET" }), path),
  // "Empty" POSTs still send `{}`: the gateway rejects a JSON content type with no body.
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body: body ?? {} }),
  /** POSTs `body` (`{}` when left out); the answer checked against its contracts schema. */
  postParsed: async <T>(path: string, schema: ZodType<T>, body?: unknown) =>
    parseResponse(schema, await api.post<unknown>(path, body), path),
  /** Sends a PUT, PATCH or DELETE; the answer checked against its contracts schema. */
  sendParsed: async <T>(path: string, schema: ZodType<T>, options: RequestOptions) =>
    parseResponse(schema, await apiRequest<unknown>(path, options), path),
};
