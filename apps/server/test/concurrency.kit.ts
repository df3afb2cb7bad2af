/** What the parallel-request tests share: a caller by role, n requests at once, their statuses. */
import type { TestApp } from './helper.ts';

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** Calls as one of `auth`'s roles, in a language (English unless told). */
export const callerOf =
  (t: () => TestApp, auth: Record<string, Record<string, string>>) =>
  (role: string, method: Method, url: string, payload: unknown, lang = 'en') =>
    t().app.inject({
      method,
      url,
      headers: { ...auth[role], 'accept-language': lang },
      payload: payload as object,
    });

/** n calls of fn started at once. */
export const parallel = <T>(n: number, fn: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

export const statuses = (res: Array<{ statusCode: number }>) => res.map((r) => r.statusCode).sort();
export const bodies = (res: Array<{ body: string }>) => res.map((r) => r.body).join('\n');
