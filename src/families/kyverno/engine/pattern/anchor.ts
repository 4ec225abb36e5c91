/**
 * @file Anchor keys of validate patterns (`kyverno/kyverno pkg/engine/anchor/anchor.go`): a map key
 * that, after trimming white space, matches `^([+<=X^])?\((.+)\)$` — an optional one-character
 * modifier, `(`, the inner key up to the final `)`. Parsed keys are cached by text.
 */
import { goTrimSpace } from '../../../../util/go-strings.js';

/** Anchor kinds by modifier: none, `<`, `X`, `+`, `=`, `^`. */
export type AnchorType = 'condition' | 'global' | 'negation' | 'addIfNotPresent' | 'equality' | 'existence';

export interface Anchor {
  readonly type: AnchorType;
  /** The inner key (the resource key the anchor refers to). */
  readonly key: string;
}

const MODIFIER_TYPES: Readonly<Record<string, AnchorType>> = {
  '': 'condition',
  '<': 'global',
  X: 'negation',
  '+': 'addIfNotPresent',
  '=': 'equality',
  '^': 'existence',
};

const TYPE_MODIFIERS: Readonly<Record<AnchorType, string>> = {
  condition: '',
  global: '<',
  negation: 'X',
  addIfNotPresent: '+',
  equality: '=',
  existence: '^',
};

/** Go's `.` does not match `\n`; the JavaScript `.` additionally stops at `\r`, U+2028 and U+2029. */
const ANCHOR_REGEX = /^([+<=X^])?\(([^\n]+)\)$/;

const cache = new Map<string, Anchor | null>();
/** Keys come from policies (and a few resource metadata keys); the bound only guards against misuse. */
const CACHE_LIMIT = 50_000;

/** Parses an anchor key (`(name)`, `=(hostNetwork)`, `X(foo)`), or returns `null` for a plain key. */
export function parseAnchor(key: string): Anchor | null {
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const match = ANCHOR_REGEX.exec(goTrimSpace(key));
  const anchor: Anchor | null =
    match !== null ? { type: MODIFIER_TYPES[match[1] ?? '']!, key: match[2]! } : null;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, anchor);
  return anchor;
}

/** Builds the key text of an anchor (`anchor.String`): `=(key)`, `(key)`. */
export function anchorString(type: AnchorType, key: string): string {
  return key === '' ? '' : `${TYPE_MODIFIERS[type]}(${key})`;
}
