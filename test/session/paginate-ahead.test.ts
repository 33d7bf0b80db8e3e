// A listing asks for the next page before it checks the entries of the one it
// has, so the server makes that page while the client checks (issue #17): one
// request in flight at a time, no request past the end, past the page limit
// or for a cursor seen before.
import {describe, expect, it} from 'vitest';
import {listAllTools, PaginationError} from '../../src/session/list-tools.js';

/** A server of `pages` pages of two tools each, recording every request and every check in one log. */
function pagedServer(pages: number, cursorOf = (page: number) => `c${page}`) {
  const log: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const fetchPage = async (cursor: string | undefined) => {
    const page = cursor === undefined ? 1 : Number(cursor.slice(1)) + 1;
    log.push(`request ${page}`);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await Promise.resolve();
    inFlight--;
    const tools = [1, 2].map((n) => ({name: `t${page}_${n}`, inputSchema: {type: 'object'}}));
    return page < pages ? {tools, nextCursor: cursorOf(page)} : {tools};
  };
  const check = (tool: {name: string}) => {
    log.push(`check ${tool.name}`);
    return undefined;
  };
  return {log, fetchPage, check, mostInFlight: () => mostInFlight};
}

describe('listing ahead', () => {
  it('asks for page 2 before it checks page 1, and for nothing after the last page', async () => {
    const server = pagedServer(3);
    const listing = await listAllTools(server.fetchPage, 'ahead', {check: server.check});
    expect(listing.tools.map((t) => t.name)).toEqual(['t1_1', 't1_2', 't2_1', 't2_2', 't3_1', 't3_2']);
    expect(server.log).toEqual(['request 1', 'request 2', 'check t1_1', 'check t1_2', 'request 3', 'check t2_1', 'check t2_2', 'check t3_1', 'check t3_2']);
    expect(server.mostInFlight()).toBe(1);
  });

  it('asks for no page past the limit and none for a cursor it has seen: both still fail as before', async () => {
    const limited = pagedServer(10);
    await expect(listAllTools(limited.fetchPage, 'ahead', {check: limited.check, pageLimit: 2})).rejects.toThrow(/did not end after 2 pages/);
    expect(limited.log.filter((l) => l.startsWith('request'))).toEqual(['request 1', 'request 2']);

    // Page 2 hands back page 1's cursor.
    const looping = pagedServer(10, (page) => (page === 2 ? 'c1' : `c${page}`));
    await expect(listAllTools(looping.fetchPage, 'ahead', {check: looping.check})).rejects.toThrow(PaginationError);
    expect(looping.log.filter((l) => l.startsWith('request'))).toEqual(['request 1', 'request 2']);
  });

  it('leaves no rejection unobserved when the page being checked fails while the next one is asked for', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const fetchPage = async (cursor: string | undefined) => {
        if (cursor !== undefined) throw new Error('the server went away');
        return {tools: [{name: 'a', inputSchema: {type: 'object'}}], nextCursor: 'c1'};
      };
      const check = () => {
        throw new Error('the check broke');
      };
      await expect(listAllTools(fetchPage, 'ahead', {check})).rejects.toThrow('the check broke');
      // Node reports an unhandled rejection after the microtasks of the turn it happened in.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
