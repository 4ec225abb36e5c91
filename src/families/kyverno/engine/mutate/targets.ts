/**
 * @file `mutate.targets` (mutate existing resources) as the Kyverno CLI runs it (kyverno/kyverno
 * pkg/engine/handlers/mutation/mutate_existing.go `mutateExistingHandler.Process`, load_targets.go
 * `loadTargets`): targets are selected from the fake cluster (the CLI's resources and target
 * resources), each target gets its own context, preconditions and patch, and yields its own rule
 * response carrying the patched target.
 * The trigger itself is never modified. The fake cluster is indexed by resource once per list of objects.
 */
import { guessPlural, unsafeGuessPlural } from '../../../../cluster/index.js';
import { selectorMatches } from '../../match/selector.js';
import type { TargetReads } from '../../../../evaluate/types.js';
import type { JsonObject, JsonValue, RuleResponse } from '../../../../types.js';
import { containsWildcard, wildcardMatch } from '../../../../util/wildcard.js';
import { ConditionFailure, tryEvaluateConditions } from '../conditions/index.js';
import { errorText, ruleResponse } from '../response.js';
import type { RuleEnvironment } from '../rule-environment.js';
import { SubstitutionFailure } from '../variables/index.js';
import { foreachEntries, mutateForEach } from './foreach.js';
import { applyMutation, mutatedMessage, type PatchOutcome } from './patch.js';
import { isObject } from '../../../../util/json-value.js';

function text(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

interface Target {
  object: JsonObject;
  context: JsonValue | undefined;
  preconditions: JsonValue | undefined;
}

function metadataOf(object: JsonObject): JsonObject {
  return isObject(object.metadata) ? object.metadata : {};
}

/** Kyverno's `match(namespacePattern, namePattern, namespace, name)` of LIST results. */
export function namesMatch(namespacePattern: string, namePattern: string, namespace: string, name: string): boolean {
  if (namespacePattern === '' && namePattern === '') return true;
  if (namespacePattern === '') return wildcardMatch(namePattern, name);
  return wildcardMatch(namespacePattern, namespace) && (namePattern === '' || wildcardMatch(namePattern, name));
}

/**
 * The resources the CLI's fake discovery client always registers (kyverno/kyverno
 * pkg/clients/dclient/fake.go `NewFakeDiscoveryClient`), as apiVersion and plural.
 */
const PREREGISTERED: ReadonlyArray<readonly [string, string]> = [
  ['v1', 'configmaps'],
  ['v1', 'endpoints'],
  ['v1', 'namespaces'],
  ['v1', 'resourcequotas'],
  ['v1', 'secrets'],
  ['v1', 'serviceaccounts'],
  ['apps/v1', 'daemonsets'],
  ['apps/v1', 'deployments'],
  ['apps/v1', 'statefulsets'],
];

/** The fake cluster's objects by resource, read once per list of objects (every trigger reads it). */
interface ClusterIndex {
  /** The API versions (`apiVersion` text) registered for each plural, in order of first occurrence. */
  readonly versions: Map<string, string[]>;
  /** The objects by `apiVersion` (a string) and plural, in order. */
  readonly objects: Map<string, JsonObject[]>;
}

const typeKey = (apiVersion: string, plural: string): string => `${apiVersion}\u0000${plural}`;

/** Indexes by list: the lists of target objects are not modified once evaluation uses them. */
const clusterIndexes = new WeakMap<readonly JsonObject[], ClusterIndex>();

function clusterIndex(cluster: readonly JsonObject[]): ClusterIndex {
  let index = clusterIndexes.get(cluster);
  if (index === undefined) {
    index = { versions: new Map(), objects: new Map() };
    for (const object of cluster) {
      const plural = unsafeGuessPlural(text(object.kind));
      const versions = index.versions.get(plural);
      const version = text(object.apiVersion);
      if (versions === undefined) index.versions.set(plural, [version]);
      else if (!versions.includes(version)) versions.push(version);
      if (typeof object.apiVersion !== 'string') continue;
      const key = typeKey(object.apiVersion, plural);
      const ofType = index.objects.get(key);
      if (ofType === undefined) index.objects.set(key, [object]);
      else ofType.push(object);
    }
    clusterIndexes.set(cluster, index);
  }
  return index;
}

/**
 * The API versions a target kind resolves to, as the fake discovery client's `FindResources` does:
 * every registered resource (pre-registered ones and those of the cluster's objects) whose plural
 * is the lower-cased kind followed by `s` — the target's apiVersion is not consulted, and a kind
 * whose plural is not `<kind>s` (ending in `s` or `y`) is never found.
 */
function findResources(kind: string, cluster: ClusterIndex): string[] | null {
  const resource = `${kind.toLowerCase()}s`;
  const versions = new Set<string>();
  for (const [apiVersion, plural] of PREREGISTERED) if (plural === resource) versions.add(apiVersion);
  for (const version of cluster.versions.get(resource) ?? []) versions.add(version);
  return versions.size === 0 ? null : [...versions];
}

/**
 * The objects one substituted target spec selects (Kyverno's `dclient.GetResources` on the CLI's
 * fake cluster): for each API version the kind resolves to, GET when namespace and name are exact,
 * else LIST filtered by selector and wildcard names.
 */
function selectTargets(spec: JsonObject, cluster: ClusterIndex, policyNamespace: string | undefined, reads: TargetReads | undefined): JsonObject[] | { error: string } {
  const kind = text(spec.kind);
  const namespace = policyNamespace ?? text(spec.namespace);
  const name = text(spec.name);
  const versions = findResources(kind, cluster);
  const plural = `${kind.toLowerCase()}s`;
  reads?.select(plural, namespace, name, versions ?? []);
  if (versions === null) return { error: 'not found' };
  const selected: JsonObject[] = [];
  for (const apiVersion of versions) {
    const ofType = cluster.objects.get(typeKey(apiVersion, plural)) ?? [];
    if (namespace !== '' && name !== '' && !containsWildcard(namespace) && !containsWildcard(name)) {
      const found = ofType.find((object) => text(metadataOf(object).namespace) === namespace && text(metadataOf(object).name) === name);
      if (found === undefined) return { error: `${guessPlural(kind)} "${name}" not found` };
      selected.push(found);
      continue;
    }
    for (const object of ofType) {
      const metadata = metadataOf(object);
      if (isObject(spec.selector)) {
        const labels = isObject(metadata.labels) ? (metadata.labels as Record<string, string>) : {};
        if (!selectorMatches(spec.selector, labels)) continue;
      }
      if (namesMatch(namespace, name, text(metadata.namespace), text(metadata.name))) selected.push(object);
    }
  }
  return selected;
}

/** Kyverno's `loadTargets`: every target spec substituted and resolved; errors combined. */
function loadTargets(env: RuleEnvironment, specs: JsonValue[], cluster: readonly JsonObject[], reads: TargetReads | undefined): { targets: Target[]; errors: string[] } {
  const targets: Target[] = [];
  const errors: string[] = [];
  specs.forEach((raw, index) => {
    if (!isObject(raw)) return;
    const { context, preconditions, ...selector } = raw;
    const substituted = env.trySubstitute(selector);
    if (substituted instanceof SubstitutionFailure || !isObject(substituted)) {
      const cause = substituted instanceof SubstitutionFailure ? substituted.message : '<nil>';
      errors.push(`failed to substitute variables in target[${index}]: ${cause}`);
      return;
    }
    const selected = selectTargets(substituted, clusterIndex(cluster), env.policyNamespace, reads);
    if ('error' in selected) {
      errors.push(selected.error);
      return;
    }
    for (const object of selected) targets.push({ object, context, preconditions });
  });
  return { targets, errors };
}

/**
 * Runs a mutate-existing rule whose trigger passed match, context, preconditions and exceptions.
 * Without a fake cluster (`cluster` undefined) the rule cannot be evaluated offline: one `skip`
 * response says so.
 */
export function mutateTargets(
  env: RuleEnvironment,
  mutation: JsonObject,
  cluster: readonly JsonObject[] | undefined,
  substituteRule: () => JsonObject | SubstitutionFailure,
  reads?: TargetReads,
): RuleResponse[] {
  const name = env.plan.name;
  if (cluster === undefined) {
    return [
      ruleResponse(
        name,
        'Mutation',
        'skip',
        'mutate.targets (mutate existing resources) cannot be evaluated offline: no target resources were given (Test targetResources or apply --target-resource)',
      ),
    ];
  }
  const specs = Array.isArray(mutation.targets) ? mutation.targets : [];
  const { targets, errors } = loadTargets(env, specs, cluster, reads);
  const responses: RuleResponse[] = [];
  if (errors.length > 0) responses.push(ruleResponse(name, 'Mutation', 'error', `: ${errors.join('; ')}`));
  const context = env.context;
  for (const target of targets) {
    context.setTargetResource(target.object);
    try {
      env.loadContext(Array.isArray(target.context) ? (target.context as never) : undefined);
    } catch (error) {
      responses.push(ruleResponse(name, 'Mutation', 'error', `failed to load context: ${errorText(error)}`));
      continue;
    }
    if (target.preconditions !== undefined && target.preconditions !== null) {
      let outcome;
      try {
        outcome = tryEvaluateConditions(target.preconditions, env.substituteCondition);
      } catch (error) {
        responses.push(ruleResponse(name, 'Mutation', 'error', `failed to evaluate preconditions: ${errorText(error)}`));
        continue;
      }
      if (outcome instanceof ConditionFailure) {
        responses.push(ruleResponse(name, 'Mutation', 'error', `failed to evaluate preconditions: ${outcome.message}`));
        continue;
      }
      if (!outcome.result) {
        const message = outcome.message === '' ? 'preconditions not met' : `preconditions not met; ${outcome.message}`;
        responses.push(ruleResponse(name, 'Mutation', 'skip', message));
        continue;
      }
    }
    let outcome: PatchOutcome;
    if (mutation.foreach !== undefined && mutation.foreach !== null) {
      outcome = mutateForEach(env, foreachEntries(mutation.foreach), target.object, 0);
    } else {
      const rule = substituteRule();
      if (rule instanceof SubstitutionFailure) {
        outcome = { status: 'error', message: `variable substitution failed: ${rule.message}` };
      } else {
        const substituted = isObject(rule.mutate) ? rule.mutate : {};
        outcome = applyMutation(target.object, substituted.patchStrategicMerge, substituted.patchesJson6902);
      }
    }
    if (outcome.status === 'pass') {
      context.setTargetResource(outcome.resource);
      const response = ruleResponse(name, 'Mutation', 'pass', mutatedMessage(outcome.resource));
      response.patchedTarget = outcome.resource;
      responses.push(response);
    } else {
      responses.push(ruleResponse(name, 'Mutation', outcome.status, outcome.message));
    }
  }
  return responses;
}
