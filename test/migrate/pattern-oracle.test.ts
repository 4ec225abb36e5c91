/**
 * The pattern translation against Kyverno itself: the kyverno-oracle vectors hold the outcome of Kyverno's Go
 * `validate.MatchPattern` (with integer resource numbers, as admission reads them) for generated patterns and
 * resources. The translation's expression and skip condition, evaluated in the ValidatingPolicy CEL environment,
 * must give the same verdict: pass (expression true, no skip), skip (skip condition true), fail and error
 * (expression false).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { celValue, validatingPolicyEnvironment } from '../../src/families/cel/environment.js';
import { translatePattern } from '../../src/migrate/pattern.js';
import type { JsonObject, JsonValue } from '../../src/types.js';
import { parseDocuments } from '../../src/source/parse.js';

const file = path.resolve(import.meta.dirname, '../..', '../shared/corpus/kyverno-oracle/pattern.jsonl');
const available = existsSync(file);

interface Vector {
  category: string;
  pattern: JsonValue;
  resource: JsonObject;
  outcome_int64: 'pass' | 'fail' | 'skip' | 'error';
}

/**
 * Whether the resource holds an integral JSON number outside the int64 range (`1e+21`): Kubernetes decodes it as a
 * float64, but the CEL family's `celValue` makes every integral number an `int` in int64 mode.
 */
function hasIntegralDoubleBeyondInt64(value: JsonValue): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) >= 2 ** 63;
  if (Array.isArray(value)) return value.some(hasIntegralDoubleBeyondInt64);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasIntegralDoubleBeyondInt64);
  return false;
}

describe.skipIf(!available)('validate patterns against the Kyverno oracle', () => {
  it('give Kyverno’s verdict on every vector they translate', () => {
    const vectors = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const vector = JSON.parse(line) as Vector & { resource: unknown };
        // Resource integers beyond 2^53 are exact int64 for Kyverno (patterns are float64, as JSON.parse reads them).
        if (/\d{16}/.test(line)) vector.resource = (parseDocuments('vector.json', line).documents[0]!.value as { resource: JsonObject }).resource;
        return vector;
      });
    const env = validatingPolicyEnvironment();
    const compiled = new Map<string, ReturnType<typeof env.compile>>();
    const program = (expression: string) => {
      let c = compiled.get(expression);
      if (c === undefined) compiled.set(expression, (c = env.compile(expression)));
      if (!c.ok) throw new Error(`${c.error.message}: ${expression}`);
      return c.program;
    };
    const reasons = new Map<string, number>();
    const mismatches: string[] = [];
    let compared = 0;
    const agreed: Record<string, number> = { pass: 0, fail: 0, skip: 0, error: 0 };
    let outsideInt64 = 0;
    let goText = 0;
    for (const v of vectors) {
      if (hasIntegralDoubleBeyondInt64(v.resource)) {
        outsideInt64++;
        continue;
      }
      const t = translatePattern(v.pattern, ['pattern']);
      if (!t.ok) {
        reasons.set(t.untranslatable.reason, (reasons.get(t.untranslatable.reason) ?? 0) + 1);
        continue;
      }
      const object = celValue(v.resource, 'int64');
      const holds = program(t.value.expression).evaluate({ object });
      const skips: { ok: true; value: unknown } | { ok: false; error: { message: string } } = t.value.skipWhen === undefined ? { ok: true, value: false } : program(t.value.skipWhen).evaluate({ object });
      const failure = !holds.ok ? holds.error.message : !skips.ok ? skips.error.message : '';
      if (/cannot convert to int/.test(failure)) {
        goText++;
        continue;
      }
      compared++;
      const verdict = !holds.ok || !skips.ok ? 'cel error' : skips.value === true ? 'skip' : holds.value === true ? 'pass' : 'fail';
      const expected = v.outcome_int64 === 'error' ? 'fail' : v.outcome_int64;
      if (verdict === expected) agreed[v.outcome_int64]!++;
      else if (mismatches.length < 15) {
        mismatches.push(`${v.category}: Kyverno ${v.outcome_int64}, CEL ${verdict} ${failure} — ${JSON.stringify(v.pattern)} on ${JSON.stringify(v.resource).slice(0, 400)}`);
      }
    }
    const total = Object.values(agreed).reduce((a, b) => a + b, 0);
    console.log(
      `oracle vectors: ${vectors.length}; translated and compared: ${compared}; agreed: ${total} ` +
        `(pass ${agreed.pass}, fail ${agreed.fail}, skip ${agreed.skip}, error→fail ${agreed.error}); ` +
        `not compared (an integral number beyond int64 in the resource): ${outsideInt64}; ` +
        `the translation's Go-text error (a non-integral number compared by its Go text): ${goText}; untranslatable:\n  ` +
        [...reasons].map(([reason, n]) => `${n} × ${reason}`).join('\n  '),
    );
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(vectors.length * 0.7);
  });
});
