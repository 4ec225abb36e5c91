/**
 * @file The data the CLI gives the engine for `configMap`, `apiCall` and `globalReference` context
 * entries: the mocked cluster (the evaluated resources, then the cluster state read from files, as
 * Kyverno's fake API server holds them) and a Test's global context entries, their `resourceFiles`
 * read relative to the test file.
 */
import path from 'node:path';
import { MockCluster } from '../../cluster/index.js';
import { GlobalContextStore, type GlobalContextEntryMock } from '../../families/kyverno/engine/context/external/index.js';
import type { JsonObject, JsonValue } from '../../types.js';
import type { ClusterObjects } from './cluster-resources.js';
import type { DiagnosticLog } from './diagnostics.js';
import { readFile } from './documents.js';
import type { GlobalContextEntrySpec } from '../test/mocks.js';

/** A cluster holding `resources` first, then the objects and definitions of `state`. */
export function mockedCluster(resources: readonly JsonObject[], state?: ClusterObjects): MockCluster {
  const cluster = new MockCluster(resources);
  for (const object of state?.objects ?? []) cluster.add(object);
  for (const definition of state?.definitions ?? []) cluster.addDefinition(definition);
  return cluster;
}

/** The global context store of a Test; `resourceFiles` are read relative to `dir`. */
export function globalContextStore(
  entries: readonly GlobalContextEntrySpec[],
  dir: string,
  log: DiagnosticLog,
): { store: GlobalContextStore } | { error: string } {
  const mocks: GlobalContextEntryMock[] = [];
  for (const entry of entries) {
    const mock: GlobalContextEntryMock = { name: entry.name };
    if (entry.data !== undefined) mock.data = entry.data;
    if (entry.fieldPath !== undefined) mock.fieldPath = entry.fieldPath;
    if (entry.projections !== undefined) mock.projections = entry.projections;
    const resources: JsonValue[] = [...(entry.resources ?? [])];
    for (const file of entry.resourceFiles ?? []) {
      const loaded = readFile(path.resolve(dir, file), log);
      if (loaded === null) return { error: `globalContextEntries ${JSON.stringify(entry.name)} resourceFiles ${JSON.stringify(file)}: cannot be read` };
      for (const document of loaded.documents) {
        const value = document.value;
        if (value === null || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)) continue;
        if (typeof value !== 'object' || Array.isArray(value)) {
          return { error: `globalContextEntries ${JSON.stringify(entry.name)} resourceFiles ${JSON.stringify(file)}: document[${document.index}]: not an object` };
        }
        resources.push(value);
      }
    }
    if (resources.length > 0) mock.resources = resources;
    mocks.push(mock);
  }
  return { store: new GlobalContextStore(mocks) };
}
