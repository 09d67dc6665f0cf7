import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { clientsFromFile } from './clients.ts';
import { startSandbox } from './index.ts';
import type { SandboxOptions } from './index.ts';

/** `npm run sandbox -- [flags]`: the only file that reads argv or handles signals. */
const DEFAULT_PORT = 4010;

const usage = `usage: npm run sandbox -- [--port N] [--host 127.0.0.1] [--mode stateful|faithful] [--control]
                        [--access-token-ttl SECONDS] [--strict-redirect URI] [--clients FILE]`;

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n${usage}\n`);
  process.exit(2);
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max)
    fail(`${flag} must be a whole number from ${min} to ${max}`);
  return number;
}

function optionsFrom(argv: string[]): SandboxOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        mode: { type: 'string' },
        control: { type: 'boolean' },
        'access-token-ttl': { type: 'string' },
        'strict-redirect': { type: 'string' },
        clients: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const options: SandboxOptions = {
    port: values.port === undefined ? DEFAULT_PORT : wholeNumber('--port', values.port, 0, 65535),
    host: values.host ?? '127.0.0.1',
    control: values.control ?? false,
  };
  if (values.mode !== undefined) {
    if (values.mode !== 'stateful' && values.mode !== 'faithful') fail('--mode must be stateful or faithful');
    options.mode = values.mode;
  }
  if (values['access-token-ttl'] !== undefined) {
    options.accessTokenTtlSeconds = wholeNumber('--access-token-ttl', values['access-token-ttl'], 1, 100_000_000);
  }
  if (values['strict-redirect'] !== undefined) {
    if (!URL.canParse(values['strict-redirect'])) fail('--strict-redirect must be an absolute URI');
    options.strictRedirect = values['strict-redirect'];
  }
  if (values.clients !== undefined) {
    try {
      options.clients = clientsFromFile(JSON.parse(readFileSync(values.clients, 'utf8')));
    } catch (error) {
      fail(`--clients ${values.clients}: ${(error as Error).message}`);
    }
  }
  return options;
}

const options = optionsFrom(process.argv.slice(2));
let sandbox;
try {
  sandbox = await startSandbox(options);
} catch (error) {
  fail((error as Error).message);
}
process.stdout.write(`sandbox listening on ${sandbox.url}\n`);

const running = sandbox;
const stop = () => {
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  running.stop().then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      process.stderr.write(`sandbox: ${(error as Error).message}\n`);
      process.exitCode = 1;
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
