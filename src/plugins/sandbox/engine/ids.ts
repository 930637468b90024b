/**
 * Identifiers shaped as the spec's patterns (`acc_` + 16 letters and digits): drawn from a small seeded generator
 * (mulberry32) whose state lives in the key's state, so that the same seed and the same requests give the same ids, and
 * a snapshot restored goes on with the ids it would have given. No Node built-in: the engine also runs in a browser.
 */
import type {KeyState} from './state';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The next 32-bit draw of mulberry32, advancing `state.randomState`. */
function nextRandom(state: KeyState): number {
  state.randomState = (state.randomState + 0x6d2b79f5) | 0;
  let t = state.randomState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** `length` characters of ALPHABET. */
export function randomText(state: KeyState, length: number, alphabet = ALPHABET): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[nextRandom(state) % alphabet.length];
  return text;
}

/** A new id with `prefix` (`acc`, `txn`, `evt`…) and 16 characters, as every *Id.yaml pattern says. */
export const newId = (state: KeyState, prefix: string): string => `${prefix}_${randomText(state, 16)}`;

/** A seed string (any text) as the generator's initial state. */
export function seedState(seed: string): number {
  let hash = 2166136261;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 16777619);
  return hash | 0;
}
