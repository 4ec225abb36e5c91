/**
 * The `validate.foreach` translation, proved differentially: each foreach rule of the kyverno/policies and Kyverno
 * CLI test corpora (and hand-written rules for what the corpora do not use: nesting, element scopes, per-element
 * context and preconditions, anyPattern, several entries) is evaluated by the JMESPath family, and its migration (a
 * ValidatingPolicy) by the CEL family, on the kyverno-test resources and variants of them along the foreach lists
 * and elements, on CREATE, UPDATE and DELETE. The rule outcomes (pass, fail, skip, error) must be identical.
 *
 * The rules are compared in Audit mode: an Enforce rule on UPDATE is re-evaluated by Kyverno on the old object
 * (`allowExistingViolations`), which no ValidatingPolicy does, whatever its validations.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { acceptPolicy } from '../../src/evaluate/family.js';
import { evaluate } from '../../src/evaluate/evaluate.js';
import type { CompiledPolicy } from '../../src/evaluate/types.js';
import type { ForEachValidation, Policy } from '../../src/families/kyverno/policy/types.js';
import { checkPolicy } from '../../src/families/kyverno/policy/check.js';
import { migratePolicy } from '../../src/migrate/policy.js';
import type { JsonObject, JsonValue, NumberMode } from '../../src/types.js';
import { isObject } from '../../src/util/json-value.js';
import { foreachVariants } from './foreach-variants.js';

const CORPORA = ['kyverno-policies', 'kyverno-cli-tests'].map((name) => path.resolve(import.meta.dirname, '../..', '../shared/corpus', name));
const OPERATIONS = ['CREATE', 'UPDATE', 'DELETE'] as const;

type Outcome = 'pass' | 'fail' | 'skip' | 'error';

interface ForeachRule {
  readonly label: string;
  /** A one-rule ClusterPolicy/Policy. */
  readonly policy: JsonObject;
  readonly resources: readonly JsonObject[];
}

function yamlDocuments(file: string): JsonObject[] {
  try {
    return parseAllDocuments(readFileSync(file, 'utf8'))
      .map((d) => d.toJS() as unknown)
      .filter((d): d is JsonObject => isObject(d as JsonValue));
  } catch {
    return [];
  }
}

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) testFiles(file, out);
    else if (entry.name === 'kyverno-test.yaml') out.push(file);
  }
  return out;
}

/** The rule in Audit mode, alone in its policy (with the policy's settings). */
function oneRulePolicy(document: JsonObject, rule: JsonObject): JsonObject {
  const spec = { ...(document.spec as JsonObject), rules: [rule] } as JsonObject;
  delete spec.validationFailureActionOverrides;
  if ('validationFailureAction' in spec) spec.validationFailureAction = 'Audit';
  const validate = { ...(rule.validate as JsonObject) };
  if ('failureAction' in validate) validate.failureAction = 'Audit';
  spec.rules = [{ ...rule, validate }];
  return { ...document, spec };
}

/** The foreach rules of the corpora with the resources of their kyverno-test. */
function corpusRules(): ForeachRule[] {
  const out: ForeachRule[] = [];
  const seen = new Set<string>();
  for (const corpus of CORPORA) {
    if (!existsSync(corpus)) continue;
    for (const file of testFiles(corpus)) {
      if (/-(cel|vpol|mpol|gpol)\//.test(file)) continue;
      const [test] = yamlDocuments(file);
      if (test === undefined) continue;
      const base = path.dirname(file);
      const list = (key: string): string[] => (Array.isArray(test[key]) ? (test[key] as JsonValue[]).filter((x): x is string => typeof x === 'string') : []);
      const resources = list('resources')
        .map((f) => path.resolve(base, f))
        .filter(existsSync)
        .flatMap(yamlDocuments)
        .filter((r) => typeof r.kind === 'string' && typeof r.apiVersion === 'string');
      for (const policyFile of list('policies').map((f) => path.resolve(base, f))) {
        if (!existsSync(policyFile)) continue;
        for (const document of yamlDocuments(policyFile)) {
          if (!/^kyverno\.io\//.test(String(document.apiVersion)) || !['ClusterPolicy', 'Policy'].includes(String(document.kind))) continue;
          for (const rule of ((document.spec as JsonObject | undefined)?.rules ?? []) as JsonObject[]) {
            if (!isObject(rule.validate) || !Array.isArray(rule.validate.foreach)) continue;
            const label = `${path.relative(path.dirname(corpus), policyFile)} ${String(rule.name)}`;
            if (seen.has(label)) continue;
            seen.add(label);
            out.push({ label, policy: oneRulePolicy(document, rule), resources });
          }
        }
      }
    }
  }
  return out;
}

function accept(document: JsonObject): CompiledPolicy {
  const accepted = acceptPolicy(document);
  if (accepted.status !== 'accepted') throw new Error(`policy not accepted: ${JSON.stringify(accepted).slice(0, 1500)}\n${JSON.stringify(document)}`);
  return accepted.policy;
}

function outcome(policy: CompiledPolicy, resource: JsonObject, operation: string, numberMode: NumberMode): { outcome: Outcome; message: string } {
  const rules = evaluate([policy], resource, { operation, numberMode }).flatMap((r) => r.response.rules);
  if (rules.length === 0) return { outcome: 'skip', message: '(no response)' };
  if (rules.length > 1) throw new Error(`several rule responses: ${JSON.stringify(rules)}`);
  const { status, message } = rules[0]!;
  if (status === 'pass' || status === 'fail' || status === 'skip' || status === 'error') return { outcome: status, message };
  throw new Error(`unexpected status ${status}`);
}

interface Comparison {
  compared: number;
  readonly outcomes: Record<Outcome, number>;
  /** The translation's deliberate error where Kyverno compares a non-integral number by its Go text (not compared). */
  goText: number;
  readonly mismatches: string[];
}

/**
 * Both evaluations of the rule on every resource, variant and operation. `int64` numbers are the admission
 * controller's; `float64` the Kyverno CLI's.
 */
function compare(rule: ForeachRule, variantsPerResource: number, numberMode: NumberMode = 'int64'): Comparison | { untranslatable: string } {
  const migration = migratePolicy(rule.policy as unknown as Policy, rule.policy);
  if (migration.translated.length === 0) return { untranslatable: migration.untranslatable.map((u) => `${u.path.join('.')}: ${u.reason}`).join('; ') };
  const kyverno = accept(rule.policy);
  const cel = accept(migration.translated[0]!.document);
  const entries = ((rule.policy.spec as JsonObject).rules as JsonObject[])[0]!.validate as unknown as { foreach: ForEachValidation[] };
  const result: Comparison = { compared: 0, outcomes: { pass: 0, fail: 0, skip: 0, error: 0 }, goText: 0, mismatches: [] };
  for (const resource of rule.resources) {
    for (const variant of [resource, ...foreachVariants(entries.foreach, resource, variantsPerResource)]) {
      for (const operation of OPERATIONS) {
        const expected = outcome(kyverno, variant, operation, numberMode);
        const actual = outcome(cel, variant, operation, numberMode);
        if (expected.outcome === 'fail' && actual.outcome === 'error' && /cannot convert to int/.test(actual.message)) {
          result.goText++;
          continue;
        }
        result.compared++;
        if (expected.outcome === actual.outcome) result.outcomes[expected.outcome]++;
        else if (result.mismatches.length < 10) {
          result.mismatches.push(
            `${rule.label} ${operation}: Kyverno ${expected.outcome} (${expected.message.slice(0, 200)}), CEL ${actual.outcome} (${actual.message.slice(0, 300)}) on ${JSON.stringify(variant).slice(0, 600)}`,
          );
        }
      }
    }
  }
  return result;
}

const corpusAvailable = CORPORA.some(existsSync);

describe.skipIf(!corpusAvailable)('validate.foreach of the corpora', () => {
  it('translates, or says why not, and agrees with the JMESPath family on every resource, variant and operation', () => {
    const rules = corpusRules();
    expect(rules.length).toBeGreaterThan(20);
    const totals: Record<Outcome, number> = { pass: 0, fail: 0, skip: 0, error: 0 };
    const mismatches: string[] = [];
    const untranslatable: string[] = [];
    let translated = 0;
    for (const rule of rules) {
      if (checkPolicy(rule.policy).length > 0) continue;
      const result = compare(rule, 40);
      if ('untranslatable' in result) {
        untranslatable.push(`${rule.label}: ${result.untranslatable}`);
        continue;
      }
      translated++;
      for (const key of Object.keys(totals) as Outcome[]) totals[key] += result.outcomes[key];
      mismatches.push(...result.mismatches);
    }
    const compared = Object.values(totals).reduce((a, b) => a + b, 0);
    console.log(
      `foreach rules: ${rules.length}; translated: ${translated}; agreed outcomes: ${compared} (pass ${totals.pass}, fail ${totals.fail}, skip ${totals.skip}, error ${totals.error}); untranslatable:\n  ${untranslatable.join('\n  ')}`,
    );
    expect(mismatches).toEqual([]);
    expect(translated).toBeGreaterThanOrEqual(6);
    expect(totals.fail).toBeGreaterThan(0);
    expect(totals.pass).toBeGreaterThan(0);
    expect(totals.skip).toBeGreaterThan(0);
  });
});

const pod = (name: string, spec: JsonObject, labels?: Record<string, string>): JsonObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', ...(labels === undefined ? {} : { labels }) },
  spec,
});

const PODS: JsonObject[] = [
  pod(
    'mixed',
    {
      containers: [
        { name: 'app', image: 'nginx:1.25', ports: [{ containerPort: 80 }, { containerPort: 8080 }], securityContext: { privileged: false } },
        { name: 'sidecar', image: 'busybox:latest', ports: [{ containerPort: 9000 }] },
      ],
      initContainers: [{ name: 'init', image: 'alpine' }],
      volumes: [{ name: 'data', hostPath: { path: '/data' } }, { name: 'tmp', emptyDir: {} }],
    },
    { app: 'web' },
  ),
  pod('untagged', { containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 443 }] }] }),
  pod('empty', { containers: [] }),
  pod('nameless', { containers: [{ image: 'nginx:1.0' }, { name: 'bad', image: 'bad:1' }], initContainers: [{ name: 'init' }] }, { team: 'a' }),
];

interface HandWritten {
  readonly name: string;
  readonly rule: JsonObject;
  readonly resources?: readonly JsonObject[];
  /**
   * `float64` where the pattern reads an element's numbers: Kyverno's element went through a JSON round trip
   * (float64 numbers; pkg/engine/utils/foreach.go `AddElementToContext` → `jsonutils.DocumentToUntyped`), which the
   * JMESPath family reproduces in `float64` mode only (in `int64` mode it checks an element's integers as int64).
   */
  readonly numberMode?: NumberMode;
  /** The translation is refused, with a reason matching this. */
  readonly untranslatable?: RegExp;
}

const rule = (validate: JsonObject, extra: JsonObject = {}): JsonObject => ({
  name: 'check',
  match: { any: [{ resources: { kinds: ['Pod'] } }] },
  ...extra,
  validate: { message: 'denied', ...validate },
});

const CASES: readonly HandWritten[] = [
  {
    name: 'patterns over two lists, with a conditional anchor that skips',
    rule: rule({
      foreach: [
        { list: 'request.object.spec.containers', pattern: { '(name)': 'app*', image: '!*:latest' } },
        { list: 'request.object.spec.initContainers', pattern: { image: '*:*' } },
      ],
    }),
  },
  {
    name: 'anyPattern on each element',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', anyPattern: [{ image: '*:1.*' }, { name: 'sidecar' }, { '(name)': 'init' }] }] }),
  },
  {
    name: 'numbers of an element against numeric and text patterns',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers[].ports[]', pattern: { containerPort: '<1024 | 8*' } }] }),
    numberMode: 'float64',
  },
  {
    name: 'numbers of an element against a duration',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers[].ports[]', pattern: { containerPort: '<1h' } }] }),
    numberMode: 'float64',
  },
  {
    name: 'elementScope false: the pattern checks the resource',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', elementScope: false, pattern: { metadata: { labels: { app: '?*' } } } }] }),
  },
  {
    name: 'elements that are not maps: the pattern checks the resource',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers[].name', pattern: { spec: { containers: [{ name: '?*' }] } } }] }),
  },
  {
    name: 'elementScope true on elements that are not maps is an error',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers[].image', elementScope: true, deny: { conditions: { all: [{ key: '{{ element }}', operator: 'Equals', value: 'bad*' }] } } }] }),
  },
  {
    name: 'deny on elements, an error on a missing field, in order',
    rule: rule({
      foreach: [
        { list: 'request.object.spec.containers', deny: { conditions: { any: [{ key: '{{ element.image }}', operator: 'Equals', value: '*:latest' }] } } },
        { list: 'request.object.spec.initContainers', deny: { conditions: { any: [{ key: '{{ element.name }}', operator: 'Equals', value: 'init' }] } } },
      ],
    }),
  },
  {
    name: 'elementIndex',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', deny: { conditions: { all: [{ key: '{{ elementIndex }}', operator: 'GreaterThanOrEquals', value: 1 }, { key: '{{ element.name || \'\' }}', operator: 'Equals', value: 'sidecar' }] } } }] }),
  },
  {
    name: 'nested foreach with element0, element1 and elementIndex1',
    rule: rule({
      foreach: [
        {
          list: 'request.object.spec.containers',
          foreach: [
            {
              list: 'element.ports',
              deny: {
                conditions: {
                  all: [
                    { key: '{{ element.containerPort }}', operator: 'GreaterThan', value: 1024 },
                    { key: '{{ element0.name }}', operator: 'NotEquals', value: 'app' },
                    { key: '{{ elementIndex1 }}', operator: 'Equals', value: 0 },
                  ],
                },
              },
            },
          ],
        },
      ],
    }),
  },
  {
    name: 'a nested pattern on elements that are not maps checks the enclosing element',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', foreach: [{ list: 'element.ports[].containerPort', pattern: { image: '!*:latest' } }] }] }),
  },
  {
    name: 'per-element context variables that always load',
    rule: rule({
      foreach: [
        {
          list: 'request.object.spec.containers',
          context: [
            { name: 'isApp', variable: { jmesPath: "element.name == 'app'" } },
            { name: 'limit', variable: { value: 1 } },
            { name: 'first', variable: { jmesPath: "element.name == 'sidecar'" } },
          ],
          preconditions: { all: [{ key: "{{ element.name || '' }}", operator: 'NotEquals', value: '' }] },
          deny: {
            conditions: {
              any: [
                { key: '{{ first }}', operator: 'Equals', value: true },
                { key: '{{ isApp }}', operator: 'Equals', value: true },
                { key: '{{ limit }}', operator: 'LessThan', value: 1 },
              ],
            },
          },
        },
      ],
    }),
  },
  {
    name: 'per-element preconditions that skip every element',
    rule: rule({
      foreach: [
        {
          list: 'request.object.spec.containers',
          preconditions: { any: [{ key: "{{ element.securityContext.privileged || `false` }}", operator: 'Equals', value: true }] },
          deny: { conditions: { any: [{ key: '{{ element.name }}', operator: 'Equals', value: 'app' }] } },
        },
      ],
    }),
  },
  {
    name: 'a rule context variable in deny conditions, with rule preconditions',
    rule: rule(
      { foreach: [{ list: 'request.object.spec.containers', deny: { conditions: { any: [{ key: "{{ containers[0].name == element.name }}", operator: 'Equals', value: false }] } } }] },
      {
        // On DELETE, Kyverno queries a context variable's jmesPath without rewriting `request.object` (loaders/variable.go
        // `loadVariable`), which the rule-level context translation does not follow.
        match: { any: [{ resources: { kinds: ['Pod'], operations: ['CREATE', 'UPDATE'] } }] },
        context: [{ name: 'containers', variable: { jmesPath: 'request.object.spec.containers' } }],
        preconditions: { all: [{ key: "{{ request.object.metadata.name || '' }}", operator: 'NotEquals', value: 'empty' }] },
      },
    ),
  },
  {
    name: 'rule preconditions that may fail, before a foreach that may skip',
    rule: rule(
      { foreach: [{ list: 'request.object.spec.containers', pattern: { '(name)': 'app', image: '*:*' } }] },
      { preconditions: { all: [{ key: '{{ request.object.metadata.labels.app }}', operator: 'Equals', value: 'web' }] } },
    ),
  },
  {
    name: 'a list that is a map: one element',
    rule: rule({ foreach: [{ list: 'request.object.metadata.labels', deny: { conditions: { any: [{ key: "{{ element.team || '' }}", operator: 'Equals', value: 'a' }] } } }] }),
  },
  {
    name: 'a list that may fail, alone in its block',
    rule: rule({ foreach: [{ list: "request.object.spec.containers[?contains(keys(@), 'ports')]", pattern: { image: '*:*' } }] }),
  },
  {
    name: 'a list from the old object (null on CREATE)',
    rule: rule({ foreach: [{ list: 'request.oldObject.spec.containers', deny: { conditions: { any: [{ key: "{{ element.name || '' }}", operator: 'Equals', value: 'sidecar' }] } } }] }),
  },
  {
    name: 'a message naming the element',
    rule: rule({ message: 'container {{ element.name }} is denied', foreach: [{ list: 'request.object.spec.containers', pattern: { image: '*:*' } }] }),
    untranslatable: /message that names the foreach element/,
  },
  {
    name: 'per-element preconditions that may fail to evaluate',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', preconditions: { all: [{ key: '{{ element.name }}', operator: 'Equals', value: 'app' }] }, pattern: { image: '*:*' } }] }),
    untranslatable: /per-element preconditions that may fail to evaluate/,
  },
  {
    name: 'a list that may fail beside another entry',
    rule: rule({
      foreach: [
        { list: "request.object.spec.containers[?contains(keys(@), 'ports')]", pattern: { image: '*:*' } },
        { list: 'request.object.spec.initContainers', pattern: { image: '*:*' } },
      ],
    }),
    untranslatable: /Kyverno ignores a failing list when an element of another entry applies/,
  },
  {
    name: 'variables in a per-element pattern',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', pattern: { name: '{{ element.name }}' } }] }),
    untranslatable: /variables/,
  },
  {
    name: 'a per-element context variable that may fail to load',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', context: [{ name: 'image', variable: { jmesPath: 'element.image' } }], deny: { conditions: { any: [{ key: '{{ image }}', operator: 'Equals', value: '*:latest' }] } } }] }),
    untranslatable: /context variable `image` may fail to load/,
  },
  {
    name: 'a per-element context variable that may be null',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', context: [{ name: 'image', variable: { jmesPath: "element.image || element.name" } }], deny: { conditions: { any: [{ key: '{{ image }}', operator: 'Equals', value: '*:latest' }] } } }] }),
    untranslatable: /context variable `image` may evaluate to null/,
  },
  {
    name: 'elementIndex inside a JMESPath expression',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', deny: { conditions: { any: [{ key: '{{ elementIndex == `0` }}', operator: 'Equals', value: true }] } } }] }),
    untranslatable: /elementIndex` as an int64/,
  },
  {
    name: 'elementIndex against a string',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', deny: { conditions: { any: [{ key: '{{ elementIndex }}', operator: 'Equals', value: '1' }] } } }] }),
    untranslatable: /elementIndex` as an int64/,
  },
  {
    name: 'a list that reads a rule context variable',
    rule: rule(
      { foreach: [{ list: 'containers', deny: { conditions: { any: [{ key: "{{ element.image || '' }}", operator: 'Equals', value: 'bad*' }] } } }] },
      { context: [{ name: 'containers', variable: { jmesPath: 'request.object.spec.containers' } }] },
    ),
    untranslatable: /reads the context variable `containers`/,
  },
  {
    name: 'cluster data in a per-element context',
    rule: rule({ foreach: [{ list: 'request.object.spec.containers', context: [{ name: 'cm', configMap: { name: 'x', namespace: 'y' } }], pattern: { image: '*:*' } }] }),
    untranslatable: /configMap/,
  },
];

describe('validate.foreach, hand-written rules', () => {
  it.each(CASES)('$name', (c) => {
    const policy: JsonObject = {
      apiVersion: 'kyverno.io/v1',
      kind: 'ClusterPolicy',
      metadata: { name: 'foreach', annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'none' } },
      spec: { validationFailureAction: 'Audit', background: true, rules: [c.rule] },
    };
    expect(checkPolicy(policy)).toEqual([]);
    const result = compare({ label: c.name, policy, resources: c.resources ?? PODS }, 60, c.numberMode);
    if (c.untranslatable !== undefined) {
      expect(result).toEqual({ untranslatable: expect.stringMatching(c.untranslatable) });
      return;
    }
    if ('untranslatable' in result) throw new Error(result.untranslatable);
    expect(result.mismatches).toEqual([]);
    expect(result.compared).toBeGreaterThan(30);
  });
});

/** Two entries, each element can pass, fail (`bad`) or error (no `image`): the first failing or erroring element decides. */
const ORDERED: JsonObject = rule({
  foreach: [
    { list: 'request.object.spec.containers', deny: { conditions: { any: [{ key: '{{ element.image }}', operator: 'Equals', value: 'bad' }] } } },
    { list: 'request.object.spec.initContainers', deny: { conditions: { any: [{ key: '{{ element.image }}', operator: 'Equals', value: 'bad' }] } } },
  ],
});

const ok = { name: 'ok', image: 'good' };
const bad = { name: 'bad', image: 'bad' };
const broken = { name: 'broken' };

describe('validate.foreach, the outcome of the elements in order', () => {
  const policy: JsonObject = {
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'ordered', annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'none' } },
    spec: { validationFailureAction: 'Audit', rules: [ORDERED] },
  };
  const migration = migratePolicy(policy as unknown as Policy, policy);
  const kyverno = accept(policy);
  const cel = accept(migration.translated[0]!.document);
  it.each<[string, JsonObject, Outcome]>([
    ['no element: skip', { containers: [] }, 'skip'],
    ['null elements only: skip', { containers: [null], initContainers: [null] }, 'skip'],
    ['every element passes', { containers: [ok, ok], initContainers: [ok] }, 'pass'],
    ['a failure', { containers: [ok, bad] }, 'fail'],
    ['an error', { containers: [ok, broken] }, 'error'],
    ['an error, then a failure: the error', { containers: [broken, bad] }, 'error'],
    ['a failure, then an error: the failure', { containers: [bad, broken] }, 'fail'],
    ['an error in the first entry, a failure in the second: the error', { containers: [broken], initContainers: [bad] }, 'error'],
    ['a failure in the first entry, an error in the second: the failure', { containers: [bad], initContainers: [broken] }, 'fail'],
    ['a null element is skipped, not an error', { containers: [null, ok] }, 'pass'],
    ['a list that is one map', { containers: ok }, 'pass'],
    ['a list that is one string: a field of a string is null, the element passes', { containers: 'text' }, 'pass'],
  ])('%s', (_, spec, expected) => {
    const resource = pod('ordered', spec);
    expect(outcome(kyverno, resource, 'CREATE', 'int64').outcome).toBe(expected);
    expect(outcome(cel, resource, 'CREATE', 'int64').outcome).toBe(expected);
  });
});

describe('validate.foreach, the numbers of an element', () => {
  // Kyverno matches a pattern against the element after a JSON round trip (pkg/engine/utils/foreach.go
  // `AddElementToContext` → `jsonutils.DocumentToUntyped`): an integer of the admitted object is a float64 there.
  // A float64 0 against `<1h` is compared by its `%f` text `0.000000`, no duration: false; an int64 0 is the
  // duration 0s: true. The JMESPath family has float64 elements in `float64` mode only.
  const policy: JsonObject = {
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'ports', annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'none' } },
    spec: { validationFailureAction: 'Audit', rules: [rule({ foreach: [{ list: 'request.object.spec.containers[].ports[]', pattern: { containerPort: '<1h' } }] })] },
  };
  const migration = migratePolicy(policy as unknown as Policy, policy);
  const resource = pod('ports', { containers: [{ name: 'app', ports: [{ containerPort: 0 }] }] });

  it('are float64 for Kyverno, int64 in the admitted object', () => {
    expect(outcome(accept(policy), resource, 'CREATE', 'float64').outcome).toBe('fail');
    expect(outcome(accept(migration.translated[0]!.document), resource, 'CREATE', 'int64').outcome).toBe('fail');
    expect(outcome(accept(migration.translated[0]!.document), resource, 'CREATE', 'float64').outcome).toBe('fail');
  });
});
