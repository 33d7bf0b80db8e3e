// Image headers: format and pixel size from the first bytes, never a wrong size.
import {deflateSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {imageInfo, imageInfoOfBase64} from '../../src/util/image-info.js';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** A complete, valid 1-bit PNG of `w`×`h` (what a real server sends). */
function png(w: number, h: number): Uint8Array {
  const chunk = (type: string, data: number[]) => [...be32(data.length), ...ascii(type), ...data, 0, 0, 0, 0];
  const rows = Buffer.alloc(h * (1 + Math.ceil(w / 8)));
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', [...be32(w), ...be32(h), 1, 0, 0, 0, 0]), ...chunk('IDAT', [...deflateSync(rows)]), ...chunk('IEND', [])]);
}

describe('imageInfo', () => {
  it('reads PNG, GIF, JPEG and the three WebP forms', () => {
    expect(imageInfo(png(640, 480))).toEqual({format: 'png', width: 640, height: 480});
    expect(imageInfo(Uint8Array.from([...ascii('GIF89a'), ...le16(320), ...le16(200), 0, 0, 0]))).toEqual({format: 'gif', width: 320, height: 200});
    // JPEG: SOI, an APP1 (EXIF) segment of 100 bytes to skip, then SOF0 with height 480 and width 640.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, 100, ...new Array(98).fill(7), 0xff, 0xc0, 0, 17, 8, ...[1, 224], ...[2, 128], 3, ...new Array(9).fill(0)]);
    expect(imageInfo(jpeg)).toEqual({format: 'jpeg', width: 640, height: 480});
    const riff = (chunk: string, body: number[]) => Uint8Array.from([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP'), ...ascii(chunk), 0, 0, 0, 0, ...body]);
    expect(imageInfo(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(800), ...le16(600)]))).toEqual({format: 'webp', width: 800, height: 600});
    const bits = (1024 - 1) | ((768 - 1) << 14);
    expect(imageInfo(riff('VP8L', [0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255]))).toEqual({format: 'webp', width: 1024, height: 768});
    expect(imageInfo(riff('VP8X', [0, 0, 0, 0, ...le24(1919), ...le24(1079)]))).toEqual({format: 'webp', width: 1920, height: 1080});
  });

  it('cut or odd headers give the format without a size, and anything else gives nothing', () => {
    expect(imageInfo(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0, 200, 1, 2, 3, 4, 5, 6]))).toEqual({format: 'jpeg'});
    expect(imageInfo(Uint8Array.from([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]))).toEqual({format: 'jpeg'});
    expect(imageInfo(png(0, 5))).toEqual({format: 'png'});
    expect(imageInfo(png(3, 3).subarray(0, 12))).toBeUndefined();
    expect(imageInfo(Uint8Array.from(ascii('%PDF-1.7 not an image')))).toBeUndefined();
    expect(imageInfo(new Uint8Array())).toBeUndefined();
  });

  it('works on base64 without decoding all of it', () => {
    const data = Buffer.concat([Buffer.from(png(20, 20)), Buffer.alloc(2_000_000)]).toString('base64');
    expect(imageInfoOfBase64(data)).toEqual({format: 'png', width: 20, height: 20});
  });
});
