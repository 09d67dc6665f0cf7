import type { AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { bodyText, failureName, headerRecord, recordSafely, startSafely, type CallTap } from './call-tap.ts';
import { networkFetch } from './network.ts';

/**
 * Bounds on every call to a bank (payments API, token endpoint, JWKS, discovery, userinfo). A socket timeout alone
 * does not bound a call: a server that drips a byte a second keeps it alive for ever, and a huge body would grow
 * the process without limit. So every call has a total deadline for the whole exchange and a response size cap.
 */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
export const DEFAULT_DEADLINE_MS = 30_000;

export interface HttpBounds {
  /** The whole call, from the first byte sent to the last byte read. */
  deadlineMs?: number;
  maxResponseBytes?: number;
  /** Where the profile's calls are listed (main/calls): each exchange is handed to it. */
  tap?: CallTap | undefined;
}

/** The axios settings that enforce the bounds for one call (a fresh deadline each time). */
export function boundedAxiosConfig(
  bounds: HttpBounds = {},
): Pick<AxiosRequestConfig, 'signal' | 'maxContentLength' | 'maxBodyLength' | 'maxRedirects'> {
  const maxResponseBytes = bounds.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  return {
    signal: AbortSignal.timeout(bounds.deadlineMs ?? DEFAULT_DEADLINE_MS),
    maxContentLength: maxResponseBytes,
    maxBodyLength: maxResponseBytes,
    maxRedirects: 0,
  };
}

/**
 * The same bounds for `fetch` (jose's JWKS fetch, discovery, userinfo): aborts after the deadline, reads at most
 * `maxResponseBytes` of the body before giving up, and follows no redirect (`networkFetch` refuses them).
 */
export async function boundedFetch(url: string, init: RequestInit = {}, bounds: HttpBounds = {}): Promise<Response> {
  const { tap } = bounds;
  if (!tap) return boundedFetchOnce(url, init, bounds);
  const started = performance.now();
  const begun = startSafely(tap);
  const request = () => ({
    service: 'sign-in' as const,
    method: (init.method ?? 'GET').toUpperCase(),
    url,
    requestHeaders: headerRecord(new Headers(init.headers)),
    durationMs: Math.max(0, Math.round(performance.now() - started)),
    ...(begun ? { started: begun } : {}),
  });
  let response: Response;
  try {
    response = await boundedFetchOnce(url, init, bounds);
  } catch (error) {
    recordSafely(tap, () => ({ ...request(), failure: failureName(error) }));
    throw error;
  }
  const body = await response
    .clone()
    .arrayBuffer()
    .then((bytes) => bodyText(new Uint8Array(bytes)))
    .catch(() => undefined);
  recordSafely(tap, () => ({
    ...request(),
    status: response.status,
    responseHeaders: headerRecord(response.headers),
    ...(body === undefined ? {} : { responseBody: body }),
  }));
  return response;
}

async function boundedFetchOnce(url: string, init: RequestInit, bounds: HttpBounds): Promise<Response> {
  const maxResponseBytes = bounds.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const signal = AbortSignal.timeout(bounds.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const response = await networkFetch()(url, { ...init, signal });
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxResponseBytes) {
    await response.body?.cancel();
    throw new Error(`response larger than ${maxResponseBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxResponseBytes) {
        await reader.cancel();
        throw new Error(`response larger than ${maxResponseBytes} bytes`);
      }
      chunks.push(value);
    }
  }
  return new Response(Buffer.concat(chunks), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * A JSON document from a bank (discovery, userinfo), bounded as above and parsed with `schema`; any failure on the
 * way (unreachable, late, too large, not 2xx, not JSON, not the shape) is the one error `failed` makes.
 */
export async function boundedJson<T extends z.ZodType>(
  url: string,
  schema: T,
  init: { headers: Record<string, string>; bounds: HttpBounds; failed: () => Error },
): Promise<z.output<T>> {
  let body: unknown;
  try {
    const response = await boundedFetch(url, { headers: { accept: 'application/json', ...init.headers } }, init.bounds);
    if (!response.ok) throw init.failed();
    body = await response.json();
  } catch {
    throw init.failed();
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw init.failed();
  return parsed.data;
}
