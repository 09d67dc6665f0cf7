/** The largest image read (a photo of a screen is far smaller); anything bigger is not decoded at all. */
const MAX_BYTES = 20 * 1024 * 1024;
/** Images are scaled down to at most this many pixels a side before the QR code is looked for. */
const MAX_SIDE = 1600;

/**
 * The text of the QR code in an image the customer chose or dropped, or undefined when none can be read. The image
 * is drawn on a canvas and its pixels read by jsQR, loaded only when needed (it is not part of the app's first load).
 */
export async function readQrImage(file: Blob): Promise<string | undefined> {
  if (file.size > MAX_BYTES || !file.type.startsWith('image/')) return undefined;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return undefined;
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { data } = context.getImageData(0, 0, width, height);
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height)?.data;
}
