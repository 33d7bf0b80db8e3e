import {describe, expect, it} from 'vitest';
import {browserCommands, openUrl} from '../../src/auth/browser.js';

const url = 'https://auth.example.com/authorize?client_id=a&state=b';

describe('opening the authorization URL', () => {
  it('runs the BROWSER command with the URL as its own argument, %s substituted, trying each :-separated entry', () => {
    expect(browserCommands(url, {BROWSER: 'firefox --new-window'}, 'linux')).toEqual([['firefox', '--new-window', url]]);
    expect(browserCommands(url, {BROWSER: 'w3m %s:lynx'}, 'linux')).toEqual([['w3m', url], ['lynx', url]]);
  });

  it('falls back to the platform opener', () => {
    expect(browserCommands(url, {}, 'linux')).toEqual([['xdg-open', url]]);
    expect(browserCommands(url, {}, 'darwin')).toEqual([['open', url]]);
    expect(browserCommands(url, {}, 'win32')[0][0]).toBe('rundll32');
  });

  it('refuses non-http URLs and reports a browser that cannot start', async () => {
    await expect(openUrl('file:///etc/passwd', {BROWSER: 'true'})).rejects.toThrow(/refusing/);
    await expect(openUrl(url, {BROWSER: '/nonexistent/browser-binary'})).rejects.toThrow(/could not start a browser/);
    await expect(openUrl(url, {BROWSER: 'true'})).resolves.toMatchObject({command: 'true'});
    // Started, then failed: the page did not open.
    const opened = await openUrl(url, {BROWSER: 'false'});
    expect(opened.command).toBe('false');
    await expect(opened.failed).resolves.toBe('exit status 1');
  });
});
