/**
 * @file The Kubernetes Regex library (k8s.io/apiserver/pkg/cel/library/regex.go): `s.find(re)`,
 * `s.findAll(re)` and `s.findAll(re, n)`, on RE2 (Go `regexp.FindString` / `FindAllString`, regex.ts).
 *
 * The functions are cel-js macros, so that the type check can do what cel-go does at program creation: a literal
 * pattern that does not compile is a compile error (`FindRegexOptimization`, `FindAllRegexOptimization`); a pattern
 * computed at run time fails with `Illegal regex: …`. Operand types are checked as the declarations
 * (`string.find(string)`, `string.findAll(string[, int])`) and `dyn` operands at run time.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { RE2JS } from 're2js';
import type { CelJsNode } from '../ast.js';
import type { CelLibrary } from '../environment.js';
import { compileRe2 } from '../../../util/go-regexp.js';
import { celErrorAt, chargeRegex, NO_SUCH_OVERLOAD, runeCount, typeErrorAt } from './common.js';

/** The type checker as a macro's `typeCheck` sees it. */
interface Checker {
  check(node: CelJsNode, ctx: unknown): CheckedType;
  getType(name: string): unknown;
  formatType(type: CheckedType): string;
}

interface CheckedType {
  readonly kind: string;
  readonly name: string;
  readonly type: string;
}

interface Evaluator {
  run(node: CelJsNode, ctx: unknown): unknown;
}

/** Go `regexp.FindAllString(s, n)` (`allMatches`): successive non-overlapping matches, no empty match right after one. */
export function findAll(re: RE2JS, s: string, n: number): string[] {
  const out: string[] = [];
  if (n === 0) return out;
  const matcher = re.matcher(s);
  const end = s.length;
  let pos = 0;
  let prevMatchEnd = -1;
  while ((n < 0 || out.length < n) && pos <= end) {
    if (!matcher.find(pos)) break;
    const start = matcher.start();
    const stop = matcher.end();
    let accept = true;
    if (stop === pos) {
      // An empty match: not right after the previous match; move on by one code point.
      if (start === prevMatchEnd) accept = false;
      if (pos < end) {
        const c = s.charCodeAt(pos);
        const pair = c >= 0xd800 && c <= 0xdbff && pos + 1 < end && (s.charCodeAt(pos + 1) & 0xfc00) === 0xdc00;
        pos += pair ? 2 : 1;
      } else {
        pos = end + 1;
      }
    } else {
      pos = stop;
    }
    prevMatchEnd = stop;
    if (accept) out.push(s.slice(start, stop));
  }
  return out;
}

/** Go `regexp.FindString(s)`: the leftmost match, `''` for none. */
export function find(re: RE2JS, s: string): string {
  const matcher = re.matcher(s);
  return matcher.find() ? s.slice(matcher.start(), matcher.end()) : '';
}

function accepts(type: CheckedType, name: string): boolean {
  return type.kind === 'dyn' || type.kind === 'param' || type.name === name;
}

/** A find/findAll macro: `name` with `arity` arguments after the receiver. */
function regexMacro(name: 'find' | 'findAll', arity: 1 | 2) {
  return ({ ast, args, receiver }: { ast: CelJsNode; args: CelJsNode[]; receiver: CelJsNode }) => ({
    receiver,
    args,
    async: false,
    typeCheck(checker: Checker, _macro: unknown, ctx: unknown): unknown {
      const receiverType = checker.check(receiver, ctx);
      const argTypes = args.map((arg) => checker.check(arg, ctx));
      const ok = accepts(receiverType, 'string') && accepts(argTypes[0]!, 'string') && (arity === 1 || accepts(argTypes[1]!, 'int'));
      if (!ok) {
        throw typeErrorAt(
          `found no matching overload for '${receiverType.type}.${name}(${argTypes.map((t) => checker.formatType(t)).join(', ')})'`,
          ast,
        );
      }
      const pattern = args[0]!;
      if (pattern.op === 'value' && typeof pattern.args === 'string') {
        const re = compileRe2(pattern.args);
        if (typeof re === 'string') throw typeErrorAt(`compilation failed: ${re}`, pattern);
      }
      return checker.getType(name === 'find' ? 'string' : 'list<string>');
    },
    evaluate(ev: Evaluator, _macro: unknown, ctx: unknown): unknown {
      const s = ev.run(receiver, ctx);
      const pattern = ev.run(args[0]!, ctx);
      const limit = arity === 2 ? ev.run(args[1]!, ctx) : -1n;
      if (typeof s !== 'string' || typeof pattern !== 'string' || typeof limit !== 'bigint') {
        throw celErrorAt(NO_SUCH_OVERLOAD, ast);
      }
      chargeRegex(s, runeCount(pattern));
      const re = compileRe2(pattern);
      if (typeof re === 'string') throw celErrorAt(`Illegal regex: ${re}`, ast);
      if (name === 'find') return find(re, s);
      const n = limit < 0n ? -1 : limit > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(limit);
      return findAll(re, s, n);
    },
  });
}

/** Registers the Regex library. */
export const regexLibrary: CelLibrary = (env: Environment) => {
  env.registerFunction('string.find(ast): string', regexMacro('find', 1));
  env.registerFunction('string.findAll(ast): list<string>', regexMacro('findAll', 1));
  env.registerFunction('string.findAll(ast, ast): list<string>', regexMacro('findAll', 2));
};
