import { randomBytes } from 'node:crypto';

/**
 * 24-character object ids (4 bytes of seconds, 5 bytes of process identity, 3 bytes of counter),
 * the form the service uses for campaign ids, and a small seeded random generator for
 * reproducible fault injection.
 */

const PROCESS_PART = randomBytes(5).toString('hex');

export function objectId(ms: number, counter: number, middle = PROCESS_PART): string {
  const secs = Math.max(0, Math.floor(ms / 1000)) % 0x1_0000_0000;
  return secs.toString(16).padStart(8, '0') + middle.padStart(10, '0').slice(-10) + (counter % 0x100_0000).toString(16).padStart(6, '0');
}

/** mulberry32: small, fast, and the same sequence for the same seed on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a string (FNV-1a), for deterministic per-campaign figures. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function requestId(): string {
  return randomBytes(16)
    .toString('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
}
