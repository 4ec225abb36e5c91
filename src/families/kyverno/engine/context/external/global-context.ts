/**
 * @file A Test's `globalContextEntries`, the mocked global context store of the Kyverno CLI
 * (`cmd/cli/kubectl-kyverno/store/mock.go`, `gctx_resolve.go`): each entry's root is its `data` object,
 * or the list of its `resources` (the CLI reads `resourceFiles` into `resources`); `fieldPath` narrows
 * the root; with `projections` the value becomes `{<projection>: search(path, root)}`. A reference
 * `<entry>.<projection>` reads one key of an object value. An entry that fails to resolve answers with
 * its error.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { compileJmesPath } from '../../../../../lang/jmespath/index.js';

/** One `globalContextEntries` entry, with `resourceFiles` already read into `resources`. */
export interface GlobalContextEntryMock {
  name: string;
  data?: JsonValue;
  resources?: JsonValue[];
  fieldPath?: string;
  projections?: readonly { name: string; path: string }[];
}

/** A resolved entry: its value, or the error every read of it gives. */
type Resolved = { value: unknown } | { error: string };

function search(expression: string, data: unknown): unknown {
  return compileJmesPath(expression).search(data);
}

function resolve(entry: GlobalContextEntryMock): Resolved {
  const name = JSON.stringify(entry.name);
  const projections = entry.projections ?? [];
  let root: unknown;
  if (entry.resources !== undefined && entry.resources.length > 0) {
    root = entry.resources;
  } else {
    root = entry.data ?? null;
    if (projections.length > 0 && root === null) return { error: `globalContextEntries ${name}: data is required when projections are set` };
    if (root === null) return { value: null };
  }
  if (entry.fieldPath !== undefined && entry.fieldPath !== '') {
    try {
      root = search(entry.fieldPath, root);
    } catch (err) {
      return { error: `globalContextEntries ${name} fieldPath: ${(err as Error).message}` };
    }
  }
  if (projections.length === 0) return { value: root };
  const out: Record<string, unknown> = {};
  for (const projection of projections) {
    if (projection.name === '') return { error: `globalContextEntries ${name} projection name must not be empty` };
    try {
      out[projection.name] = search(projection.path, root);
    } catch (err) {
      return {
        error: `globalContextEntries ${name} projection ${JSON.stringify(projection.name)} path ${JSON.stringify(projection.path)}: ${(err as Error).message}`,
      };
    }
  }
  return { value: out };
}

/** The mocked global context store of one Test. */
export class GlobalContextStore {
  readonly #entries = new Map<string, Resolved>();

  constructor(entries: readonly GlobalContextEntryMock[]) {
    for (const entry of entries) this.#entries.set(entry.name, resolve(entry));
  }

  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /**
   * The value of entry `name` (projection `projection` of it when not empty); throws the entry's
   * resolution error, or an error for a projection the value does not have.
   */
  get(name: string, projection = ''): unknown {
    const resolved = this.#entries.get(name);
    if (resolved === undefined) throw new Error(`failed to fetch entry key=${name}`);
    if ('error' in resolved) throw new Error(resolved.error);
    if (projection === '') return resolved.value;
    const value = resolved.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new Error(`global context mock: projection ${JSON.stringify(projection)} requested but value is not an object`);
    }
    const object = value as JsonObject;
    if (!Object.prototype.hasOwnProperty.call(object, projection)) {
      throw new Error(`global context mock: projection ${JSON.stringify(projection)} not found`);
    }
    return object[projection];
  }
}
