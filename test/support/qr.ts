import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code in a PNG (as the renderer reads a dropped image: RGBA pixels into jsQR). */
export function readQrPng(png: Uint8Array): string | undefined {
  const image = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** The PNG in a `data:image/png;base64,` URL. */
export const pngOfDataUrl = (url: string): Uint8Array =>
  Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64');
