/**
 * The proof of a migration (src/migrate/proof.ts): real translations of kyverno/policies folders are verified on
 * their Test resources and the variants of them; translations broken on purpose are caught, with the resource that
 * shows it; bad input gives problems, never a throw; the cost stays proportional to resources × policies.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { JsonObject } from '../../src/types.js';
import type { Policy } from '../../src/families/kyverno/policy/types.js';
import { checkPolicy } from '../../src/families/kyverno/policy/check.js';
import { migratePolicy, type PolicyMigration } from '../../src/migrate/policy.js';
import { describeOrigin, proofResources, proveMigration, type Disagreement, type ProofPolicy, type ProofResource, type RuleProof } from '../../src/migrate/proof.js';
import { POLICIES_CORPUS } from './twins.js';

const available = existsSync(POLICIES_CORPUS);

function yamlDocuments(file: string): JsonObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as unknown)
    .filter((d): d is JsonObject => d !== null && typeof d === 'object' && !Array.isArray(d));
}

interface Folder {
  readonly policies: ProofPolicy[];
  readonly resources: ProofResource[];
}

/** A kyverno/policies folder: its kyverno.io policies migrated, and its Test's resources. */
function folder(name: string): Folder {
  const dir = join(POLICIES_CORPUS, name);
  const testFile = ['.kyverno-test/kyverno-test.yaml', 'kyverno-test.yaml'].map((f) => join(dir, f)).find((f) => existsSync(f));
  if (testFile === undefined) throw new Error(`no Test in ${name}`);
  const [test] = yamlDocuments(testFile);
  const list = (key: string): string[] => (Array.isArray(test?.[key]) ? (test[key] as unknown[]).filter((x): x is string => typeof x === 'string') : []);
  const policies: ProofPolicy[] = [];
  for (const file of list('policies').map((p) => resolve(dirname(testFile), p))) {
    for (const document of yamlDocuments(file)) {
      if (!String(document.apiVersion).startsWith('kyverno.io/') || checkPolicy(document).length > 0) continue;
      policies.push({ document, migration: migratePolicy(document as unknown as Policy, document) });
    }
  }
  const resources: ProofResource[] = [];
  for (const file of list('resources').map((p) => resolve(dirname(testFile), p))) {
    const loaded = proofResources(file, readFileSync(file, 'utf8'), 'test', testFile);
    expect(loaded.problems).toEqual([]);
    resources.push(...loaded.resources);
  }
  return { policies, resources };
}

function summary(rule: RuleProof): string {
  const shown = rule.disagreements.slice(0, 5).map(line);
  return `${rule.policy}/${rule.rule}: checked ${rule.checked}, ${rule.disagreementCount} disagreements, problems ${JSON.stringify(rule.problems)}\n  ${shown.join('\n  ')}`;
}

function line(d: Disagreement): string {
  return `${d.aspect} ${d.operation} ${d.resource} [${describeOrigin(d.origin)}]: original ${d.original.outcome} (${d.original.messages.join(' | ')}) vs translation ${d.translation.outcome} (${d.translation.messages.join(' | ')})`;
}

/** A copy of `migration` with the translated document of `rule` changed by `edit`. */
function broken(migration: PolicyMigration, rule: string, edit: (document: JsonObject) => void): PolicyMigration {
  const translated = migration.translated.map((t) => {
    if (t.rule !== rule) return t;
    const document = structuredClone(t.document);
    edit(document);
    return { ...t, document };
  });
  expect(translated.some((t, i) => t !== migration.translated[i])).toBe(true);
  return { ...migration, translated };
}

function specOf(document: JsonObject): JsonObject {
  return document.spec as JsonObject;
}

/** Replaces `from` by `to` in the first validation's expression (which must contain it). */
function replaceInValidation(from: string, to: string): (document: JsonObject) => void {
  return (document) => {
    const validation = (specOf(document).validations as JsonObject[])[0]!;
    const expression = validation.expression as string;
    expect(expression).toContain(from);
    validation.expression = expression.replaceAll(from, to);
  };
}

function dropMatchCondition(name: string): (document: JsonObject) => void {
  return (document) => {
    const spec = specOf(document);
    const conditions = spec.matchConditions as JsonObject[];
    expect(conditions.map((c) => c.name)).toContain(name);
    spec.matchConditions = conditions.filter((c) => c.name !== name);
    if ((spec.matchConditions as JsonObject[]).length === 0) delete spec.matchConditions;
  };
}

describe.skipIf(!available)('real translations of kyverno/policies are verified', () => {
  // Audit policies: Kyverno's allowance of pre-existing violations on UPDATE only applies to Enforce rules (below).
  it.each([
    ['best-practices/disallow-default-namespace', 2],
    ['best-practices/require-labels', 1],
    ['best-practices/restrict-image-registries', 1],
    ['flux/verify-git-repositories', 1],
    ['other/check-env-vars', 1],
    ['other/imagepullpolicy-always', 1],
    ['other/require-non-root-groups', 3],
    ['other/restrict-binding-system-groups', 3],
    ['other/require-deployments-have-multiple-replicas', 1],
    ['pod-security/baseline/disallow-host-namespaces', 1],
  ])('%s: every translated rule agrees with the original on the Test resources and their variants (CREATE, UPDATE)', (name, rules) => {
    const { policies, resources } = folder(name);
    const proof = proveMigration(policies, resources);
    expect(proof.problems).toEqual([]);
    expect(proof.rules).toHaveLength(rules);
    for (const rule of proof.rules) {
      expect(rule.disagreements.map(line), summary(rule)).toEqual([]);
      expect(rule.problems).toEqual([]);
      expect(rule.checked).toBeGreaterThan(0);
      expect(rule.variants).toBeGreaterThan(0);
      expect(rule.agreed).toBe(rule.checked);
      expect(rule.verified).toBe(true);
    }
    // Both operations ran on every resource (the folder's policies together), the variants on CREATE; two processor
    // runs each (the originals, what they migrated to).
    expect(proof.figures.requests).toBe(2 * resources.length + proof.figures.variants);
    expect(proof.figures.evaluations).toBe(2 * proof.figures.requests);
  });

  it('the translation that excludes a namespace agrees with the original through the skip ≈ not-applied equivalence, counted', () => {
    const { policies, resources } = folder('flux/verify-git-repositories');
    const [rule] = proveMigration(policies, resources).rules;
    // Variants moved into flux-system: Kyverno does not select them, the translation's exclude condition skips them.
    expect(rule!.normalized['not-applied≈skip']).toBeGreaterThan(0);
    expect(rule!.verified).toBe(true);
  });
});

describe.skipIf(!available)('behaviour changes seeded into correct translations are reported with the resource that shows them', () => {
  interface Seed {
    readonly name: string;
    readonly folder: string;
    readonly rule: string;
    readonly edit: (document: JsonObject) => void;
    /** The disagreement expected (at least one of those reported has all these properties). */
    readonly expected: { aspect: Disagreement['aspect']; original: string; translation: string; resource: RegExp; origin: RegExp; operation?: 'CREATE' | 'UPDATE' };
  }
  const seeds: Seed[] = [
    {
      name: 'the conditional anchor’s condition dropped (kyverno-pattern-applies)',
      folder: 'other/imagepullpolicy-always',
      rule: 'imagepullpolicy-always',
      edit: dropMatchCondition('kyverno-pattern-applies'),
      // A container without an image: Kyverno's `(image)` anchor does not hold (skip); the broken translation
      // validates the container anyway.
      expected: { aspect: 'outcome', original: 'skip', translation: 'pass', resource: /^v1\/Pod\/default\/myapp-pod-1$/, origin: /^variant of .*: spec\.containers\[0\]\.image removed$/, operation: 'CREATE' },
    },
    {
      name: 'an =(hostNetwork) check changed (absent no longer allowed)',
      folder: 'pod-security/baseline/disallow-host-namespaces',
      rule: 'host-namespaces',
      edit: replaceInValidation('(!has(object.spec.hostNetwork)) ||', 'false ||'),
      // Reading the absent field is now an error.
      expected: { aspect: 'outcome', original: 'pass', translation: 'error', resource: /^v1\/Pod\/default\/goodpod01$/, origin: /^test resource .*resource\.yaml:\d+$/, operation: 'CREATE' },
    },
    {
      name: 'a comparison flipped (replicas >1)',
      folder: 'other/require-deployments-have-multiple-replicas',
      rule: 'deployment-has-multiple-replicas',
      edit: replaceInValidation('compareTo(quantity("1")) > 0', 'compareTo(quantity("1")) < 0'),
      expected: { aspect: 'outcome', original: 'pass', translation: 'fail', resource: /^apps\/v1\/Deployment\/default\/mydeploygood$/, origin: /^test resource /, operation: 'CREATE' },
    },
    {
      name: 'the exclude condition dropped (namespace flux-system)',
      folder: 'flux/verify-git-repositories',
      rule: 'github-repositories-only',
      edit: dropMatchCondition('kyverno-exclude'),
      expected: { aspect: 'outcome', original: 'not-applied', translation: 'fail', resource: /\/GitRepository\/flux-system\//, origin: /: metadata\.namespace set to "flux-system"$/ },
    },
    {
      name: 'a message-independent constant changed ("default" namespace)',
      folder: 'best-practices/disallow-default-namespace',
      rule: 'validate-namespace',
      edit: replaceInValidation('(!(e0 == "default"))', '(!(e0 == "defaults"))'),
      expected: { aspect: 'outcome', original: 'fail', translation: 'pass', resource: /^v1\/Pod\/default\//, origin: /^test resource /, operation: 'CREATE' },
    },
    {
      name: 'autogen turned off (no Pod controller checked)',
      folder: 'other/imagepullpolicy-always',
      rule: 'imagepullpolicy-always',
      edit: (document) => {
        specOf(document).autogen = { podControllers: { controllers: [] } };
      },
      expected: { aspect: 'outcome', original: 'fail', translation: 'not-applied', resource: /^apps\/v1\/Deployment\/default\/mydeploy1$/, origin: /^test resource /, operation: 'CREATE' },
    },
    {
      name: 'the enforcement changed (Audit → Deny)',
      folder: 'best-practices/require-labels',
      rule: 'check-for-labels',
      edit: (document) => {
        specOf(document).validationActions = ['Deny'];
      },
      expected: { aspect: 'action', original: 'fail', translation: 'fail', resource: /^v1\/Pod\//, origin: /^test resource /, operation: 'CREATE' },
    },
  ];

  it.each(seeds.map((seed) => [seed.name, seed] as const))('%s', (_name, seed) => {
    const { policies, resources } = folder(seed.folder);
    const index = policies.findIndex((p) => p.migration.translated.some((t) => t.rule === seed.rule));
    expect(index).toBeGreaterThanOrEqual(0);
    // The translation as it is: verified.
    const correct = proveMigration(policies, resources).rules.find((r) => r.rule === seed.rule)!;
    expect(correct.verified, summary(correct)).toBe(true);
    // Broken: reported.
    const seeded = policies.map((p, i) => (i === index ? { ...p, migration: broken(p.migration, seed.rule, seed.edit) } : p));
    const proof = proveMigration(seeded, resources).rules.find((r) => r.rule === seed.rule)!;
    expect(proof.verified).toBe(false);
    expect(proof.disagreementCount).toBeGreaterThan(0);
    const { aspect, original, translation, resource, origin, operation } = seed.expected;
    const shown = proof.disagreements.filter(
      (d) =>
        d.aspect === aspect &&
        d.original.outcome === original &&
        d.translation.outcome === translation &&
        resource.test(d.resource) &&
        origin.test(describeOrigin(d.origin)) &&
        (operation === undefined || d.operation === operation),
    );
    expect(shown.length, proof.disagreements.map(line).join('\n')).toBeGreaterThan(0);
    if (aspect === 'action') {
      expect(shown[0]!.original.action).toBe('Audit');
      expect(shown[0]!.translation.action).toBe('Enforce');
    }
    // The other rules of the policy are not affected.
    for (const other of proveMigration(seeded, resources).rules.filter((r) => r.rule !== seed.rule)) expect(other.verified, summary(other)).toBe(true);
  });
});

describe.skipIf(!available)('mutate rules: the status and the mutated resource', () => {
  const mutating = (): JsonObject => yamlDocuments(join(POLICIES_CORPUS, 'other-mpol/add-labels/add-labels.yaml'))[0]!;
  /** other/add-labels with its MutatingPolicy twin standing for the translation of its rule. */
  const withTranslation = (document: JsonObject): ProofPolicy[] => {
    const { policies } = folder('other/add-labels');
    const [policy] = policies;
    const name = String((document.metadata as JsonObject).name);
    const migration: PolicyMigration = { ...policy!.migration, translated: [{ rule: 'add-labels', document, kind: 'MutatingPolicy', name }], remainder: null, untranslatable: [] };
    return [{ document: policy!.document, migration }];
  };

  it('the MutatingPolicy that adds the same label agrees (patched resources equal)', () => {
    const { resources } = folder('other/add-labels');
    const [rule] = proveMigration(withTranslation(mutating()), resources).rules;
    expect(rule!.disagreements.map(line)).toEqual([]);
    expect(rule!.outcomes.pass).toBeGreaterThan(0);
    expect(rule!.verified).toBe(true);
  });

  it('a MutatingPolicy that writes another value is reported on the patched resource', () => {
    const { resources } = folder('other/add-labels');
    const document = mutating();
    const mutation = ((specOf(document).mutations as JsonObject[])[0]!.applyConfiguration as JsonObject);
    mutation.expression = String(mutation.expression).replace('"bar"', '"baz"');
    const [rule] = proveMigration(withTranslation(document), resources).rules;
    const patched = rule!.disagreements.filter((d) => d.aspect === 'patched' && d.resource === 'v1/Pod/default/myapp-pod' && d.origin.source === 'test');
    expect(patched.length, rule!.disagreements.map(line).join('\n')).toBeGreaterThan(0);
    const labels = (side: JsonObject | undefined): unknown => ((side?.metadata as JsonObject | undefined)?.labels as JsonObject | undefined)?.foo;
    expect(labels(patched[0]!.original.patched)).toBe('bar');
    expect(labels(patched[0]!.translation.patched)).toBe('baz');
    expect(rule!.verified).toBe(false);
  });
});

describe.skipIf(!available)('gaps the proof found, closed', () => {
  it('an Enforce rule on UPDATE: the old object violated too, so Kyverno skips and the translation does not judge (allowExistingViolations)', () => {
    const { policies, resources } = folder('other/forbid-cpu-limits');
    const [rule] = proveMigration(policies, resources).rules;
    expect(rule!.verified, summary(rule!)).toBe(true);
  });

  it('deny conditions on Pods reach Pod controllers through CEL autogen as Kyverno autogen rules do', () => {
    const { policies, resources } = folder('pod-security/baseline/disallow-capabilities');
    const [rule] = proveMigration(policies, resources, { variantsPerResource: 0 }).rules;
    expect(rule!.disagreements.filter((d) => d.resource.startsWith('apps/v1/Deployment/')), summary(rule!)).toEqual([]);
    expect(rule!.disagreements.filter((d) => d.resource.startsWith('v1/Pod/'))).toEqual([]);
  });
});

describe('bad input', () => {
  const policy: JsonObject = {
    apiVersion: 'kyverno.io/v1',
    kind: 'ClusterPolicy',
    metadata: { name: 'require-team', annotations: { 'pod-policies.kyverno.io/autogen-controllers': 'none' } },
    spec: {
      validationFailureAction: 'Audit',
      rules: [{ name: 'team', match: { any: [{ resources: { kinds: ['ConfigMap'] } }] }, validate: { message: 'team label', pattern: { metadata: { labels: { team: '?*' } } } } }],
    },
  };
  const migration = migratePolicy(policy as unknown as Policy, policy);
  const configMap = (name: string, labels: Record<string, string>): ProofResource => ({
    resource: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'apps', labels } },
    origin: { source: 'manifest', file: 'deploy/config.yaml', line: 1 },
  });

  it('a translation that does not compile is a problem of its rule, never a throw', () => {
    const broken: PolicyMigration = {
      ...migration,
      translated: migration.translated.map((t) => ({ ...t, document: { ...t.document, spec: { ...specOf(t.document), validations: [{ expression: 'object.metadata.(' }] } } })),
    };
    const [rule] = proveMigration([{ document: policy, migration: broken }], [configMap('a', { team: 'x' })]).rules;
    expect(rule!.verified).toBe(false);
    expect(rule!.problems.join('\n')).toMatch(/ValidatingPolicy require-team/);
    expect(rule!.evaluated).toBe(0);
  });

  it('an original that Kyverno rejects is a problem of every translated rule', () => {
    const invalid = { ...policy, spec: { ...(policy.spec as JsonObject), rules: [{ ...((policy.spec as JsonObject).rules as JsonObject[])[0]!, match: { any: [{ resources: { kinds: ['ConfigMap'], names: ['a'], name: 'a' } }] } }] } };
    const [rule] = proveMigration([{ document: invalid, migration }], [configMap('a', { team: 'x' })]).rules;
    expect(rule!.verified).toBe(false);
    expect(rule!.problems.join('\n')).toMatch(/original policy require-team/);
  });

  it('a resource that is not a Kubernetes object is a problem of the proof, with its origin', () => {
    const proof = proveMigration([{ document: policy, migration }], [{ resource: { metadata: {} }, origin: { source: 'manifest', file: 'deploy/x.yaml', line: 7 } }, configMap('a', { team: 'x' })]);
    expect(proof.problems).toEqual(['deploy/x.yaml:7: not a Kubernetes object (a string apiVersion and kind)']);
    expect(proof.figures.resources).toBe(1);
    expect(proof.rules[0]!.verified).toBe(true);
  });

  it('nothing the rule applies to: not verified (nothing was checked)', () => {
    const secret: ProofResource = { resource: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'apps' } }, origin: { source: 'manifest', file: 'deploy/secret.yaml', line: 3 } };
    const [rule] = proveMigration([{ document: policy, migration }], [secret]).rules;
    expect(rule!.checked).toBe(0);
    expect(rule!.disagreements).toEqual([]);
    expect(rule!.verified).toBe(false);
  });

  it('manifests are read with their file and line; documents that are not objects are left out', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n# comment\n\napiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: b\n---\n- not an object\n';
    const { resources, problems } = proofResources('deploy/all.yaml', text, 'manifest');
    expect(problems).toEqual([]);
    expect(resources.map((r) => [r.resource.kind, describeOrigin(r.origin)])).toEqual([
      ['ConfigMap', 'deploy/all.yaml:1'],
      ['Secret', 'deploy/all.yaml:8'],
    ]);
  });

  it('the outcome of a disagreement names the origin of a variant', () => {
    // `team: "?*"` (non-empty) seeded as `team: "*"` (anything): the emptied label shows it.
    const loose: PolicyMigration = {
      ...migration,
      translated: migration.translated.map((t) => {
        const document = structuredClone(t.document);
        const validation = (specOf(document).validations as JsonObject[])[0]!;
        validation.expression = 'true';
        return { ...t, document };
      }),
    };
    const [rule] = proveMigration([{ document: policy, migration: loose }], [configMap('a', { team: 'x' })]).rules;
    const emptied = rule!.disagreements.find((d) => d.origin.source === 'variant' && /metadata\.labels\.team (set to ""|removed)$/.test(describeOrigin(d.origin)));
    expect(emptied, rule!.disagreements.map(line).join('\n')).toBeDefined();
    expect(describeOrigin(emptied!.origin)).toMatch(/^variant of v1\/ConfigMap\/apps\/a \(deploy\/config\.yaml:1\): metadata\.labels\.team /);
    expect(emptied!.original.outcome).toBe('fail');
    expect(emptied!.translation.outcome).toBe('pass');
  });
});

describe.skipIf(!available)('cost', () => {
  it('hundreds of manifests × dozens of policies: each policy compiled once, the policies that do not mutate evaluated together', () => {
    const folders = [
      'best-practices/disallow-default-namespace',
      'best-practices/require-labels',
      'best-practices/require-ro-rootfs',
      'best-practices/restrict-image-registries',
      'other/check-env-vars',
      'other/imagepullpolicy-always',
      'other/require-non-root-groups',
      'other/restrict-binding-system-groups',
      'other/disallow-all-secrets',
      'other/restrict-secrets-by-name',
      'other/require-container-port-names',
      'other/restrict-node-affinity',
      'other/require-storageclass',
      'pod-security/baseline/disallow-host-namespaces',
      'pod-security/baseline/disallow-capabilities',
    ];
    const loaded = folders.map(folder);
    const base = loaded.flatMap((f) => f.resources);
    // 300 manifests: the Test resources again under other names.
    const resources: ProofResource[] = [];
    for (let i = 0; resources.length < 300; i++) {
      const { resource, origin } = base[i % base.length]!;
      const copy = structuredClone(resource);
      (copy.metadata as JsonObject).name = `${String((copy.metadata as JsonObject).name)}-${i}`;
      resources.push({ resource: copy, origin });
    }
    // 30 policies: the folders' policies, again under other names.
    const policies: ProofPolicy[] = [];
    const all = loaded.flatMap((f) => f.policies);
    for (let i = 0; policies.length < 30; i++) {
      const { document, migration } = all[i % all.length]!;
      const renamed = structuredClone(document);
      (renamed.metadata as JsonObject).name = `${String((renamed.metadata as JsonObject).name)}-${i}`;
      policies.push({ document: renamed, migration: migratePolicy(renamed as unknown as Policy, renamed) });
    }
    const withoutVariants = proveMigration(policies, resources, { variantsPerResource: 0 });
    const withVariants = proveMigration(policies, resources.slice(0, 60));
    for (const [label, proof] of [['without variants', withoutVariants], ['with variants', withVariants]] as const) {
      const { figures } = proof;
      console.log(
        `proof ${label}: ${figures.policies} policies (${figures.rules} rules) × ${figures.resources} resources + ${figures.variants} variants: ` +
          `${figures.requests} requests, ${figures.evaluations} evaluations in ${figures.evaluateMs} ms (${((1000 * figures.evaluateMs) / figures.requests).toFixed(0)} µs per request), ` +
          `compile ${figures.compileMs} ms, variants ${figures.variantMs} ms, total ${figures.totalMs} ms`,
      );
    }
    // None of these policies mutates: one request per resource and operation for all 30, and one per variant (CREATE,
    // with the policy it was made for); two processor runs each (the originals, what they migrated to).
    expect(withoutVariants.figures.requests).toBe(300 * 2);
    expect(withoutVariants.figures.evaluations).toBe(2 * 300 * 2);
    expect(withVariants.figures.requests).toBe(60 * 2 + withVariants.figures.variants);
    expect(withVariants.figures.evaluations).toBe(2 * withVariants.figures.requests);
    expect(withVariants.figures.variants).toBeGreaterThan(0);
    // A generous bound (typical: a few milliseconds per request for all 30 policies), so that a quadratic slip shows.
    expect(withoutVariants.figures.evaluateMs / withoutVariants.figures.requests).toBeLessThan(100);
  });
});
