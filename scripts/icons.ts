import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, resolve } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import pngToIco from 'png-to-ico';

/**
 * `npm run icons`: the app's icons from one source, `assets/icon.svg`, into `assets/icons/`: a PNG per size (the
 * Linux icon set, named `NxN.png` as electron-builder expects), `icon.ico` (Windows, NSIS) and `icon.icns` (macOS).
 * Every size is rendered from the vector, not scaled down from one bitmap, so small sizes stay sharp.
 *
 * resvg (as WebAssembly: no native binary per platform) renders; png-to-ico packs the .ico with BMP entries, which
 * every Windows version and NSIS read. There is no maintained pure-JS .icns writer on npm, and the format is a
 * list of PNGs behind an eight-byte header each, so that part is written here.
 */

export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
const ICO_SIZES = [16, 24, 32, 48, 64, 256] as const;
/** ICNS element types that hold PNG data, and the pixel size of each (the @2x types are twice their point size). */
const ICNS_TYPES: readonly (readonly [string, number])[] = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];
/** The smallest bitmap accepted as a source: macOS wants 1024, but 512 still gives a usable set. */
const MIN_BITMAP_SOURCE = 512;

export interface IconSet {
  /** A folder of `NxN.png` files: electron-builder's Linux icon set. */
  pngDir: string;
  ico: string;
  icns: string;
}

let wasmReady: Promise<void> | undefined;
function ensureWasm(): Promise<void> {
  const wasmPath = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
  wasmReady ??= initWasm(readFileSync(wasmPath));
  return wasmReady;
}

/** The SVG to render from an icon file: an SVG as it is, a square PNG (at least 512 px) wrapped in one. */
export function iconSourceSvg(file: string): string {
  const extension = extname(file).toLowerCase();
  const data = readFileSync(file);
  if (extension === '.svg') return data.toString('utf8');
  if (extension !== '.png') throw new Error(`${file}: an icon must be an .svg or a .png`);
  const { width, height } = pngDimensions(data, file);
  if (width !== height || width < MIN_BITMAP_SOURCE) {
    throw new Error(
      `${file}: a PNG icon must be square and at least ${MIN_BITMAP_SOURCE} px (it is ${width}x${height})`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">` +
    `<image width="${width}" height="${height}" href="data:image/png;base64,${data.toString('base64')}"/></svg>`
  );
}

function pngDimensions(data: Buffer, file: string): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (data.length < 24 || !data.subarray(0, 8).equals(signature) || data.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error(`${file}: not a PNG file`);
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

export async function renderPng(svg: string, size: number): Promise<Buffer> {
  await ensureWasm();
  const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render();
  try {
    if (rendered.width !== size || rendered.height !== size) {
      throw new Error(`the icon is not square: rendered ${rendered.width}x${rendered.height} for ${size}`);
    }
    return Buffer.from(rendered.asPng());
  } finally {
    rendered.free();
  }
}

/** An .icns file: `icns`, the total length, then each element as type, length (header included) and PNG data. */
export function icnsFromPngs(pngBySize: ReadonlyMap<number, Buffer>): Buffer {
  const elements = ICNS_TYPES.map(([type, size]) => {
    const png = pngBySize.get(size);
    if (!png) throw new Error(`no ${size} px PNG for the .icns element ${type}`);
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([header, png]);
  });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(8 + elements.reduce((sum, element) => sum + element.length, 0), 4);
  return Buffer.concat([header, ...elements]);
}

/** Renders the whole icon set from an SVG into `outDir` and says where each part is. */
export async function generateIcons(svg: string, outDir: string): Promise<IconSet> {
  const pngDir = join(outDir, 'png');
  mkdirSync(pngDir, { recursive: true });
  const pngBySize = new Map<number, Buffer>();
  for (const size of PNG_SIZES) {
    const png = await renderPng(svg, size);
    pngBySize.set(size, png);
    writeFileSync(join(pngDir, `${size}x${size}.png`), png);
  }
  const icoImages = ICO_SIZES.map((size) => pngBySize.get(size) as Buffer);
  const set: IconSet = { pngDir, ico: join(outDir, 'icon.ico'), icns: join(outDir, 'icon.icns') };
  writeFileSync(set.ico, await pngToIco(icoImages));
  writeFileSync(set.icns, icnsFromPngs(pngBySize));
  return set;
}

if (import.meta.filename === process.argv[1]) {
  const root = resolve(import.meta.dirname, '..');
  const source = resolve(process.argv[2] ?? join(root, 'assets', 'icon.svg'));
  const outDir = resolve(process.argv[3] ?? join(root, 'assets', 'icons'));
  const set = await generateIcons(iconSourceSvg(source), outDir);
  console.log(`Icons from ${source}:\n  ${set.pngDir}/ (${PNG_SIZES.join(', ')} px)\n  ${set.ico}\n  ${set.icns}`);
}
