/**
 * @file `mutate.targets` (mutate existing resources) as the Kyverno CLI runs it (kyverno/kyverno
 * pkg/engine/handlers/mutation/{mutate_existing,load_targets}.go, spec 30 §9): targets are selected
 * from the fake cluster (the CLI's resources and target resources), each target gets its own
 * context, preconditions and patch, and yields its own rule response carrying the patched target.
 * The trigger itself is never modified.
 */
import { guessPlural } from '../../cluster/index.js';
import { selectorMatches } from '../../match/selector.js';
import type { JsonObject, JsonValue, RuleResponse } from '../../types.js';
import { containsWildcard, wildcardMatch } from '../../util/wildcard.js';
import { ConditionFailure, tryEvaluateConditions } from '../conditions/index.js';
import { errorText, ruleResponse } from '../response.js';
import type { RuleEnvironment } from '../rule-environment.js';
import { SubstitutionFailure } from '../variables/index.js';
import { foreachEntries, mutateForEach } from './foreach.js';
import { applyMutation, mutatedMessage, type PatchOutcome } from './patch.js';

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

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
function namesMatch(namespacePattern: string, namePattern: string, namespace: string, name: string): boolean {
  if (namespacePattern === '' && namePattern === '') return true;
  if (namespacePattern === '') return wildcardMatch(namePattern, name);
  return wildcardMatch(namespacePattern, namespace) && (namePattern === '' || wildcardMatch(namePattern, name));
}

/** The objects one substituted target spec selects: GET when namespace and name are exact, else LIST. */
function selectTargets(spec: JsonObject, cluster: readonly JsonObject[], policyNamespace: string | undefined): JsonObject[] | { error: string } {
  const apiVersion = text(spec.apiVersion);
  const kind = text(spec.kind);
  const namespace = policyNamespace ?? text(spec.namespace);
  const name = text(spec.name);
  const ofType = cluster.filter((object) => object.apiVersion === apiVersion && object.kind === kind);
  if (namespace !== '' && name !== '' && !containsWildcard(namespace) && !containsWildcard(name)) {
    const found = ofType.find((object) => text(metadataOf(object).namespace) === namespace && text(metadataOf(object).name) === name);
    if (found === undefined) return { error: `${guessPlural(kind)} "${name}" not found` };
    return [found];
  }
  return ofType.filter((object) => {
    const metadata = metadataOf(object);
    if (isObject(spec.selector)) {
      const labels = isObject(metadata.labels) ? (metadata.labels as Record<string, string>) : {};
      if (!selectorMatches(spec.selector, labels)) return false;
    }
    return namesMatch(namespace, name, text(metadata.namespace), text(metadata.name));
  });
}

/** Kyverno's `loadTargets`: every target spec substituted and resolved; errors combined. */
function loadTargets(env: RuleEnvironment, specs: JsonValue[], cluster: readonly JsonObject[]): { targets: Target[]; errors: string[] } {
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
    const selected = selectTargets(substituted, cluster, env.policyNamespace);
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
  const { targets, errors } = loadTargets(env, specs, cluster);
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
