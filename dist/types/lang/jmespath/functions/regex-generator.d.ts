/**
 * @file Kyverno's `random(pattern)` generator: `zach-klippenstein/goregen` parses the pattern
 * with Go's `regexp/syntax` and *no flags* (POSIX syntax: no `\d`, no `(?i)`, no `\pL`, no lazy
 * quantifiers; `^`/`$` generate nothing) and produces a random matching string, unbounded
 * repetitions up to 4096 times. This module parses that syntax with Go's error texts
 * (`` error parsing regexp: missing closing ]: `[` ``) and generates from it.
 */
/** goregen `Generate(pattern)`: a random string matching the POSIX-syntax pattern. */
export declare function generateFromPattern(pattern: string): string;
