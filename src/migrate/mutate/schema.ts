/**
 * @file Which lists Kyverno's strategic merge merges by key, at each place of a patch: kyaml looks the schema up by
 * the resource's `apiVersion` and `kind` (kyaml/yaml/walk/walk.go `Walker.Walk`, its built-in Kubernetes schema as
 * src/families/kyverno/engine/mutate/strategic-merge/schema.ts holds it). A rule matching a kind by name matches it
 * in any group and version, of which the schema knows some: each place has one schema node per case, the cases
 * being CEL conditions on `object.apiVersion`/`object.kind` that together cover every resource.
 */
import { fieldSchema, isAssociative, schemaApiVersions, schemaForResourceType, type SchemaNode } from '../../families/kyverno/engine/mutate/strategic-merge/schema.js';
import { celString } from './cel.js';

/** One schema node and the resources it is the node of. */
export interface SchemaCase {
  /** A CEL boolean over `object`; `true` when it is the only case. */
  readonly when: string;
  readonly node: SchemaNode | null;
}

export type Schemas = readonly SchemaCase[];

/** How kyaml merges a list: replaced, a set of scalars, by one key, by several keys. */
export type ListStrategy = { readonly kind: 'replace' } | { readonly kind: 'set' } | { readonly kind: 'key'; readonly key: string } | { readonly kind: 'keys'; readonly keys: readonly string[] };

/** A group and version a policy matches (`*`: any). */
export interface GroupVersion {
  readonly group: string;
  readonly version: string;
}

function apiVersionOf(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

/** A kind a policy selects, in some groups and versions (`null`: any). */
export interface SelectedKind {
  readonly kind: string;
  readonly groupVersions: readonly GroupVersion[] | null;
}

/** The schemas of the resources of the selected kinds (`null`: any kind). */
export function rootSchemas(kinds: readonly SelectedKind[] | null): Schemas {
  if (kinds === null) return [{ when: 'true', node: null }];
  const known: { apiVersion: string; kind: string; node: SchemaNode }[] = [];
  let other = false;
  for (const { kind, groupVersions } of kinds) {
    const apiVersions = schemaApiVersions(kind);
    for (const apiVersion of apiVersions) {
      const slash = apiVersion.lastIndexOf('/');
      const group = slash < 0 ? '' : apiVersion.slice(0, slash);
      const version = apiVersion.slice(slash + 1);
      const matched = groupVersions === null || groupVersions.some((gv) => (gv.group === '*' || gv.group === group) && (gv.version === '*' || gv.version === version));
      if (matched && !known.some((k) => k.apiVersion === apiVersion && k.kind === kind)) known.push({ apiVersion, kind, node: schemaForResourceType(apiVersion, kind)! });
    }
    if (groupVersions === null) other = true;
    for (const gv of groupVersions ?? []) {
      if (gv.group === '*' || gv.version === '*' || !apiVersions.includes(apiVersionOf(gv.group, gv.version))) other = true;
    }
  }
  if (known.length === 0) return [{ when: 'true', node: null }];
  const test = (k: { apiVersion: string; kind: string }): string => `(object.apiVersion == ${celString(k.apiVersion)} && object.kind == ${celString(k.kind)})`;
  const cases: SchemaCase[] = known.map((k) => ({ when: test(k), node: k.node }));
  if (other) cases.push({ when: `!(${known.map(test).join(' || ')})`, node: null });
  return merged(cases);
}

/** Cases with the same node merged. */
function merged(cases: readonly SchemaCase[]): Schemas {
  const byNode = new Map<SchemaNode | null, string[]>();
  for (const c of cases) {
    const list = byNode.get(c.node) ?? [];
    list.push(c.when);
    byNode.set(c.node, list);
  }
  if (byNode.size === 1) return [{ when: 'true', node: [...byNode.keys()][0]! }];
  return [...byNode].map(([node, whens]) => ({ node, when: whens.length === 1 ? whens[0]! : `(${whens.join(' || ')})` }));
}

/** The schemas of a map field. */
export function fieldSchemas(schemas: Schemas, key: string): Schemas {
  return merged(schemas.map((c) => ({ when: c.when, node: fieldSchema(c.node, key) })));
}

/** The schemas of list elements. */
export function itemSchemas(schemas: Schemas): Schemas {
  return merged(schemas.map((c) => ({ when: c.when, node: c.node?.items ?? null })));
}

export function listStrategy(node: SchemaNode | null): ListStrategy {
  if (!isAssociative(node)) return { kind: 'replace' };
  const keys = node!.keys ?? [];
  if (keys.length === 0) return { kind: 'set' };
  if (keys.length === 1) return { kind: 'key', key: keys[0]! };
  return { kind: 'keys', keys };
}

/** The cases grouped by the list strategy they give. */
export function byStrategy(schemas: Schemas): { strategy: ListStrategy; schemas: Schemas; when: string }[] {
  const groups = new Map<string, { strategy: ListStrategy; cases: SchemaCase[] }>();
  for (const c of schemas) {
    const strategy = listStrategy(c.node);
    const id = JSON.stringify(strategy);
    const group = groups.get(id) ?? { strategy, cases: [] };
    group.cases.push(c);
    groups.set(id, group);
  }
  return [...groups.values()].map((g) => ({
    strategy: g.strategy,
    schemas: g.cases.length === schemas.length ? schemas : g.cases,
    when: g.cases.length === 1 ? g.cases[0]!.when : `(${g.cases.map((c) => c.when).join(' || ')})`,
  }));
}
