/**
 * The one HTTP client (000 §7, §8): bearer token, Accept-Language, Terminal-Type web, cookies,
 * 60 s timeout, cancellable, a global loading count, 401 to Login, errors carrying the server's message.
 */
import { ErrorCode, LIMITS, PUBLIC_PATHS } from '@agrifleet/domain';
import { message } from 'antd';
import { session } from '../app/session.ts';
import { currentLanguage } from '../i18n/index.ts';

/** A failed call. A cancelled request has an empty message (000 §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number,
    readonly cancelled = false,
  ) {
    super(message);
  }
}

let loading = 0;
const loadingListeners = new Set<(n: number) => void>();
const setLoading = (delta: number) => {
  loading += delta;
  for (const l of loadingListeners) l(loading);
};
export const onLoadingChange = (fn: (n: number) => void) => {
  loadingListeners.add(fn);
  return () => loadingListeners.delete(fn);
};

/** Where 401 sends the user; the router replaces this at start. */
let toLogin = () => {
  if (!window.location.pathname.startsWith(PUBLIC_PATHS.login)) window.location.assign(PUBLIC_PATHS.login);
};
export const setUnauthorizedHandler = (fn: () => void) => {
  toLogin = fn;
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Calls that work without a login (sign-in, registration, lookups). */
  public?: boolean;
  signal?: AbortSignal;
  /** 0 = no timeout (drone tracks). */
  timeoutMs?: number;
  /** Skip the global loading indicator. */
  silent?: boolean;
  /** `file`: a download's bytes with the server's file name (Content-Disposition) and headers. */
  responseType?: 'json' | 'text' | 'blob' | 'file';
  /** Accept-Language of this call instead of the UI language (the large big screen is fixed Chinese). */
  language?: string;
}

/** A download as `responseType: 'file'` answers it. */
export interface DownloadedFile {
  blob: Blob;
  /** The file name Content-Disposition gives (filename* preferred), else null. */
  fileName: string | null;
  headers: Headers;
}

/** The file name of a Content-Disposition header: RFC 6266 `filename*=UTF-8''...`, else `filename=`. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a broken encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return (plain?.[2] ?? plain?.[1])?.trim() || null;
}

/** `path` under the API base: `drone/...`, or a domain path constant that already starts with `/api/`. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = `/api/${path.replace(/^\/+/, '').replace(/^api\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = session.token();
  if (!opts.public && !token) {
    // A request without a stored valid login is not sent (000 §7).
    toLogin();
    throw new ApiError('', 401, 401);
  }
  const headers: Record<string, string> = {
    'Accept-Language': opts.language ?? currentLanguage(),
    'Terminal-Type': 'web',
    Accept: 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const controller = new AbortController();
  const timeoutMs = opts.timeoutMs ?? LIMITS.httpTimeoutMs;
  let timedOut = false;
  const onTimeout = () => {
    timedOut = true;
    controller.abort();
  };
  const timer = timeoutMs > 0 ? setTimeout(onTimeout, timeoutMs) : undefined;
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  if (!opts.silent) setLoading(1);
  try {
    const res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    if (res.status === 401 && !opts.public) toLogin();
    if (!res.ok) {
      const err = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
      // The account (or user) was disabled: its sessions are gone; sign out and say why.
      if (!opts.public && err?.code === ErrorCode.accountDisabled) {
        session.clear();
        if (err.message) void message.error({ content: err.message, key: 'accountDisabled', duration: 8 });
        toLogin();
      }
      throw new ApiError(err?.message ?? res.statusText, res.status, err?.code ?? res.status);
    }
    if (opts.responseType === 'blob') return (await res.blob()) as T;
    if (opts.responseType === 'file') {
      const file: DownloadedFile = {
        blob: await res.blob(),
        fileName: dispositionName(res.headers.get('content-disposition')),
        headers: res.headers,
      };
      return file as T;
    }
    if (opts.responseType === 'text') return (await res.text()) as T;
    const json = (await res.json()) as { code: number; message: string; data: T };
    return json.data;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as Error).name === 'AbortError') {
      if (timedOut) throw new ApiError('timeout', 0, 0);
      throw new ApiError('', 0, 0, true);
    }
    throw new ApiError((err as Error).message, 0, 0);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    if (!opts.silent) setLoading(-1);
  }
}

export const http = {
  get: <T>(path: string, query?: RequestOptions['query'], opts?: RequestOptions) =>
    request<T>(path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  del: <T>(path: string, opts?: RequestOptions) => request<T>(path, { ...opts, method: 'DELETE' }),
};
