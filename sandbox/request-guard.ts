import { isIP } from 'node:net';

/**
 * Who may talk to a local test server (the sandbox's control endpoints, the browser harness). Both listen on a
 * loopback port that any web page the tester opens can also reach: by DNS rebinding (a name of the attacker's that
 * now resolves to 127.0.0.1, so the browser sends `Host: evil.example:PORT` and treats the answer as that site's) or
 * by a plain cross-site request (a form POST or `<script src>` to 127.0.0.1). So the `Host` must name this server
 * by address, not by a name someone else controls, and an `Origin`, when the browser sends one, must be the
 * server's own.
 */
export interface RequestFacts {
  /** The `Host` header, as sent. */
  host: string | undefined;
  /** The `Origin` header, as sent (browsers send it on CORS requests and every POST). */
  origin: string | undefined;
  /** The port the request arrived on (`request.socket.localPort`). */
  localPort: number | undefined;
}

/**
 * `loopback`: exactly `127.0.0.1:PORT` or `localhost:PORT` (the harness, which listens on 127.0.0.1 only).
 * `address`: `localhost` or any IP literal, with this port (the sandbox, which a tester may bind to a LAN address;
 * an attacker's page can never be served from an IP literal that is this server).
 */
export type HostRule = 'loopback' | 'address';

const HOST_CHARS = /^[A-Za-z0-9.:[\]-]+$/;

function hostAllowed(hostname: string, rule: HostRule): boolean {
  if (rule === 'loopback') return hostname === '127.0.0.1' || hostname === 'localhost';
  return hostname === 'localhost' || isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0;
}

/** Why the request is refused, or undefined when it may go on. */
export function requestRefusal(facts: RequestFacts, rule: HostRule): string | undefined {
  const { host, localPort } = facts;
  if (!host || localPort === undefined || !HOST_CHARS.test(host)) return 'the Host header is missing or malformed';
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return 'the Host header is malformed';
  }
  // `Host` must be host and port only, the port spelled out and the one this request came in on.
  if (url.host !== host.toLowerCase() || url.port !== String(localPort)) {
    return `the Host header must name this server's port (${localPort})`;
  }
  if (!hostAllowed(url.hostname, rule)) return `the Host ${host} is not this server's address`;
  if (facts.origin !== undefined && facts.origin !== `http://${url.host}`) {
    return `requests from ${facts.origin} are not accepted`;
  }
  return undefined;
}

/** The media type of a `Content-Type` header, without parameters, in lower case. */
export function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}
