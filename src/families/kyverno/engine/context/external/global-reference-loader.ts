/**
 * @file `globalReference` context entries (Kyverno `pkg/engine/context/loaders/globalcontext.go`): the
 * reference substituted, its name split on `.` into the global context entry and an optional
 * projection, the value read from the store, `jmesPath` applied when given, the result merged into the
 * context. As in Kyverno, the loader never reports itself loaded, so it reloads after a context reset.
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { JsonObject } from '../../../../../types.js';
import { compileJmesPath } from '../../../../../lang/jmespath/index.js';
import { substituteAll } from '../../variables/index.js';
import type { ContextLoader } from '../deferred.js';
import type { JsonContext } from '../json-context.js';
import type { GlobalContextReader } from './types.js';
import { isObject } from '../../../../../util/json-value.js';

interface GlobalReferenceLoaderOptions {
  store: GlobalContextReader;
  operation: string;
  /** Called when the data was stored. */
  onLoaded?: () => void;
  /** Called with the error when loading failed. */
  onFailed?: (message: string) => void;
}

export class GlobalReferenceLoader implements ContextLoader {
  constructor(
    private readonly entry: ContextEntry & { globalReference: JsonObject },
    private readonly context: JsonContext,
    private readonly options: GlobalReferenceLoaderOptions,
  ) {}

  hasLoaded(): boolean {
    return false;
  }

  loadData(): void {
    const { name } = this.entry;
    try {
      let data: unknown;
      try {
        data = this.#load();
      } catch (err) {
        throw new Error(`failed to marshal APICall data for context entry ${name}: ${(err as Error).message}`);
      }
      try {
        this.context.addContextEntry(name, data);
      } catch (err) {
        throw new Error(`failed to add resource cache results for context entry ${name}: ${(err as Error).message}`);
      }
    } catch (err) {
      this.options.onFailed?.((err as Error).message);
      throw err;
    }
    this.options.onLoaded?.();
  }

  #load(): unknown {
    const substituted = substituteAll(this.entry.globalReference, this.context, { operation: this.options.operation });
    const reference = isObject(substituted) ? substituted : {};
    const [entryName = '', projection = ''] = (typeof reference.name === 'string' ? reference.name : '').split('.');
    const value = this.options.store.get(entryName, projection);
    const jmesPath = typeof reference.jmesPath === 'string' ? reference.jmesPath : '';
    if (jmesPath === '') return value;
    try {
      return compileJmesPath(jmesPath).search(value);
    } catch (err) {
      throw new Error(`failed to apply JMESPath ${jmesPath} for context entry ${this.entry.name}: ${(err as Error).message}`);
    }
  }
}
