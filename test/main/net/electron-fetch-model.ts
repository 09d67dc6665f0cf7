/**
 * A fetch that behaves as Electron's `net.fetch` / `session.fetch` does in the main process (the packaged app's bank
 * calls), for tests under plain Node, which cannot run Electron. Modelled on Electron's own source:
 * lib/browser/api/net-fetch.ts (`fetchWithSession`: the Request's `redirect` mode is handed to a ClientRequest, a
 * failure rejects with the ClientRequest's error, the Response is built anew from status and headers) and
 * lib/browser/api/net-client-request.ts (a redirect under 'error' dies with "Attempted to redirect, but redirect
 * policy was 'error'", under 'manual' with "Redirect was cancelled" unless a 'redirect' listener calls
 * followRedirect(), which fetch never does: electron/electron#43715, "working as documented"; a network failure is a
 * plain Error named after Chromium's net error, not Node's TypeError "fetch failed").
 *
 * Chromium's URL loader treats 301, 302, 303, 307 and 308 with a Location as a redirect; any other status, and those
 * without a Location, are answers. The wire itself is Node's fetch here, asked never to follow.
 */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Chromium's net error for a Node connection failure, as `net::ERR_…` text (net/base/net_error_list.h). */
function chromiumNetError(error: unknown): Error {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  const code = cause?.code ?? '';
  const name =
    code === 'ECONNREFUSED'
      ? 'ERR_CONNECTION_REFUSED'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'ERR_NAME_NOT_RESOLVED'
        : code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT'
          ? 'ERR_CONNECTION_TIMED_OUT'
          : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
            ? 'ERR_CONNECTION_RESET'
            : 'ERR_FAILED';
  return new Error(`net::${name}`);
}

export interface ElectronFetchModel {
  fetch: typeof fetch;
  /** The redirect modes the calls were made with, in order. */
  readonly modes: Request['redirect'][];
}

export function electronFetchModel(): ElectronFetchModel {
  const modes: Request['redirect'][] = [];
  const modelled = async (...[input, init]: Parameters<typeof fetch>): Promise<Response> => {
    // Electron takes a string or a Request, and makes a Request of them with init, as fetchWithSession does.
    const request = new Request(input instanceof URL ? input.href : input, init);
    modes.push(request.redirect);
    if (request.signal.aborted) throw request.signal.reason as Error;
    // Read once, so that a 307 or 308 followed can send it again.
    const body = request.body ? await request.arrayBuffer() : null;
    let method = request.method;
    let url = request.url;
    for (let redirects = 0; ; redirects += 1) {
      let wire: Response;
      try {
        const sendsBody = method !== 'GET' && method !== 'HEAD';
        wire = await fetch(url, {
          method,
          headers: request.headers,
          body: sendsBody ? body : null,
          signal: request.signal,
          redirect: 'manual',
        });
      } catch (error) {
        if (request.signal.aborted) throw request.signal.reason as Error;
        throw chromiumNetError(error);
      }
      const location = wire.headers.get('location');
      if (REDIRECT_STATUSES.has(wire.status) && location !== null) {
        await wire.body?.cancel();
        if (request.redirect === 'error') throw new Error("Attempted to redirect, but redirect policy was 'error'");
        if (request.redirect === 'manual') throw new Error('Redirect was cancelled');
        // 'follow': as Chromium (net/url_request/redirect_info.cc), 303 and a POST's 301 or 302 go on as GET.
        if (redirects >= 20) throw new Error('net::ERR_TOO_MANY_REDIRECTS');
        if (wire.status === 303 ? method !== 'HEAD' : (wire.status === 301 || wire.status === 302) && method === 'POST')
          method = 'GET';
        url = new URL(location, url).href;
        continue;
      }
      return answer(wire, method);
    }
  };
  return { fetch: modelled as typeof fetch, modes };
}

function answer(wire: Response, method: string): Response {
  // As Electron: a new Response of status, text and headers over the body's stream (its .url is empty).
  return new Response(NULL_BODY_STATUSES.has(wire.status) || method === 'HEAD' ? null : wire.body, {
    status: wire.status,
    statusText: wire.statusText,
    headers: wire.headers,
  });
}
