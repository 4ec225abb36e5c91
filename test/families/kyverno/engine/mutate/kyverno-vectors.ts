/**
 * Shared helpers of the `kyverno-*.test.ts` suites: loading the vectors ported from Kyverno's Go
 * unit tests and conformance tests (test/fixtures/engine/mutate-vectors/), and the
 * known-differences bookkeeping (a vector listed as a known difference must still differ, so the
 * list cannot go stale).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { expect } from 'vitest';
import type { JsonObject, JsonValue } from '../../../../../src/types.js';

export const VECTOR_DIR = path.resolve(import.meta.dirname, '../../../../fixtures/engine/mutate-vectors');

/** The vectors of one fixture file (a YAML list; anchors and aliases allowed). */
export function loadVectors<T>(file: string): T[] {
  const data = parse(readFileSync(path.join(VECTOR_DIR, file), 'utf8'), { maxAliasCount: -1 }) as unknown;
  if (!Array.isArray(data)) throw new Error(`${file}: not a list of vectors`);
  return data as T[];
}

/** Deep copy, so vectors sharing YAML anchors cannot influence each other. */
export function copy<T extends JsonValue>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export type Outcome = { ok: true } | { ok: false; detail: string };

/** Runs an expectation and reports whether it held instead of failing. */
export function outcome(check: () => void): Outcome {
  try {
    check();
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Asserts a vector: it must pass, unless it is a known difference, which must still fail (the
 * reason is printed in the assertion message).
 */
export function assertVector(id: string, known: Readonly<Record<string, string>>, check: () => void): void {
  const reason = known[id];
  if (reason === undefined) {
    check();
    return;
  }
  const result = outcome(check);
  expect(result.ok, `${id} is listed as a known difference (${reason}) but now matches Kyverno: remove it from the list`).toBe(false);
}

/** Every known-difference key must name a vector of the suite. */
export function assertKnownIdsExist(known: Readonly<Record<string, string>>, ids: readonly string[]): void {
  const all = new Set(ids);
  for (const id of Object.keys(known)) expect(all.has(id), `known difference ${id} names no vector`).toBe(true);
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
