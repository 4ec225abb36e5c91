/**
 * @file One generate rule run by the generate controller (kyverno/kyverno pkg/background/generate/
 * generator.go): for a pattern, its context entries and preconditions, variable substitution, then data,
 * clone or cloneList, and the writes to the store; for `generate.foreach`, the same per list element
 * (element variables at nesting 0, the entry's context and preconditions). Errors end the generation with
 * Kyverno's messages.
 */
import type { Conditions, ContextEntry } from '../../policy/types.js';
import { isClusterScoped } from '../../../../source/resource.js';
import type { JsonObject, JsonValue } from '../../../../types.js';
import { isObject, jsonEqual } from '../../../../util/json-value.js';
import { ConditionFailure, tryEvaluateConditions } from '../conditions/index.js';
import { QueryFailure } from '../context/json-context.js';
import { errorText } from '../response.js';
import type { RuleEnvironment } from '../rule-environment.js';
import { GenerationError } from './errors.js';
import { manageLabels, type PolicyIdentity } from './labels.js';
import { apiVersionOf, kindOf, removeMetaField, setMetaString } from './object.js';
import { decodePattern, type GenerateAction, patternDocument } from './pattern.js';
import { type ObjectAddress, type ObjectStore, StoreError } from './store.js';
import { manageClone, manageCloneList, manageData } from './targets.js';

/** What a rule generates into and labels its objects with. */
export interface GenerationScope {
  store: ObjectStore;
  /** The trigger resource (the labels name it). */
  trigger: JsonObject;
  policy: PolicyIdentity;
  ruleName: string;
  /** `generate.synchronize` of the rule (foreach entries use the rule's). */
  synchronize: boolean;
}

const NO_SOURCE: ObjectAddress = { apiVersion: '', kind: '', namespace: '', name: '' };

/** Kyverno `isNamespacedResource`: unknown or incomplete kinds count as namespaced. */
function isNamespaced(apiVersion: string, kind: string): boolean {
  if (apiVersion === '' || kind === '') return true;
  return !isClusterScoped(apiVersion, kind);
}

/**
 * Kyverno `generator.generate`: loads `contextEntries`, evaluates `preconditions` (false: nothing is
 * generated), substitutes the pattern of `block` and applies it. Returns the targets created.
 */
export function generatePattern(
  env: RuleEnvironment,
  scope: GenerationScope,
  contextEntries: ContextEntry[] | undefined,
  preconditions: Conditions | undefined,
  block: JsonObject,
): ObjectAddress[] {
  try {
    env.loadContext(contextEntries);
  } catch (error) {
    throw new GenerationError(`failed to load context: ${errorText(error)}`);
  }
  let outcome;
  try {
    outcome = tryEvaluateConditions(preconditions as JsonValue | undefined, env.substituteCondition);
  } catch (error) {
    throw new GenerationError(`failed to evaluate preconditions: ${errorText(error)}`);
  }
  if (outcome instanceof ConditionFailure) throw new GenerationError(`failed to evaluate preconditions: ${outcome.message}`);
  if (!outcome.result) return [];

  let document: JsonValue;
  try {
    document = env.substitute(patternDocument(block));
  } catch (error) {
    throw new GenerationError(errorText(error));
  }
  const pattern = decodePattern(isObject(document) ? document : {});
  const target = pattern.target;
  let actions: GenerateAction[];
  if (pattern.clone.name !== '') actions = [manageClone(scope.store, target, NO_SOURCE, pattern)];
  else if (pattern.cloneList.kinds !== null && pattern.cloneList.kinds.length > 0) actions = manageCloneList(scope.store, target.namespace, pattern);
  else actions = [manageData(scope.store, target, pattern.data, scope.synchronize)];
  return applyActions(scope, actions);
}

/** The write loop of `generator.generate`: creates missing targets, synchronizes existing ones. */
function applyActions(scope: GenerationScope, actions: readonly GenerateAction[]): ObjectAddress[] {
  const generated: ObjectAddress[] = [];
  for (const action of actions) {
    if (action.action === 'Skip') {
      if (action.error !== undefined) throw new GenerationError(action.error);
      continue;
    }
    const target = action.target;
    const object = action.data;
    setMetaString(object, 'name', target.name);
    setMetaString(object, 'namespace', target.namespace);
    if (kindOf(object) === '') object.kind = target.kind;
    object.apiVersion = target.apiVersion;
    manageLabels(object, scope.trigger, scope.policy, scope.ruleName);
    if (action.action === 'Create') {
      removeMetaField(object, 'resourceVersion');
      storeWrite(() => scope.store.create(target, object));
      generated.push(target);
      continue;
    }
    let existing: JsonObject | null;
    try {
      existing = scope.store.get(target);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      existing = null;
    }
    if (existing === null) {
      storeWrite(() => scope.store.create(target, object));
      generated.push(target);
      continue;
    }
    const apiVersion = target.apiVersion === '' ? apiVersionOf(existing) : target.apiVersion;
    object.apiVersion = apiVersion;
    const namespace = target.namespace === '' && isNamespaced(apiVersion, target.kind) ? 'default' : target.namespace;
    setMetaString(object, 'namespace', namespace);
    if (!scope.synchronize) continue;
    // Kyverno matches the two objects as patterns both ways: for plain data, that is equality.
    if (jsonEqual(object, existing, 'type')) continue;
    storeWrite(() => scope.store.update({ apiVersion, kind: target.kind, namespace, name: target.name }, object));
  }
  return generated;
}

function storeWrite(write: () => void): void {
  try {
    write();
  } catch (error) {
    if (error instanceof StoreError) throw new GenerationError(error.message);
    throw error;
  }
}

/**
 * Kyverno `generator.generateForeach`: each entry's `list` is evaluated, and each non-null element runs the
 * entry's pattern with the element in the context (nesting 0). Errors of entries and elements are collected
 * and reported together (`multierr`), after every entry ran.
 */
export function generateForeach(env: RuleEnvironment, scope: GenerationScope, entries: readonly JsonValue[]): ObjectAddress[] {
  const errors: string[] = [];
  const generated: ObjectAddress[] = [];
  entries.forEach((entry, index) => {
    const block = isObject(entry) ? entry : {};
    const list = typeof block.list === 'string' ? block.list : '';
    const elements = env.tryEvaluateList(list);
    if (elements instanceof QueryFailure) {
      errors.push(`failed to evaluate ${index} foreach list: ${elements.message}`);
      return;
    }
    const result = generateElements(env, scope, block, elements);
    if (result.errors.length > 0) errors.push(`failed to process ${index} foreach in rule ${scope.ruleName}: ${result.errors.join('; ')}`);
    generated.push(...result.generated);
  });
  if (errors.length > 0) throw new GenerationError(errors.join('; '));
  return generated;
}

/** A foreach entry's `context` entries (anything but a list reads as none). */
function entryContext(block: JsonObject): ContextEntry[] | undefined {
  return Array.isArray(block.context) ? (block.context as unknown as ContextEntry[]) : undefined;
}

/** Kyverno `generator.generateElements`: each element from the same checkpoint of the context. */
function generateElements(
  env: RuleEnvironment,
  scope: GenerationScope,
  block: JsonObject,
  elements: readonly JsonValue[],
): { generated: ObjectAddress[]; errors: string[] } {
  const generated: ObjectAddress[] = [];
  const errors: string[] = [];
  const context = env.context;
  context.checkpoint();
  try {
    elements.forEach((element, index) => {
      if (element === null) return;
      context.reset();
      context.addElement(element, index, 0);
      try {
        generated.push(
          ...generatePattern(env, scope, entryContext(block), block.preconditions as unknown as Conditions | undefined, block),
        );
      } catch (error) {
        errors.push(`failed to process ${index} element: ${errorText(error)}`);
      }
    });
  } finally {
    context.restore();
  }
  return { generated, errors };
}

