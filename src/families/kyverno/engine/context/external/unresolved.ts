/**
 * @file Context entries that could not be resolved offline, and the hint that says so. Kyverno leaves
 * such an entry out (or its loader fails silently), so the first use of its name fails with
 * `Unknown key "<name>" in path`; kyverno-lint keeps that outcome and appends to the rule's error
 * message which lookup was unresolved and how to supply it.
 *
 * An entry whose data is required (an `imageRegistry` entry with image data given or required, see
 * `ExternalData.imageData`) and whose loader failed is a failure of the rule instead: whatever the rule
 * computed without the data, its response is an error saying what is missing, as Kyverno errors a rule whose
 * registry lookup fails (pkg/engine/context/deferred.go `LoadMatching` returns the loader's error to the query).
 */
import type { ContextEntry } from '../../../policy/types.js';
import type { JsonValue, RuleResponse } from '../../../../../types.js';
import { isObject } from '../../../../../util/json-value.js';

/** The context entry types whose data comes from outside the policy. */
export type ExternalEntryKind = 'configMap' | 'apiCall' | 'globalReference' | 'imageRegistry';

/** One entry that was left out or whose loader failed. */
interface UnresolvedEntry {
  name: string;
  kind: ExternalEntryKind;
  /** The lookup, as written in the policy (`ConfigMap default/settings`, `GET /api/v1/...`). */
  lookup: string;
  /** Why it was not resolved. */
  reason: string;
  /** How to supply it. */
  remedy: string;
}

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');

/** The lookup an external entry makes, as written in the policy. */
function describeLookup(entry: ContextEntry): string {
  if (entry.configMap) {
    const namespace = entry.configMap.namespace ?? '';
    return `ConfigMap ${namespace === '' ? '' : `${namespace}/`}${entry.configMap.name ?? ''}`;
  }
  if (entry.apiCall) {
    const call = entry.apiCall;
    const method = text(call.method) || 'GET';
    return `${method} ${isObject(call.service) ? text(call.service.url) : text(call.urlPath)}`;
  }
  if (entry.globalReference) return `global context entry ${text(entry.globalReference.name)}`;
  if (entry.imageRegistry) return `image registry data of ${text(entry.imageRegistry.reference)}`;
  return entry.name;
}

/** How an entry of `kind` can be supplied offline. */
function remedyFor(entry: ContextEntry, kind: ExternalEntryKind): string {
  const values = `or set "${entry.name}" in a values file (policies[].rules[].values)`;
  switch (kind) {
    case 'configMap':
      return `add the ConfigMap as a manifest of the scanned repository, to --cluster-resources (apply) or to clusterResources (test), ${values}`;
    case 'apiCall':
      return isObject(entry.apiCall?.service)
        ? `mock the call in the test's apiCallResponses, ${values}`
        : `add the objects as manifests of the scanned repository, to --cluster-resources (apply) or to clusterResources (test), mock the call in the test's apiCallResponses, ${values}`;
    case 'globalReference':
      return `add an entry named "${text(entry.globalReference?.name).split('.')[0]}" to the test's globalContextEntries, ${values}`;
    case 'imageRegistry':
      return `give the image data with --image-data <file> (apply, scan), or set "${entry.name}" in a values file (policies[].rules[].values)`;
  }
}

interface UnresolvedRecord {
  entry: ContextEntry;
  kind: ExternalEntryKind;
  reason: string;
}

function describe({ entry, kind, reason }: UnresolvedRecord): UnresolvedEntry {
  return { name: entry.name, kind, lookup: describeLookup(entry), reason, remedy: remedyFor(entry, kind) };
}

/**
 * The unresolved entries of one rule evaluation, by name (the latest record of a name wins). Records
 * are described only when read: most are never shown.
 */
/** A required entry whose loader failed. */
interface RequiredFailure {
  name: string;
  message: string;
  /** No data was given at all (rather than data lacking this lookup). */
  noData: boolean;
}

export class UnresolvedEntries {
  /** Created on the first record: most evaluations have none. */
  #records: Map<string, UnresolvedRecord> | undefined;
  /** The first failure of a required entry, kept whatever loads after it (another foreach element, say). */
  #failure: RequiredFailure | undefined;
  /** How many loads of required entries failed. */
  #failures = 0;

  /**
   * Records that loading `entry`, whose data is required, failed with `message` (`noData`: no data was given at
   * all): the rule errors.
   */
  fail(entry: ContextEntry, kind: ExternalEntryKind, message: string, noData: boolean): void {
    this.record(entry, kind, message);
    this.#failure ??= { name: entry.name, message, noData };
    this.#failures++;
  }

  /** The first failure of a required entry, if any, and how many loads failed. */
  get failure(): (RequiredFailure & { count: number }) | undefined {
    const failure = this.#failure;
    return failure === undefined ? undefined : { name: failure.name, message: failure.message, noData: failure.noData, count: this.#failures };
  }

  /** Records that `entry` was not resolved, for `reason`. */
  record(entry: ContextEntry, kind: ExternalEntryKind, reason: string): void {
    this.#records ??= new Map();
    this.#records.set(entry.name, { entry, kind, reason });
  }

  /** Forgets a name whose data was stored after all. */
  resolved(name: string): void {
    this.#records?.delete(name);
  }

  get(name: string): UnresolvedEntry | undefined {
    const record = this.#records?.get(name);
    return record === undefined ? undefined : describe(record);
  }

  get size(): number {
    return this.#records?.size ?? 0;
  }

}

/** The sentence appended for one unresolved entry. */
function unresolvedHint(entry: UnresolvedEntry): string {
  return `context entry "${entry.name}" (${entry.lookup}) was not resolved offline: ${entry.reason}; ${entry.remedy}`;
}

/** How a NotFound names the missing key: `Unknown key "<name>" in path`. */
const UNKNOWN_KEY = 'Unknown key "';

/**
 * The error response of a rule a required entry failed for (see {@link UnresolvedEntries.fail}): Kyverno's
 * `failed to load context: <error>`; it needs registry data when none was given.
 */
function requiredFailureResponse(response: RuleResponse, failure: NonNullable<UnresolvedEntries['failure']>): RuleResponse {
  const more = failure.count > 1 ? ` (${failure.count - 1} more ${failure.count === 2 ? 'lookup' : 'lookups'} of the rule failed too)` : '';
  const out: RuleResponse = { name: response.name, type: response.type, status: 'error', message: `failed to load context entry ${failure.name}: ${failure.message}${more}` };
  if (failure.noData) out.needsRegistry = true;
  return out;
}

/**
 * `response` as an error when a required entry failed to load (see {@link UnresolvedEntries.fail}); else with a
 * hint appended to its message when it is an error naming an unresolved entry (`Unknown key "<name>"`);
 * otherwise `response` itself.
 */
export function withUnresolvedHint(response: RuleResponse, unresolved: UnresolvedEntries): RuleResponse {
  const failure = unresolved.failure;
  if (failure !== undefined) return requiredFailureResponse(response, failure);
  if (response.status !== 'error' || unresolved.size === 0) return response;
  const message = response.message;
  const hints: string[] = [];
  const seen = new Set<string>();
  for (let at = message.indexOf(UNKNOWN_KEY); at >= 0; at = message.indexOf(UNKNOWN_KEY, at + 1)) {
    const start = at + UNKNOWN_KEY.length;
    const end = message.indexOf('"', start);
    if (end < 0) break;
    const name = message.slice(start, end);
    if (seen.has(name)) continue;
    seen.add(name);
    const entry = unresolved.get(name);
    if (entry !== undefined) hints.push(unresolvedHint(entry));
  }
  if (hints.length === 0) return response;
  return { ...response, message: `${message} (${hints.join('; ')})` };
}
