// One row pair per configured server, in config order.
import React, {memo} from 'react';
import type {AppState, ScrollState} from '../../state/app-state.js';
import {scrolledWindow, serverRows, serverSummary} from '../../state/selectors.js';
import {innerCols, innerRows} from '../components/frame.js';
import {ListFrame} from '../components/list-frame.js';
import {seg} from '../line.js';
import {cellWidth} from '../text/cells.js';
import type {Theme} from '../theme.js';
import {formatTokens, type ToolTokens} from '../../state/tool-tokens.js';
import {serverRowsPer} from './rows-per.js';
import {serverLines} from './server-rows.js';
import {highlighted} from './catalog-pane.js';

/** What the servers pane draws. */
export interface ServersPaneProps {
  servers: AppState['servers'];
  /** Each server's tool table size, when known. */
  tokens?: ToolTokens;
  scroll: ScrollState;
  width: number;
  height: number;
  focused: boolean;
  theme: Theme;
  /** The highlighted server (Enter opens its detail), drawn while the pane has focus. */
  cursor?: number;
}

/** Servers the pane shows at once in a frame of `width` × `height`. */
export const serversCapacity = (width: number, height: number): number => Math.floor(innerRows(height) / serverRowsPer(innerCols(width)));

/** The servers pane. */
export const ServersPane = memo(function ServersPane(p: ServersPaneProps): React.JSX.Element {
  const rows = serverRows(p.servers);
  const win = scrolledWindow(rows, p.scroll, serversCapacity(p.width, p.height));
  const aliasWidth = Math.min(16, Math.max(4, ...win.rows.map((s) => cellWidth(s.alias))));
  const width = innerCols(p.width);
  const lines = win.rows.flatMap((s, i) => {
    const [first, ...rest] = serverLines(s, width, aliasWidth, undefined, tokensOf(p.tokens, s.alias));
    return [p.focused && win.offset + i === p.cursor && first ? highlighted(first) : first!, ...rest];
  });
  if (rows.length === 0) lines.push([seg('no servers configured (mcp.config.json)', 'muted')]);
  return (
    <ListFrame title={[seg('Servers'), seg(` ${serverSummary(p.servers).label}`, 'accent')]} above={win.above} below={win.below} lines={lines} width={p.width} height={p.height} focused={p.focused} theme={p.theme} />
  );
});


function tokensOf(t: ToolTokens | undefined, alias: string): string | undefined {
  const n = t?.byAlias[alias];
  if (t === undefined || n === undefined) return undefined;
  return t.source === 'api' ? `${formatTokens(n)} tokens` : `~${formatTokens(n)} tokens`;
}
