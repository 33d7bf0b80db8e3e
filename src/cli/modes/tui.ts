// The terminal UI. The first frame comes before anything heavy is loaded:
// the alternate screen and the app's layout with empty panes (drawn without
// Ink); then the config loads and the eager stdio servers are spawned, so
// they boot while the hub, driver and store load (the hub takes over the
// running processes); Ink and React load once the servers have settled
// (../servers-first.ts), and the app's own first frame replaces the first one.
import {readFileSync} from 'node:fs';
import {enterAltScreen} from '../../ui/alt-screen.js';
import {firstFrameText} from '../../ui/first-frame.js';
import type {CliOptions} from '../args.js';

/** Runs the UI (main has checked that stdin and stdout are terminals). */
export async function run(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const out = process.stdout;
  const leaveScreen = enterAltScreen(out);
  out.write(firstFrameText(out.columns || 80, out.rows || 24, serverCountHint(opts.config)));
  // Keys typed while the rest loads wait for the app instead of being echoed over the frame.
  const raw = process.stdin.isTTY === true;
  if (raw) process.stdin.setRawMode(true);
  const leave = () => {
    if (raw) process.stdin.setRawMode(false);
    leaveScreen();
  };
  try {
    // Loaded after the first frame is on screen: the config checks, the spawn and the app.
    return await (await import('../tui-start.js')).startTui(opts, env, leave);
  } finally {
    leave();
  }
}

/**
 * How many servers the config names, to size the Servers pane of the first
 * frame like the app's; only a hint (1 when the file is not plain JSON). The
 * config is read and checked for real right after the frame (src/config).
 */
function serverCountHint(path: string): number {
  try {
    const servers = (JSON.parse(readFileSync(path, 'utf8')) as {mcpServers?: unknown})?.mcpServers;
    return servers && typeof servers === 'object' ? Math.max(1, Object.keys(servers).length) : 1;
  } catch {
    return 1;
  }
}
