// Asks before a call runs; the keys are handled by the key router.
import React, {memo} from 'react';
import type {CatalogEntry} from '../../hub/types.js';
import type {ToolCallItem} from '../../state/app-state.js';
import {Frame, innerCols} from '../components/frame.js';
import {LinesView} from '../components/line-view.js';
import {seg} from '../line.js';
import type {Theme} from '../theme.js';
import {approvalLines} from './approval-lines.js';

/** What the dialog draws. */
export interface ApprovalDialogProps {
  card: ToolCallItem;
  entry?: CatalogEntry;
  /** Calls waiting, this one included. */
  waiting: number;
  width: number;
  height: number;
  theme: Theme;
}

/** Rows the dialog needs for `card` (border included). */
export function approvalHeight(card: ToolCallItem, entry: CatalogEntry | undefined, width: number): number {
  return approvalLines(card, entry, 1, innerCols(width)).length + 2;
}

/** The approval dialog. */
export const ApprovalDialog = memo(function ApprovalDialog(p: ApprovalDialogProps): React.JSX.Element {
  const destructive = p.card.annotations?.destructiveHint === true && p.card.annotations.readOnlyHint !== true;
  return (
    <Frame
      title={[seg('Allow this tool call?', destructive ? 'danger' : 'warn', true)]}
      width={p.width}
      height={p.height}
      tone={destructive ? 'danger' : 'warn'}
      theme={p.theme}
    >
      <LinesView lines={approvalLines(p.card, p.entry, p.waiting, innerCols(p.width), Math.max(0, p.height - 2))} theme={p.theme} />
    </Frame>
  );
});
