// What every provider must do when its turn is cancelled while the answer
// streams in (Esc, Ctrl-C): reject with an AbortError, never resolve with the
// answer so far as if it were finished. The fake API behind `model` must send
// some text, then hang.
import {expect} from 'vitest';
import type {Model, ModelRequest} from '../../../src/agent/model.js';

export async function expectAbortMidStream(model: Model, request: Omit<ModelRequest, 'signal' | 'onText'>): Promise<void> {
  const controller = new AbortController();
  const seen: string[] = [];
  const pending = model.respond({
    ...request,
    signal: controller.signal,
    onText: (d) => {
      seen.push(d);
      controller.abort();
    },
  });
  await expect(pending).rejects.toMatchObject({name: 'AbortError'});
  expect(seen.length).toBeGreaterThan(0);
}
