// The format and pixel size of an image, read from its first bytes: PNG,
// JPEG, GIF and WebP headers. Pure and bounded: it never reads past the bytes
// it is given, and a header it cannot read gives no size rather than a wrong one.

/** What an image's header says. */
export interface ImageInfo {
  format: 'png' | 'jpeg' | 'gif' | 'webp';
  width?: number;
  height?: number;
}

/** Bytes of base64 decoded to read a header (a JPEG's size comes after its EXIF and colour profile). */
export const HEADER_BYTES = 256 * 1024;

/** The format and size of the image in `bytes`, or undefined for anything else. */
export function imageInfo(bytes: Uint8Array): ImageInfo | undefined {
  const b = bytes;
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return sized('png', u32be(b, 16), u32be(b, 20));
  }
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) {
    return sized('gif', b[6]! | (b[7]! << 8), b[8]! | (b[9]! << 8));
  }
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xd8) return jpeg(b);
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b);
  return undefined;
}

/** The image info of base64 `data`, decoding only its first HEADER_BYTES. */
export function imageInfoOfBase64(data: string): ImageInfo | undefined {
  return imageInfo(Buffer.from(data.slice(0, Math.ceil(HEADER_BYTES / 3) * 4), 'base64'));
}

function jpeg(b: Uint8Array): ImageInfo {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return {format: 'jpeg'};
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    // SOF0-SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return sized('jpeg', (b[i + 7]! << 8) | b[i + 8]!, (b[i + 5]! << 8) | b[i + 6]!);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2; // no length
      continue;
    }
    i += 2 + ((b[i + 2]! << 8) | b[i + 3]!);
  }
  return {format: 'jpeg'};
}

function webp(b: Uint8Array): ImageInfo {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return sized('webp', (b[26]! | (b[27]! << 8)) & 0x3fff, (b[28]! | (b[29]! << 8)) & 0x3fff);
  }
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    return sized('webp', 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)));
  }
  return {format: 'webp'};
}

function sized(format: ImageInfo['format'], width: number, height: number): ImageInfo {
  return width > 0 && height > 0 ? {format, width, height} : {format};
}

function u32be(b: Uint8Array, i: number): number {
  return ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
}

function ascii(b: Uint8Array, at: number, n: number): string {
  return String.fromCharCode(...b.subarray(at, at + n));
}
