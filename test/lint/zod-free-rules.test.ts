import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** Lint `code` as if it were the file at `filePath`, and return the rules it breaks. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

const RESTRICTED = '@typescript-eslint/no-restricted-imports';

// common/ splits its rules (zod-free) from the schemas built on them (zod). The renderer takes the rules and only
// the types of the schemas, so zod stays out of its bundle and no rule is copied into it; lint holds it to that.
describe('common/ rules without zod, schemas with it (lint)', () => {
  it('refuses a value from a schema module in the renderer, however it is imported or re-exported', async () => {
    const screen = 'renderer/src/screens/example.ts';
    expect(
      await brokenRules(
        screen,
        "import { ProfileSchema } from '../../../common/profile.ts';\nexport const s = ProfileSchema;\n",
      ),
    ).toContain(RESTRICTED);
    expect(await brokenRules(screen, "export { checkDraft } from '../../../common/payment.ts';\n")).toContain(
      RESTRICTED,
    );
    expect(
      await brokenRules(
        screen,
        "import { invokeChannels } from '../../../common/bridge-contract.ts';\nexport const c = invokeChannels;\n",
      ),
    ).toContain(RESTRICTED);
    expect(await brokenRules(screen, "import { z } from 'zod';\nexport const s = z.string();\n")).toContain(RESTRICTED);
  });

  it('refuses `import { type X }` from a schema module, which still loads it', async () => {
    expect(
      await brokenRules(
        'renderer/src/screens/example.ts',
        "import { type Profile } from '../../../common/profile.ts';\nexport type P = Profile;\n",
      ),
    ).toContain('@typescript-eslint/no-import-type-side-effects');
  });

  it('lets the renderer import types from a schema module, and values from a rule module', async () => {
    const screen = 'renderer/src/screens/example.ts';
    expect(
      await brokenRules(
        screen,
        "import type { Profile } from '../../../common/profile.ts';\nexport type P = Profile;\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules(
        screen,
        "import { parseServiceUrl } from '../../../common/profile-rules.ts';\nexport const p = parseServiceUrl;\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules(
        screen,
        "import { PAYMENT_STATES } from '../../../common/payment-rules.ts';\nexport const s = PAYMENT_STATES;\n",
      ),
    ).toEqual([]);
  });

  it("holds common's rule modules to the same, while a schema module may use zod and other schemas", async () => {
    const valueFromSchema = "import { SettingsSchema } from './settings.ts';\nexport const s = SettingsSchema;\n";
    expect(await brokenRules('common/locale.ts', valueFromSchema)).toContain(RESTRICTED);
    expect(await brokenRules('common/locale.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toContain(
      RESTRICTED,
    );
    expect(
      await brokenRules(
        'common/locale.ts',
        "import type { Settings } from './settings.ts';\nexport type S = Settings;\n",
      ),
    ).toEqual([]);
    expect(await brokenRules('common/payment.ts', valueFromSchema)).toEqual([]);
  });
});
