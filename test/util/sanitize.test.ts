import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {stripControl, stripControlLine} from '../../src/util/sanitize.js';

const ESC = '\x1b';

describe('stripControl', () => {
  it('removes CSI sequences such as clear-screen and colours', () => {
    expect(stripControl(`a${ESC}[2Jb${ESC}[1;31mred${ESC}[0m`)).toBe('abred');
    expect(stripControl(`${ESC}[?1049h${ESC}[38;2;1;2;3mx`)).toBe('x');
  });

  it('removes OSC 52 clipboard writes and window titles, BEL- or ST-terminated', () => {
    expect(stripControl(`x${ESC}]52;c;ZWNobyBwd25lZA==\x07y`)).toBe('xy');
    expect(stripControl(`x${ESC}]0;evil title${ESC}\\y`)).toBe('xy');
    expect(stripControl(`x${ESC}]8;;http://e.vil${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe('xlink');
  });

  it('drops an unterminated OSC to the end, as a terminal would swallow it', () => {
    expect(stripControl(`ok${ESC}]52;c;AAAA and more`)).toBe('ok');
  });

  it('removes DCS, APC, PM and SOS strings', () => {
    expect(stripControl(`a${ESC}Pq#0;2;0;0;0${ESC}\\b`)).toBe('ab');
    expect(stripControl(`a${ESC}_Gf=100;AAAA${ESC}\\b`)).toBe('ab');
    expect(stripControl(`a${ESC}^pm${ESC}\\b${ESC}Xsos${ESC}\\c`)).toBe('abc');
  });

  it('removes two-character and nF escapes', () => {
    expect(stripControl(`a${ESC}cb${ESC}7c${ESC}(Bd${ESC}#8e`)).toBe('abcde');
  });

  it('removes bells, backspaces, NUL, DEL and other C0 controls but keeps \\n and \\t', () => {
    expect(stripControl('a\x07b\x08c\x00d\x7fe\x0bf\x0cg\n\th')).toBe('abcdefg\n\th');
  });

  it('removes 8-bit C1 controls, including the 8-bit CSI, OSC and ST', () => {
    expect(stripControl('a\x9b2Jb')).toBe('ab');
    expect(stripControl('a\x9d52;c;QUJD\x07b')).toBe('ab');
    expect(stripControl('a\x9d0;t\x9cb\x85c\x9cd')).toBe('abcd');
  });

  it('turns CRLF and lone CR into LF', () => {
    expect(stripControl('a\r\nb\rc')).toBe('a\nb\nc');
    expect(stripControl('50%\r100%')).toBe('50%\n100%');
  });

  it('keeps printable Unicode, including emoji and right-to-left text', () => {
    const text = 'héllo — 日本語 👋 שלום';
    expect(stripControl(text)).toBe(text);
  });

  it('does not let a malformed CSI eat the following text', () => {
    expect(stripControl(`${ESC}[12\nnext`)).toBe('\nnext');
    expect(stripControl(`end${ESC}`)).toBe('end');
    expect(stripControl(`${ESC}[`)).toBe('');
  });

  it('never leaves an ESC, C0 (besides \\n\\t) or C1 character behind', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom(ESC, '\x9b', '\x9d', '\x07', '\r', '[', ']', '\\', ';', '2J')), {maxLength: 40}), (parts) => {
        const out = stripControl(parts.join(''));
        expect(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(out)).toBe(false);
      }),
    );
  });

  it('is linear on hostile input', () => {
    const big = `${ESC}[`.repeat(200_000) + `${ESC}]`.repeat(1000);
    const t = performance.now();
    stripControl(big);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe('stripControlLine', () => {
  it('flattens line breaks and tabs into spaces', () => {
    expect(stripControlLine('a\nb\tc\r\nd\u2028e')).toBe('a b c d e');
    expect(stripControlLine(`t${ESC}[2Ji\x07tle`)).toBe('title');
  });
});

describe('bidi format characters', () => {
  it('are removed, so a name reads as what it is', async () => {
    const {stripControl, stripControlLine} = await import('../../src/util/sanitize.js');
    expect(stripControl('admin\u202Eevil\u202C \u2066x\u2069 \u200Fok')).toBe('adminevil x ok');
    expect(stripControlLine('a\u061Cb\n')).toBe('ab ');
    expect(stripControl('héllo 🚀 ünï')).toBe('héllo 🚀 ünï');
  });
});
