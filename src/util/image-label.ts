// How an image is named to people: "[image 640×480 png, 48 KB]".
import {formatBytes} from './bytes.js';
import {base64Size, imageInfoOfBase64} from './image-info.js';

/** The label of an image whose header said `format`, `width` and `height` (when it could). */
export function imageLabel(i: {format?: string; mimeType?: string; width?: number; height?: number; bytes: number}): string {
  const size = i.width && i.height ? `${i.width}×${i.height} ` : '';
  const kind = i.format ?? (i.mimeType ?? '').replace(/^[a-z]+\//, '') ?? '';
  return `[image ${size}${kind || 'of unknown type'}, ${formatBytes(i.bytes)}]`;
}

/** The label of base64 image `data`, reading its header. */
export function imageLabelOfBase64(data: string, mimeType?: string): string {
  return imageLabel({...imageInfoOfBase64(data), mimeType, bytes: base64Size(data)});
}
