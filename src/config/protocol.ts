// The protocol versions breakerbox implements, and the per-server `protocol`
// setting that may pin one. Kept here, below the session layer, because the
// config validates against the same list the handshake chooses from: one
// source of truth for "what breakerbox speaks".

/** Modern versions breakerbox implements, newest first. */
export const MODERN_VERSIONS = ['2026-07-28'] as const;
/** Legacy (`initialize`) versions breakerbox implements, newest first. */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** How a server's era is chosen: detected (`auto`), legacy `initialize`, or one exact version. */
export type ProtocolSetting = 'auto' | 'legacy' | (typeof MODERN_VERSIONS)[number] | (typeof LEGACY_VERSIONS)[number];

/** Whether breakerbox implements this exact modern version. */
export const isModernVersion = (v: unknown): v is (typeof MODERN_VERSIONS)[number] => (MODERN_VERSIONS as readonly unknown[]).includes(v);
/** Whether breakerbox implements this exact legacy version. */
export const isLegacyVersion = (v: unknown): v is (typeof LEGACY_VERSIONS)[number] => (LEGACY_VERSIONS as readonly unknown[]).includes(v);

/** Every value the `protocol` key accepts. */
export const PROTOCOL_SETTINGS: readonly string[] = ['auto', 'legacy', ...MODERN_VERSIONS, ...LEGACY_VERSIONS];

/** One sentence naming what breakerbox speaks, for error messages. */
export function spokenVersions(): string {
  return `${MODERN_VERSIONS.join(', ')} (modern) and ${LEGACY_VERSIONS.join(', ')} (legacy)`;
}
