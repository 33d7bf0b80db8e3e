// How an image is named to people: "[image 640×480 png, 48 KB]" (the hub's
// describer, which the model reads, has no pixel size: it never decodes).
import {decodedBytes, formatBytes} from '../hub/content/index.js';
import {imageInfoOfBase64} from '../util/image-info.js';

/** The label of an image whose header said `format`, `width` and `height` (when it could). */
export function imageLabel(i: {format?: string; mimeType?: string; width?: number; height?: number; bytes: number}): string {
  const size = i.width && i.height ? `${i.width}×${i.height} ` : '';
  const kind = i.format ?? (i.mimeType ?? '').replace(/^[a-z]+\//, '') ?? '';
  return `[image ${size}${kind || 'of unknown type'}, ${formatBytes(i.bytes)}]`;
}

/** The label of base64 image `data`, reading its header. */
export function imageLabelOfBase64(data: string, mimeType?: string): string {
  return imageLabel({...imageInfoOfBase64(data), mimeType, bytes: decodedBytes(data)});
}
