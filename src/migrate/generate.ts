/**
 * @file A `generate` rule as a GeneratingPolicy (ClusterPolicy) or NamespacedGeneratingPolicy (Policy): the rule's
 * selection, preconditions and context as the other actions have them (rule-frame.ts), and one `generate[]`
 * expression per object source, each a `generator.Apply` call that builds what Kyverno's generate controller
 * writes (kyverno/kyverno pkg/background/generate/generator.go `generate`, data.go `manageData`, clone.go
 * `manageClone`/`manageCloneList`):
 *
 * - `data`: the object literal of `data` after variable substitution (values and keys, pkg/engine/variables/vars.go
 *   `substituteVariablesIfAny` acts on leaves and keys), with the target's `apiVersion`, its `kind` unless `data`
 *   names one, `metadata.name` (removed when empty) and, through `generator.Apply`, the target namespace
 *   (`metadata.namespace` and `resourceVersion` of `data` are overwritten or removed by Kyverno);
 * - `clone`: the source object read with `resource.Get`, applied in the target namespace; cloning an object onto
 *   itself generates nothing, as in `manageClone`;
 * - `cloneList`: per kind, the objects `resource.List` gives in the source namespace, selected by the label
 *   selector in CEL, those not already in the target namespace;
 * - `foreach`: each entry's expression iterates over its `list` (a list as it is, any other value in a list of one,
 *   pkg/engine/utils/foreach.go `EvaluateList`), skipping null elements, with the entry's context inlined and its
 *   preconditions deciding per element (generator.go `generateForeach`/`generateElements`).
 *
 * The labels Kyverno adds (`app.kubernetes.io/managed-by: kyverno`, `generate.kyverno.io/*`) are written by both
 * generate controllers in a cluster (pkg/cel/libs/context.go `addGenerateLabels`) and ignored by `kyverno test`
 * comparisons (cmd/cli/kubectl-kyverno/resource/labels.go `FixupGenerateLabels`); a `managed-by` label of `data`
 * is written `kyverno`, as Kyverno's `ManageLabels` overwrites it. Labels that are not all strings are dropped, as
 * Kyverno's `GetLabels` reads them as none.
 *
 * `synchronize`, `generateExisting` (rule, else policy), `orphanDownstreamOnPolicyDelete`, `skipBackgroundRequests`,
 * `admission`, `useServerSideApply` and the webhook timeout map to the GeneratingPolicy's fields of the same
 * meaning. What has no faithful translation is reported at its path.
 */
import type { JsonObject, JsonValue } from '../types.js';
import type { ContextEntry, Policy, Rule } from '../families/kyverno/policy/types.js';
import { builtinResourceTypes, splitApiVersion } from '../cluster/resource-types.js';
import { resourceOfKind } from '../families/cel/match/resource-name.js';
import { kindFromGVK } from '../families/kyverno/engine/generate/pattern.js';
import { isObject } from '../util/json-value.js';
import { translateConditions } from './conditions.js';
import { celString, hasWildcard, translateJmesPath, translateTemplate, type CelValue, type TranslationScope } from './jmespath.js';
import { translateLabelSelector } from './match.js';
import { translateContext, translateRuleFrame, type RuleFrame } from './rule-frame.js';
import type { PolicyPath, Translation, Untranslatable } from './types.js';

/** The `apiVersion` and `metadata` of the CEL policy written for the rule. */
export interface DocumentHeader {
  readonly apiVersion: string;
  readonly metadata: JsonObject;
}

/** The CEL policy of the rule, or why there is none. */
export interface GenerateOutcome {
  readonly document?: JsonObject;
  readonly kind?: string;
  readonly untranslatable?: Untranslatable;
}

const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';

class Refusal extends Error {
  constructor(readonly untranslatable: Untranslatable) {
    super(untranslatable.reason);
  }
}

function refuse(reason: string, path: PolicyPath): never {
  throw new Refusal({ reason, path });
}

function need<T>(translation: Translation<T>): T {
  if (!translation.ok) throw new Refusal(translation.untranslatable);
  return translation.value;
}

/** A CEL expression that fails evaluation: where Kyverno's generation fails, the translation's does too. */
function celFailure(reason: string): string {
  return `dyn(int(${celString(reason)}))`;
}

/** Where the rule is translated. */
interface Site {
  /** The namespace of a Policy (a NamespacedGeneratingPolicy generates into it); null for a ClusterPolicy. */
  readonly namespace: string | null;
  readonly notes: Untranslatable[];
}

/** A string field of the generate pattern after substitution. */
interface TargetText {
  /** CEL of type string (or dyn holding a string). */
  readonly expression: string;
  /** The value when it holds no variable. */
  readonly literal: string | null;
  /** The text as written. */
  readonly text: string;
  /** The substituted value, before it is read as a string. */
  readonly value: CelValue;
}

function hasVariables(text: string): boolean {
  return text.includes('{{') || text.includes('$(');
}

/**
 * A field Kyverno decodes into a Go string after substitution (`GeneratePattern`, `CloneFrom`, `CloneList`):
 * absent or null is `""`, another type fails the decoding.
 */
function targetString(value: JsonValue | undefined, scope: TranslationScope, path: PolicyPath): TargetText {
  if (value === undefined || value === null) return { expression: '""', literal: '', text: '', value: { expression: '""', type: 'string' } };
  if (typeof value !== 'string') refuse(`a ${Array.isArray(value) ? 'list' : typeof value} where Kyverno reads a string`, path);
  const translated = need(translateTemplate(value, scope, path));
  const literal = hasVariables(value) ? null : value;
  if (translated.type === 'string') return { expression: translated.expression, literal, text: value, value: translated };
  if (translated.type === 'null') return { expression: '""', literal, text: value, value: translated };
  const expression = `cel.bind(_t, ${translated.expression}, _t == null ? "" : type(_t) == string ? _t : ${celFailure(`${value} is not a string`)})`;
  return { expression, literal, text: value, value: translated };
}

/** The target of a generate pattern (`apiVersion`, `kind`, `name`, `namespace`). */
interface Target {
  readonly apiVersion: TargetText;
  readonly kind: TargetText;
  readonly name: TargetText;
  readonly namespace: TargetText;
}

function targetOf(block: JsonObject, scope: TranslationScope, path: PolicyPath): Target {
  return {
    apiVersion: targetString(block.apiVersion, scope, [...path, 'apiVersion']),
    kind: targetString(block.kind, scope, [...path, 'kind']),
    name: targetString(block.name, scope, [...path, 'name']),
    namespace: targetString(block.namespace, scope, [...path, 'namespace']),
  };
}

/**
 * A map key after substitution (pkg/engine/jsonutils/traverse.go `traverseObject`): a string, the key as written
 * when the variable is null; another type fails.
 */
function keyExpression(key: string, scope: TranslationScope, path: PolicyPath): string {
  if (!hasVariables(key)) return celString(key);
  const translated = need(translateTemplate(key, scope, path));
  if (translated.type === 'string') return translated.expression;
  if (translated.type === 'null') return celString(key);
  return `cel.bind(_key, ${translated.expression}, _key == null ? ${celString(key)} : type(_key) == string ? _key : ${celFailure(`the key ${key} is not a string`)})`;
}

/** A map literal, one entry a line at `indent` + 2. */
function mapLiteral(entries: readonly string[], indent: string): string {
  if (entries.length === 0) return '{}';
  const inner = `${indent}  `;
  return `{\n${inner}${entries.join(`,\n${inner}`)}\n${indent}}`;
}

/** A list literal: on one line when it holds scalars only, else one element a line. */
function listLiteral(items: readonly string[], scalars: boolean, indent: string): string {
  if (items.length === 0) return '[]';
  if (scalars) return `[${items.join(', ')}]`;
  const inner = `${indent}  `;
  return `[\n${inner}${items.join(`,\n${inner}`)}\n${indent}]`;
}

/** Any value of `data` after substitution, laid out at `indent`. */
function valueExpression(value: JsonValue, scope: TranslationScope, path: PolicyPath, indent: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const scalars = value.every((item) => item === null || typeof item !== 'object');
    return listLiteral(
      value.map((item, i) => valueExpression(item, scope, [...path, i], inner)),
      scalars,
      indent,
    );
  }
  if (isObject(value)) {
    return mapLiteral(
      Object.entries(value).map(([key, item]) => `${keyExpression(key, scope, [...path, key])}: ${valueExpression(item, scope, [...path, key], inner)}`),
      indent,
    );
  }
  return need(translateTemplate(value, scope, path)).expression;
}

/** Labels as Kyverno's `GetLabels` reads them: a map of strings, anything else none. */
function stringMapGuard(expression: string): string {
  return `cel.bind(_lb, ${expression}, type(_lb) == map && _lb.all(_k, type(_lb[_k]) == string) ? _lb : {})`;
}

/** `metadata.labels` of `data`, as `ManageLabels` leaves them (less the labels `kyverno test` ignores). */
function labelsExpression(labels: JsonValue, scope: TranslationScope, path: PolicyPath, site: Site, indent: string): string {
  if (isObject(labels)) {
    let strings = true;
    const entries = Object.entries(labels).map(([key, value]) => {
      const keyText = keyExpression(key, scope, [...path, key]);
      if (key === MANAGED_BY_LABEL) return `${keyText}: "kyverno"`;
      if (typeof value === 'string') {
        const translated = need(translateTemplate(value, scope, [...path, key]));
        if (translated.type !== 'string') strings = false;
        return `${keyText}: ${translated.expression}`;
      }
      strings = false;
      return `${keyText}: ${valueExpression(value, scope, [...path, key], `${indent}  `)}`;
    });
    const literal = mapLiteral(entries, indent);
    return strings ? literal : stringMapGuard(literal);
  }
  if (typeof labels === 'string' && hasVariables(labels)) {
    site.notes.push({
      reason: `labels copied from a variable keep an \`${MANAGED_BY_LABEL}\` label they hold in \`kyverno test\` (its context does not label generated objects); Kyverno writes \`kyverno\` there, as both generate controllers do in a cluster`,
      path,
    });
    return stringMapGuard(need(translateTemplate(labels, scope, path)).expression);
  }
  return '{}';
}

/** `metadata` of the generated object: that of `data` with the target's name; namespace and resourceVersion removed. */
function metadataExpression(metadata: JsonValue | undefined, name: TargetText, scope: TranslationScope, path: PolicyPath, site: Site, indent: string): string {
  const inner = `${indent}  `;
  const entries: string[] = [];
  if (metadata !== undefined && metadata !== null) {
    if (!isObject(metadata)) {
      refuse(typeof metadata === 'string' && hasVariables(metadata) ? '`data.metadata` given by a variable (CEL cannot set the name of an object it did not build)' : '`data.metadata` that is not an object', path);
    }
    for (const [key, value] of Object.entries(metadata)) {
      if (hasVariables(key)) refuse('a `data.metadata` key with a variable', [...path, key]);
      // generator.go `generate`: the name and namespace are the target's; a created object has no resourceVersion.
      if (key === 'name' || key === 'namespace' || key === 'resourceVersion') continue;
      if (key === 'labels') {
        entries.push(`"labels": ${labelsExpression(value, scope, [...path, key], site, inner)}`);
        continue;
      }
      if (key === 'annotations') {
        site.notes.push({
          reason: '`kyverno test` with `clusterResources` drops the annotations of generated objects (Kyverno\'s CLI context provider, pkg/cel/libs/context.go `GenerateResources`); Kyverno\'s generate rule and a cluster keep them',
          path: [...path, key],
        });
      }
      entries.push(`${celString(key)}: ${valueExpression(value, scope, [...path, key], inner)}`);
    }
  }
  // `SetName("")` removes the name.
  if (name.literal !== null) {
    if (name.literal !== '') entries.push(`"name": ${celString(name.literal)}`);
  } else {
    const { expression, type } = name.value;
    if (type === 'string') entries.push(`?"name": cel.bind(_n, ${expression}, _n != "" ? optional.of(_n) : optional.none())`);
    else if (type !== 'null') {
      entries.push(`?"name": cel.bind(_n, ${expression}, _n == null || _n == "" ? optional.none() : optional.of(type(_n) == string ? _n : ${celFailure(`${name.text} is not a string`)}))`);
    }
  }
  return mapLiteral(entries, indent);
}

/** The object Kyverno generates from `data` (data.go `manageData`, generator.go `generate`). */
function dataObject(data: JsonValue | undefined, target: Target, scope: TranslationScope, path: PolicyPath, site: Site, indent: string): string {
  const inner = `${indent}  `;
  if (data !== undefined && data !== null && !isObject(data)) {
    refuse(typeof data === 'string' && hasVariables(data) ? '`data` given by a variable (CEL cannot set the name of an object it did not build)' : '`data` that is not an object', path);
  }
  const fields: JsonObject = isObject(data) ? data : {};
  const entries: string[] = [`"apiVersion": ${target.apiVersion.expression}`, `"kind": ${kindExpression(fields.kind, target.kind, scope, [...path, 'kind'])}`];
  entries.push(`"metadata": ${metadataExpression(fields.metadata, target.name, scope, [...path, 'metadata'], site, inner)}`);
  for (const [key, value] of Object.entries(fields)) {
    if (hasVariables(key)) refuse('a top-level `data` key with a variable', [...path, key]);
    if (key === 'apiVersion' || key === 'kind' || key === 'metadata') continue;
    if (key === 'items' && (Array.isArray(value) || (typeof value === 'string' && hasVariables(value)))) {
      refuse('a top-level `items` list (generator.Apply expands such an object into its items)', [...path, key]);
    }
    entries.push(`${celString(key)}: ${valueExpression(value, scope, [...path, key], inner)}`);
  }
  return mapLiteral(entries, indent);
}

/** `kind` of the generated object: that of `data` when it is a non-empty string, else the target's. */
function kindExpression(kind: JsonValue | undefined, target: TargetText, scope: TranslationScope, path: PolicyPath): string {
  if (typeof kind !== 'string') return target.expression;
  if (!hasVariables(kind)) return kind === '' ? target.expression : celString(kind);
  const translated = need(translateTemplate(kind, scope, path));
  const test = translated.type === 'string' ? '_k != ""' : 'type(_k) == string && _k != ""';
  return `cel.bind(_k, ${translated.expression}, ${test} ? _k : ${target.expression})`;
}

/** `generator.Apply` into the target namespace (a namespaced policy's own). */
function applyCall(namespace: TargetText, objects: string, site: Site, path: PolicyPath): string {
  if (site.namespace === null) return `generator.Apply(${namespace.expression}, ${objects})`;
  if (namespace.literal !== site.namespace) {
    refuse(`a Policy generating into another namespace than its own (${JSON.stringify(namespace.text)}; Kyverno rejects it)`, [...path, 'namespace']);
  }
  return `generator.Apply(${objects})`;
}

/** The resource name `resource.Get`/`resource.List` take for an apiVersion and kind written without variables. */
function resourceName(apiVersion: string, kind: string, path: PolicyPath, site: Site): string {
  const gv = splitApiVersion(apiVersion);
  if (apiVersion === '' || gv === null) refuse(`the apiVersion ${JSON.stringify(apiVersion)} of a cloned kind`, path);
  if (kind === '' || hasWildcard(kind) || kind.includes('/')) refuse(`the cloned kind ${JSON.stringify(kind)}`, path);
  const builtin = builtinResourceTypes().some((type) => type.group === gv.group && type.kind === kind);
  const plural = resourceOfKind(gv.group, kind);
  if (!builtin) {
    site.notes.push({ reason: `\`${kind}\` is not a built-in kind: its resource name \`${plural}\` is guessed from the kind`, path });
  }
  return plural;
}

/**
 * The Kyverno CLI serves `resource.Get`/`resource.List` from the Test's Context file (or its `clusterResources`), and
 * reads `cloneSourceResource` for kyverno.io policies only (cmd/cli/kubectl-kyverno/processor/policy_processor.go).
 */
const CLONE_SOURCES_NOTE =
  '`kyverno test` serves the clone sources of a GeneratingPolicy from the Test\'s Context file (`context:`) or `clusterResources`, not from `cloneSourceResource`: move them there';

/** generator.go `generate` with a `clone`: clone.go `manageClone`. */
function cloneGeneration(block: JsonObject, scope: TranslationScope, path: PolicyPath, site: Site): string {
  const target = targetOf(block, scope, path);
  const clone = block.clone as JsonObject;
  const sourceName = targetString(clone.name, scope, [...path, 'clone', 'name']);
  const sourceNamespace = targetString(clone.namespace, scope, [...path, 'clone', 'namespace']);
  if (target.name.text !== sourceName.text) {
    refuse('a clone named otherwise than its source (CEL cannot copy an object with one field changed)', [...path, 'name']);
  }
  if (site.namespace !== null || (target.namespace.literal !== null && target.namespace.literal === sourceNamespace.literal)) {
    refuse('a clone into the namespace of its source under the same name: Kyverno never generates it (the source is the target)', [...path, 'clone']);
  }
  if (target.apiVersion.literal === null || target.kind.literal === null) {
    refuse('a clone whose apiVersion or kind holds variables (`resource.Get` takes the resource name of the kind)', [...path, target.kind.literal === null ? 'kind' : 'apiVersion']);
  }
  const resource = resourceName(target.apiVersion.literal, target.kind.literal, [...path, 'kind'], site);
  site.notes.push({ reason: CLONE_SOURCES_NOTE, path: [...path, 'clone'] });
  const source = `resource.Get(${celString(target.apiVersion.literal)}, ${celString(resource)}, _src, ${sourceName.expression})`;
  // manageClone: a source that is the target itself is skipped.
  return `cel.bind(_ns, ${target.namespace.expression}, cel.bind(_src, ${sourceNamespace.expression}, _ns == _src ? true : ${applyCall(
    { ...target.namespace, expression: '_ns' },
    `[${source}]`,
    site,
    path,
  )}))`;
}

/** generator.go `generate` with a `cloneList`: clone.go `manageCloneList`, one expression per kind. */
function cloneListGenerations(block: JsonObject, scope: TranslationScope, path: PolicyPath, site: Site): string[] {
  const listPath = [...path, 'cloneList'];
  const cloneList = block.cloneList as JsonObject;
  if (site.namespace !== null) {
    refuse('a Policy clones from its own namespace into it: Kyverno skips every source already in the target namespace', listPath);
  }
  const namespace = targetString(block.namespace, scope, [...path, 'namespace']);
  const sourceNamespace = targetString(cloneList.namespace, scope, [...listPath, 'namespace']);
  if (namespace.literal !== null && namespace.literal === sourceNamespace.literal) {
    refuse('a cloneList into its source namespace: Kyverno skips every source already in the target namespace', listPath);
  }
  const selector = cloneList.selector;
  let selected = 'true';
  if (selector !== undefined && selector !== null) {
    if (JSON.stringify(selector).includes('{{')) refuse('a cloneList selector with variables', [...listPath, 'selector']);
    selected = need(translateLabelSelector(selector, '_labels', [...listPath, 'selector']));
    selected = `cel.bind(_labels, ${stringMapGuard('_o.?metadata.?labels.orValue({})')}, ${selected})`;
  }
  const kinds = cloneList.kinds as JsonValue[];
  site.notes.push({ reason: CLONE_SOURCES_NOTE, path: listPath });
  site.notes.push({
    reason: '`kyverno test` without `clusterResources` fails `resource.List` for a kind the Context file holds no object of (Kyverno\'s FakeContextProvider `ListResources`), where Kyverno\'s generate rule clones nothing',
    path: [...listPath, 'kinds'],
  });
  return kinds.map((entry, i) => {
    const at = [...listPath, 'kinds', i];
    if (typeof entry !== 'string' || hasVariables(entry)) refuse('a cloneList kind that is not a plain string', at);
    const [apiVersion, kind] = kindFromGVK(entry);
    if (apiVersion === '') refuse(`the cloneList kind ${JSON.stringify(entry)} without its apiVersion (\`resource.List\` takes one)`, at);
    const resource = resourceName(apiVersion, kind, at, site);
    const sources = `resource.List(${celString(apiVersion)}, ${celString(resource)}, _src).items.filter(_o, _o.?metadata.?namespace.orValue("") != _ns && ${selected})`;
    return `cel.bind(_ns, ${namespace.expression}, cel.bind(_src, ${sourceNamespace.expression}, _ns == _src ? true : ${applyCall({ ...namespace, expression: '_ns' }, sources, site, path)}))`;
  });
}

type Form = 'data' | 'clone' | 'cloneList' | 'foreach';

/** The object sources a generate block (or foreach entry) sets; Kyverno accepts one (`Generation.Validate`). */
function formsOf(block: JsonObject): Form[] {
  const forms: Form[] = [];
  if (block.data !== undefined && block.data !== null) forms.push('data');
  if (isObject(block.clone) && Object.values(block.clone).some((value) => value !== '' && value !== null)) forms.push('clone');
  if (isObject(block.cloneList) && block.cloneList.kinds !== undefined && block.cloneList.kinds !== null) forms.push('cloneList');
  if (block.foreach !== undefined && block.foreach !== null) forms.push('foreach');
  return forms;
}

/** The generate expressions of one pattern (the rule's, or a foreach entry's). */
function patternGenerations(block: JsonObject, scope: TranslationScope, path: PolicyPath, site: Site): string[] {
  const forms = formsOf(block);
  if (forms.length > 1) refuse(`more than one of ${forms.join(', ')} (Kyverno accepts one)`, path);
  switch (forms[0]) {
    case 'clone': {
      const clone = block.clone as JsonObject;
      if (clone.name === undefined || clone.name === null || clone.name === '') refuse('a clone without a source name', [...path, 'clone', 'name']);
      return [cloneGeneration(block, scope, path, site)];
    }
    case 'cloneList': {
      if (!Array.isArray((block.cloneList as JsonObject).kinds) || ((block.cloneList as JsonObject).kinds as JsonValue[]).length === 0) {
        refuse('a cloneList without kinds', [...path, 'cloneList', 'kinds']);
      }
      return cloneListGenerations(block, scope, path, site);
    }
    case 'foreach':
      return refuse('a nested foreach', [...path, 'foreach']);
    default: {
      const target = targetOf(block, scope, path);
      return [applyCall(target.namespace, `[\n  ${dataObject(block.data, target, scope, [...path, 'data'], site, '  ')}\n]`, site, path)];
    }
  }
}

/** One `generate.foreach` entry: generator.go `generateForeach` / `generateElements`. */
function foreachGeneration(entry: JsonValue, frame: RuleFrame, path: PolicyPath, site: Site): string[] {
  if (!isObject(entry)) refuse('a foreach entry that is not an object', path);
  const list = entry.list;
  if (typeof list !== 'string' || list.trim() === '') refuse('a foreach entry without a list', [...path, 'list']);
  if (list.includes('{{')) refuse('a foreach list with `{{ }}` variables (Kyverno queries the list as it is written)', [...path, 'list']);
  if (JSON.stringify(entry).includes('elementIndex')) refuse('`elementIndex` in a generate foreach', path);
  const listValue: CelValue = need(translateJmesPath(list, frame.scope, [...path, 'list']));
  const element: CelValue = { expression: '_e', type: 'dyn' };
  const variables = new Map(frame.scope.variables ?? []);
  variables.set('element', element);
  variables.set('element0', element);
  // The entry's context is per element: its variables are inlined where they are read.
  const context = need(translateContext(entry.context as unknown as ContextEntry[] | undefined, { ...frame.scope, variables }, [...path, 'context']));
  const scope = context.inlineScope;
  const preconditions = need(translateConditions(entry.preconditions ?? null, scope, [...path, 'preconditions']));
  // Elements are `dyn`: a list known to hold strings would type them `string`, which null is not compared with.
  const elements = listValue.type === 'list' ? `dyn(${listValue.expression})` : `(type(_l) == list ? dyn(_l) : dyn([_l]))`;
  return patternGenerations(entry, scope, path, site).map((body) => {
    const perElement = `_e == null ? true : ${preconditions === 'true' ? body : `(${preconditions}) ? ${body} : true`}`;
    return listValue.type === 'list' ? `${elements}.all(_e, ${perElement})` : `cel.bind(_l, ${listValue.expression}, ${elements}.all(_e, ${perElement}))`;
  });
}

/** Kyverno's operations a generate rule applies to, without DELETE (the GeneratingPolicy reads `object`). */
function withoutDelete(frame: RuleFrame, path: PolicyPath, site: Site): RuleFrame {
  const rules = frame.matchConstraints.resourceRules ?? [];
  let dropped = false;
  const kept = rules
    .map((r) => {
      const operations = (r.operations ?? []).filter((op) => op !== 'DELETE');
      if (operations.length !== (r.operations ?? []).length) dropped = true;
      return { ...r, operations };
    })
    .filter((r) => r.operations.length > 0);
  if (kept.length === 0) refuse('a generate rule that only matches DELETE requests', path);
  if (dropped) {
    site.notes.push({
      reason:
        'on a DELETE of a trigger Kyverno reports the rule failed (and deletes synchronized downstream objects); the GeneratingPolicy does not match DELETE requests (its synchronization deletes downstream objects itself)',
      path,
    });
  }
  return { ...frame, matchConstraints: { ...frame.matchConstraints, resourceRules: kept } };
}

function evaluationOf(policy: Policy, rule: Rule, generate: JsonObject): JsonObject | undefined {
  const evaluation: JsonObject = {};
  if (policy.spec.admission === false) evaluation.admission = { enabled: false };
  // pkg/policy/generate.go `handleGenerateForExisting`: the rule's setting, else the policy's.
  const generateExisting = typeof generate.generateExisting === 'boolean' ? generate.generateExisting : policy.spec.generateExisting === true;
  if (generateExisting) evaluation.generateExisting = { enabled: true };
  if (generate.orphanDownstreamOnPolicyDelete === true) evaluation.orphanDownstreamOnPolicyDelete = { enabled: true };
  if (rule.skipBackgroundRequests === false) evaluation.skipBackgroundRequests = false;
  if (generate.synchronize === true) evaluation.synchronize = { enabled: true };
  return Object.keys(evaluation).length > 0 ? evaluation : undefined;
}

function timeoutOf(policy: Policy): number | undefined {
  const configured = isObject(policy.spec.webhookConfiguration) ? policy.spec.webhookConfiguration.timeoutSeconds : undefined;
  if (typeof configured === 'number') return configured;
  return typeof policy.spec.webhookTimeoutSeconds === 'number' ? policy.spec.webhookTimeoutSeconds : undefined;
}

/**
 * Translates a rule whose action is `generate`. `header` is the CEL policy's apiVersion and metadata; notes on the
 * translation go to `notes`.
 */
export function translateGenerateRule(policy: Policy, rule: Rule, rulePath: PolicyPath, header: DocumentHeader, notes: Untranslatable[]): GenerateOutcome {
  const ruleNotes: Untranslatable[] = [];
  try {
    const document = generatingPolicy(policy, rule, rulePath, header, ruleNotes);
    notes.push(...ruleNotes);
    return { kind: document.kind as string, document };
  } catch (error) {
    if (error instanceof Refusal) return { untranslatable: error.untranslatable };
    throw error;
  }
}

function generatingPolicy(policy: Policy, rule: Rule, rulePath: PolicyPath, header: DocumentHeader, notes: Untranslatable[]): JsonObject {
  const path = [...rulePath, 'generate'];
  const generate = rule.generate as JsonObject;
  if (policy.spec.applyRules === 'One' && (policy.spec.rules ?? []).length > 1) {
    refuse('`applyRules: One` (each rule becomes its own policy, and every one applies)', ['spec', 'applyRules']);
  }
  const webhook = policy.spec.webhookConfiguration;
  if (isObject(webhook) && Array.isArray(webhook.matchConditions) && webhook.matchConditions.length > 0) {
    refuse('webhook match conditions', ['spec', 'webhookConfiguration', 'matchConditions']);
  }
  if (rule.celPreconditions !== undefined && rule.celPreconditions !== null) {
    refuse('`celPreconditions` on a generate rule (Kyverno accepts them on validate.cel rules only)', [...rulePath, 'celPreconditions']);
  }
  let namespace: string | null = null;
  if (policy.kind === 'Policy') {
    namespace = policy.metadata.namespace ?? '';
    if (namespace === '') refuse('a Policy without a namespace', ['metadata', 'namespace']);
  }
  const site: Site = { namespace, notes };

  const frameResult = translateRuleFrame(rule, rulePath, { defaultOperations: ['CREATE', 'UPDATE'], mayDelete: false });
  if (!frameResult.ok) throw new Refusal(frameResult.untranslatable);
  const frame = withoutDelete(frameResult.value, [...rulePath, 'match'], site);

  let generations: string[];
  if (generate.foreach !== undefined && generate.foreach !== null) {
    const forms = formsOf(generate);
    if (forms.length > 1) refuse(`more than one of ${forms.join(', ')} (Kyverno accepts one)`, path);
    if (!Array.isArray(generate.foreach) || generate.foreach.length === 0) refuse('a foreach that is not a list of entries', [...path, 'foreach']);
    generations = generate.foreach.flatMap((entry, i) => foreachGeneration(entry, frame, [...path, 'foreach', i], site));
  } else {
    generations = patternGenerations(generate, frame.scope, path, site);
  }

  const failurePolicy = policy.spec.failurePolicy ?? (isObject(webhook) ? webhook.failurePolicy : undefined);
  if (failurePolicy !== undefined && failurePolicy !== null) {
    notes.push({ reason: "the policy's webhook failurePolicy has no GeneratingPolicy counterpart (Kyverno configures its webhook)", path });
  }

  const kind = namespace === null ? 'GeneratingPolicy' : 'NamespacedGeneratingPolicy';
  const spec: JsonObject = {};
  const evaluation = evaluationOf(policy, rule, generate);
  if (evaluation !== undefined) spec.evaluation = evaluation;
  if (policy.spec.useServerSideApply === true) spec.useServerSideApply = true;
  const timeout = timeoutOf(policy);
  if (timeout !== undefined) spec.webhookConfiguration = { timeoutSeconds: timeout };
  spec.matchConstraints = frame.matchConstraints as unknown as JsonObject;
  const matchConditions = frame.matchConditions.map((c) => ({ name: c.name, expression: c.expression }));
  // A Policy's rules match the resources of its namespace only (pkg/engine/utils `MatchesResourceDescription`); the
  // Kyverno CLI does not confine a NamespacedGeneratingPolicy to its namespace.
  if (namespace !== null) matchConditions.unshift({ name: 'kyverno-policy-namespace', expression: `object.?metadata.?namespace.orValue("") == ${celString(namespace)}` });
  if (matchConditions.length > 0) spec.matchConditions = matchConditions;
  if (frame.variables.length > 0) spec.variables = frame.variables.map((v) => ({ name: v.name, expression: v.expression }));
  spec.generate = generations.map((expression) => ({ expression }));
  return { apiVersion: header.apiVersion, kind, metadata: header.metadata, spec };
}
