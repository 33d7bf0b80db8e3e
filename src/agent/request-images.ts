import {decodedBytes, formatBytes} from '../hub/content/index.js';
import type {ModelContent, ModelMessage} from './model.js';

/** Images one model request may carry: bytes (decoded) and count. The newest are kept. */
export const REQUEST_IMAGE_LIMITS = Object.freeze({bytes: 12 * 1024 * 1024, count: 20});

type Image = Extract<ModelContent, {type: 'image'}>;

/**
 * The history as one request may send it: when its images add up to more than
 * the limits (the API refuses a request over 32 MB, or with too many images),
 * the oldest become a text line saying so. The history itself is not changed;
 * an unchanged history is returned as it is.
 */
export function withinRequestImages(messages: ModelMessage[], limits = REQUEST_IMAGE_LIMITS): ModelMessage[] {
  let bytes = 0;
  let count = 0;
  const dropped = new Set<Image>();
  for (let m = messages.length - 1; m >= 0; m--) {
    for (const image of imagesOf(messages[m]!)) {
      const size = decodedBytes(image.source.data);
      if (count + 1 > limits.count || bytes + size > limits.bytes) dropped.add(image);
      else {
        count++;
        bytes += size;
      }
    }
  }
  if (dropped.size === 0) return messages;
  const swap = <T extends ModelContent | Image | {type: 'text'; text: string}>(b: T): T =>
    b.type === 'image' && dropped.has(b as Image)
      ? ({type: 'text', text: `[an earlier image (${(b as Image).source.media_type}, ${formatBytes(decodedBytes((b as Image).source.data))}) left out of this request: the newer images fill the ${formatBytes(limits.bytes)} / ${limits.count}-image budget of one request]`} as T)
      : b;
  return messages.map((msg) => ({
    ...msg,
    content: msg.content.map((b) => (b.type === 'tool_result' ? {...b, content: b.content.map(swap)} : swap(b))),
  }));
}

function* imagesOf(message: ModelMessage): Generator<Image> {
  for (let i = message.content.length - 1; i >= 0; i--) {
    const b = message.content[i]!;
    if (b.type === 'image') yield b;
    else if (b.type === 'tool_result') for (let j = b.content.length - 1; j >= 0; j--) if (b.content[j]!.type === 'image') yield b.content[j] as Image;
  }
}
