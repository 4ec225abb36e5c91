/**
 * @file The evaluator of Kyverno's go-jmespath fork: per construct, exactly how a NotFound
 * (`Unknown key "k" in path`, a field read from an object lacking the key) propagates, becomes
 * `null`, or drops a projected element (kyverno/go-jmespath interpreter.go, `treeInterpreter.Execute` and
 * its `NotFoundError` checks), with go-jmespath's other semantics
 * (numeric-only ordering, `reflect.DeepEqual` equality, truthiness, slices).
 *
 * NotFound travels as a returned `NotFound` marker instead of an exception (it is common and
 * cheap to recover from); every other error is a thrown `JmesPathError`.
 */
import type { AstNode } from './ast.js';
/** The fork's NotFoundError, returned (not thrown) through the evaluator. */
export declare class NotFound {
    readonly key: string;
    constructor(key: string);
}
/**
 * Evaluates `node` against `value`. Returns the result, or a `NotFound` marker; throws
 * `JmesPathError` (`runtime`) for other errors.
 */
export declare function evaluate(node: AstNode, value: unknown): unknown;
