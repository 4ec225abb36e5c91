/**
 * @file Kyverno's `globalContext` library (kyverno/sdk `extensions/cel/libs/globalcontext/{lib,impl}.go`): the
 * handle `globalContext` of type `globalcontext.Context` with `Get(name[, projection])` and, since library version
 * 1.18, `get`. An unknown entry is `null`; a failure is `failed to get global reference: …`. Offline the entries are
 * a Test's `globalContextEntries`.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, messageOf } from './common.js';
import type { GlobalContextSource, KyvernoLibraryData } from './data.js';

/** The value of the `globalContext` handle for one evaluation. */
export class GlobalContext {
  constructor(readonly source: GlobalContextSource | undefined) {}
}

export const GLOBAL_CONTEXT_TYPE = 'globalcontext.Context';

/** The handle of one evaluation. */
export function globalContextHandle(data: KyvernoLibraryData): GlobalContext {
  return new GlobalContext(data.globalContext);
}

function get(ctx: GlobalContext, name: string, projection: string): unknown {
  try {
    return ctx.source?.get(name, projection) ?? null;
  } catch (err) {
    throw celError(`failed to get global reference: ${messageOf(err)}`);
  }
}

/** The `globalContext` library. */
export function globalContextLibrary(): CelLibrary {
  return (env: Environment) => {
    const G = GLOBAL_CONTEXT_TYPE;
    env.registerType(G, GlobalContext);
    env.registerVariable('globalContext', G);
    for (const name of ['Get', 'get']) {
      env.registerFunction(`${G}.${name}(string): dyn`, (c: GlobalContext, entry: string) => get(c, entry, ''));
      env.registerFunction(`${G}.${name}(string, string): dyn`, (c: GlobalContext, entry: string, projection: string) =>
        get(c, entry, projection),
      );
    }
  };
}
