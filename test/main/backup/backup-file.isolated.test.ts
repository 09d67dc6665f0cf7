import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, scrypt } from 'node:crypto';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
import type * as Crypto from 'node:crypto';
import type * as Zlib from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKUP_FORMAT,
  BACKUP_KDF,
  BACKUP_MAX_BYTES,
  BACKUP_MAX_PLAIN_BYTES,
  BACKUP_VERSION,
  FAST_TEST_BACKUP_KDF,
  inspectBackup,
  openBackup,
  sealBackup,
  type BackupFileError,
} from '../../../main/backup/backup-file.ts';

// scrypt as it is, only counted: a test can show that a file was refused before any key was derived.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});
const scryptCalls = () => vi.mocked(scrypt).mock.calls.length;
// gunzip as it is, only watched: the bomb below must be stopped by gunzip's own limit, not by what comes after.
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof Zlib>();
  return { ...actual, gunzip: vi.fn(actual.gunzip) };
});

/**
 * The backup file (issue 29), tried as an attacker would: every header byte changed, every bit of the body, every
 * length cut, hostile costs, bombs and files of other kinds. It must never open what it should not, never throw, and
 * say which of its errors applies. Files are sealed at the smallest cost (FAST_TEST_BACKUP_KDF).
 */
const PASSPHRASE = 'Sólskin á Þingvöllum í júní';
const fast = { kdf: FAST_TEST_BACKUP_KDF };
const PAYLOAD = JSON.stringify({ name: 'Þórður Ægisson', note: 'Ég á 5 krónur: ö, æ, ð, þ, é 🐑', n: [1, 2, 3] });

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const headerLength = (file: Buffer) => file.indexOf(0x0a) + 1;
const headerOf = (file: Buffer) => JSON.parse(file.subarray(0, headerLength(file) - 1).toString('utf8')) as Header;

interface Header {
  format: string;
  version: number;
  kdf: { name: string; N: number; r: number; p: number; salt: string };
  iv: string;
  check: string;
  createdAt: number;
  sum?: string;
}

/**
 * An independent writer of the format, from docs/BACKUP.md alone: scrypt of the NFC passphrase, HKDF-SHA256 into an
 * encryption key and a check key, the header line as additional data, and in version 2 the header's sum. With it the
 * tests make files the app never would (a gzip bomb, text that is not UTF-8, a header of a cost the app refuses) that
 * are otherwise well made, and the version 1 files the app wrote before.
 */
async function derive(
  passphrase: string,
  salt: Buffer,
  N: number,
  version = 2,
): Promise<{ key: Buffer; check: Buffer }> {
  const secret = await new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, { N, r: 8, p: 1, maxmem: 64 * 2 ** 20 }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
  const label = `a2a-wallet-backup v${version}`;
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `${label} encryption key`, 32));
  const checkKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `${label} check key`, 32));
  const check = createHmac('sha256', checkKey).update(`${label} passphrase check`).digest();
  return { key, check: check.subarray(0, 16) };
}

/** Version 2's sum of a header's other fields: SHA-256 of their JSON, as written, cut to 16 bytes (docs/BACKUP.md). */
const sumOf = (fields: unknown) =>
  createHash('sha256').update(JSON.stringify(fields)).digest().subarray(0, 16).toString('base64');

/** A well-made file of `compressed`; `edit` changes the header first (the sum, in version 2, is of what it gives). */
async function craft(
  compressed: Buffer,
  edit: (header: Header) => unknown = (header) => header,
  version = 2,
): Promise<Buffer> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const { key, check } = await derive(PASSPHRASE, salt, FAST_TEST_BACKUP_KDF.N, version);
  const header: Header = {
    format: 'a2a-wallet-backup',
    version,
    kdf: { name: 'scrypt', N: FAST_TEST_BACKUP_KDF.N, r: 8, p: 1, salt: salt.toString('base64') },
    iv: iv.toString('base64'),
    check: check.toString('base64'),
    createdAt: 1_700_000_000_000,
  };
  const edited = edit(header);
  const written = version === 2 && typeof edited === 'object' ? { ...edited, sum: sumOf(edited) } : edited;
  const line = Buffer.from(`${JSON.stringify(written)}\n`, 'utf8');
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(line);
  return Buffer.concat([line, cipher.update(compressed), cipher.final(), cipher.getAuthTag()]);
}

/** A header line as given, followed by `body`: no encryption (for files refused before any key is derived). */
const rawFile = (header: unknown, body: Buffer = randomBytes(64)) =>
  Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), body]);

const flipBit = (file: Buffer, index: number, bit: number) => {
  const copy = Buffer.from(file);
  copy[index] = (copy[index] ?? 0) ^ (1 << bit);
  return copy;
};

let small: Buffer;
/** A file as the app wrote before version 2. */
let smallV1: Buffer;
beforeAll(async () => {
  small = await sealBackup(PAYLOAD, PASSPHRASE, { ...fast, now: 1_700_000_000_000 });
  smallV1 = await craft(gzipSync(PAYLOAD), undefined, 1);
});
beforeEach(() => {
  vi.mocked(scrypt).mockClear();
  vi.mocked(gunzip).mockClear();
});

describe('sealing and opening', () => {
  it('gives back the same text, Icelandic and all, with its version and date', async () => {
    expect(await openBackup(small, PASSPHRASE)).toEqual({
      ok: true,
      plain: PAYLOAD,
      version: BACKUP_VERSION,
      createdAt: 1_700_000_000_000,
    });
  });

  it('writes the header docs/BACKUP.md describes, and the body it describes, readable without the module', async () => {
    const length = headerLength(small);
    expect(text(small.subarray(0, 30))).toBe('{"format":"a2a-wallet-backup",');
    const header = headerOf(small);
    expect(Object.keys(header)).toEqual(['format', 'version', 'kdf', 'iv', 'check', 'createdAt', 'sum']);
    expect(header).toMatchObject({ format: BACKUP_FORMAT, version: 2, createdAt: 1_700_000_000_000 });
    const { sum, ...fields } = header;
    expect(sum).toBe(sumOf(fields));
    expect(header.kdf).toMatchObject({ name: 'scrypt', N: 2 ** 14, r: 8, p: 1 });
    expect(Buffer.from(header.kdf.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(header.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(header.check, 'base64')).toHaveLength(16);
    // Decrypted by the procedure of the doc: the header line (with its \n) as additional data, a 16-byte tag last.
    const { key, check } = await derive(PASSPHRASE, Buffer.from(header.kdf.salt, 'base64'), header.kdf.N);
    expect(check.toString('base64')).toBe(header.check);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'));
    decipher.setAAD(small.subarray(0, length));
    decipher.setAuthTag(small.subarray(small.length - 16));
    const compressed = Buffer.concat([decipher.update(small.subarray(length, small.length - 16)), decipher.final()]);
    expect(gunzipSync(compressed).toString('utf8')).toBe(PAYLOAD);
    // And a file written by the doc's procedure opens, and one of version 1 as the app wrote before.
    expect(await openBackup(await craft(gzipSync(PAYLOAD)), PASSPHRASE)).toMatchObject({ ok: true, plain: PAYLOAD });
    expect(await openBackup(smallV1, PASSPHRASE)).toEqual({
      ok: true,
      plain: PAYLOAD,
      version: 1,
      createdAt: 1_700_000_000_000,
    });
  });

  it('takes the passphrase in either Unicode form: composed (NFC) or decomposed (NFD) give the same key', async () => {
    const nfd = PASSPHRASE.normalize('NFD');
    expect(nfd).not.toBe(PASSPHRASE);
    expect(await openBackup(small, nfd)).toMatchObject({ ok: true, plain: PAYLOAD });
    const sealedNfd = await sealBackup(PAYLOAD, nfd, fast);
    expect(await openBackup(sealedNfd, PASSPHRASE)).toMatchObject({ ok: true, plain: PAYLOAD });
  });

  it('carries a text of a few megabytes, and the empty text', async () => {
    const rows = Array.from({ length: 40_000 }, (_, index) => ({
      id: randomBytes(12).toString('hex'),
      payee: `Greiðsla nr. ${index} til Þóru`,
      amount: index * 137,
    }));
    const large = JSON.stringify(rows);
    expect(large.length).toBeGreaterThan(3_000_000);
    const file = await sealBackup(large, PASSPHRASE, fast);
    expect(file.length).toBeLessThan(large.length);
    expect(await openBackup(file, PASSPHRASE)).toMatchObject({ ok: true, plain: large });
    expect(await openBackup(await sealBackup('', PASSPHRASE, fast), PASSPHRASE)).toMatchObject({ ok: true, plain: '' });
  });

  it('seals the same text twice into unrelated files: a new salt, IV, check and ciphertext each time', async () => {
    const again = await sealBackup(PAYLOAD, PASSPHRASE, { ...fast, now: 1_700_000_000_000 });
    const [one, two] = [headerOf(small), headerOf(again)];
    expect(two.kdf.salt).not.toBe(one.kdf.salt);
    expect(two.iv).not.toBe(one.iv);
    expect(two.check).not.toBe(one.check);
    expect(again.subarray(headerLength(again)).equals(small.subarray(headerLength(small)))).toBe(false);
  });

  it('seals at the cost the app chose by default, and refuses to write a cost it would not open', async () => {
    expect(BACKUP_KDF).toEqual({ N: 2 ** 18, r: 8, p: 1 });
    for (const kdf of [
      { N: 2 ** 13, r: 8, p: 1 },
      { N: 2 ** 21, r: 8, p: 1 },
      { N: 3 * 2 ** 14, r: 8, p: 1 },
      { N: 2 ** 14, r: 16, p: 1 },
      { N: 2 ** 14, r: 8, p: 2 },
    ]) {
      await expect(sealBackup(PAYLOAD, PASSPHRASE, { kdf })).rejects.toThrow(RangeError);
    }
    expect(scryptCalls()).toBe(0);
  });

  it('tells the header’s date and cost before the passphrase, without scrypt', () => {
    expect(inspectBackup(small)).toEqual({
      ok: true,
      version: 2,
      createdAt: 1_700_000_000_000,
      kdf: FAST_TEST_BACKUP_KDF,
    });
    expect(inspectBackup(Buffer.from('hello'))).toEqual({ ok: false, error: 'BACKUP_NOT_A_BACKUP' });
    expect(scryptCalls()).toBe(0);
  });
});

describe('the wrong passphrase', () => {
  it('is told apart from damage', async () => {
    for (const wrong of ['', 'sólskin á þingvöllum í júní', `${PASSPHRASE} `, 'Solskin a Thingvollum i juni']) {
      expect(await openBackup(small, wrong), wrong).toEqual({ ok: false, error: 'BACKUP_WRONG_PASSPHRASE' });
    }
  });
});

/** Where in our small file each header field's value lies (the header is ASCII: characters are bytes). */
function valueRange(file: Buffer, key: string): [number, number] {
  const header = text(file.subarray(0, headerLength(file)));
  const start = header.indexOf(`"${key}":`) + key.length + 3;
  const end = start + /^("[^"]*"|[^,}]*)/.exec(header.slice(start))![0].length;
  return [start, end];
}

/**
 * The errors a flipped bit at `index` may give. In the first 29 bytes ({"format":"a2a-wallet-backup") it is not our
 * file any more. The version may read as a later one. In version 1, a changed salt, cost or check makes another key,
 * or a check another key would give: the same as a wrong passphrase, which the file cannot tell apart; version 2's
 * sum tells it. Anything else in the header (the IV, the date, a key's name, the punctuation, the \n) and every bit
 * of the body is damage.
 */
function allowedAfterFlip(file: Buffer, index: number): BackupFileError[] {
  if (index < 29) return ['BACKUP_NOT_A_BACKUP'];
  const within = (key: string) => {
    const [start, end] = valueRange(file, key);
    return index >= start && index < end;
  };
  if (within('version')) return ['BACKUP_NEWER_FORMAT', 'BACKUP_DAMAGED'];
  const summed = headerOf(file).version === 2;
  if (!summed && (within('salt') || within('check') || within('N'))) {
    return ['BACKUP_WRONG_PASSPHRASE', 'BACKUP_DAMAGED'];
  }
  return ['BACKUP_DAMAGED'];
}

describe('a changed byte', () => {
  it.each([
    ['2', () => small],
    ['1', () => smallV1],
  ])(
    'every header byte of a version %s file, flipped: never opens, never throws, the error that applies',
    async (version, fileOf) => {
      const file = fileOf();
      // Two bits of each byte, each bit position in turn along the header (a scrypt for many: all 8 of each is slow),
      // and all 8 of the version's digit.
      const [digit] = valueRange(file, 'version');
      const flips = Array.from({ length: headerLength(file) }, (_, index) =>
        (index === digit ? [0, 1, 2, 3, 4, 5, 6, 7] : [index % 8, (index + 4) % 8]).map((bit) => [index, bit] as const),
      ).flat();
      const results = await Promise.all(flips.map(([index, bit]) => openBackup(flipBit(file, index, bit), PASSPHRASE)));
      const seen = new Set<string>();
      results.forEach((result, n) => {
        const [index = 0, bit = 0] = flips[n] ?? [];
        expect(result.ok, `byte ${index} bit ${bit}`).toBe(false);
        if (!result.ok) {
          expect(allowedAfterFlip(file, index), `byte ${index} bit ${bit}: ${result.error}`).toContain(result.error);
          seen.add(result.error);
        }
      });
      if (version === '2') {
        // The sum tells every changed header byte before any key is derived: none reads as a wrong passphrase.
        expect([...seen].sort()).toEqual(['BACKUP_DAMAGED', 'BACKUP_NEWER_FORMAT', 'BACKUP_NOT_A_BACKUP']);
        expect(scryptCalls()).toBe(0);
      } else {
        // Each kind of answer came up: the flips reached past the header's parsing into the check and the tag.
        expect([...seen].sort()).toEqual([
          'BACKUP_DAMAGED',
          'BACKUP_NEWER_FORMAT',
          'BACKUP_NOT_A_BACKUP',
          'BACKUP_WRONG_PASSPHRASE',
        ]);
      }
    },
    60_000,
  );

  it('a salt, cost or check changed with the sum made again (by hand, not by accident) reads as a wrong passphrase', async () => {
    // The sum is no proof: the tag is. Anyone can write a header and its sum; the file then cannot be opened.
    const { sum: _sum, ...fields } = headerOf(small);
    const forged = { ...fields, kdf: { ...fields.kdf, salt: randomBytes(16).toString('base64') } };
    const file = rawFile({ ...forged, sum: sumOf(forged) }, small.subarray(headerLength(small)));
    expect(await openBackup(file, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_WRONG_PASSPHRASE' });
  });

  it('every kind of place in the body: first, middle and last byte of the ciphertext, first and last of the tag', async () => {
    const start = headerLength(small);
    const end = small.length;
    for (const index of [start, Math.floor((start + end - 16) / 2), end - 17, end - 16, end - 1]) {
      for (const bit of [0, 7]) {
        expect(await openBackup(flipBit(small, index, bit), PASSPHRASE), `byte ${index}`).toEqual({
          ok: false,
          error: 'BACKUP_DAMAGED',
        });
      }
    }
  });

  it('property: one bit flipped anywhere in a larger file never opens, and gives the error that applies', async () => {
    const file = await sealBackup(randomBytes(3000).toString('base64'), PASSPHRASE, fast);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: file.length * 8 - 1 }), async (n) => {
        const index = Math.floor(n / 8);
        const result = await openBackup(flipBit(file, index, n % 8), PASSPHRASE);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(allowedAfterFlip(file, index)).toContain(result.error);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('bytes added after the tag, or the header’s line moved, are damage', async () => {
    const more = Buffer.concat([small, Buffer.from([0])]);
    expect(await openBackup(more, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_DAMAGED' });
    const spaced = Buffer.from(text(small).replace('"version":2,', '"version":2 ,'), 'latin1');
    expect(await openBackup(spaced, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_DAMAGED' });
  });
});

describe('a cut file', () => {
  it('cut anywhere in its header, or within 16 bytes of its ends: never opens, not ours within 29 bytes, damaged after', async () => {
    // Every cut that ends in the header, where the parsing is; past it each cut costs a key derivation, so the body's
    // first and last 16 bytes (the property below cuts it anywhere else).
    const header = headerLength(small);
    const lengths = Array.from({ length: small.length }, (_, length) => length).filter(
      (length) => length <= header + 16 || length >= small.length - 16,
    );
    const results = await Promise.all(lengths.map((length) => openBackup(small.subarray(0, length), PASSPHRASE)));
    results.forEach((result, index) => {
      const length = lengths[index] ?? 0;
      expect(result, `cut to ${length}`).toEqual({
        ok: false,
        error: length < 29 ? 'BACKUP_NOT_A_BACKUP' : 'BACKUP_DAMAGED',
      });
    });
  });

  it('property: a larger file cut anywhere is damaged', async () => {
    const file = await sealBackup(randomBytes(3000).toString('base64'), PASSPHRASE, fast);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 29, max: file.length - 1 }), async (length) => {
        expect(await openBackup(file.subarray(0, length), PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_DAMAGED' });
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});

describe('a later version', () => {
  it('is NEWER_FORMAT before any scrypt, however costly or strange the rest of its header', async () => {
    for (const header of [
      { ...headerOf(small), version: 3 },
      { ...headerOf(small), version: 3, kdf: { name: 'scrypt', N: 2 ** 30, r: 8, p: 1, salt: 'AAAA' } },
      { format: BACKUP_FORMAT, version: 3, kdf: { name: 'argon2id', memory: 2 ** 40 } },
      { format: BACKUP_FORMAT, version: 17 },
    ]) {
      expect(await openBackup(rawFile(header), PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_NEWER_FORMAT' });
    }
    // Even over the size limit: a later version may allow more.
    const huge = rawFile({ format: BACKUP_FORMAT, version: 3 }, Buffer.alloc(BACKUP_MAX_BYTES + 1));
    expect(await openBackup(huge, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_NEWER_FORMAT' });
    // No scrypt ran: the promise itself. A bound on the time taken would measure the machine (a loaded CI), not it.
    expect(scryptCalls()).toBe(0);
  });
});

describe('a hostile or malformed header', () => {
  it('is DAMAGED before any scrypt: costs this app never writes, wrong sizes, other spellings, fields added or missing', async () => {
    const good = headerOf(small);
    const kdf = good.kdf;
    const headers: unknown[] = [
      { ...good, kdf: { ...kdf, N: 2 ** 30 } },
      { ...good, kdf: { ...kdf, N: 2 ** 21 } },
      { ...good, kdf: { ...kdf, N: 2 ** 13 } },
      { ...good, kdf: { ...kdf, N: 3 * 2 ** 14 } },
      { ...good, kdf: { ...kdf, N: 2 ** 14 + 0.5 } },
      { ...good, kdf: { ...kdf, N: '16384' } },
      { ...good, kdf: { ...kdf, r: 1024 } },
      { ...good, kdf: { ...kdf, r: 1 } },
      { ...good, kdf: { ...kdf, p: 16 } },
      { ...good, kdf: { ...kdf, name: 'pbkdf2' } },
      { ...good, kdf: { ...kdf, salt: randomBytes(15).toString('base64') } },
      { ...good, kdf: { ...kdf, salt: randomBytes(1024).toString('base64') } },
      { ...good, kdf: { ...kdf, salt: kdf.salt.replace(/=+$/, '') } },
      { ...good, kdf: { ...kdf, salt: Buffer.from(kdf.salt, 'base64').toString('base64url') + 'x' } },
      { ...good, kdf: { ...kdf, extra: 1 } },
      { ...good, kdf: undefined },
      { ...good, iv: randomBytes(16).toString('base64') },
      { ...good, check: randomBytes(32).toString('base64') },
      { ...good, createdAt: -1 },
      { ...good, createdAt: 'today' },
      { ...good, version: 0 },
      { ...good, version: '1' },
      { ...good, version: 1.5 },
      // Version 1 has no sum; version 2 must have it, of its fields.
      { ...good, version: 1 },
      { ...good, sum: undefined },
      { ...good, sum: sumOf({ ...good, sum: undefined }).replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...good, extra: true },
      { format: BACKUP_FORMAT },
    ];
    for (const header of headers) {
      expect(
        await openBackup(rawFile(header, small.subarray(headerLength(small))), PASSPHRASE),
        JSON.stringify(header),
      ).toEqual({
        ok: false,
        error: 'BACKUP_DAMAGED',
      });
    }
    expect(await openBackup(Buffer.from(`{"format":"${BACKUP_FORMAT}","version":1,"kdf":`), PASSPHRASE)).toEqual({
      ok: false,
      error: 'BACKUP_DAMAGED',
    });
    // No scrypt ran: the promise itself. A bound on the time taken would measure the machine (a loaded CI), not it.
    expect(scryptCalls()).toBe(0);
  });

  it('a header line longer than 4 KiB is not looked for', async () => {
    const long = Buffer.from(`{"format":"${BACKUP_FORMAT}","version":1,"pad":"${'x'.repeat(5000)}"}\n`);
    expect(await openBackup(long, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_DAMAGED' });
    const other = Buffer.from(`{"pad":"${'x'.repeat(5000)}","format":"${BACKUP_FORMAT}","version":1}\n`);
    expect(await openBackup(other, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_NOT_A_BACKUP' });
  });
});

describe('files that are not backups', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
    'hex',
  );

  it('empty, a PNG, text, JSON of another kind, a JSON array: NOT_A_BACKUP, without scrypt', async () => {
    for (const file of [
      Buffer.alloc(0),
      Buffer.from('\n'),
      png,
      Buffer.from('Kæri viðtakandi,\nhér er skráin.\n'),
      Buffer.from('{"format":"another-wallet-backup","version":1}\n'),
      Buffer.from('{"format":"a2a-wallet-backup"'.slice(0, 20)),
      Buffer.from('["a2a-wallet-backup",1]\n'),
      Buffer.from('{"version":1,"kdf":{}}\n'),
      Buffer.from('{"Format":"a2a-wallet-backup","version":1}\n'),
      Buffer.from('{"format":"A2A-WALLET-BACKUP","version":1}\n'),
      Buffer.from(`{"profiles":[],"format":1}`),
      Buffer.from('\ufeff{"format":"a2a-wallet-backup","version":1}\n'),
      gzipSync(PAYLOAD),
    ]) {
      expect(await openBackup(file, PASSPHRASE), text(file.subarray(0, 40))).toEqual({
        ok: false,
        error: 'BACKUP_NOT_A_BACKUP',
      });
    }
    expect(scryptCalls()).toBe(0);
  });

  it('property: random bytes, and any JSON line of another format followed by anything, are NOT_A_BACKUP', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        expect(await openBackup(bytes, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_NOT_A_BACKUP' });
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.uint8Array({ maxLength: 200 }), async (value, rest) => {
        fc.pre(!(typeof value === 'object' && value !== null && 'format' in value));
        const file = Buffer.concat([Buffer.from(`${JSON.stringify(value)}\n`), rest]);
        expect(await openBackup(file, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_NOT_A_BACKUP' });
      }),
      { numRuns: 300 },
    );
    expect(scryptCalls()).toBe(0);
  });
});

describe('size', () => {
  it('a file over BACKUP_MAX_BYTES is TOO_LARGE, before any scrypt; one at the limit is read', async () => {
    const header = Buffer.from(small.subarray(0, headerLength(small)));
    const over = Buffer.concat([header, Buffer.alloc(BACKUP_MAX_BYTES + 1 - header.length)]);
    expect(over.length).toBe(64 * 2 ** 20 + 1);
    expect(await openBackup(over, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_TOO_LARGE' });
    expect(inspectBackup(over)).toEqual({ ok: false, error: 'BACKUP_TOO_LARGE' });
    expect(scryptCalls()).toBe(0);
    const at = over.subarray(0, BACKUP_MAX_BYTES);
    expect(await openBackup(at, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_DAMAGED' });
    expect(scryptCalls()).toBe(1);
  });

  it('a gzip bomb inside a well-made file stops at BACKUP_MAX_PLAIN_BYTES: TOO_LARGE, no crash', async () => {
    // Nine gzip members of 64 MiB of zeros each: 576 MiB from about 600 KB. gunzip reads members one after another.
    const member = gzipSync(Buffer.alloc(64 * 2 ** 20), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 9 }, () => member));
    expect(9 * 64 * 2 ** 20).toBeGreaterThan(BACKUP_MAX_PLAIN_BYTES);
    const file = await craft(bomb);
    expect(file.length).toBeLessThan(1_000_000);
    expect(await openBackup(file, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_TOO_LARGE' });
    // Stopped by gunzip at the limit (a string that long could not be made either, which would hide a missing limit).
    expect(vi.mocked(gunzip).mock.calls[0]?.[1]).toMatchObject({ maxOutputLength: BACKUP_MAX_PLAIN_BYTES });
    // The same made with the wrong passphrase never gets so far.
    expect(await openBackup(file, 'another passphrase')).toEqual({ ok: false, error: 'BACKUP_WRONG_PASSPHRASE' });
  }, 60_000);

  it('well-made files whose content is not gzip, or not UTF-8, are damaged', async () => {
    for (const inner of [
      Buffer.from(PAYLOAD),
      Buffer.alloc(0),
      gzipSync(PAYLOAD).subarray(0, 20),
      gzipSync(Buffer.from([0xc3, 0x28, 0xff])),
      gzipSync(Buffer.from([0xed, 0xa0, 0x80])), // a lone surrogate, as UTF-8 may not hold it
    ]) {
      expect(await openBackup(await craft(inner), PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_DAMAGED' });
    }
  });

  it('a well-made header the app does not accept is refused even with the right key', async () => {
    const file = await craft(gzipSync(PAYLOAD), (header) => ({ ...header, createdAt: 1.5 }));
    expect(await openBackup(file, PASSPHRASE)).toEqual({ ok: false, error: 'BACKUP_DAMAGED' });
  });
});
