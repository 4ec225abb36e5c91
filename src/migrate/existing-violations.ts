/**
 * @file Kyverno's `allowExistingViolations` (on by default) for Enforce rules: on an UPDATE whose object violates
 * the rule, Kyverno validates the old object as if it were created, and when that violates too the rule is
 * skipped (kyverno/kyverno pkg/engine/handlers/validation/validate_resource.go `validate`, `validateOldObject`).
 * A CEL policy says the same with one more match condition: not (an UPDATE, the old object selected and
 * violating, and the new object violating). The conditions and validations are rewritten to read the old object
 * as Kyverno's second evaluation reads it (`request.object` is the old object there); an expression reading
 * anything whose meaning changes in that evaluation (the old object itself, the operation, variables) is not
 * rewritten, and the caller reports that the translation cannot keep this behaviour.
 */
import { celTokens } from '../lang/cel/tokens.js';

const DELETE_TEST = 'request.operation == "DELETE" ?';

/**
 * `(request.operation == "DELETE" ? A : B)`, which the translators write where Kyverno reads the old object of a
 * DELETE, as `(B)`: the evaluation of the old object is a CREATE.
 */
function withoutDeleteBranches(expression: string): string | null {
  let source = expression;
  for (let at = source.indexOf(DELETE_TEST); at !== -1; at = source.indexOf(DELETE_TEST)) {
    const open = at - 1;
    if (source[open] !== '(') return null;
    const tokens = celTokens(source.slice(at + DELETE_TEST.length));
    let depth = 0;
    let colon = -1;
    let close = -1;
    for (const token of tokens) {
      if (token.kind !== 'punctuation') continue;
      if ('([{'.includes(token.text)) depth++;
      else if (')]}'.includes(token.text)) {
        if (depth === 0) {
          close = token.start;
          break;
        }
        depth--;
      } else if (token.text === ':' && depth === 0 && colon === -1) colon = token.end;
      else if (token.text === '?' && depth === 0 && colon === -1) return null;
    }
    if (colon === -1 || close === -1) return null;
    const base = at + DELETE_TEST.length;
    source = `${source.slice(0, open)}(${source.slice(base + colon, base + close).trim()})${source.slice(base + close + 1)}`;
  }
  return source;
}

/**
 * `expression` as Kyverno's evaluation of the old object sees it (the old object as `object`, rebound by a
 * one-element comprehension so that the text stays as written), or null when that cannot be written.
 */
export function onOldObject(expression: string): string | null {
  const source = withoutDeleteBranches(expression);
  if (source === null) return null;
  const tokens = celTokens(source);
  for (const [i, token] of tokens.entries()) {
    if (token.kind !== 'identifier') continue;
    if (tokens[i - 1]?.kind === 'punctuation' && tokens[i - 1]!.text === '.') continue;
    if (token.text === 'oldObject' || token.text === 'variables') return null;
    if (token.text === 'request') {
      const dot = tokens[i + 1]?.text === '.';
      const field = !dot ? undefined : tokens[i + 2]?.text === '?' ? tokens[i + 3]?.text : tokens[i + 2]?.text;
      if (field === undefined || field === 'operation' || field === 'object' || field === 'oldObject') return null;
    }
  }
  return `[oldObject].all(object, ${source})`;
}

/**
 * The match condition that skips an UPDATE of an object that violated the rule already, or null when one of the
 * expressions cannot be read on the old object.
 */
export function existingViolationCondition(matchConditions: readonly string[], validations: readonly string[]): string | null {
  const oldConditions: string[] = [];
  for (const condition of [...matchConditions, ...validations]) {
    const old = onOldObject(condition);
    if (old === null) return null;
    oldConditions.push(old);
  }
  const oldSelected = oldConditions.slice(0, matchConditions.length);
  const oldValid = oldConditions.slice(matchConditions.length);
  const all = (parts: readonly string[]): string => (parts.length === 0 ? 'true' : parts.map((p) => `(${p})`).join(' && '));
  return `!(request.operation == "UPDATE" && oldObject != null && ${all(oldSelected)} && !(${all(oldValid)}) && !(${all(validations)}))`;
}
