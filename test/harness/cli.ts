import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    // The project folder whose out/renderer is served: this one by default; a test gives a stand-in page's.
    root: { type: 'string', default: join(import.meta.dirname, '..', '..') },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not ${values.port}`);
  process.exit(2);
}
const harness = await startHarness({
  root: values.root,
  port,
  // The app says only that the PDF could not be made; the tester sees why here.
  onPrintFailure: (error) => console.error(`Save as PDF failed: ${error.message}`),
});
console.log(`harness listening on ${harness.url}`);
console.log(`local sandbox bank on ${harness.sandbox.url} (control endpoints under /__sandbox)`);
// Ctrl-C, a process manager's stop, the terminal closed: the harness stops and its data folder (receipts, CSVs,
// support bundles, in plaintext) goes with it (issue 39, item 8). A second signal while it stops ends it at once, the
// folder removed first.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) {
      rmSync(harness.dataDir, { recursive: true, force: true });
      process.exit(1);
    }
    stopping = true;
    harness.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`The harness did not stop cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  });
}
