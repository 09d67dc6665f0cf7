import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not ${values.port}`);
  process.exit(2);
}
const harness = await startHarness({
  root: join(import.meta.dirname, '..', '..'),
  port,
  // The app says only that the PDF could not be made; the tester sees why here.
  onPrintFailure: (error) => console.error(`Save as PDF failed: ${error.message}`),
});
console.log(`harness listening on ${harness.url}`);
console.log(`local sandbox bank on ${harness.sandbox.url} (control endpoints under /__sandbox)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void harness.stop().then(() => process.exit(0)));
}
