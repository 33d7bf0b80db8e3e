// ink-testing-library's terminal is 100 columns wide; this renders the same
// way (debug mode, every frame written whole) into a terminal of any width.
import {EventEmitter} from 'node:events';
import {render as inkRender} from 'ink';
import type React from 'react';

class Stdout extends EventEmitter {
  constructor(readonly columns: number) {
    super();
  }
  frame = '';
  write = (frame: string) => {
    this.frame = frame;
  };
}

/** Renders `tree` in a terminal `columns` wide; call `unmount` when done. */
export function renderAt(tree: React.ReactElement, columns: number): {lastFrame(): string; unmount(): void} {
  const stdout = new Stdout(columns);
  const instance = inkRender(tree, {stdout: stdout as unknown as NodeJS.WriteStream, stderr: new Stdout(columns) as unknown as NodeJS.WriteStream, debug: true, exitOnCtrlC: false, patchConsole: false});
  return {lastFrame: () => stdout.frame, unmount: () => instance.unmount()};
}
