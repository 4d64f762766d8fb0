export interface JsonRequest {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A JSON call to a running server (a real process, not `inject`): status and parsed body. */
export async function jsonApi(
  baseUrl: string,
  path: string,
  init: JsonRequest = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Stops a bench whose setup went wrong, saying what. */
export function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`Check failed: ${message}`);
}
