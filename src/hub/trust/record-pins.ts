// Pins in the one per-server record (its `pins` section), keyed by the server
// fingerprint: change the command, arguments, directory, URL or env and it is
// a new server, seen for the first time.
import type {ServerFingerprint} from '../../util/server-fingerprint.js';
import type {ServerRecordStore} from '../../util/server-record.js';
import type {PinStore, ServerPins} from './pins.js';

/** The record store as a PinStore; `fingerprintOf` maps an alias to its server's fingerprint. */
export class RecordPinStore implements PinStore {
  constructor(
    private readonly records: ServerRecordStore,
    private readonly fingerprintOf: (alias: string) => ServerFingerprint | undefined,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  load(alias: string): ServerPins | undefined {
    return this.record(alias)?.get('pins');
  }

  save(alias: string, pins: ServerPins): void {
    this.record(alias)?.set('pins', pins);
  }

  reset(alias: string): void {
    this.record(alias)?.set('pins', undefined);
  }

  private record(alias: string) {
    const fingerprint = this.fingerprintOf(alias);
    return fingerprint ? this.records.record(fingerprint, this.warn) : undefined;
  }
}
