import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadMessages } from '../../renderer/src/i18n/index.ts';

// Testing Library cleans up by itself only with global test functions; ours are imported.
afterEach(cleanup);

// Every screen here waits on the real core (test/support/in-process-wallet.ts): its store worker, its sealed files and
// its loopback sandbox. A wait that takes 100 ms alone took over a second while CI ran the node suites on both cores,
// and Testing Library's 1 s default then failed the test (the schedule editor waits for the Due list's first answer).
// A wait ends as soon as what it waits for shows, so a longer bound costs a passing test nothing; the test's own bound
// (vitest.config.ts) stays above it, so a failure still says what was never found.
configure({ asyncUtilTimeout: 5_000 });

// The window fetches each language's messages when it first shows it (renderer/src/i18n/index.ts); the tests read
// and render both languages from their first line, so both are here before any test starts.
await Promise.all([loadMessages('en'), loadMessages('is')]);
