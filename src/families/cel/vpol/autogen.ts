/**
 * @file Autogen of ValidatingPolicies for Pod controllers (kyverno/kyverno pkg/cel/policies/vpol/autogen/autogen.go,
 * pkg/cel/autogen/{support,data,match,replacement}.go). A policy matching only `pods` gets one variant per
 * replacement set: `defaults` (daemonsets, deployments, jobs, replicasets, statefulsets) and `cronjobs`. Each
 * variant is a copy of the spec whose match constraints name the controllers (with the original operations and
 * namespace selector) and whose text has `object.spec`/`object.metadata` (and `oldObject.…`) rewritten to the pod
 * template, everywhere in the spec, except before `.namespace`.
 */
import type { JsonObject, JsonValue } from '../../../types.js';
import { hasRequirements, type MatchResources } from '../match/index.js';
import { isObject } from '../decode.js';

export type AutogenConfig = 'cronjobs' | 'defaults';

interface Target {
  group: string;
  version: string;
  resource: string;
  config: AutogenConfig;
}

/** `ConfigsMap`. */
const CONTROLLERS: Readonly<Record<string, Target>> = {
  daemonsets: { group: 'apps', version: 'v1', resource: 'daemonsets', config: 'defaults' },
  deployments: { group: 'apps', version: 'v1', resource: 'deployments', config: 'defaults' },
  replicasets: { group: 'apps', version: 'v1', resource: 'replicasets', config: 'defaults' },
  statefulsets: { group: 'apps', version: 'v1', resource: 'statefulsets', config: 'defaults' },
  jobs: { group: 'batch', version: 'v1', resource: 'jobs', config: 'defaults' },
  cronjobs: { group: 'batch', version: 'v1', resource: 'cronjobs', config: 'cronjobs' },
};

/** `ReplacementsMap`. */
const REPLACEMENTS: Readonly<Record<AutogenConfig, readonly (readonly [string, string])[]>> = {
  defaults: [
    ['spec', 'spec.template.spec'],
    ['metadata', 'spec.template.metadata'],
  ],
  cronjobs: [
    ['spec', 'spec.jobTemplate.spec.template.spec'],
    ['metadata', 'spec.jobTemplate.spec.template.metadata'],
  ],
};

/** `CanAutoGen`: one rule on core v1 `pods`, no names, no exclusions, no object selector requirements. */
export function canAutogen(match: MatchResources | undefined): boolean {
  if (match === undefined) return false;
  if (hasRequirements(match.objectSelector)) return false;
  if ((match.excludeResourceRules ?? []).length > 0) return false;
  const rules = match.resourceRules ?? [];
  if (rules.length !== 1) return false;
  const rule = rules[0]!;
  if ((rule.resourceNames ?? []).length > 0) return false;
  const only = (items: readonly string[] | undefined, value: string): boolean => items !== undefined && items.length === 1 && items[0] === value;
  return only(rule.apiGroups, '') && only(rule.apiVersions, 'v1') && only(rule.resources, 'pods');
}

const IDENTIFIER = /[A-Za-z0-9_]/;

/** `replace`: every occurrence of `from`, except one followed by `.namespace` ending a path segment. */
function replaceUnprotected(text: string, from: string, to: string): string {
  let out = '';
  let rest = text;
  for (let index = rest.indexOf(from); index !== -1; index = rest.indexOf(from)) {
    out += rest.slice(0, index);
    rest = rest.slice(index + from.length);
    const protectedSuffix = rest.startsWith('.namespace') && (rest.length === '.namespace'.length || !IDENTIFIER.test(rest['.namespace'.length]!));
    out += protectedSuffix ? from : to;
  }
  return out + rest;
}

/** The plain-text rewrite of one autogen configuration (`Replacement.Apply` for each replacement, in order). */
export function rewriteForAutogen(text: string, config: AutogenConfig): string {
  let out = text;
  for (const [from, to] of REPLACEMENTS[config]) {
    out = replaceUnprotected(out, `object.${from}`, `object.${to}`);
    out = replaceUnprotected(out, `oldObject.${from}`, `oldObject.${to}`);
  }
  return out;
}

/** Every string (keys included) of a JSON value rewritten, as Kyverno rewrites the serialised spec. */
function rewriteValue(value: JsonValue, config: AutogenConfig): JsonValue {
  if (typeof value === 'string') return rewriteForAutogen(value, config);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => rewriteValue(item, config));
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) out[rewriteForAutogen(key, config)] = rewriteValue(item, config);
  return out;
}

/** `CreateMatchConstraints`: one rule per group/version (sorted), resources sorted; none without operations. */
function matchConstraintsFor(targets: readonly Target[], operations: JsonValue | undefined, namespaceSelector: JsonValue | undefined): JsonObject | undefined {
  if (targets.length === 0 || !Array.isArray(operations) || operations.length === 0) return undefined;
  const byGroupVersion = new Map<string, { group: string; version: string; resources: Set<string> }>();
  for (const target of targets) {
    const key = `${target.group}\u0000${target.version}`;
    const entry = byGroupVersion.get(key) ?? { group: target.group, version: target.version, resources: new Set<string>() };
    entry.resources.add(target.resource);
    byGroupVersion.set(key, entry);
  }
  const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const rules = [...byGroupVersion.values()]
    .sort((a, b) => compare(a.group, b.group) || compare(a.version, b.version))
    .map((entry) => ({ apiGroups: [entry.group], apiVersions: [entry.version], resources: [...entry.resources].sort(compare), operations: [...operations] }));
  const out: JsonObject = { resourceRules: rules };
  if (namespaceSelector !== undefined && namespaceSelector !== null) out.namespaceSelector = namespaceSelector;
  return out;
}

export interface AutogenVariant {
  config: AutogenConfig;
  /** The variant's spec (raw JSON, to be decoded and compiled like a policy's). */
  spec: JsonObject;
}

/**
 * The autogen variants of a policy spec (raw and decoded), sorted by configuration name; none when the policy
 * cannot be autogenerated. `controllers` undefined selects every controller. `rewrite` turns the spec (with the
 * variant's match constraints) into the variant's, by default ValidatingPolicy's text rewrite.
 */
export function autogenVariants(
  rawSpec: JsonObject,
  match: MatchResources | undefined,
  controllers: readonly string[] | undefined,
  rewrite: (spec: JsonObject, config: AutogenConfig) => JsonObject = (spec, config) => rewriteValue(spec, config) as JsonObject,
): AutogenVariant[] {
  if (!canAutogen(match)) return [];
  const selected = controllers ?? Object.keys(CONTROLLERS);
  const byConfig = new Map<AutogenConfig, Target[]>();
  for (const name of new Set(selected)) {
    const target = CONTROLLERS[name];
    if (target === undefined) continue;
    byConfig.set(target.config, [...(byConfig.get(target.config) ?? []), target]);
  }
  const rawMatch = isObject(rawSpec.matchConstraints) ? rawSpec.matchConstraints : {};
  const rawRules = Array.isArray(rawMatch.resourceRules) ? rawMatch.resourceRules : [];
  const operations = isObject(rawRules[0]) ? rawRules[0].operations : undefined;
  const variants: AutogenVariant[] = [];
  for (const config of [...byConfig.keys()].sort()) {
    const spec: JsonObject = { ...rawSpec };
    delete spec.matchConstraints;
    const constraints = matchConstraintsFor(byConfig.get(config)!, operations, rawMatch.namespaceSelector);
    if (constraints !== undefined) spec.matchConstraints = constraints;
    variants.push({ config, spec: rewrite(spec, config) });
  }
  return variants;
}
