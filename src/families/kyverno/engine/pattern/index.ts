/**
 * @file Public API of the validate pattern language: `matchPattern` (Kyverno `MatchPattern` with the
 * validate handler's outcome mapping) and `validateValue` (scalar comparison, `pattern.Validate`).
 */
export { matchPattern } from './match-pattern.js';
export type { PatternOutcome, PatternResult } from './match-pattern.js';
export { validateValue } from './scalar.js';
export { parseAnchor, anchorString } from './anchor.js';
export type { Anchor, AnchorType } from './anchor.js';
export { matchCompiledPattern } from './compiled.js';
