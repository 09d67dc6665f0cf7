/**
 * The caption under a saved payment request's QR code (issue 27), drawn here because main has no canvas and the
 * window's fonts have every Icelandic letter: the lines in black on white, as wide as the QR code, as a PNG data
 * URL. Main puts it under its own QR code of the link (main/payments/payment-request-handlers.ts), so nothing drawn
 * here can change the code.
 */

export interface CaptionLine {
  text: string;
  strong?: boolean;
}

/** Main refuses a taller caption (QR_CAPTION_MAX_HEIGHT); lines past it are left off. */
const MAX_HEIGHT = 1200;
const FONT = 'system-ui, "Segoe UI", Roboto, sans-serif';

/** The width of the PNG in a data URL, from its header (the first 24 bytes), or undefined if it is not one. */
export function pngWidth(dataUrl: string): number | undefined {
  let head: string;
  try {
    head = atob(dataUrl.slice(dataUrl.indexOf(',') + 1).slice(0, 32));
  } catch {
    return undefined;
  }
  if (head.length < 24 || head.slice(12, 16) !== 'IHDR') return undefined;
  return (
    ((head.charCodeAt(16) << 24) | (head.charCodeAt(17) << 16) | (head.charCodeAt(18) << 8) | head.charCodeAt(19)) >>> 0
  );
}

type Context = OffscreenCanvasRenderingContext2D;

/** One line broken into rows that fit `room` pixels: at spaces, or inside a word longer than a row. */
function rows(context: Context, text: string, room: number): string[] {
  const out: string[] = [];
  let row = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tried = row ? `${row} ${word}` : word;
    if (context.measureText(tried).width <= room) {
      row = tried;
      continue;
    }
    if (row) out.push(row);
    row = '';
    for (const char of word) {
      if (row && context.measureText(row + char).width > room) {
        out.push(row);
        row = '';
      }
      row += char;
    }
  }
  if (row) out.push(row);
  return out;
}

/**
 * The caption as a PNG data URL `width` pixels wide, or undefined where the window cannot draw one (no canvas):
 * the QR code is then saved alone.
 */
export async function drawCaption(lines: readonly CaptionLine[], width: number): Promise<string | undefined> {
  if (typeof OffscreenCanvas === 'undefined' || width < 64) return undefined;
  const size = Math.max(14, Math.min(28, Math.round(width / 20)));
  // The QR code's own quiet zone (4 modules of 8 px) on either side, and below.
  const margin = 32;
  const lineHeight = Math.round(size * 1.4);
  const fontOf = (line: CaptionLine) => `${line.strong ? '700' : '400'} ${String(size)}px ${FONT}`;
  const scratch = new OffscreenCanvas(width, 1).getContext('2d');
  if (!scratch) return undefined;
  const laid: { font: string; text: string }[] = [];
  for (const line of lines) {
    scratch.font = fontOf(line);
    for (const text of rows(scratch, line.text, width - 2 * margin)) laid.push({ font: fontOf(line), text });
  }
  const fit = Math.max(1, Math.floor((MAX_HEIGHT - margin) / lineHeight));
  const shown = laid.slice(0, fit);
  const height = shown.length * lineHeight + margin;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  shown.forEach((row, index) => {
    context.font = row.font;
    context.fillText(row.text, width / 2, index * lineHeight + lineHeight / 2);
  });
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : undefined);
    reader.onerror = () => resolve(undefined);
    reader.readAsDataURL(blob);
  });
}
