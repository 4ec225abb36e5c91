import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type LintConfig } from '../../src/config/types.js';
import { lint, type LintResult } from '../../src/lint/lint.js';
import { cacheFile } from '../../src/lint/cache.js';

const POLICIES: Record<string, string> = {
  'policies/require-team.yaml': `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-team
spec:
  validationFailureAction: Enforce
  rules:
    - name: team
      match:
        any:
          - resources:
              kinds: [ConfigMap]
      validate:
        message: a team label is required
        pattern:
          metadata:
            labels:
              team: "?*"
`,
  'policies/prod-owner.yaml': `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: prod-owner
spec:
  validationFailureAction: Enforce
  rules:
    - name: owner
      match:
        any:
          - resources:
              kinds: [ConfigMap]
              namespaceSelector:
                matchLabels:
                  env: prod
      validate:
        message: an owner label is required in production
        pattern:
          metadata:
            labels:
              owner: "?*"
`,
  'policies/tier.yaml': `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: tier
spec:
  validationFailureAction: Enforce
  rules:
    - name: tier
      match:
        any:
          - resources:
              kinds: [Pod]
      context:
        - name: settings
          configMap:
            name: settings
            namespace: apps
      validate:
        message: the tier must be {{ settings.data.tier }}
        deny:
          conditions:
            any:
              - key: "{{ request.object.metadata.labels.tier || '' }}"
                operator: NotEquals
                value: "{{ settings.data.tier }}"
`,
};

const configMap = (name: string, namespace: string, labels: Record<string, string>): string =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: ${namespace}\n  labels: ${JSON.stringify(labels)}\ndata:\n  key: value\n`;

const MANIFESTS: Record<string, string> = {
  'manifests/a.yaml': configMap('a', 'default', {}),
  'manifests/b.yaml': configMap('b', 'default', { team: 'x' }),
  'manifests/ns.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n  labels:\n    env: prod\n',
  'manifests/prod-cm.yaml': configMap('prod-cm', 'prod', { team: 'x' }),
  'manifests/settings.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: apps\n  labels:\n    team: x\ndata:\n  tier: gold\n',
  'manifests/pod.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: apps\n  labels:\n    tier: silver\nspec:\n  containers:\n    - name: web\n      image: nginx:1.27\n',
  'kust/base/kustomization.yaml': 'resources:\n  - cm.yaml\n',
  'kust/base/cm.yaml': configMap('base-cm', 'default', {}),
  'kust/overlays/dev/kustomization.yaml': 'namePrefix: dev-\nresources:\n  - ../../base\n',
  'kust/overlays/prod/kustomization.yaml': 'namePrefix: prod-\nresources:\n  - ../../base\n',
  'values.yaml': 'apiVersion: cli.kyverno.io/v1alpha1\nkind: Values\nmetadata:\n  name: values\nglobalValues:\n  unused: a\n',
};

const ALL_UNITS = [
  'file:manifests/a.yaml',
  'file:manifests/b.yaml',
  'file:manifests/ns.yaml',
  'file:manifests/pod.yaml',
  'file:manifests/prod-cm.yaml',
  'file:manifests/settings.yaml',
  'builds:kust/overlays/dev',
];

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-cache-'));
  for (const [file, text] of Object.entries({ ...POLICIES, ...MANIFESTS })) write(file, text);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(path.join(dir, file), 'utf8');
  expect(text).toContain(from);
  write(file, text.replace(from, to));
}

function config(extra: Partial<LintConfig> = {}): LintConfig {
  return { ...DEFAULT_CONFIG, values: path.join(dir, 'values.yaml'), ...extra };
}

function scan(cache: string | undefined, settings: LintConfig = config()): Promise<LintResult> {
  return lint({ cwd: dir, paths: [dir], policyPaths: [], config: settings, fixes: true, ...(cache !== undefined ? { cache } : {}) });
}

/** The result without what differs between two runs of the same scan (the duration, what the cache did). */
function comparable(result: LintResult): unknown {
  const { durationMs: _duration, ...report } = result.report;
  const { cache: _cache, ...rest } = result;
  return { ...rest, report };
}

const sorted = (keys: readonly string[]): string[] => [...keys].sort();

describe('the results cache', () => {
  interface Case {
    name: string;
    change: () => void;
    /** The configuration of the second run. */
    config?: () => LintConfig;
    evaluated: string[];
    /** How many files were not parsed (14 files when nothing changed; else the 6 plain manifest files, but changed ones). */
    fromCache: number;
    /** How the report was made: stored, updated in the files of the units evaluated, or assembled from every unit. */
    report: 'stored' | 'updated' | 'assembled';
  }
  const cases: Case[] = [
    { name: 'nothing changed', change: () => {}, evaluated: [], fromCache: 14, report: 'stored' },
    { name: 'a manifest file', change: () => edit('manifests/a.yaml', 'key: value', 'key: other'), evaluated: ['file:manifests/a.yaml'], fromCache: 5, report: 'updated' },
    { name: 'a policy file', change: () => edit('policies/require-team.yaml', 'a team label is required', 'a team label is needed'), evaluated: ALL_UNITS, fromCache: 6, report: 'assembled' },
    { name: 'the configuration', change: () => {}, config: () => config({ ignore: ['tier/*'] }), evaluated: ALL_UNITS, fromCache: 0, report: 'assembled' },
    { name: 'the values file', change: () => edit('values.yaml', 'unused: a', 'unused: b'), evaluated: ALL_UNITS, fromCache: 0, report: 'assembled' },
    { name: 'a Kustomize base', change: () => edit('kust/base/cm.yaml', 'key: value', 'key: other'), evaluated: ['builds:kust/overlays/dev'], fromCache: 6, report: 'assembled' },
    { name: "the labels of the Namespace a namespaceSelector reads", change: () => edit('manifests/ns.yaml', 'env: prod', 'env: staging'), evaluated: ['file:manifests/ns.yaml', 'file:manifests/prod-cm.yaml'], fromCache: 5, report: 'updated' },
    { name: 'the object a configMap context reads', change: () => edit('manifests/settings.yaml', 'tier: gold', 'tier: silver'), evaluated: ['file:manifests/pod.yaml', 'file:manifests/settings.yaml'], fromCache: 5, report: 'updated' },
    { name: 'a new manifest file', change: () => write('manifests/c.yaml', configMap('c', 'default', {})), evaluated: ['file:manifests/c.yaml'], fromCache: 6, report: 'updated' },
    { name: 'a removed manifest file', change: () => rmSync(path.join(dir, 'manifests/b.yaml')), evaluated: [], fromCache: 5, report: 'updated' },
    {
      name: 'the tool version (a cache from another version)',
      change: () => {
        const file = path.join(dir, '.kyverno-lint-cache');
        const [header, ...rest] = readFileSync(file, 'utf8').split('\n');
        writeFileSync(file, [JSON.stringify({ ...(JSON.parse(header!) as object), version: '0.0.0-other' }), ...rest].join('\n'));
      },
      evaluated: ALL_UNITS,
      fromCache: 0,
      report: 'assembled',
    },
  ];

  it.each(cases)('re-evaluates exactly the units a change of $name affects', async ({ change, config: second, evaluated, fromCache, report }) => {
    const location = path.join(dir, '.kyverno-lint-cache');
    const first = await scan(location);
    expect(sorted(first.cache!.evaluatedUnits)).toEqual(sorted(ALL_UNITS));
    expect(comparable(first)).toEqual(comparable(await scan(undefined)));
    change();
    const settings = second?.() ?? config();
    const cached = await scan(location, settings);
    // The files of manifests unchanged under the same tool and configuration are not parsed again.
    expect(cached.cache!.filesFromCache).toBe(fromCache);
    expect(cached.cache!.report).toBe(report);
    expect(sorted(cached.cache!.evaluatedUnits)).toEqual(sorted(evaluated));
    expect(comparable(cached)).toEqual(comparable(await scan(undefined, settings)));
    // The next run reuses every unit.
    const again = await scan(location, settings);
    expect(again.cache!.evaluated).toBe(0);
    expect(comparable(again)).toEqual(comparable(cached));
  });

  it('compares objects holding integers beyond 2^53 (int64) exactly', async () => {
    // An int64 beyond float64's exact integers is decoded as a bigint; changing it changes the object another unit reads.
    write('manifests/settings.yaml', `${MANIFESTS['manifests/settings.yaml']!}spec:\n  revision: 9007199254740993\n`);
    const location = path.join(dir, '.kyverno-lint-cache');
    expect(comparable(await scan(location))).toEqual(comparable(await scan(undefined)));
    expect((await scan(location)).cache!.evaluated).toBe(0);
    edit('manifests/settings.yaml', '9007199254740993', '9007199254740995');
    const cached = await scan(location);
    expect(sorted(cached.cache!.evaluatedUnits)).toEqual(['file:manifests/pod.yaml', 'file:manifests/settings.yaml']);
    expect(comparable(cached)).toEqual(comparable(await scan(undefined)));
  });

  it('reads the manifests of unchanged plain files from the cache, and parses the others', async () => {
    const pod = (name: string): string => `{ apiVersion: v1, kind: Pod, metadata: { name: ${name}, namespace: apps, labels: { tier: silver } }, spec: { containers: [{ name: c, image: "nginx:1.27" }] } }`;
    // A mutation of the Pods: an item of a List is never fixed, a Pod of its own file is (an item taken for a document
    // of its own would have its edit replace the List).
    write('policies/add-label.yaml', 'apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata:\n  name: add-label\nspec:\n  rules:\n    - name: label\n      match:\n        any:\n          - resources:\n              kinds: [Pod]\n      mutate:\n        patchStrategicMerge:\n          metadata:\n            labels:\n              mutated: "yes"\n');
    // A List of Pods after a document that is no object: the stored manifests keep their document and item indexes.
    write('manifests/list.yaml', `just: data\n---\napiVersion: v1\nkind: List\nitems:\n  - ${pod('one')}\n  - ${pod('two')}\n`);
    // Parsed every time: a file with a problem, an object JSON cannot hold exactly, a CustomResourceDefinition.
    write('manifests/invalid.yaml', `${configMap('valid', 'default', {})}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  namespace: default\n`);
    write('manifests/big.yaml', `${configMap('big', 'default', {})}spec:\n  revision: 9007199254740993\n`);
    write('manifests/crd.yaml', 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  names: { kind: Widget, plural: widgets }\n  scope: Namespaced\n  versions: [{ name: v1, served: true, storage: true }]\n');
    const location = path.join(dir, '.kyverno-lint-cache');
    await scan(location);
    // The Pods of the List read the settings: their file is evaluated again, located from its parse made then.
    edit('manifests/settings.yaml', 'tier: gold', 'tier: silver');
    const cached = await scan(location);
    expect(sorted(cached.cache!.evaluatedUnits)).toEqual(['file:manifests/list.yaml', 'file:manifests/pod.yaml', 'file:manifests/settings.yaml']);
    // a, b, ns, prod-cm, pod and list (settings changed).
    expect(cached.cache!.filesFromCache).toBe(6);
    expect(comparable(cached)).toEqual(comparable(await scan(undefined)));
    const findings = cached.report.findings.filter((finding) => finding.location.file === 'manifests/list.yaml').map((finding) => `${finding.ruleId} ${finding.location.line}`);
    expect(findings).toEqual(['add-label/label 3', 'add-label/label 3']);
    edit('manifests/settings.yaml', 'tier: silver', 'tier: bronze');
    const again = await scan(location);
    expect(comparable(again)).toEqual(comparable(await scan(undefined)));
    const listFindings = again.report.findings.filter((finding) => finding.location.file === 'manifests/list.yaml').map((finding) => `${finding.ruleId} ${finding.location.line}`);
    expect(listFindings).toEqual(['add-label/label 3', 'add-label/label 3', 'tier/tier 6', 'tier/tier 7']);
    expect(again.fixes.map((fix) => path.relative(dir, fix.file))).toEqual(['manifests/pod.yaml']);
  });

  // Files discovered but not read decide the report too: a change of one is a change of the scan.
  it.each([
    {
      name: 'a .json file of data that becomes a manifest',
      prepare: () => write('manifests/data.json', '{"a": 1}'),
      change: () => write('manifests/data.json', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'data', namespace: 'default' } })),
      paths: ['.'],
    },
    {
      name: 'a file over the size limit that shrinks',
      prepare: () => write('manifests/big.yaml', `${configMap('big', 'default', {})}  padding: "${'x'.repeat(3000)}"\n`),
      change: () => write('manifests/big.yaml', configMap('big', 'default', {})),
      paths: ['.'],
    },
    {
      name: 'a Chart.yaml outside the scan paths that makes Helm templates of the files scanned',
      prepare: () => write('chart/templates/cm.yaml', configMap('template', 'default', {})),
      change: () => write('chart/Chart.yaml', 'apiVersion: v2\nname: chart\nversion: 0.1.0\n'),
      paths: ['chart/templates'],
    },
  ])('notices $name', async ({ prepare, change, paths }) => {
    prepare();
    const settings = config({ maxFileSize: 2048 });
    const run = (cache?: string): Promise<LintResult> =>
      lint({ cwd: dir, paths: paths.map((item) => path.join(dir, item)), policyPaths: [path.join(dir, 'policies')], config: settings, fixes: true, ...(cache !== undefined ? { cache } : {}) });
    const location = path.join(dir, '.kyverno-lint-cache');
    const first = await run(location);
    expect(comparable(first)).toEqual(comparable(await run(undefined)));
    change();
    const cached = await run(location);
    const fresh = await run(undefined);
    expect(comparable(cached)).not.toEqual(comparable(first));
    expect(comparable(cached)).toEqual(comparable(fresh));
  });

  // The report of a run that evaluated a few plain files again is the last one, updated in those files; where a change
  // could reach past them, it is assembled from every unit. Either way it is the report of a run without the cache.
  const REGISTRY_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: registry
spec:
  rules:
    - name: size
      match:
        any:
          - resources:
              kinds: [Pod]
      context:
        - name: info
          imageRegistry:
            reference: "{{ request.object.spec.containers[0].image }}"
      validate:
        message: the image is too large
        deny:
          conditions:
            any:
              - key: "{{ info.manifest.config.size || \`0\` }}"
                operator: GreaterThan
                value: 100
`;
  it.each([
    {
      name: 'a directive that no longer suppresses anything',
      prepare: () => write('manifests/a.yaml', `# kyverno-lint-disable require-team/team\n${MANIFESTS['manifests/a.yaml']!}`),
      change: () => edit('manifests/a.yaml', 'labels: {}', 'labels: {"team":"y"}'),
      report: 'updated',
      shows: 'kyverno-lint/unused-disable-directive',
    },
    {
      name: 'a finding of a rule the configuration ignores',
      settings: { ignore: ['require-team/*'] },
      change: () => edit('manifests/b.yaml', 'labels: {"team":"x"}', 'labels: {}'),
      report: 'updated',
      shows: 'prod-owner/owner',
    },
    {
      name: 'a file that becomes valid YAML',
      prepare: () => write('manifests/broken.yaml', 'a: [\n'),
      change: () => write('manifests/broken.yaml', configMap('fixed', 'default', {})),
      report: 'updated',
      shows: 'require-team/team',
    },
    {
      name: 'a file without manifests whose directive becomes invalid (and a manifest file)',
      prepare: () => write('manifests/notes.yaml', 'just: data\n'),
      change: () => {
        write('manifests/notes.yaml', 'just: data # kyverno-lint-enable\n');
        edit('manifests/a.yaml', 'key: value', 'key: other');
      },
      report: 'assembled',
      shows: 'kyverno-lint/invalid-disable-directive',
    },
    {
      name: 'a directive the configuration ignores findings of',
      settings: { ignore: ['kyverno-lint/unused-disable-directive'] },
      prepare: () => write('manifests/a.yaml', `# kyverno-lint-disable require-team/team\n${MANIFESTS['manifests/a.yaml']!}`),
      change: () => edit('manifests/a.yaml', 'labels: {}', 'labels: {"team":"y"}'),
      report: 'assembled',
      shows: 'require-team/team',
    },
    {
      name: 'a unit with the registry-bound error every Pod has',
      prepare: () => write('policies/registry.yaml', REGISTRY_POLICY),
      change: () => edit('manifests/pod.yaml', 'image: nginx:1.27', 'image: nginx:1.28'),
      report: 'updated',
      shows: 'registry/size',
    },
    {
      name: 'the last Pod with a registry-bound error gone',
      prepare: () => write('policies/registry.yaml', REGISTRY_POLICY),
      change: () => rmSync(path.join(dir, 'manifests/pod.yaml')),
      report: 'assembled',
      shows: 'require-team/team',
    },
  ])('updates or assembles the report after $name', async ({ prepare, change, settings, report, shows }) => {
    prepare?.();
    const configured = config(settings ?? {});
    const location = path.join(dir, '.kyverno-lint-cache');
    await scan(location, configured);
    change();
    const cached = await scan(location, configured);
    expect(cached.cache!.report).toBe(report);
    expect(comparable(cached)).toEqual(comparable(await scan(undefined, configured)));
    expect(cached.report.findings.map((finding) => finding.ruleId)).toContain(shows);
    if (settings?.ignore !== undefined) expect(cached.report.counts.suppressed).toBeGreaterThan(0);
  });

  it('reuses every unit for a report of some files (pre-commit), and gives what a scan without the cache gives', async () => {
    const location = path.join(dir, '.kyverno-lint-cache');
    const scanFiles = (reportFiles: string[] | undefined, cache: string | undefined): Promise<LintResult> =>
      lint({ cwd: dir, paths: [dir], policyPaths: [], config: config(), fixes: true, ...(reportFiles !== undefined ? { reportFiles } : {}), ...(cache !== undefined ? { cache } : {}) });
    await scanFiles(['manifests/a.yaml'], location);
    for (const reportFiles of [['manifests/a.yaml'], ['manifests/prod-cm.yaml'], undefined]) {
      const cached = await scanFiles(reportFiles, location);
      expect(cached.cache!.evaluated).toBe(0);
      expect(comparable(cached)).toEqual(comparable(await scanFiles(reportFiles, undefined)));
    }
  });

  it('appends to its tables while few units change, and packs them afresh when the appended units outnumber half', async () => {
    const location = path.join(dir, '.kyverno-lint-cache');
    const appended = (): number => (JSON.parse(readFileSync(location, 'utf8').split('\n')[0]!) as { appended: number }).appended;
    await scan(location);
    expect(appended()).toBe(0);
    const seen: number[] = [];
    for (const [run, file] of ['manifests/a.yaml', 'manifests/b.yaml', 'manifests/a.yaml', 'manifests/b.yaml'].entries()) {
      edit(file, 'key: ', `key: run${run}-`);
      const cached = await scan(location);
      expect(cached.cache!.evaluatedUnits).toEqual([`file:${file}`]);
      expect(comparable(cached)).toEqual(comparable(await scan(undefined)));
      seen.push(appended());
      const again = await scan(location);
      expect(again.cache!.evaluated).toBe(0);
      expect(comparable(again)).toEqual(comparable(cached));
    }
    // Seven units: three appended units are under half, a fourth is not.
    expect(seen).toEqual([1, 2, 3, 0]);
  });

  it('reports the findings the fixture is built for', async () => {
    const result = await scan(path.join(dir, '.kyverno-lint-cache'));
    const found = result.report.findings.map((finding) => `${finding.ruleId} ${finding.location.file}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'require-team/team kust/base/cm.yaml',
        'require-team/team manifests/a.yaml',
        'prod-owner/owner manifests/prod-cm.yaml',
        'tier/tier manifests/pod.yaml',
      ]),
    );
  });

  it.each([
    ['a corrupt cache file', '{"format": 1, "units": [', /is not usable .*it is rewritten/],
    ['a cache file of another format', '{"format": 99}', /is not usable \(not a cache file of this format\)/],
    ['an empty cache file', '', /is not usable/],
  ])('ignores %s with a warning, and rewrites it', async (_name, text, warning) => {
    const location = path.join(dir, '.kyverno-lint-cache');
    writeFileSync(location, text);
    const result = await scan(location);
    expect(result.warnings).toEqual([expect.stringMatching(warning)]);
    expect(result.cache!.evaluated).toBe(ALL_UNITS.length);
    expect(comparable({ ...result, warnings: [] })).toEqual(comparable(await scan(undefined)));
    const again = await scan(location);
    expect(again.warnings).toEqual([]);
    expect(again.cache!.evaluated).toBe(0);
  });

  // A line after the header damaged in place (its length kept): the tables, the report, the units.
  it.each([
    ['the tables', 1, false],
    ['the report (a run where nothing changed reads it)', 2, false],
    ['a unit (a run after a change reads every unit)', 3, true],
  ])('warns and evaluates everything again when %s cannot be decoded', async (_name, line, change) => {
    const location = path.join(dir, '.kyverno-lint-cache');
    await scan(location);
    const lines = readFileSync(location, 'utf8').split('\n');
    lines[line] = `}${lines[line]!.slice(1)}`;
    writeFileSync(location, lines.join('\n'));
    if (change) edit('manifests/a.yaml', 'key: value', 'key: other');
    const result = await scan(location);
    expect(result.warnings).toEqual([expect.stringMatching(/is not usable .*it is rewritten/)]);
    expect(result.cache!.evaluated).toBe(ALL_UNITS.length);
    expect(comparable({ ...result, warnings: [] })).toEqual(comparable(await scan(undefined)));
    const again = await scan(location);
    expect(again.warnings).toEqual([]);
    expect(again.cache!.evaluated).toBe(0);
  });

  // Damaged in place and still JSON: a message of the tables (read by a run where nothing changed), the stored
  // manifests of a unit (the cluster state of the units evaluated again).
  it.each([
    ['a message in the tables', (line: string) => line.includes('a team label is required'), 'a team label is required', 'a team label is requirex', false],
    ['the stored manifests of a unit', (line: string) => line.startsWith('{"key":"file:manifests/settings.yaml"'), 'gold', 'bold', true],
  ])('warns and evaluates everything again when %s is damaged and still decodes', async (_name, which, from, to, change) => {
    const location = path.join(dir, '.kyverno-lint-cache');
    await scan(location);
    const lines = readFileSync(location, 'utf8').split('\n');
    const at = lines.findIndex((line, index) => index > 0 && which(line));
    expect(lines[at]).toContain(from);
    lines[at] = lines[at]!.replace(from, to);
    writeFileSync(location, lines.join('\n'));
    // The Pod reads the settings ConfigMap (its tier).
    if (change) edit('manifests/pod.yaml', 'tier: silver', 'tier: bronze');
    const result = await scan(location);
    expect(result.warnings).toEqual([expect.stringMatching(/is not usable \(a line of it is damaged\); it is rewritten/)]);
    expect(result.cache!.evaluated).toBe(ALL_UNITS.length);
    expect(comparable({ ...result, warnings: [] })).toEqual(comparable(await scan(undefined)));
    const again = await scan(location);
    expect(again.warnings).toEqual([]);
    expect(again.cache!.evaluated).toBe(0);
  });

  it("stores each unit's subjects as this run numbers them, also for units reused after a document was added before them", async () => {
    const location = path.join(dir, '.kyverno-lint-cache');
    const subjects = (file: string): Record<string, number[]> =>
      Object.fromEntries(
        readFileSync(file, 'utf8')
          .split('\n')
          .slice(3, -1)
          .map((line) => JSON.parse(line) as { key: string; subjects: number[] })
          .map((unit) => [unit.key, unit.subjects]),
      );
    await scan(location);
    const before = subjects(location);
    // a.yaml comes first: every other unit's subjects move by one.
    write('manifests/a.yaml', `${configMap('a', 'default', {})}---\n${configMap('a2', 'default', {})}`);
    const cached = await scan(location);
    expect(cached.cache!.evaluatedUnits).toEqual(['file:manifests/a.yaml']);
    const fresh = path.join(dir, 'fresh-cache');
    await scan(fresh);
    expect(subjects(location)).toEqual(subjects(fresh));
    expect(subjects(location)['file:manifests/b.yaml']).toEqual(before['file:manifests/b.yaml']!.map((index) => index + 1));
  });

  it('warns and evaluates everything again when the cache file is shorter than its header says', async () => {
    const location = path.join(dir, '.kyverno-lint-cache');
    await scan(location);
    const text = readFileSync(location, 'utf8');
    writeFileSync(location, text.slice(0, text.length - 10));
    const result = await scan(location);
    expect(result.warnings).toEqual([expect.stringMatching(/is not usable \(not a cache file of this format\)/)]);
    expect(result.cache!.evaluated).toBe(ALL_UNITS.length);
  });

  it('keeps the cache in a folder given as --cache-location', async () => {
    const folder = path.join(dir, 'cache-folder') + path.sep;
    const first = await scan(folder);
    expect(first.cache!.evaluated).toBe(ALL_UNITS.length);
    const file = cacheFile(folder, dir);
    expect(path.dirname(file)).toBe(path.join(dir, 'cache-folder'));
    expect(readFileSync(file, 'utf8').length).toBeGreaterThan(0);
    const again = await scan(path.join(dir, 'cache-folder'));
    expect(again.cache!.evaluated).toBe(0);
    expect(comparable(again)).toEqual(comparable(first));
  });

  it('is not used with standard input, with a warning', async () => {
    const result = await lint({ cwd: dir, paths: ['-'], policyPaths: [path.join(dir, 'policies')], config: config(), stdin: MANIFESTS['manifests/a.yaml']!, cache: path.join(dir, '.kyverno-lint-cache') });
    expect(result.warnings).toEqual(['--cache is not used when standard input (-) is scanned']);
    expect(result.cache).toBeUndefined();
  });
});

describe('the results cache and mutate-existing targets', () => {
  const TARGETS_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: stamp-targets
spec:
  rules:
    - name: stamp-secret
      match:
        any:
          - resources:
              kinds: [Pod]
      mutate:
        targets:
          - apiVersion: v1
            kind: Secret
            name: secret-1
            namespace: staging
            preconditions:
              all:
                - key: "{{ target.data.key }}"
                  operator: Equals
                  value: YQ==
        patchStrategicMerge:
          metadata:
            annotations:
              stamped: "{{ request.object.metadata.name }}"
    - name: stamp-namespaces
      match:
        any:
          - resources:
              kinds: [ConfigMap]
              names: [a]
      mutate:
        targets:
          - apiVersion: v1
            kind: Namespace
            name: "*"
            preconditions:
              all:
                - key: "{{ target.metadata.labels.env || '' }}"
                  operator: NotEquals
                  value: staging
        patchStrategicMerge:
          metadata:
            labels:
              stamped: "{{ request.object.metadata.name }}"
`;
  const secret = (name: string, value: string): string => `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${name}\n  namespace: staging\ndata:\n  key: ${value}\n`;
  const EXTRA: Record<string, string> = {
    'policies/stamp-targets.yaml': TARGETS_POLICY,
    'manifests/secret-1.yaml': secret('secret-1', 'YQ=='),
    'manifests/secret-2.yaml': secret('secret-2', 'Yg=='),
  };
  const UNITS = [...ALL_UNITS, 'file:manifests/secret-1.yaml', 'file:manifests/secret-2.yaml'];

  // `targetChange`: the change decides a target's preconditions, and so the triggers' rule statuses.
  const cases: { name: string; change: () => void; evaluated: string[]; targetChange?: boolean }[] = [
    { name: 'the Secret a GET target selects', change: () => edit('manifests/secret-1.yaml', 'YQ==', 'Yw=='), evaluated: ['file:manifests/pod.yaml', 'file:manifests/secret-1.yaml'], targetChange: true },
    { name: 'another Secret of the namespace', change: () => edit('manifests/secret-2.yaml', 'Yg==', 'Yw=='), evaluated: ['file:manifests/secret-2.yaml'] },
    { name: 'a removed Secret (its API version may be gone)', change: () => rmSync(path.join(dir, 'manifests/secret-2.yaml')), evaluated: ['file:manifests/pod.yaml'] },
    { name: 'a Namespace a wildcard target lists', change: () => edit('manifests/ns.yaml', 'env: prod', 'env: staging'), evaluated: ['file:manifests/a.yaml', 'file:manifests/ns.yaml', 'file:manifests/prod-cm.yaml'], targetChange: true },
    { name: 'a new Namespace', change: () => write('manifests/ns2.yaml', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: other\n'), evaluated: ['file:manifests/a.yaml', 'file:manifests/ns2.yaml'] },
    { name: 'an object no target selects', change: () => edit('manifests/b.yaml', 'key: value', 'key: other'), evaluated: ['file:manifests/b.yaml'] },
  ];

  it.each(cases)('re-evaluates exactly the units a change of $name affects', async ({ change, evaluated, targetChange }) => {
    for (const [file, text] of Object.entries(EXTRA)) write(file, text);
    const location = path.join(dir, '.kyverno-lint-cache');
    const first = await scan(location);
    expect(sorted(first.cache!.evaluatedUnits)).toEqual(sorted(UNITS));
    expect(first.report.statuses.skip).toBe(0);
    change();
    const cached = await scan(location);
    expect(sorted(cached.cache!.evaluatedUnits)).toEqual(sorted(evaluated));
    const fresh = await scan(undefined);
    expect(comparable(cached)).toEqual(comparable(fresh));
    if (targetChange === true) expect(fresh.report.statuses.skip).toBe(1);
  });
});

describe('the results cache and apiCall searches', () => {
  // `count`: a search of every Pod (what it gives is compared); `whole`: the same request, its answer used whole (by
  // ConfigMap b, which makes both).
  const SEARCH_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: node-pods
spec:
  validationFailureAction: Enforce
  rules:
    - name: count
      match:
        any:
          - resources:
              kinds: [ConfigMap]
      context:
        - name: onNode
          apiCall:
            urlPath: /api/v1/pods
            jmesPath: "items[?spec.nodeName=='n1'] | length(@)"
      validate:
        message: "{{ onNode }} Pods run on n1"
        deny:
          conditions:
            any:
              - key: "{{ onNode }}"
                operator: GreaterThan
                value: 0
    - name: whole
      match:
        any:
          - resources:
              kinds: [ConfigMap]
              names: [b]
      context:
        - name: pods
          apiCall:
            urlPath: /api/v1/pods
      validate:
        message: "the cluster runs {{ length(pods.items) }} Pods"
        deny:
          conditions:
            any:
              - key: "{{ length(pods.items) }}"
                operator: GreaterThan
                value: 1
`;
  // Searches of ConfigMaps: by a Pod that also reads the same ConfigMap whole (the `tier` policy's configMap entry),
  // and of a number that JSON would write alike for other values (NaN, -0).
  const SETTINGS_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: settings-search
spec:
  validationFailureAction: Enforce
  rules:
    - name: name
      match:
        any:
          - resources:
              kinds: [Pod]
      context:
        - name: settingsName
          apiCall:
            urlPath: /api/v1/namespaces/apps/configmaps/settings
            jmesPath: metadata.name
      validate:
        message: "settings are {{ settingsName }}"
        deny:
          conditions:
            any:
              - key: "{{ settingsName }}"
                operator: Equals
                value: other
    - name: level
      match:
        any:
          - resources:
              kinds: [ConfigMap]
              names: [a]
      context:
        - name: level
          apiCall:
            urlPath: /api/v1/namespaces/apps/configmaps/limits
            jmesPath: "to_number(data.max)"
      validate:
        message: "the maximum is {{ level }}"
        deny:
          conditions:
            any:
              - key: "{{ level }}"
                operator: NotEquals
                value: none
    - name: floor
      match:
        any:
          - resources:
              kinds: [ConfigMap]
              names: [a]
      context:
        - name: floor
          apiCall:
            urlPath: /api/v1/namespaces/apps/configmaps/limits
            jmesPath: "to_number(data.min)"
      validate:
        message: "the minimum is {{ floor }}"
        deny:
          conditions:
            any:
              - key: "{{ floor }}"
                operator: NotEquals
                value: none
`;
  const LIMITS = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: limits\n  namespace: apps\ndata:\n  max: "0"\n  min: none\n';
  const UNITS = [...ALL_UNITS, 'file:manifests/limits.yaml'];
  const pod = (name: string, namespace: string): string => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n  namespace: ${namespace}\nspec:\n  containers:\n    - name: c\n      image: nginx:1.27\n`;

  // `statusChange`: the change decides the outcomes of the searching policy's rules.
  const cases: { name: string; change: () => void; evaluated: string[]; statusChange?: boolean }[] = [
    { name: 'a label of a Pod the search lists', change: () => edit('manifests/pod.yaml', 'tier: silver', 'tier: bronze'), evaluated: ['file:manifests/b.yaml', 'file:manifests/pod.yaml'] },
    {
      name: 'the node of a Pod the search counts',
      change: () => edit('manifests/pod.yaml', 'spec:\n', 'spec:\n  nodeName: n1\n'),
      evaluated: ['builds:kust/overlays/dev', 'file:manifests/a.yaml', 'file:manifests/b.yaml', 'file:manifests/limits.yaml', 'file:manifests/pod.yaml', 'file:manifests/prod-cm.yaml', 'file:manifests/settings.yaml'],
      statusChange: true,
    },
    { name: 'a new Pod', change: () => write('manifests/pod2.yaml', pod('other', 'default')), evaluated: ['file:manifests/b.yaml', 'file:manifests/pod2.yaml'], statusChange: true },
    { name: 'a removed Pod', change: () => rmSync(path.join(dir, 'manifests/pod.yaml')), evaluated: ['file:manifests/b.yaml'] },
    { name: 'an object no search lists', change: () => edit('manifests/a.yaml', 'key: value', 'key: other'), evaluated: ['file:manifests/a.yaml'] },
    // The Pod's unit reads the settings whole through its configMap entry, whatever its search of them gives.
    { name: 'a ConfigMap read whole and searched by one unit', change: () => edit('manifests/settings.yaml', 'tier: gold', 'tier: silver'), evaluated: ['file:manifests/pod.yaml', 'file:manifests/settings.yaml'] },
    // to_number gives null for "none", NaN for "NaN": both written `null` in JSON.
    { name: 'a searched null that becomes NaN', change: () => edit('manifests/limits.yaml', 'min: none', 'min: "NaN"'), evaluated: ['file:manifests/a.yaml', 'file:manifests/limits.yaml'] },
    { name: 'a searched number that becomes -0', change: () => edit('manifests/limits.yaml', 'max: "0"', 'max: "-0"'), evaluated: ['file:manifests/a.yaml', 'file:manifests/limits.yaml'] },
  ];

  it.each(cases)('re-evaluates exactly the units a change of $name affects', async ({ change, evaluated, statusChange }) => {
    write('policies/node-pods.yaml', SEARCH_POLICY);
    write('policies/settings-search.yaml', SETTINGS_POLICY);
    write('manifests/limits.yaml', LIMITS);
    const location = path.join(dir, '.kyverno-lint-cache');
    const first = await scan(location);
    expect(sorted(first.cache!.evaluatedUnits)).toEqual(sorted(UNITS));
    change();
    const cached = await scan(location);
    expect(sorted(cached.cache!.evaluatedUnits)).toEqual(sorted(evaluated));
    const fresh = await scan(undefined);
    expect(comparable(cached)).toEqual(comparable(fresh));
    // The findings of the searching policy change only when what its rules read changes.
    const ofPolicy = (result: LintResult): string[] => result.report.findings.filter((finding) => finding.policy === 'node-pods').map((finding) => `${finding.ruleId} ${finding.message}`);
    expect(isDeepStrictEqual(ofPolicy(fresh), ofPolicy(first))).toBe(statusChange !== true);
  });
});
