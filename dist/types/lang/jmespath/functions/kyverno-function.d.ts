/**
 * @file The description of one Kyverno custom JMESPath function: the go-jmespath function entry
 * (name, argument types, handler) plus what `kyverno jp function` prints (return types, note),
 * as Kyverno's `FunctionEntry` in `pkg/engine/jmespath/functionentry.go`.
 */
import type { FunctionDefinition, JpType } from '../registry.js';
/** A return type as Kyverno declares it (`bool` is not a go-jmespath argument type). */
type ReturnType = JpType | 'bool';
/** A Kyverno function entry. */
export interface KyvernoFunction extends FunctionDefinition {
    readonly returnType: readonly ReturnType[];
    readonly note: string;
}
/**
 * Kyverno's `FunctionEntry.String()` without the note: `name(type|type, type) returntype`
 * (argument alternatives joined by `|`, arguments by `, `, return types by `,`).
 */
export declare function signatureText(fn: KyvernoFunction): string;
export {};
