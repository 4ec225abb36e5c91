/**
 * @file Kyverno's validate pattern matching (`kyverno/kyverno pkg/engine/validate/validate.go`
 * `MatchPattern`, the anchor handlers of `pkg/engine/anchor/handlers.go`): overlays a
 * pattern tree on a resource and reports pass, skip (an anchor condition said the rule does not
 * apply), fail (with Kyverno's failure path) or error (a failure without a usable path).
 */
import type { JsonValue, NumberMode } from '../../../../types.js';
export type PatternOutcome = 'pass' | 'fail' | 'skip' | 'error';
export interface PatternResult {
    outcome: PatternOutcome;
    /** Failure path (`/spec/containers/0/image/`) for `fail`; empty otherwise. */
    path: string;
    /** Kyverno's error text (empty on `pass`); the detail of skip and error rule messages. */
    message: string;
}
interface MatchPatternOptions {
    /** `float64` (`kyverno test`, the default) or `int64` (`kyverno apply`). */
    numberMode?: NumberMode;
}
/**
 * Matches a resource against a validate pattern as Kyverno's `MatchPattern`, mapped to outcomes the
 * way the validate handler maps its error: skip-class errors → `skip`; a negation anchor failure →
 * `fail`; any other failure → `error` when a conditional or existence anchor key never occurred in
 * the resource or the failure has no path, `fail` otherwise.
 */
export declare function matchPattern(resource: JsonValue, pattern: JsonValue, options?: MatchPatternOptions): PatternResult;
export {};
