/**
 * @file What every translated rule shares, whatever its action: the resources it selects (`match`/`exclude` →
 * `matchConstraints` + `matchConditions`), its `preconditions` and `celPreconditions` (more `matchConditions`:
 * false in Kyverno is a `skip`, as a false match condition is in a CEL policy) and its context variables
 * (`variables`).
 *
 * A match block that only names kinds (and operations) becomes exact resource rules with no condition, the form
 * Kyverno's CEL autogen requires to reach Pod controllers (pkg/cel/autogen `CanAutoGen`); any other match block
 * keeps the exact semantics of {@link translateMatch} in a `kyverno-match` condition.
 */
import type { JsonObject, JsonValue } from '../types.js';
import type { ContextEntry, ResourceFilter, Rule } from '../families/kyverno/policy/types.js';
import type { MatchResources, NamedRuleWithOperations } from '../families/cel/match/types.js';
import { builtinResourceTypes } from '../cluster/resource-types.js';
import { unsafeGuessKindToResource } from '../families/cel/match/resource-name.js';
import { parseKindSelector } from '../families/kyverno/match/kind.js';
import { translateMatch, type MatchCondition } from './match.js';
import { translateConditions } from './conditions.js';
import { celString, hasWildcard, translateJmesPath, translateSearch, translateTemplate, type CelValue, type TranslationScope } from './jmespath.js';
import { parseJmesPath } from '../lang/jmespath/parser.js';
import type { AstNode } from '../lang/jmespath/ast.js';
import type { PolicyPath, Translation, Untranslatable } from './types.js';

/** A CEL policy's `variables` entry. */
export interface Variable {
  readonly name: string;
  readonly expression: string;
}

/** What a rule's selection and context translate to. */
export interface RuleFrame {
  readonly matchConstraints: MatchResources;
  readonly matchConditions: readonly MatchCondition[];
  readonly variables: readonly Variable[];
  readonly scope: TranslationScope;
  /** The context variables inlined (for match conditions, which cannot read `variables`). */
  readonly inlineScope: TranslationScope;
  /** The match block named kinds only: resource rules are exact, nothing of the selection is in a condition. */
  readonly exactKinds: boolean;
  /** Behaviour of the translation that differs from Kyverno's at the edges. */
  readonly notes: readonly Untranslatable[];
  /** The ConfigMaps the context entries read. */
  readonly configMaps: readonly ConfigMapRead[];
}

export interface FrameOptions {
  /** The operations the rule's action applies to when its match block names none. */
  readonly defaultOperations: readonly string[];
  /** The rule may see a DELETE request (its variables then read the old object where Kyverno does). */
  readonly mayDelete: boolean;
  /** The namespace of a namespaced Policy. */
  readonly policyNamespace?: string;
}

const CORE_ONLY = new Map<string, { group: string; plural: string }[]>();
for (const type of builtinResourceTypes()) {
  const list = CORE_ONLY.get(type.kind) ?? [];
  list.push({ group: type.group, plural: type.plural });
  CORE_ONLY.set(type.kind, list);
}

const RESOURCE_KEYS = ['kinds', 'name', 'names', 'namespaces', 'annotations', 'selector', 'namespaceSelector', 'operations'] as const;

function setKeys(filter: ResourceFilter): string[] {
  const keys: string[] = [];
  for (const key of ['roles', 'clusterRoles', 'subjects'] as const) {
    const v = filter[key];
    if (v !== undefined && v !== null && (!Array.isArray(v) || v.length > 0)) keys.push(key);
  }
  const desc = (filter.resources ?? {}) as Record<string, unknown>;
  for (const key of RESOURCE_KEYS) {
    const v = desc[key];
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue;
    keys.push(key);
  }
  return keys;
}

/** The filters of a match block and how they combine. */
function filtersOf(block: Rule['match']): { filters: ResourceFilter[]; mode: 'any' | 'all' | 'inline' } {
  const b = block ?? {};
  if (b.any && b.any.length > 0) return { filters: b.any, mode: 'any' };
  if (b.all && b.all.length > 0) return { filters: b.all, mode: 'all' };
  return { filters: [b as ResourceFilter], mode: 'inline' };
}

/**
 * Exact resource rules for a match block that names only kinds (and the same operations in every filter): a kind
 * without a group is every served kind of that name (Kyverno `CheckKind` compares the kind only), so a built-in
 * kind gets its group(s) and any version, and a kind Kubernetes does not serve gets every group and the guessed
 * plural. `Pod` is the core v1 `pods` resource, which autogen requires.
 */
function exactResourceRules(rule: Rule, defaultOperations: readonly string[]): NamedRuleWithOperations[] | null {
  const { filters, mode } = filtersOf(rule.match);
  if (mode === 'all' && filters.length > 1) return null;
  let operations: readonly string[] | null = null;
  const kinds: string[] = [];
  for (const filter of filters) {
    const keys = setKeys(filter);
    if (!keys.includes('kinds') || keys.some((k) => k !== 'kinds' && k !== 'operations')) return null;
    const ops = keys.includes('operations') ? [...filter.resources!.operations!].sort() : [...defaultOperations];
    if (operations !== null && operations.join() !== ops.join()) return null;
    operations = ops;
    kinds.push(...filter.resources!.kinds!);
  }
  if (operations === null || kinds.length === 0) return null;
  const byGroupVersion = new Map<string, NamedRuleWithOperations & { resources: string[] }>();
  const add = (group: string, version: string, plural: string): void => {
    const key = `${group}/${version}`;
    let entry = byGroupVersion.get(key);
    if (entry === undefined) {
      entry = { apiGroups: [group], apiVersions: [version], operations: [...operations!], resources: [] };
      byGroupVersion.set(key, entry);
    }
    if (!entry.resources.includes(plural)) entry.resources.push(plural);
  };
  for (const text of kinds) {
    const sel = parseKindSelector(text);
    if (sel.kind === '' || sel.subresource !== '' || hasWildcard(sel.kind) || (sel.version !== '*' && hasWildcard(sel.version)) || (sel.group !== '*' && hasWildcard(sel.group))) return null;
    if (sel.kind === 'Pod' && (sel.group === '*' || sel.group === '') && (sel.version === '*' || sel.version === 'v1')) {
      add('', 'v1', 'pods');
      continue;
    }
    if (sel.group !== '*') {
      const known = CORE_ONLY.get(sel.kind)?.find((t) => t.group === sel.group);
      add(sel.group, sel.version, known?.plural ?? unsafeGuessKindToResource(sel.kind));
      continue;
    }
    const served = CORE_ONLY.get(sel.kind);
    if (served === undefined) {
      add('*', sel.version, unsafeGuessKindToResource(sel.kind));
      continue;
    }
    for (const type of served) add(type.group, sel.version, type.plural);
  }
  return [...byGroupVersion.values()];
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** A `context[].variable` entry as a CEL variable (`{{name}}` in the rule then reads `variables.name`). */
function contextVariable(entry: ContextEntry, scope: TranslationScope, path: PolicyPath): Translation<CelValue> {
  const translated = contextVariableValue(entry, scope, path);
  if (!translated.ok) return translated;
  // pkg/engine/context/loaders/variable.go `loadVariable`: a variable that evaluates to nil fails to load.
  const { expression, type, possible } = translated.value;
  const nil = `int(${celString(`failed to add context entry for variable ${entry.name} since it evaluated to nil`)})`;
  if (type === 'null') return { ok: true, value: { expression: `dyn(${nil})`, type: 'dyn' } };
  if (type !== 'dyn' || (possible !== undefined && !possible.includes('null'))) return translated;
  const rest = possible?.filter((t) => t !== 'null');
  return { ok: true, value: { expression: `cel.bind(_x, ${expression}, _x == null ? dyn(${nil}) : _x)`, type: 'dyn', ...(rest !== undefined ? { possible: rest } : {}) } };
}

function contextVariableValue(entry: ContextEntry, scope: TranslationScope, path: PolicyPath): Translation<CelValue> {
  const variable = entry.variable!;
  if (!isEmpty(variable.default)) return { ok: false, untranslatable: { reason: `the context variable \`${entry.name}\` has a default (CEL has no "on a missing value" fallback that keeps Kyverno's semantics)`, path: [...path, 'variable', 'default'] } };
  if (variable.jmesPath !== undefined && variable.jmesPath !== '') {
    if (variable.value !== undefined) return { ok: false, untranslatable: { reason: `the context variable \`${entry.name}\` has both a value and a jmesPath`, path: [...path, 'variable'] } };
    return translateJmesPath(variable.jmesPath, scope, [...path, 'variable', 'jmesPath']);
  }
  if (variable.value === undefined) return { ok: false, untranslatable: { reason: `the context variable \`${entry.name}\` has no value`, path: [...path, 'variable'] } };
  return translateTemplate(variable.value, scope, [...path, 'variable', 'value']);
}

/** A ConfigMap a translated `configMap` context entry reads (literal namespace and name). */
export interface ConfigMapRead {
  readonly context: string;
  readonly namespace: string;
  readonly name: string;
}

/** What the context entries may refer to beyond the scope. */
export interface ContextOptions {
  /** The rule holding the entries: a `configMap` entry is translated only when the rule reads its `data` alone. */
  readonly rule?: Rule;
  /** The namespace of a namespaced Policy (its CEL translation reads ConfigMaps of that namespace only). */
  readonly policyNamespace?: string;
}

/**
 * A `configMap` context entry (kyverno/kyverno pkg/engine/context/loaders/configmap.go `fetchConfigMap`) as a
 * `resource.Get` of the ConfigMap: name and namespace substituted (an empty namespace is `default`, the policy's
 * own for a namespaced Policy, which reads no other), a missing ConfigMap an error (Kyverno fails to load the
 * entry), the value `{data}`. Kyverno also stores the ConfigMap's `metadata` as its Go type re-encodes it, which
 * the translation does not reproduce: the entry is translated only when the rule reads nothing of it but `data`.
 */
function configMapVariable(entry: ContextEntry, index: number, scope: TranslationScope, path: PolicyPath, options: ContextOptions): Translation<{ value: CelValue; read?: ConfigMapRead }> {
  const source = (entry as unknown as { configMap?: { name?: unknown; namespace?: unknown } }).configMap ?? {};
  const untranslatable = (reason: string, at: PolicyPath = [...path, 'configMap']): Translation<never> => ({ ok: false, untranslatable: { reason, path: at } });
  if (options.rule === undefined) return untranslatable(`the \`configMap\` context entry \`${entry.name}\` outside a rule`);
  const others = { ...options.rule, context: (options.rule.context ?? []).filter((_, j) => j !== index) };
  const escaped = entry.name.replace(/[$]/g, '\\$&');
  if (new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])(?!\\.data(?![A-Za-z0-9_]))`).test(JSON.stringify(others))) {
    return untranslatable(`the rule reads more of the \`configMap\` context entry \`${entry.name}\` than its \`data\` (Kyverno also stores the ConfigMap's metadata as its Go type encodes it)`);
  }
  const text = (value: unknown, field: 'name' | 'namespace'): Translation<CelValue> => {
    if (value === undefined || value === null || value === '') return { ok: true, value: { expression: '""', type: 'string' } };
    const translated = translateTemplate(value as JsonValue, scope, [...path, 'configMap', field]);
    if (!translated.ok) return translated;
    if (translated.value.type === 'string') return translated;
    if (translated.value.type !== 'dyn') return untranslatable(`a ConfigMap ${field} that is not a string`, [...path, 'configMap', field]);
    // fetchConfigMap: a substituted name or namespace that is not a string fails the entry.
    const notString = `string(int(${celString(`the ${field} of the ConfigMap of the context entry ${entry.name} is not a string`)}))`;
    return { ok: true, value: { expression: `cel.bind(_cm, ${translated.value.expression}, type(_cm) == string ? string(_cm) : ${notString})`, type: 'string' } };
  };
  const name = text(source.name, 'name');
  if (!name.ok) return name;
  const namespace = text(source.namespace, 'namespace');
  if (!namespace.ok) return namespace;
  const literal = (value: CelValue): string | undefined => (/^"(?:[^"\\]|\\.)*"$/.test(value.expression) ? (JSON.parse(value.expression) as string) : undefined);
  const literalNamespace = literal(namespace.value);
  let get: string;
  let readNamespace: string | undefined;
  if (options.policyNamespace !== undefined) {
    // A NamespacedValidatingPolicy's resource.Get reads the policy's namespace (kyverno/sdk resource namespaced_impl.go).
    if (literalNamespace === undefined) return untranslatable('a ConfigMap namespace known at run time in a namespaced Policy', [...path, 'configMap', 'namespace']);
    if (literalNamespace !== '' && literalNamespace !== options.policyNamespace) {
      return untranslatable(`a ConfigMap of the namespace ${JSON.stringify(literalNamespace)}, which a Policy of ${JSON.stringify(options.policyNamespace)} may not read (Kyverno fails the rule)`, [...path, 'configMap', 'namespace']);
    }
    get = `resource.Get("v1", "configmaps", ${name.value.expression})`;
    readNamespace = options.policyNamespace;
  } else {
    const ns = literalNamespace === undefined ? `(${namespace.value.expression} == "" ? "default" : ${namespace.value.expression})` : celString(literalNamespace === '' ? 'default' : literalNamespace);
    get = `resource.Get("v1", "configmaps", ${ns}, ${name.value.expression})`;
    readNamespace = literalNamespace === undefined ? undefined : literalNamespace === '' ? 'default' : literalNamespace;
  }
  const literalName = literal(name.value);
  // A failed lookup fails the rule, as Kyverno's loader does.
  const missing = `int(${celString(`failed to get the ConfigMap of the context entry ${entry.name}: not found`)})`;
  const expression = `cel.bind(_cm, dyn(${get}), _cm == null ? dyn(${missing}) : dyn({"data": _cm.?data.orValue(null)}))`;
  const read = readNamespace !== undefined && literalName !== undefined ? { context: entry.name, namespace: readNamespace, name: literalName } : undefined;
  return { ok: true, value: { value: { expression, type: 'map' }, ...(read !== undefined ? { read } : {}) } };
}

/**
 * The names a JMESPath query reads at the top of the value it searches (`items` of `items[].metadata.name`), `@`
 * for the value itself; null for a construct not walked.
 */
function topFields(node: AstNode): Set<string> | null {
  const out = new Set<string>();
  const walk = (n: AstNode): boolean => {
    switch (n.type) {
      case 'Field':
        out.add(n.name);
        return true;
      case 'Current':
      case 'Identity':
        out.add('@');
        return true;
      case 'Literal':
      case 'Empty':
        return true;
      case 'Subexpression':
      case 'IndexExpression':
      case 'Projection':
      case 'ValueProjection':
      case 'FilterProjection':
      case 'Pipe':
        return walk(n.left);
      case 'Flatten':
      case 'Not':
        return walk(n.child);
      case 'Comparator':
      case 'Or':
      case 'And':
        return walk(n.left) && walk(n.right);
      case 'MultiSelectList':
        return n.children.every(walk);
      case 'MultiSelectHash':
        return n.pairs.every((pair) => walk(pair.value));
      case 'Function':
        return n.args.every((arg) => arg.type !== 'ExpRef' && walk(arg));
      default:
        return false;
    }
  };
  return walk(node) ? out : null;
}

/** A path segment of an API URL: a literal, or a value that must be one name (no `/`, no query, not empty). */
function urlSegment(template: string, scope: TranslationScope, path: PolicyPath): Translation<{ expression: string; literal?: string }> {
  const translated = translateTemplate(template, scope, path);
  if (!translated.ok) return translated;
  if (/^"(?:[^"\\]|\\.)*"$/.test(translated.value.expression)) return { ok: true, value: { expression: translated.value.expression, literal: JSON.parse(translated.value.expression) as string } };
  if (translated.value.type !== 'string' && translated.value.type !== 'dyn') return { ok: false, untranslatable: { reason: 'a URL path segment that is not a string', path } };
  const bad = `string(int(${celString('a substituted URL path segment that is not one name: Kyverno requests another path')}))`;
  // A value that is not a string is JSON-encoded into the path.
  const text = translated.value.type === 'string' ? '_u' : '(type(_u) == string ? string(_u) : json.marshal(_u))';
  return { ok: true, value: { expression: `cel.bind(_u, ${translated.value.expression}, ${text}.matches("^[^/?#%\\\\s]+$") ? ${text} : ${bad})` } };
}

/**
 * An `apiCall` context entry that GETs a Kubernetes API path (kyverno/kyverno pkg/engine/apicall `Fetch`,
 * `transformAndStore`) as `resource.Get` (one object; not found is an error, as the API call fails) or
 * `resource.List` (a list; Kyverno's answer is the API server's List, `resource.List` gives `{items}`: the
 * `jmesPath` must read `items` alone and no `kind` or `apiVersion`), then the entry's `jmesPath` on the answer.
 * Service calls, other methods, request data, a `default` (Kyverno uses it whatever makes the call fail) and
 * selectors in the path are not translated.
 */
function apiCallVariable(entry: ContextEntry, scope: TranslationScope, path: PolicyPath, options: ContextOptions): Translation<CelValue> {
  const call = ((entry as unknown as { apiCall?: JsonObject }).apiCall ?? {}) as JsonObject;
  const at = [...path, 'apiCall'];
  const untranslatable = (reason: string, where: PolicyPath = at): Translation<never> => ({ ok: false, untranslatable: { reason, path: where } });
  if (call.service !== undefined && call.service !== null) return untranslatable('an `apiCall` to a service (an HTTP request; API GETs of `urlPath` are translated)', [...at, 'service']);
  const method = typeof call.method === 'string' && call.method !== '' ? call.method : 'GET';
  if (method !== 'GET') return untranslatable(`an \`apiCall\` with the method ${method}`, [...at, 'method']);
  if (call.data !== undefined && call.data !== null) return untranslatable('an `apiCall` with request data', [...at, 'data']);
  if (call.default !== undefined && call.default !== null) return untranslatable('an `apiCall` with a `default` (Kyverno uses it whatever fails the call, resource.Get answers null or fails)', [...at, 'default']);
  if (typeof call.urlPath !== 'string' || call.urlPath === '') return untranslatable('an `apiCall` without a `urlPath`');
  const urlPath = call.urlPath;
  if (urlPath.includes('?')) return untranslatable('an `apiCall` path with a query (label or field selectors)', [...at, 'urlPath']);
  // The path's segments, split outside variables.
  const templates: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < urlPath.length; i++) {
    if (urlPath.startsWith('{{', i)) depth++;
    if (urlPath.startsWith('}}', i) && depth > 0) depth--;
    if (urlPath[i] === '/' && depth === 0) {
      templates.push(current);
      current = '';
    } else current += urlPath[i];
  }
  templates.push(current);
  if (templates[0] !== '' || templates.slice(1).some((t) => t === '')) return untranslatable('an `apiCall` path that is not absolute or has empty segments', [...at, 'urlPath']);
  const segments: { expression: string; literal?: string }[] = [];
  for (const template of templates.slice(1)) {
    const segment = urlSegment(template, scope, [...at, 'urlPath']);
    if (!segment.ok) return segment;
    segments.push(segment.value);
  }
  const literal = (i: number): string | undefined => segments[i]?.literal;
  let apiVersion: string;
  let rest: typeof segments;
  if (literal(0) === 'api' && literal(1) !== undefined) {
    apiVersion = literal(1)!;
    rest = segments.slice(2);
  } else if (literal(0) === 'apis' && literal(1) !== undefined && literal(2) !== undefined) {
    apiVersion = `${literal(1)}/${literal(2)}`;
    rest = segments.slice(3);
  } else {
    return untranslatable('an `apiCall` path that is not a Kubernetes API path with a literal group and version', [...at, 'urlPath']);
  }
  let namespace: { expression: string; literal?: string } | undefined;
  if (rest.length >= 3 && rest[0]!.literal === 'namespaces') {
    namespace = rest[1]!;
    rest = rest.slice(2);
  }
  if (rest.length === 0 || rest.length > 2 || rest[0]!.literal === undefined) return untranslatable('an `apiCall` path that is not a list or one object of a literal resource (a subresource, say)', [...at, 'urlPath']);
  const resource = celString(rest[0]!.literal!);
  const name = rest[1];
  let where: string;
  if (options.policyNamespace !== undefined) {
    // A namespaced Policy may only call paths of its namespace; its CEL translation's lookups read that namespace.
    if (namespace === undefined || namespace.literal !== options.policyNamespace) {
      return untranslatable('an `apiCall` of a namespaced Policy whose path is not of the policy namespace (literally)', [...at, 'urlPath']);
    }
    where = '';
  } else {
    where = `${namespace === undefined ? '""' : namespace.expression}, `;
  }
  const jmesPath = typeof call.jmesPath === 'string' && call.jmesPath !== '' ? call.jmesPath : undefined;
  if (name === undefined) {
    if (jmesPath === undefined) return untranslatable('an `apiCall` list without a `jmesPath` (Kyverno stores the API server\'s List, resource.List gives its items)', [...at, 'urlPath']);
    let node: AstNode;
    try {
      node = parseJmesPath(jmesPath.replace(/\{\{(?:\{[^{}]*\}|[^{}])*\}\}/g, 'x'));
    } catch {
      return untranslatable('an `apiCall` `jmesPath` that does not parse', [...at, 'jmesPath']);
    }
    const fields = topFields(node);
    if (fields === null || [...fields].some((f) => f !== 'items') || /\b(kind|apiVersion)\b/.test(jmesPath)) {
      return untranslatable('an `apiCall` list whose `jmesPath` reads more than the `items` (their `kind`, `apiVersion`, or the List itself), which Kyverno reads from the API server\'s List', [...at, 'jmesPath']);
    }
    const search = translateSearch(jmesPath, { expression: '_r', type: 'map' }, scope, [...at, 'jmesPath']);
    if (!search.ok) return search;
    const list = `resource.List(${[celString(apiVersion), resource, ...(namespace !== undefined && options.policyNamespace === undefined ? [namespace.expression] : options.policyNamespace === undefined ? ['""'] : [])].join(', ')})`;
    return { ok: true, value: { ...search.value, expression: `cel.bind(_r, ${list}, ${search.value.expression})` } };
  }
  const notFound = `int(${celString(`the API object of the context entry ${entry.name} was not found (Kyverno's API call fails)`)})`;
  let value: CelValue = { expression: '_r', type: 'map' };
  if (jmesPath !== undefined) {
    const search = translateSearch(jmesPath, value, scope, [...at, 'jmesPath']);
    if (!search.ok) return search;
    value = search.value;
  }
  const get = `resource.Get(${celString(apiVersion)}, ${resource}, ${where}${name.expression})`;
  return { ok: true, value: { ...value, expression: `cel.bind(_r, dyn(${get}), _r == null ? dyn(${notFound}) : dyn(${value.expression}))` } };
}

/** Kyverno variable names the translation reads as `variables.<name>`: CEL identifiers only. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The context entries as CEL variables, in order (each may read the ones before it). */
export function translateContext(
  context: readonly ContextEntry[] | undefined,
  base: TranslationScope,
  path: PolicyPath,
  options: ContextOptions = {},
): Translation<{ variables: Variable[]; scope: TranslationScope; inlineScope: TranslationScope; configMaps: ConfigMapRead[] }> {
  const variables: Variable[] = [];
  const configMaps: ConfigMapRead[] = [];
  const known = new Map<string, CelValue>(base.variables ?? []);
  const inline = new Map<string, CelValue>(base.variables ?? []);
  for (const [i, entry] of (context ?? []).entries()) {
    const entryPath = [...path, i];
    if (typeof entry?.name !== 'string' || !IDENTIFIER.test(entry.name)) {
      return { ok: false, untranslatable: { reason: `the context entry name ${JSON.stringify(entry?.name)} is not a CEL identifier`, path: [...entryPath, 'name'] } };
    }
    if ((entry as unknown as Record<string, unknown>).configMap !== undefined && (entry.variable === undefined || entry.variable === null)) {
      const cm = configMapVariable(entry, i, { ...base, variables: known }, entryPath, options);
      if (!cm.ok) return cm;
      if (cm.value.read !== undefined) configMaps.push(cm.value.read);
      variables.push({ name: entry.name, expression: cm.value.value.expression });
      known.set(entry.name, { expression: `variables.${entry.name}`, type: 'map' });
      inline.set(entry.name, { expression: `(${cm.value.value.expression})`, type: 'map' });
      continue;
    }
    if ((entry as unknown as Record<string, unknown>).apiCall !== undefined && (entry.variable === undefined || entry.variable === null)) {
      const call = apiCallVariable(entry, { ...base, variables: known }, entryPath, options);
      if (!call.ok) return call;
      const inlined = apiCallVariable(entry, { ...base, variables: inline }, entryPath, options);
      if (!inlined.ok) return inlined;
      variables.push({ name: entry.name, expression: call.value.expression });
      known.set(entry.name, { expression: `variables.${entry.name}`, type: call.value.type, ...(call.value.possible ? { possible: call.value.possible } : {}) });
      inline.set(entry.name, { expression: `(${inlined.value.expression})`, type: inlined.value.type, ...(inlined.value.possible ? { possible: inlined.value.possible } : {}) });
      continue;
    }
    if (entry.variable === undefined || entry.variable === null) {
      const source = ['configMap', 'apiCall', 'globalReference', 'imageRegistry'].find((key) => (entry as unknown as Record<string, unknown>)[key] !== undefined) ?? 'unknown';
      return { ok: false, untranslatable: { reason: `the \`${source}\` context entry \`${entry.name}\` (cluster data; only \`variable\`, \`configMap\` and \`apiCall\` (API GETs) entries are translated)`, path: [...entryPath, source] } };
    }
    const translated = contextVariable(entry, { ...base, variables: known }, entryPath);
    if (!translated.ok) return translated;
    const inlined = contextVariable(entry, { ...base, variables: inline }, entryPath);
    if (!inlined.ok) return inlined;
    variables.push({ name: entry.name, expression: translated.value.expression });
    known.set(entry.name, { expression: `variables.${entry.name}`, type: translated.value.type });
    inline.set(entry.name, { expression: `(${inlined.value.expression})`, type: inlined.value.type });
  }
  return { ok: true, value: { variables, scope: { ...base, variables: known }, inlineScope: { ...base, variables: inline }, configMaps } };
}

/** The selection, preconditions and context of a rule. */
export function translateRuleFrame(rule: Rule, rulePath: PolicyPath, options: FrameOptions): Translation<RuleFrame> {
  const base: TranslationScope = { mayDelete: options.mayDelete };
  const context = translateContext(rule.context, base, [...rulePath, 'context'], { rule, ...(options.policyNamespace !== undefined ? { policyNamespace: options.policyNamespace } : {}) });
  if (!context.ok) return context;
  const { scope, variables, inlineScope, configMaps } = context.value;

  const matchConditions: MatchCondition[] = [];
  let matchConstraints: MatchResources;
  const exact = exactResourceRules(rule, options.defaultOperations);
  const match = translateMatch(rule, rulePath);
  if (!match.ok) return match;
  if (exact !== null) {
    matchConstraints = { resourceRules: exact };
    const exclude = match.value.matchConditions.find((c) => c.name === 'kyverno-exclude');
    if (exclude !== undefined) matchConditions.push(exclude);
  } else {
    const [resourceRule] = match.value.matchConstraints.resourceRules!;
    const operations = setOperations(rule) ? resourceRule!.operations : options.defaultOperations;
    matchConstraints = { resourceRules: [{ ...resourceRule!, operations: [...operations!] }] };
    matchConditions.push(...match.value.matchConditions);
  }

  if (!isEmpty(rule.preconditions)) {
    // A ValidatingPolicy compiles its match conditions before its variables: they read the context inlined.
    const preconditions = translateConditions(rule.preconditions as JsonValue, inlineScope, [...rulePath, 'preconditions']);
    if (!preconditions.ok) return preconditions;
    matchConditions.push({ name: 'kyverno-preconditions', expression: preconditions.value });
  }
  if (Array.isArray(rule.celPreconditions)) {
    for (const [i, entry] of rule.celPreconditions.entries()) {
      const condition = entry as JsonObject;
      if (typeof condition?.name !== 'string' || typeof condition.expression !== 'string') {
        return { ok: false, untranslatable: { reason: 'a celPreconditions entry without a name and an expression', path: [...rulePath, 'celPreconditions', i] } };
      }
      matchConditions.push({ name: condition.name, expression: condition.expression });
    }
  }
  return { ok: true, value: { matchConstraints, matchConditions, variables, scope, inlineScope, exactKinds: exact !== null, notes: match.value.notes, configMaps } };
}

function setOperations(rule: Rule): boolean {
  const { filters } = filtersOf(rule.match);
  return filters.some((f) => (f.resources?.operations?.length ?? 0) > 0);
}

