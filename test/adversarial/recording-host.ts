import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import { LOCAL_SANDBOX_APP } from '../../main/profiles/local-sandbox.ts';

/**
 * Another host on 127.0.0.1 that writes down everything it is sent and answers 401 to all of it (inviting a token
 * refresh): where a repointed profile's calls go. Nothing the bank issued or the app holds for the bank may reach it.
 */
export interface RecordingHost {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

export async function recordingHost(): Promise<RecordingHost> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push(JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body }));
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** No token (access or refresh), API key or client secret of the bank's ever reached the host. */
export function expectNothingLeaked(host: RecordingHost): void {
  for (const request of host.seen) {
    const { headers } = JSON.parse(request) as { headers: Record<string, string> };
    expect(headers['authorization']).toBeUndefined();
    // A JWT (the bank's access and ID tokens): a header and a payload, each base64url JSON.
    expect(request).not.toMatch(/eyJ[\w-]*\.eyJ/);
    expect(request).not.toContain('refresh_token');
    expect(request).not.toContain(LOCAL_SANDBOX_APP.apiKey);
    expect(request).not.toContain(LOCAL_SANDBOX_APP.clientSecret);
  }
}
