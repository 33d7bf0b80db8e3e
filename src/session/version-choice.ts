// Choosing a protocol version from a list the server offered (a -32022
// error's `data.supported`, or a DiscoverResult's `supportedVersions`).
// breakerbox only ever speaks a version it implements: a date-shaped string
// it has never heard of is not "probably fine".
import {isLegacyVersion, isModernVersion, LEGACY_VERSIONS, MODERN_VERSIONS, spokenVersions} from '../config/protocol.js';
import type {Era} from './mcp-types.js';

/** A version both sides speak, and the era it belongs to. */
export interface VersionChoice {
  era: Era;
  version: string;
}

/** The server offered only versions breakerbox does not implement. */
export class UnsupportedVersionsError extends Error {
  override readonly name = 'UnsupportedVersionsError';
  readonly code = 'unsupported-version';
  constructor(
    readonly offered: readonly unknown[],
    how: string,
  ) {
    super(`${how} offers only protocol version${offered.length === 1 ? '' : 's'} ${describeOffered(offered)}; breakerbox speaks ${spokenVersions()}`);
  }
}

/**
 * The best version of `offered` that breakerbox implements: modern first (in
 * breakerbox's order of preference), then the newest legacy one; `undefined`
 * when there is none. `eras` limits the search (a pin allows only one).
 */
export function chooseVersion(offered: readonly unknown[], eras: readonly Era[] = ['modern', 'legacy']): VersionChoice | undefined {
  if (eras.includes('modern')) {
    const modern = MODERN_VERSIONS.find((v) => offered.includes(v));
    if (modern) return {era: 'modern', version: modern};
  }
  if (eras.includes('legacy')) {
    const legacy = LEGACY_VERSIONS.find((v) => offered.includes(v));
    if (legacy) return {era: 'legacy', version: legacy};
  }
  return undefined;
}

/** The versions a -32022 error lists in `data.supported` (an empty list when it lists none). */
export function supportedOf(data: unknown): unknown[] {
  const supported = (data as {supported?: unknown} | null | undefined)?.supported;
  return Array.isArray(supported) ? supported : [];
}

/** Whether breakerbox implements `v` in either era. */
export const isSpokenVersion = (v: unknown): boolean => isModernVersion(v) || isLegacyVersion(v);

function describeOffered(offered: readonly unknown[]): string {
  if (offered.length === 0) return '(none listed)';
  const shown = offered.slice(0, 8).map((v) => (typeof v === 'string' ? v.slice(0, 40) : JSON.stringify(v)?.slice(0, 40) ?? String(v)));
  return shown.join(', ') + (offered.length > 8 ? ` and ${offered.length - 8} more` : '');
}
