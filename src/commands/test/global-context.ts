/**
 * @file A Test's global context entries (`globalContextEntries`): the store `globalReference` context entries
 * read, their `resourceFiles` read relative to the test file.
 */
import path from 'node:path';
import { GlobalContextStore, type GlobalContextEntryMock } from '../../families/kyverno/engine/context/external/index.js';
import type { JsonValue } from '../../types.js';
import type { DiagnosticLog } from '../load/diagnostics.js';
import { readFile } from '../load/documents.js';
import type { GlobalContextEntrySpec } from './mocks.js';

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
