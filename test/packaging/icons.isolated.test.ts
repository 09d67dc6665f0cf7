import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertIcon, type IconFormat } from 'app-builder-lib/out/util/iconConverter.js';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIcons, iconSourceSvg, PNG_SIZES, renderPng } from '../../scripts/icons.ts';

const root = join(import.meta.dirname, '..', '..');
const committed = join(root, 'assets', 'icons');
const scratch = mkdtempSync(join(tmpdir(), 'a2a-icons-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function pngSize(png: Buffer): [number, number] {
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('npm run icons', () => {
  it('the committed icons are what assets/icon.svg renders to (run `npm run icons` after changing it)', async () => {
    const fresh = await generateIcons(iconSourceSvg(join(root, 'assets', 'icon.svg')), join(scratch, 'fresh'));
    expect(readdirSync(fresh.pngDir).sort()).toEqual(readdirSync(join(committed, 'png')).sort());
    for (const name of readdirSync(fresh.pngDir)) {
      expect(readFileSync(join(fresh.pngDir, name)).equals(readFileSync(join(committed, 'png', name))), name).toBe(
        true,
      );
    }
    expect(readFileSync(fresh.ico).equals(readFileSync(join(committed, 'icon.ico')))).toBe(true);
    expect(readFileSync(fresh.icns).equals(readFileSync(join(committed, 'icon.icns')))).toBe(true);
  });

  it('writes a PNG of each size, named as electron-builder expects for Linux', () => {
    for (const size of PNG_SIZES) {
      expect(pngSize(readFileSync(join(committed, 'png', `${size}x${size}.png`)))).toEqual([size, size]);
    }
  });

  it('writes an .ico with 16 to 256 px entries', () => {
    const ico = readFileSync(join(committed, 'icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const widths = Array.from({ length: count }, (_, index) => ico[6 + 16 * index] || 256);
    expect(widths).toEqual([16, 24, 32, 48, 64, 256]);
  });

  it('writes an .icns whose elements are PNGs up to 1024 px and whose lengths add up', () => {
    const icns = readFileSync(join(committed, 'icon.icns'));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const elements = new Map<string, [number, number]>();
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      elements.set(icns.toString('latin1', offset, offset + 4), pngSize(icns.subarray(offset + 8)));
    }
    expect(elements.get('ic10')).toEqual([1024, 1024]);
    expect(elements.get('ic07')).toEqual([128, 128]);
    expect(elements.get('icp4')).toEqual([16, 16]);
    expect(elements.size).toBe(11);
  });

  it('takes a square PNG of at least 512 px as a source too, and refuses a small or oblong one', async () => {
    const png = join(scratch, 'vendor.png');
    writeFileSync(png, await renderPng(readFileSync(join(root, 'assets', 'icon.svg'), 'utf8'), 512));
    const set = await generateIcons(iconSourceSvg(png), join(scratch, 'from-png'));
    expect(pngSize(readFileSync(join(set.pngDir, '1024x1024.png')))).toEqual([1024, 1024]);

    const small = join(scratch, 'small.png');
    writeFileSync(small, await renderPng(readFileSync(join(root, 'assets', 'icon.svg'), 'utf8'), 64));
    expect(() => iconSourceSvg(small)).toThrow(/at least 512 px \(it is 64x64\)/);
    const jpeg = join(scratch, 'icon.jpg');
    writeFileSync(jpeg, 'not an icon');
    expect(() => iconSourceSvg(jpeg)).toThrow(/must be an \.svg or a \.png/);
  });
});

/**
 * What electron-builder itself does with an icon (app-builder-lib's convertIcon, which its packagers call for every
 * target): an .icns, an .ico of 256 px and a folder of `NxN.png` it takes as they are; anything else it converts with
 * a separate icon tool that it downloads from GitHub at build time (or finds in ELECTRON_BUILDER_ICONS_TOOLSET_DIR).
 * Here that folder is empty, so a conversion fails instead of downloading.
 */
describe("electron-builder's own icon conversion", () => {
  const toolset = join(scratch, 'empty-icons-toolset');
  let before: string | undefined;
  beforeAll(() => {
    mkdirSync(toolset, { recursive: true });
    before = process.env['ELECTRON_BUILDER_ICONS_TOOLSET_DIR'];
    process.env['ELECTRON_BUILDER_ICONS_TOOLSET_DIR'] = toolset;
  });
  afterAll(() => {
    if (before === undefined) delete process.env['ELECTRON_BUILDER_ICONS_TOOLSET_DIR'];
    else process.env['ELECTRON_BUILDER_ICONS_TOOLSET_DIR'] = before;
  });

  const convert = (source: string, format: IconFormat) =>
    convertIcon({
      sources: [source],
      fallbackSources: [],
      roots: [join(root, 'assets'), root],
      format,
      outDir: join(scratch, `converted-${format}`),
    });

  it("takes electron-builder.yml's icons as they are, without its icon tool", async () => {
    const yml = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, { icon: string }>;
    const mac = await convert(yml['mac']?.icon as string, 'icns');
    expect(mac.icons.map((icon) => icon.file)).toEqual([join(root, 'assets', 'icons', 'icon.icns')]);
    const win = await convert(yml['win']?.icon as string, 'ico');
    expect(win.icons).toEqual([{ file: join(root, 'assets', 'icons', 'icon.ico'), size: 256 }]);
    const linux = await convert(yml['linux']?.icon as string, 'set');
    expect(linux.icons.map((icon) => icon.size)).toEqual([...PNG_SIZES]);
  });

  it('needs its separately downloaded icon tool to make an .icns or .ico from a PNG or an SVG', async () => {
    for (const source of [join(committed, 'png', '1024x1024.png'), join(root, 'assets', 'icon.svg')]) {
      for (const format of ['icns', 'ico'] as const) {
        await expect(convert(source, format), `${source} to ${format}`).rejects.toThrow(/Icons tool not found/);
      }
    }
  });
});
