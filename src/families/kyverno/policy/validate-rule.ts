/**
 * @file The per-rule checks of Kyverno's policy validation (pkg/validation/policy/validate.go: kinds and
 * wildcard kinds, JSON patch checks, `validateResources` with conditions, `validateRuleContext`,
 * `validateMatchKindHelper`, `isLabelAndAnnotationsString`, failure-action override namespaces;
 * pkg/policy/{validate,mutate,generate}: the rule-type specific checks). Each check returns the error text
 * the CLI prints, or null.
 */
import { CONDITION_OPERATORS_V1 } from './crd-schema.js';
import { compileJmesPath } from '../../../lang/jmespath/index.js';
import { parseAnchor, type AnchorType } from '../engine/pattern/anchor.js';
import { isEmptyResourceDescription } from '../match/match.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { isObject } from '../../../util/json-value.js';
import { containsWildcard, wildcardMatch } from '../../../util/wildcard.js';
import { parseReference } from '../../../util/image-reference.js';
import { parsePatch } from './json-patch.js';
import type { Policy, ResourceDescription, Rule } from './types.js';
import { isPresent, list, ruleKinds, str } from './validate-spec.js';
import { elementOutsideForeachError, replaceAllVariables } from './validate-variables.js';

function asList(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/** Operators accepted by policy validation (`kyvernov1.ConditionOperators`). */
const CONDITION_OPERATORS = ['Equal', 'Equals', 'NotEqual', ...CONDITION_OPERATORS_V1.slice(1)];
const INVALID_OPERATOR = `entered value of \`operator\` is invalid. valid values: [${CONDITION_OPERATORS.map((o) => JSON.stringify(o)).join(' ')}]`;
const OPERATION_VALUES = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];

type Failure = [path: string, message: string];

/** Kyverno `validateJSONPatchPathForForwardSlash` + `validateJSONPatch`. */
function jsonPatchError(patch: string, index: number): string | null {
  const ops = parsePatch(replaceAllVariables(patch, 'kyvernojsonpatchvariable'));
  if (ops === null) return `path must begin with a forward slash: spec.rules[${index}]: failed to decode JSON patch`;
  for (const op of ops) {
    if (!isObject(op) || typeof op.path !== 'string') {
      return `path must begin with a forward slash: spec.rules[${index}]: operation missing path field: missing value`;
    }
    if (!op.path.startsWith('/')) return `path must begin with a forward slash: spec.rules[${index}]: ${op.path}`;
  }
  for (const op of ops as JsonObject[]) {
    const kind = typeof op.op === 'string' ? op.op : 'unknown';
    if (!['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(kind)) {
      return `unexpected kind: spec.rules[${index}]: ${kind}`;
    }
    if (kind !== 'remove' && kind !== 'move' && kind !== 'copy' && !('value' in op)) {
      return `invalid value: spec.rules[${index}]: operation, missing value field: missing value`;
    }
  }
  return null;
}

/** Kyverno `ruleOnlyDealsWithResourceMetaData`. */
function onlyDealsWithMetadata(rule: Rule): boolean {
  const onlyMetadata = (value: JsonValue | undefined): boolean =>
    !isObject(value) || Object.keys(value).every((key) => key === 'metadata');
  if (isObject(rule.mutate)) {
    if (!onlyMetadata(rule.mutate.patchStrategicMerge)) return false;
    const patch = rule.mutate.patchesJson6902;
    if (typeof patch === 'string' && patch !== '') {
      let ops: JsonValue = null;
      try {
        ops = JSON.parse(patch) as JsonValue;
      } catch {
        ops = null;
      }
      for (const op of asList(ops)) {
        if (isObject(op) && !str(op.path).startsWith('/metadata')) return false;
      }
    }
  }
  const validate = rule.validate;
  if (validate) {
    if (!onlyMetadata(validate.pattern)) return false;
    if (isPresent(validate.anyPattern)) {
      if (!Array.isArray(validate.anyPattern)) return false;
      if (!validate.anyPattern.every(onlyMetadata)) return false;
    }
  }
  return true;
}

const METADATA_ONLY = 'policy can only deal with the metadata field of the resource if the rule does not match any kind';
const WILDCARD_ALLOWED_VARIABLES = /\{\{\s*(request\.|serviceAccountName|serviceAccountNamespace)[^{}]*\}\}/;

/** Kyverno `validateWildcard`. */
function wildcardKindError(kinds: readonly string[], background: boolean, rule: Rule): string | null {
  if (!kinds.includes('*')) return null;
  if (background) {
    return 'wildcard policy not allowed in background mode. Set spec.background=false to disable background mode for this policy rule ';
  }
  if (kinds.length > 1) return 'wildcard policy can not deal with more than one kind';
  const types = ruleKinds(rule);
  if (types.generate || types.verifyImages || isPresent(rule.validate?.foreach)) {
    return 'wildcard policy does not support rule type';
  }
  if (types.validate && rule.validate) {
    if ((isPresent(rule.validate.pattern) || isPresent(rule.validate.anyPattern)) && !onlyDealsWithMetadata(rule)) {
      return METADATA_ONLY;
    }
    const conditions = rule.validate.deny?.conditions;
    if (Array.isArray(conditions)) {
      for (const condition of conditions) {
        const key = str((condition as JsonObject).key);
        if (
          !key.includes('request.object.metadata.') &&
          (!WILDCARD_ALLOWED_VARIABLES.test(key) || key.includes('request.object.spec'))
        ) {
          return METADATA_ONLY;
        }
      }
    }
  }
  if (types.mutate && !onlyDealsWithMetadata(rule)) return METADATA_ONLY;
  return null;
}

/** Kyverno's `validateKinds` loop over the computed rules (match then exclude, any, all, inline). */
export function kindsError(rules: readonly Rule[], background: boolean): string | null {
  for (const [i, rule] of rules.entries()) {
    const check = (kinds: string[] | undefined, where: string): string | null => {
      const err = wildcardKindError(kinds ?? [], background, rule);
      return err === null ? null : `path: spec.rules[${i}].${where}: ${err}`;
    };
    const match = rule.match ?? {};
    for (const [j, filter] of list(match.any).entries()) {
      const err = check(filter.resources?.kinds, `match.any[${j}].kinds`);
      if (err) return err;
    }
    for (const [j, filter] of list(match.all).entries()) {
      const err = check(filter.resources?.kinds, `match.all[${j}].kinds`);
      if (err) return err;
    }
    const inline = check(match.resources?.kinds, 'match.kinds');
    if (inline) return inline;
    const exclude = rule.exclude;
    if (exclude) {
      for (const [j, filter] of list(exclude.any).entries()) {
        const err = check(filter.resources?.kinds, `exclude.any[${j}].kinds`);
        if (err) return err;
      }
      for (const [j, filter] of list(exclude.all).entries()) {
        const err = check(filter.resources?.kinds, `exclude.all[${j}].kinds`);
        if (err) return err;
      }
      const excluded = check(exclude.resources?.kinds, 'exclude.kinds');
      if (excluded) return excluded;
    }
  }
  return null;
}

/** A condition key or value as Go decodes it (`FromJSON`): absent and `null` are nil. */
function conditionField(condition: JsonObject, key: string): JsonValue | undefined {
  const value = condition[key];
  return value === null ? undefined : value;
}

/** Kyverno `validateConditionValuesKeyRequestOperation`. */
function operationValuesFailure(value: JsonValue): Failure | null {
  const allowed = '. Only the following values are allowed: [CREATE, UPDATE, DELETE, CONNECT]';
  if (typeof value === 'string') {
    if (value.length >= 4 && value.startsWith('{{') && value.endsWith('}}')) return null;
    if (!OPERATION_VALUES.includes(value)) return [`value: ${value}`, `unknown value '${value}' found under the 'value' field${allowed}`];
    return null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      if (typeof item !== 'string' || !OPERATION_VALUES.includes(item)) {
        return [`value[${i}]`, `unknown value '${String(item)}' found under the 'value' field${allowed}`];
      }
    }
    return null;
  }
  const kind = typeof value === 'number' ? 'float64' : typeof value === 'boolean' ? 'bool' : 'map';
  return ['value', `'value' field found to be of the type ${kind}. The provided value/values are expected to be either in the form of a string or list`];
}

/** Kyverno `validateConditionValues`. */
function conditionValuesFailure(condition: JsonValue): Failure | null {
  const c = isObject(condition) ? condition : {};
  const key = conditionField(c, 'key');
  const value = conditionField(c, 'value');
  if (key === undefined || value === undefined || str(c.operator) === '') {
    return ['', 'entered value of `key`, `value` or `operator` is missing or misspelled'];
  }
  if (typeof key === 'string' && key.replaceAll(' ', '') === '{{request.operation}}') return operationValuesFailure(value);
  return null;
}

/** Splits decoded conditions into the `{any, all}` form or the legacy list. */
function conditionGroups(raw: JsonValue | undefined): { any?: JsonValue[]; all?: JsonValue[]; list?: JsonValue[] } | null {
  if (Array.isArray(raw)) return { list: raw };
  if (isObject(raw)) {
    return {
      ...(Array.isArray(raw.any) ? { any: raw.any } : {}),
      ...(Array.isArray(raw.all) ? { all: raw.all } : {}),
    };
  }
  return null;
}

/** Kyverno `validateConditions`. */
function conditionsFailure(raw: JsonValue | undefined, schemaKey: string): Failure | null {
  const groups = conditionGroups(raw);
  if (groups === null) return null;
  for (const [name, entries] of [['any', groups.any], ['all', groups.all]] as const) {
    for (const [i, condition] of (entries ?? []).entries()) {
      const failure = conditionValuesFailure(condition);
      if (failure) return [`${schemaKey}.${name}[${i}].${failure[0]}`, failure[1]];
    }
  }
  for (const [i, condition] of (groups.list ?? []).entries()) {
    const failure = conditionValuesFailure(condition);
    if (failure) return [`${schemaKey}[${i}].${failure[0]}`, failure[1]];
  }
  return null;
}

function operatorValid(condition: JsonValue): boolean {
  return isObject(condition) && CONDITION_OPERATORS.includes(str(condition.operator));
}

/** Kyverno `validateRawJSONConditionOperator` (the `all` group reports an `any` path, as Kyverno does). */
function operatorsFailure(raw: JsonValue | undefined, schemaKey: string): Failure | null {
  const groups = conditionGroups(raw);
  if (groups === null) return null;
  for (const entries of [groups.any, groups.all]) {
    for (const [i, condition] of (entries ?? []).entries()) {
      if (!operatorValid(condition)) return [`${schemaKey}.any[${i}].`, INVALID_OPERATOR];
    }
  }
  for (const [i, condition] of (groups.list ?? []).entries()) {
    if (!operatorValid(condition)) return [`${schemaKey}[${i}].`, INVALID_OPERATOR];
  }
  return null;
}

/** Kyverno `validateValidationForEach` / `validateMutationForEach` (operators only). */
function foreachFailure(entries: JsonValue | undefined, schemaKey: string, withDeny: boolean): Failure | null {
  for (const fe of asList(entries)) {
    if (!isObject(fe)) continue;
    if (isObject(fe.preconditions)) {
      const failure = operatorsFailure(fe.preconditions, 'conditions');
      if (failure) return [`${schemaKey}.${failure[0]}`, failure[1]];
    }
    if (withDeny && isObject(fe.deny)) {
      const failure = operatorsFailure(fe.deny.conditions, 'conditions');
      if (failure) return [`${schemaKey}.deny.${failure[0]}`, failure[1]];
    }
    if (Array.isArray(fe.foreach) && fe.foreach.length > 0) {
      const failure = foreachFailure(fe.foreach, schemaKey, withDeny);
      if (failure) return [`${schemaKey}.${failure[0]}`, failure[1]];
    }
  }
  return null;
}

/** Kyverno `validateResources`: returns `[path, message]` or null. */
function resourcesFailure(rule: Rule): Failure | null {
  const exclude = rule.exclude;
  if (exclude) {
    if ((list(exclude.any).length > 0 || list(exclude.all).length > 0) && !isEmptyResourceDescription(exclude.resources)) {
      return ['exclude.', "can't specify any/all together with exclude resources"];
    }
  }
  const match = rule.match ?? {};
  if ((list(match.any).length > 0 || list(match.all).length > 0) && !isEmptyResourceDescription(match.resources)) {
    return ['match.', "can't specify any/all together with match resources"];
  }
  const filters: (ResourceDescription | undefined)[] =
    list(match.any).length > 0
      ? list(match.any).map((f) => f.resources)
      : list(match.all).length > 0
        ? list(match.all).map((f) => f.resources)
        : [match.resources];
  if (filters.some((desc) => isEmptyResourceDescription(desc))) return ['match.resources.', 'match resources not specified'];

  const preconditions = rule.preconditions as JsonValue | undefined;
  if (isPresent(preconditions)) {
    const failure = conditionsFailure(preconditions, 'preconditions') ?? operatorsFailure(preconditions, 'preconditions');
    if (failure) return [`validate.${failure[0]}`, failure[1]];
  }
  const validate = rule.validate;
  if (validate) {
    if (isPresent(validate.deny)) {
      const raw = validate.deny?.conditions as JsonValue | undefined;
      const failure = conditionsFailure(raw, 'conditions') ?? operatorsFailure(raw, 'conditions');
      if (failure) return [`validate.deny.${failure[0]}`, failure[1]];
    }
    if (list(validate.foreach).length > 0) {
      const failure = foreachFailure(validate.foreach as unknown as JsonValue, 'validate.foreach', true);
      if (failure) return failure;
    }
  }
  if (isObject(rule.mutate) && asList(rule.mutate.foreach).length > 0) {
    const failure = foreachFailure(rule.mutate.foreach, 'mutate.foreach', false);
    if (failure) return failure;
  }
  for (const vi of list(rule.verifyImages)) {
    if (!isObject(vi)) continue;
    for (const att of asList(vi.attestations)) {
      for (const c of isObject(att) ? asList(att.conditions) : []) {
        const failure = operatorsFailure(c, 'conditions');
        if (failure) return [`verifyImages.attestations.${failure[0]}`, failure[1]];
      }
    }
    if (isObject(vi.validate) && Object.keys(vi.validate).length > 0 && isObject(vi.validate.deny)) {
      const raw = vi.validate.deny.conditions;
      const failure = conditionsFailure(raw, 'conditions') ?? operatorsFailure(raw, 'conditions');
      if (failure) return [`imageVerify.validate.deny.${failure[0]}`, failure[1]];
    }
  }
  return null;
}

/**
 * The error of distribution/reference `Parse` on an image reference (Kyverno `validateImageRegistry`,
 * pkg/validation/policy/validate.go), or `null` when it parses.
 */
function imageReferenceError(ref: string): string | null {
  try {
    parseReference(ref);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

function jmesPathError(expression: unknown): string | null {
  const text = str(expression);
  if (text === '' || replaceAllVariables(text, 'kyvernojmespathvariable').includes('kyvernojmespathvariable')) return null;
  try {
    compileJmesPath(text);
    return null;
  } catch (err) {
    return `failed to parse JMESPath ${text}: ${(err as Error).message}`;
  }
}

const RESERVED_CONTEXT_NAMES = [
  'images',
  'request',
  'serviceAccountName',
  'serviceAccountNamespace',
  'element',
  'elementIndex',
];
const CONTEXT_ENTRY_TYPES = ['configMap', 'apiCall', 'globalReference', 'imageRegistry', 'variable'];
const BINDING_IDENTIFIER = /^\w+$/;

/** Kyverno `validateRuleContext`. */
function contextError(rule: Rule): string | null {
  const entries = list(rule.context as unknown as JsonValue[]);
  // `Rule.HasValidateCEL`: a non-empty `validate.cel`.
  if (entries.length > 0 && isObject(rule.validate?.cel) && Object.keys(rule.validate.cel).length > 0) {
    return 'context variables are not supported for CEL expressions in validate rules';
  }
  for (const raw of entries) {
    const entry = isObject(raw) ? raw : {};
    const name = str(entry.name);
    if (name === '') return 'a name is required for context entries';
    if (isPresent(rule.validate?.assert) && !BINDING_IDENTIFIER.test(name)) {
      return `context entry name ${name} is invalid, it must be a single word when the validation rule uses \`assert\``;
    }
    for (const reserved of RESERVED_CONTEXT_NAMES) {
      if (name === reserved || name.startsWith(`${reserved}.`)) {
        return `entry name ${name} is invalid as it conflicts with a pre-defined variable ${reserved}`;
      }
    }
    const types = CONTEXT_ENTRY_TYPES.filter((t) => isPresent(entry[t]));
    if (types.length !== 1) {
      return 'exactly one of configMap or apiCall or imageRegistry or variable is required for context entries';
    }
    const body = isObject(entry[types[0]]) ? (entry[types[0]] as JsonObject) : {};
    switch (types[0]) {
      case 'configMap':
        if (str(body.name) === '') return 'a name is required for configMap context entry';
        if (str(body.namespace) === '') return 'a namespace is required for configMap context entry';
        break;
      case 'apiCall':
        if (str(body.urlPath) !== '' && isPresent(body.service)) return 'a URLPath cannot be used for service API calls';
        return jmesPathError(body.jmesPath) ?? null;
      case 'globalReference':
        return jmesPathError(body.jmesPath) ?? null;
      case 'imageRegistry': {
        const reference = str(body.reference);
        if (reference === '') return 'a ref is required for imageRegistry context entry';
        const ref = replaceAllVariables(reference, 'kyvernoimageref');
        if (!ref.includes('kyvernoimageref')) {
          const err = imageReferenceError(ref);
          if (err) return `bad image: ${ref}: ${err}`;
        }
        const jp = jmesPathError(body.jmesPath);
        if (jp) return jp;
        break;
      }
      case 'variable': {
        const jp = jmesPathError(body.jmesPath);
        if (jp) return jp;
        const jmesPath = replaceAllVariables(str(body.jmesPath), 'kyvernojmespathvariable');
        if (!isPresent(body.value) && jmesPath === '') return 'a variable must define a value or a jmesPath expression';
        if (isPresent(body.default) && jmesPath === '') {
          return 'a variable must define a default value only when a jmesPath expression is defined';
        }
        break;
      }
    }
  }
  return null;
}

type AnchorCheck = (type: AnchorType) => boolean;

const VALIDATE_ANCHORS: AnchorCheck = (type) => type !== 'addIfNotPresent';
const NO_ANCHORS: AnchorCheck = () => false;

/** Kyverno `common.ValidatePattern`: unsupported anchors and empty existence anchors. */
function patternFailure(pattern: JsonValue | undefined, path: string, supported: AnchorCheck): Failure | null {
  if (Array.isArray(pattern)) {
    for (const [i, element] of pattern.entries()) {
      const failure = patternFailure(element, `${path}${i}/`, supported);
      if (failure) return failure;
    }
  } else if (isObject(pattern)) {
    for (const key of Object.keys(pattern)) {
      const value = pattern[key];
      const anchor = parseAnchor(key);
      if (anchor !== null) {
        if (!supported(anchor.type)) return [`${path}/${key}`, `unsupported anchor ${key}`];
        if (anchor.type === 'existence') {
          if (!Array.isArray(value)) return [`${path}/${key}`, 'existence anchor should have value of type list'];
          if (value.length === 0) return [`${path}/${key}`, 'existence anchor: should have at least one value'];
        }
      }
      const failure = patternFailure(value, `${path}/${key}`, supported);
      if (failure) return failure;
    }
  }
  return null;
}

/** pkg/policy/validate `Validate` (mock authorisation). */
function validateActionFailure(rule: Rule): Failure | null {
  const v = rule.validate ?? {};
  const count =
    (isPresent(v.pattern) ? 1 : 0) +
    (isPresent(v.anyPattern) ? 1 : 0) +
    (isPresent(v.deny) ? 1 : 0) +
    (isPresent(v.foreach) ? 1 : 0) +
    (isPresent(v.podSecurity) ? 1 : 0) +
    (isPresent(v.cel) ? 1 : 0) +
    (isObject(v.manifests) && asList(v.manifests.attestors).length > 0 ? 1 : 0) +
    (isPresent(v.assert) ? 1 : 0);
  if (count === 0) return ['', 'one of pattern, anyPattern, deny, foreach, cel must be specified'];
  if (count > 1) return ['', 'only one of pattern, anyPattern, deny, foreach, cel can be specified'];
  if (isPresent(v.pattern)) {
    const failure = patternFailure(v.pattern, '/', VALIDATE_ANCHORS);
    if (failure) return [`pattern.${failure[0]}`, failure[1]];
  }
  if (isPresent(v.anyPattern)) {
    if (!Array.isArray(v.anyPattern)) {
      return ['anyPattern', 'failed to deserialize anyPattern, expect array: json: cannot unmarshal object into Go value of type []interface {}'];
    }
    for (const [i, pattern] of v.anyPattern.entries()) {
      const failure = patternFailure(pattern, '/', VALIDATE_ANCHORS);
      if (failure) return [`anyPattern[${i}].${failure[0]}`, failure[1]];
    }
  }
  for (const fe of list(v.foreach)) {
    const entry = fe as unknown as JsonObject;
    if (str(entry.list) === '') return ['', 'foreach.list is required'];
    const n =
      (isPresent(entry.pattern) ? 1 : 0) +
      (isPresent(entry.anyPattern) ? 1 : 0) +
      (isPresent(entry.deny) ? 1 : 0) +
      (asList(entry.foreach).length > 0 ? 1 : 0);
    if (n === 0) return ['', 'one of pattern, anyPattern, deny, or a nested foreach must be specified'];
    if (n > 1) return ['', 'only one of pattern, anyPattern, deny, or a nested foreach can be specified'];
  }
  if (isPresent(rule.celPreconditions) && !isPresent(v.cel)) return ['', 'celPrecondition can only be used with validate.cel'];
  const cel = v.cel;
  if (isObject(cel)) {
    if (asList(cel.expressions).some((e) => str(isObject(e) ? e.expression : undefined) === '')) {
      return ['', 'cel.expressions.expression is required'];
    }
    const paramKind = isObject(cel.paramKind) ? cel.paramKind : null;
    const paramRef = isObject(cel.paramRef) ? cel.paramRef : null;
    if (paramKind) {
      if (str(paramKind.apiVersion) === '') return ['', 'cel.paramKind.apiVersion is required'];
      if (str(paramKind.kind) === '') return ['', 'cel.paramKind.kind is required'];
      if (!paramRef) return ['', 'cel.paramRef is required'];
    }
    if (paramRef) {
      if ((str(paramRef.name) === '') === !isPresent(paramRef.selector)) {
        return ['', 'one of cel.paramRef.name or cel.paramRef.selector must be set'];
      }
      if (!isPresent(paramRef.parameterNotFoundAction)) return ['', 'cel.paramRef.parameterNotFoundAction is required'];
      if (!paramKind) return ['', 'cel.paramKind is required'];
    }
    for (const annotation of asList(cel.auditAnnotations)) {
      const a = isObject(annotation) ? annotation : {};
      if (str(a.key) === '') return ['', 'cel.auditAnnotation.key is required'];
      if (str(a.valueExpression) === '') return ['', 'cel.auditAnnotation.valueExpression is required'];
    }
  }
  return null;
}

/** pkg/policy/mutate `validateForEach` (the tag accumulates across entries, as in Kyverno). */
function mutateForeachFailure(entries: JsonValue[], tag: string): Failure | null {
  let current = tag;
  for (const [i, entry] of entries.entries()) {
    const fe = isObject(entry) ? entry : {};
    current = `${current}foreach[${i}]`;
    const nested = asList(fe.foreach);
    if (nested.length > 0) {
      const declares =
        isPresent(fe.context) || isPresent(fe.preconditions) || str(fe.patchesJson6902) !== '' || isPresent(fe.patchStrategicMerge);
      if (declares) {
        return [current, 'a nested foreach cannot contain other declarations'];
      }
      return mutateForeachFailure(nested, current);
    }
    if ((str(fe.patchesJson6902) === '') === !isPresent(fe.patchStrategicMerge)) {
      return [current, 'only one of `patchStrategicMerge` or `patchesJson6902` is allowed'];
    }
  }
  return null;
}

/** pkg/policy/mutate `Validate` (mock authorisation). */
function mutateActionFailure(mutate: JsonObject): Failure | null {
  const hasPsm = isPresent(mutate.patchStrategicMerge);
  const hasJsonPatch = str(mutate.patchesJson6902) !== '';
  const foreach = asList(mutate.foreach);
  if (foreach.length > 0) {
    if (hasPsm || hasJsonPatch) return ['foreach', 'only one of `foreach`, `patchStrategicMerge`, or `patchesJson6902` is allowed'];
    return mutateForeachFailure(foreach, '');
  }
  if (hasPsm && hasJsonPatch) return ['foreach', 'only one of `patchStrategicMerge` or `patchesJson6902` is allowed'];
  return null;
}

/** pkg/policy/generate `Validate` (mock authorisation). */
function generateActionFailure(rule: Rule, generate: JsonObject): Failure | null {
  const cloneList = isObject(generate.cloneList) ? generate.cloneList : {};
  const selector = cloneList.selector;
  if (isObject(selector)) {
    const labels = isObject(selector.matchLabels) ? selector.matchLabels : {};
    const texts = [
      ...Object.entries(labels).flatMap(([k, v]) => [k, str(v)]),
      ...asList(selector.matchExpressions).flatMap((e) => (isObject(e) ? [str(e.key), ...asList(e.values).map(str)] : [])),
    ];
    if (texts.some(containsWildcard)) return ['selector', 'wildcard characters `*/?` not supported'];
  }
  if (isPresent(rule.celPreconditions)) return ['', 'celPrecondition can only be used with validate.cel'];
  if (isPresent(generate.data)) {
    const failure = patternFailure(generate.data, '/', NO_ANCHORS);
    if (failure) return [`data.${failure[0]}`, `anchors not supported on generate resources: ${failure[1]}`];
  }
  return null;
}

/** Kyverno `validateActions`: returns the error text or null. */
function actionsError(index: number, rule: Rule): string | null {
  const types = ruleKinds(rule);
  if (types.mutate && isObject(rule.mutate)) {
    const failure = mutateActionFailure(rule.mutate);
    if (failure) return `path: spec.rules[${index}].mutate.${failure[0]}.: ${failure[1]}`;
  }
  if (types.validate) {
    const failure = validateActionFailure(rule);
    if (failure) return `path: spec.rules[${index}].validate.${failure[0]}.: ${failure[1]}`;
  }
  if (types.generate && isObject(rule.generate)) {
    const failure = generateActionFailure(rule, rule.generate);
    if (failure) return `path: spec.rules[${index}].generate.${failure[0]}.: ${failure[1]}`;
    if (list(rule.match?.resources?.kinds).includes(str(rule.generate.kind))) {
      return 'generation kind and match resource kind should not be the same';
    }
  }
  return null;
}

/** Kyverno `isLabelAndAnnotationsString`. */
function labelsAndAnnotationsAreStrings(rule: Rule): boolean {
  const stringMap = (value: JsonValue | undefined): boolean =>
    !isObject(value) || Object.values(value).every((v) => typeof v === 'string');
  const checkMeta = (meta: JsonValue | undefined): boolean =>
    !isObject(meta) || (stringMap(meta.labels) && stringMap(meta.annotations));
  const checkPattern = (pattern: JsonObject): boolean => {
    for (const key of Object.keys(pattern)) {
      if (key === 'metadata' && isObject(pattern.metadata)) return checkMeta(pattern.metadata);
      if (key === 'spec') {
        const spec = pattern.spec;
        const template = isObject(spec) ? spec.template : undefined;
        return checkMeta(isObject(template) ? template.metadata : undefined);
      }
    }
    return true;
  };
  const validate = rule.validate;
  if (ruleKinds(rule).validate && validate) {
    if (isPresent(validate.foreach)) {
      for (const fe of list(validate.foreach)) {
        if (isObject(fe.pattern)) return checkPattern(fe.pattern);
      }
    } else if (isObject(validate.pattern)) {
      return checkPattern(validate.pattern);
    } else if (isPresent(validate.anyPattern)) {
      if (!Array.isArray(validate.anyPattern)) return false;
      for (const pattern of validate.anyPattern) {
        if (isObject(pattern) && !checkPattern(pattern)) return false;
      }
    }
  }
  const mutate = rule.mutate;
  if (ruleKinds(rule).mutate && isObject(mutate)) {
    if (isPresent(mutate.foreach)) {
      for (const fe of asList(mutate.foreach)) {
        if (isObject(fe) && isObject(fe.patchStrategicMerge)) return checkPattern(fe.patchStrategicMerge);
      }
    } else if (isObject(mutate.patchStrategicMerge)) {
      return checkPattern(mutate.patchStrategicMerge);
    }
  }
  return true;
}

/** Kyverno `validateMatchKindHelper`: a match filter without kinds is always an error. */
function missingKindsError(rule: Rule): string | null {
  const match = rule.match ?? {};
  const filters = list(match.any).length > 0 ? list(match.any) : list(match.all).length > 0 ? list(match.all) : [match];
  if (!filters.some((filter) => list(filter.resources?.kinds).length === 0)) return null;
  return onlyDealsWithMetadata(rule)
    ? 'at least one element must be specified in a kind block, the kind attribute is mandatory when working with the resources element'
    : METADATA_ONLY;
}

/** Kyverno `validateRuleImageExtractorsJMESPath`. */
function imageExtractorsError(rule: Rule): string | null {
  const extractors = (rule as unknown as JsonObject).imageExtractors;
  if (!isObject(extractors) || !Array.isArray(rule.verifyImages)) return null;
  if (!rule.verifyImages.some((vi) => isObject(vi) && vi.mutateDigest === true)) return null;
  const usesJmesPath = Object.values(extractors).some((configs) =>
    asList(configs).some((config) => isObject(config) && str(config.jmesPath) !== ''),
  );
  return usesJmesPath ? 'jmespath may not be used in an image extractor when mutating digests with verify images' : null;
}

/** The per-rule checks of Kyverno `Validate` after the kinds loop, in Kyverno's order. */
export function ruleError(index: number, rule: Rule): string | null {
  if (isObject(rule.mutate) && typeof rule.mutate.patchesJson6902 === 'string' && rule.mutate.patchesJson6902 !== '') {
    const err = jsonPatchError(rule.mutate.patchesJson6902, index);
    if (err) return err;
  }
  const resources = resourcesFailure(rule);
  if (resources) return `path: spec.rules[${index}].${resources[0]}: ${resources[1]}`;
  const element = elementOutsideForeachError(rule);
  if (element) return element;
  const context = contextError(rule);
  if (context) return `path: spec.rules[${index}]: ${context}`;
  const extractors = imageExtractorsError(rule);
  if (extractors) return `path: spec.rules[${index}]: ${extractors}`;
  const kinds = missingKindsError(rule);
  if (kinds) return kinds;
  const actions = actionsError(index, rule);
  if (actions) return actions;
  if (!labelsAndAnnotationsAreStrings(rule)) {
    return 'labels and annotations supports only string values, "use double quotes around the non string values"';
  }
  return null;
}

function separateWildcards(namespaces: readonly string[]): [string[], string[]] {
  return [namespaces.filter(containsWildcard), namespaces.filter((ns) => !containsWildcard(ns))];
}

function matchPatterns(patterns: readonly string[], names: readonly string[]): [string, string] | null {
  for (const name of names) {
    for (const pattern of patterns) {
      if (wildcardMatch(pattern, name)) return [pattern, name];
    }
  }
  return null;
}

/** Kyverno `validateNamespaces` for one list of failure-action overrides. */
function overridesError(overrides: readonly JsonValue[], path: string): string | null {
  const sets: Record<string, Set<string>> = { enforce: new Set(), audit: new Set(), enforceW: new Set(), auditW: new Set() };
  const sorted = (key: string): string[] => [...sets[key]].sort();
  for (const [i, raw] of overrides.entries()) {
    const override = isObject(raw) ? raw : {};
    const action = str(override.action);
    if (!['audit', 'enforce', 'Audit', 'Enforce'].includes(action)) return 'invalid action';
    const [patterns, names] = separateWildcards(asList(override.namespaces).map(str));
    const at = `${path}[${i}].namespaces`;
    const enforce = action === 'Enforce' || action === 'enforce';
    const opposite = sets[enforce ? 'audit' : 'enforce'];
    const conflicts = names.filter((ns) => opposite.has(ns));
    if (conflicts.length > 0) {
      return `conflicting namespaces found in path: ${at}: ${[...new Set(conflicts)].sort().join(', ')}`;
    }
    for (const p of patterns) sets[enforce ? 'enforceW' : 'auditW'].add(p);
    for (const ns of names) sets[action.toLowerCase()].add(ns);
    const checks: [string, string, string][] = [
      ['auditW', 'enforce', 'matches with namespace'],
      ['enforceW', 'audit', 'matches with namespace'],
      ['auditW', 'enforceW', 'conflicts with the pattern'],
      ['enforceW', 'auditW', 'conflicts with the pattern'],
    ];
    for (const [patternSet, nameSet, relation] of checks) {
      const hit = matchPatterns(sorted(patternSet), sorted(nameSet));
      if (hit) return `path: ${at}: wildcard pattern '${hit[0]}' ${relation} '${hit[1]}'`;
    }
  }
  return null;
}

/** Kyverno `validateNamespaces` over rule-level then spec-level overrides (ClusterPolicy only). */
export function failureActionOverridesError(policy: Policy): string | null {
  for (const [i, rule] of (policy.spec.rules ?? []).entries()) {
    if (!ruleKinds(rule).validate) continue;
    const err = overridesError(
      list(rule.validate?.failureActionOverrides as unknown as JsonValue[]),
      `spec.rules[${i}].validate.validationFailureActionOverrides`,
    );
    if (err) return err;
  }
  const overrides = list(policy.spec.validationFailureActionOverrides as unknown as JsonValue[]);
  return overridesError(overrides, 'spec.validationFailureActionOverrides');
}
