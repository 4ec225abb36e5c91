/**
 * @file Rule and foreach `context` entries (Kyverno `pkg/engine/factories/contextloaderfactory.go`,
 * `pkg/engine/context/loaders/variable.go`), registered as deferred loaders in declaration order.
 *
 * `variable` entries are evaluated here. `configMap`, `apiCall`, `globalReference` and
 * `imageRegistry` entries need data from outside the policy: the Kyverno CLI leaves them out unless
 * it has that data, and so does this module unless `ContextEntryOptions.externalLoaders` provides a
 * factory for the entry's type that gives a loader (see `./external/` for the offline ones).
 * `ContextEntryOptions.resolveEagerly` resolves entries before any is registered, as the Kyverno CLI
 * does with the `apiCallResponses` mocks of a Test.
 */
import type { ContextEntry } from '../../policy/types.js';
import type { JsonValue } from '../../../../types.js';
import { GoJsonError, goJsonStringify } from '../../../../util/go-json.js';
import { JmesPathError, compileJmesPath, formatGoValue } from '../../../../lang/jmespath/index.js';
import { substituteAll } from '../variables/index.js';
import type { ContextLoader } from './deferred.js';
import { type EncodedEntry, encodeSharedEntry, type JsonContext, QueryFailure } from './json-context.js';

/** Entry types whose data comes from outside the policy. */
type ExternalEntryType = 'configMap' | 'apiCall' | 'globalReference' | 'imageRegistry';

/**
 * Builds the loader of one external entry (it stores the entry's data with `addContextEntry`), or
 * gives `undefined` to leave the entry out: it is then not registered, as in Kyverno.
 */
type ExternalLoaderFactory = (entry: ContextEntry, context: JsonContext) => ContextLoader | undefined;

interface ContextEntryOptions {
  /** `request.operation`, forwarded to variable substitution. */
  operation?: string;
  /** Loaders for external entry types; an entry of a type without a factory is not registered. */
  externalLoaders?: Partial<Record<ExternalEntryType, ExternalLoaderFactory>>;
  /**
   * Stores the data of the entries it can resolve at once, before any entry is registered, and
   * returns the entries left to register (in order); throws to fail the whole context.
   */
  resolveEagerly?: (entries: readonly ContextEntry[], context: JsonContext) => readonly ContextEntry[];
}

const EXTERNAL_TYPES: readonly ExternalEntryType[] = ['configMap', 'apiCall', 'globalReference', 'imageRegistry'];

/** Go `%v` of an `*apiextv1.JSON` field: `&{[<bytes of the raw JSON>]}`. */
function formatRawJson(value: JsonValue): string {
  return `&{[${Array.from(Buffer.from(goJsonStringify(value), 'utf8')).join(' ')}]}`;
}

/** A Kyverno `variable` context entry (`variableLoader`). */
class VariableLoader implements ContextLoader {
  private loaded = false;

  constructor(
    private readonly entry: ContextEntry & { variable: NonNullable<ContextEntry['variable']> },
    private readonly context: JsonContext,
    private readonly operation: string | undefined,
  ) {}

  hasLoaded(): boolean {
    return this.loaded;
  }

  loadData(): void {
    const { name, variable } = this.entry;
    const options = { operation: this.operation };
    let path = '';
    if (variable.jmesPath !== undefined && variable.jmesPath !== '') {
      let substituted: JsonValue;
      try {
        substituted = substituteAll(variable.jmesPath, this.context, options);
      } catch (err) {
        throw new Error(`failed to substitute variables in context entry ${name} ${variable.jmesPath}: ${(err as Error).message}`);
      }
      if (typeof substituted !== 'string') {
        throw new Error(`jmespath value must be a string ${name} ${variable.jmesPath}: <nil>`);
      }
      path = substituted;
    }

    let defaultValue: JsonValue = null;
    if (variable.default !== undefined && variable.default !== null) {
      try {
        defaultValue = substituteAll(variable.default, this.context, options);
      } catch (err) {
        throw new Error(
          `failed to substitute variables in context entry ${name} ${formatRawJson(variable.default)}: ${(err as Error).message}`,
        );
      }
    }

    let output: unknown = defaultValue;
    if (variable.value !== undefined && variable.value !== null) {
      let value: JsonValue;
      try {
        value = substituteAll(variable.value, this.context, options);
      } catch (err) {
        throw new Error(
          `failed to substitute variables in context entry ${name} ${formatRawJson(variable.value)}: ${(err as Error).message}`,
        );
      }
      if (path === '') {
        output = value;
      } else {
        try {
          output = applyJmesPath(path, value);
        } catch (err) {
          if (defaultValue === null) {
            throw new Error(`failed to apply jmespath ${path} to variable ${formatGoValue(value)}: ${(err as Error).message}`);
          }
        }
      }
    } else if (path !== '') {
      let failure: string | undefined;
      try {
        const result = this.context.trySearch(path);
        if (result instanceof QueryFailure) failure = result.message;
        else if (result !== null) output = result;
      } catch (err) {
        failure = (err as Error).message;
      }
      if (failure !== undefined && defaultValue === null) {
        throw new Error(`failed to apply jmespath ${path} to variable <nil>: ${failure}`);
      }
    }

    if (output === null) throw new Error(`failed to add context entry for variable ${name} since it evaluated to nil`);
    let entry: EncodedEntry;
    try {
      // Outputs are read-only: values of the policy, query results, results of substitution.
      entry = encodeSharedEntry(output);
    } catch (err) {
      if (err instanceof GoJsonError) throw new Error(`failed to add context entry for variable ${name}: ${err.message}`);
      throw err;
    }
    this.loaded = true;
    this.context.replaceEncodedEntry(name, entry);
  }
}

/** Kyverno `applyJMESPath`: compiles `query` and evaluates it against `data`. */
function applyJmesPath(query: string, data: JsonValue): unknown {
  let compiled;
  try {
    compiled = compileJmesPath(query);
  } catch (err) {
    if (err instanceof JmesPathError) throw new Error(`failed to compile JMESPath: ${query}, error: ${err.message}`);
    throw err;
  }
  return compiled.search(data);
}

function hasVariable(entry: ContextEntry): entry is ContextEntry & { variable: NonNullable<ContextEntry['variable']> } {
  return entry.variable !== undefined && entry.variable !== null;
}

/**
 * Registers the loaders of `entries` on `context`, in order (Kyverno `contextLoader.Load` with
 * deferred loading). Throws `failed to create deferred loader for context entry <name>` for an
 * entry of no known type or whose name is not a valid matcher; callers report it as
 * `failed to load context: ...`.
 */
export function registerContextEntries(
  context: JsonContext,
  entries: readonly ContextEntry[],
  options: ContextEntryOptions = {},
): void {
  const pending = options.resolveEagerly ? options.resolveEagerly(entries, context) : entries;
  for (const entry of pending) {
    let loader: ContextLoader | undefined;
    const external = EXTERNAL_TYPES.find((type) => entry[type] !== undefined && entry[type] !== null);
    if (external !== undefined) {
      loader = options.externalLoaders?.[external]?.(entry, context);
      if (loader === undefined) continue;
    } else if (hasVariable(entry)) {
      loader = new VariableLoader(entry, context, options.operation);
    } else {
      throw new Error(`failed to create deferred loader for context entry ${entry.name}`);
    }
    try {
      context.registerDeferred(entry.name, loader);
    } catch {
      throw new Error(`failed to create deferred loader for context entry ${entry.name}`);
    }
  }
}
