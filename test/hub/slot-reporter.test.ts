import {describe, expect, it} from 'vitest';
import type {HubEvent} from '../../src/hub/hub-events.js';
import {SlotReporter} from '../../src/hub/slot-reporter.js';
import type {DroppedTool} from '../../src/session/list-tools.js';

const taskOnly: DroppedTool = {page: 1, position: 3, name: 'research', reason: 'task-only', notCallable: {}};
const malformed: DroppedTool = {page: 1, position: 1, reason: 'no name'};

function reporter(): {report: SlotReporter; warnings: () => number; traceLines: () => number} {
  const events: HubEvent[] = [];
  const report = new SlotReporter('everything', {emit: (e) => events.push(e), trace: true});
  return {
    report,
    warnings: () => events.filter((e) => e.type === 'server/tools-dropped').length,
    traceLines: () => events.filter((e) => e.type === 'trace/recorded').length,
  };
}

describe('SlotReporter.dropped', () => {
  it('warns once when a re-list (after list_changed) drops the same tools again, and still traces each listing', () => {
    const {report, warnings, traceLines} = reporter();
    report.dropped([taskOnly]);
    report.dropped([taskOnly]);
    report.dropped([taskOnly]);
    expect(warnings()).toBe(1);
    expect(traceLines()).toBe(3);
  });

  it('warns again when what is dropped changes, or comes back after a listing that dropped nothing', () => {
    const {report, warnings} = reporter();
    report.dropped([taskOnly]);
    report.dropped([taskOnly, malformed]);
    expect(warnings()).toBe(2);
    report.dropped([]);
    report.dropped([taskOnly]);
    expect(warnings()).toBe(3);
  });
});
