/**
 * @file Go `regexp` for Kyverno's regex functions, on re2js (RE2 syntax, linear-time matching,
 * Go's error texts such as `` error parsing regexp: missing closing ]: `[` ``). Adds what re2js
 * does not do the Go way: `ReplaceAll`'s handling of empty matches and `Regexp.Expand`'s template
 * rules (`$1`, `${1}`, `$name`, `$$`; the longest name wins, unknown groups expand to nothing).
 */
import { RE2JS } from 're2js';
/** Go `regexp.Compile` (cached by pattern); throws an `Error` with Go's message. */
export declare function compileGoRegexp(pattern: string): RE2JS;
/**
 * Go `Regexp.ReplaceAll` (template expansion) or `ReplaceAllLiteral` (`literal`): every
 * leftmost-first match is replaced, except an empty match right after the previous match.
 */
export declare function goReplaceAll(re: RE2JS, src: string, replacement: string, literal: boolean): string;
