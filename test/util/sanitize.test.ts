import fc from 'fast-check';
import {describe, expect, it, vi} from 'vitest';
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

describe('stripControl on text with nothing to strip', () => {
  it('keeps exactly the code units it keeps inside a stripped text, each alone between letters', () => {
    // What the quick search lets through must be what the stripping loop keeps: printable ASCII,
    // tab, LF and everything above C1 but the bidi format characters.
    const bidi = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
    const kept = (c: number) => (c >= 0x20 && c < 0x7f) || (c > 0x9f && !bidi.has(c)) || c === 0x0a || c === 0x09;
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (c === 0x0d || c === 0x1b || c === 0x9b || [0x90, 0x98, 0x9d, 0x9e, 0x9f].includes(c)) continue; // sequences, tested above
      const text = `a${String.fromCharCode(c)}b`;
      const expected = kept(c) ? text : 'ab';
      if (stripControl(text) !== expected) wrong.push(c.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('finds that out without a loop in JS over its characters', () => {
    // Every listed tool's description passes here: the per-character loop it had got hot enough
    // for V8's optimizing compiler during a hub's first start (BENCHMARKS.md §11, h25b).
    const text = 'Search issues in the workspace; returns matching records. '.repeat(100);
    const spy = vi.spyOn(String.prototype, 'charCodeAt');
    try {
      expect(stripControl(text)).toBe(text);
      // 0 now; one call per character (5,800) with the loop.
      expect(spy.mock.calls.length).toBe(0);
    } finally {
      spy.mockRestore();
    }
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
