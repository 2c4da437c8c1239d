// The API calls an end-to-end test makes beside the browser, to set up what the page then shows.
import { expect } from 'vitest';

export type Json = Record<string, unknown>;

/** A caller of the app at `base` (read when called: the app starts after the test file loads) that expects success. */
export function apiCaller(base: () => string) {
  return async (token: string, method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await fetch(`${base()}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.ok, `${method} ${path}: ${response.status} ${text}`).toBe(true);
    return text ? (JSON.parse(text) as Json) : {};
  };
}

/** Polls `read` until it gives a value (two minutes at most); `what` names it when it never does. */
export async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen`);
}
