import type { DragEvent } from 'react';
import { useQrImage } from './PayRequest.tsx';

/**
 * The QR drop on the pay form: an image dropped onto it is read as a payment request (as "Pay a request" reads one),
 * and fills the form. Files are let over the form; anything else dropped is the browser's as before.
 */
export function useQrDrop(): { onDragOver(event: DragEvent): void; onDrop(event: DragEvent): void } {
  const readQrImage = useQrImage();
  return {
    onDragOver(event) {
      if ([...event.dataTransfer.items].some((item) => item.kind === 'file')) event.preventDefault();
    },
    onDrop(event) {
      const image = [...event.dataTransfer.files].find((file) => file.type.startsWith('image/'));
      if (!image) return;
      event.preventDefault();
      void readQrImage(image);
    },
  };
}
