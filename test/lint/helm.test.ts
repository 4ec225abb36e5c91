/**
 * Rendered Helm output on standard input (`helm template shop charts/shop-chart | kyverno-lint -`): findings
 * reported in the repository's template files, at the template line holding the key they blame. The fixture
 * chart test/fixtures/lint/helm/charts/shop-chart is named `shop` (not like its folder), has `if` blocks, a
 * `range`, `toYaml`/`include` nindent blocks, a template writing two documents and a subchart; rendered/shop.yaml
 * is its output as `helm template shop charts/shop-chart` prints it.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { chartMetadata, helmSources, parseSourcePath, sourceOfLine } from '../../src/lint/helm.js';
import { lint, type LintResult } from '../../src/lint/lint.js';
import { NO_LEGACY_CONFIG, ROOT, scratchFolder } from '../commands/helpers.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/lint/helm');
const RENDERED_SHOP = readFileSync(path.join(FIXTURE, 'rendered/shop.yaml'), 'utf8');
const CHART = 'charts/shop-chart';

const RENDERED = `---
# Source: shop/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  name: web
---
# Source: shop/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
`;

describe('Helm # Source: comments', () => {
  it('lists the templates with the line of their comment', () => {
    expect(helmSources(RENDERED)).toEqual([
      { line: 2, template: 'shop/templates/service.yaml' },
      { line: 8, template: 'shop/templates/deployment.yaml' },
    ]);
  });

  it('finds the comment a rendered line follows', () => {
    const sources = helmSources(RENDERED);
    expect(sourceOfLine(sources, 3)?.template).toBe('shop/templates/service.yaml');
    expect(sourceOfLine(sources, 6)?.template).toBe('shop/templates/service.yaml');
    expect(sourceOfLine(sources, 10)?.template).toBe('shop/templates/deployment.yaml');
    expect(sourceOfLine(sources, 1)).toBeNull();
  });

  it('finds nothing in plain YAML', () => {
    expect(helmSources('apiVersion: v1\nkind: Pod\n# a comment\n')).toEqual([]);
  });

  it('trims trailing spaces, in time linear in the line (a long run of spaces)', () => {
    expect(helmSources('# Source: shop/templates/a.yaml   \r\n')).toEqual([{ line: 1, template: 'shop/templates/a.yaml' }]);
    const started = performance.now();
    expect(helmSources(`# Source: a${' '.repeat(200_000)}x \n`)).toEqual([{ line: 1, template: `a${' '.repeat(200_000)}x` }]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.each([
    { source: 'shop/templates/deployment.yaml', expected: { charts: ['shop'], file: 'templates/deployment.yaml' } },
    { source: 'shop/templates/jobs/migrate.yaml', expected: { charts: ['shop'], file: 'templates/jobs/migrate.yaml' } },
    { source: 'shop/charts/cache/templates/statefulset.yaml', expected: { charts: ['shop', 'cache'], file: 'templates/statefulset.yaml' } },
    { source: 'shop/charts/db/charts/backup/templates/cronjob.yaml', expected: { charts: ['shop', 'db', 'backup'], file: 'templates/cronjob.yaml' } },
    { source: 'shop/crds/crontab.yaml', expected: { charts: ['shop'], file: 'crds/crontab.yaml' } },
    { source: 'crontab.yaml', expected: null },
    { source: 'shop/values.yaml', expected: null },
    { source: 'shop/templates/../../etc/passwd', expected: null },
  ])('$source names $expected', ({ source, expected }) => {
    expect(parseSourcePath(source)).toEqual(expected);
  });

  it.each([
    { text: 'apiVersion: v2\nname: shop\nversion: 0.1.0\n', expected: { name: 'shop', dependencies: [] } },
    {
      text: 'name: shop\ndependencies:\n  - name: redis\n    alias: cache\n  - name: postgresql\n  - alias: nameless\n',
      expected: { name: 'shop', dependencies: [{ name: 'redis', alias: 'cache' }, { name: 'postgresql' }] },
    },
    { text: 'apiVersion: v2\nversion: 0.1.0\n', expected: null },
    { text: 'name: [\n', expected: null },
  ])('Chart.yaml $text', ({ text, expected }) => {
    expect(chartMetadata(text)).toEqual(expected);
  });
});

interface Scan {
  cwd?: string;
  stdin?: string;
  helmCharts?: string[];
  fixes?: boolean;
}

/** The rendered chart checked against the fixture's policies (without the notices of those kyverno.io policies). */
async function scan({ cwd = FIXTURE, stdin = RENDERED_SHOP, helmCharts, fixes }: Scan = {}): Promise<LintResult> {
  return lint({
    cwd,
    paths: ['-'],
    policyPaths: [path.join(FIXTURE, 'policies')],
    config: NO_LEGACY_CONFIG,
    stdin,
    ...(helmCharts !== undefined ? { helmCharts } : {}),
    ...(fixes !== undefined ? { fixes } : {}),
  });
}

/** Each finding as `ruleId severity file:line:column-endLine:endColumn`. */
function placed(result: LintResult): string[] {
  return result.report.findings.map(({ ruleId, severity, location: at }) => `${ruleId} ${severity} ${at.file}:${at.line}:${at.column}-${at.endLine}:${at.endColumn}`);
}

const TEMPLATES = `${CHART}/templates`;
const CACHE = `${CHART}/charts/cache/templates`;

describe('findings of rendered Helm output, in the chart templates', () => {
  it.each([
    // The container's securityContext is written by toYaml: the toYaml line below the literal key.
    { finding: `container-run-as-non-root/autogen-run-as-non-root warning ${TEMPLATES}/deployment.yaml:26:13-26:63` },
    // The second container comes from the range: the range's item, its image key.
    { finding: `disallow-latest-tag/autogen-validate-image-tag error ${TEMPLATES}/deployment.yaml:32:11-32:30` },
    // The fourth container is written in an if block after the range: found by its name.
    { finding: `disallow-privileged/autogen-privileged-containers error ${TEMPLATES}/deployment.yaml:38:13-38:29` },
    // The subchart's template, in the parent chart's charts/ folder: the container, which has no securityContext.
    { finding: `container-run-as-non-root/autogen-run-as-non-root warning ${CACHE}/statefulset.yaml:16:9-16:22` },
    // Two documents of one template: each in its own part of the file.
    { finding: `container-run-as-non-root/autogen-run-as-non-root warning ${TEMPLATES}/jobs.yaml:11:9-11:24` },
    { finding: `container-run-as-non-root/autogen-run-as-non-root warning ${TEMPLATES}/jobs.yaml:25:9-25:21` },
    // A deny rule blames the whole document: the first content line of the second document.
    { finding: `deny-host-network/autogen-no-host-network error ${TEMPLATES}/jobs.yaml:15:1-15:21` },
    // A mutation is about the whole document too: the template's first line.
    { finding: `add-team-label/team-label info ${TEMPLATES}/service.yaml:1:1-1:15` },
  ])('$finding', async ({ finding }) => {
    expect(placed(await scan())).toContain(finding);
  });

  it('reports nothing else, and no warning', async () => {
    const result = await scan();
    expect(placed(result)).toHaveLength(8);
    expect(result.warnings).toEqual([]);
    expect(result.errors).toEqual([]);
  });

  it('gives every finding a location on a real line of its template, to the end of that line', async () => {
    const result = await scan();
    for (const { location } of result.report.findings) {
      const lines = readFileSync(path.join(FIXTURE, location.file), 'utf8').split('\n');
      expect(location.line).toBeLessThanOrEqual(lines.length);
      expect(location.endLine).toBe(location.line);
      expect(location.column).toBeLessThanOrEqual(lines[location.line - 1]!.length);
      expect(location.endColumn).toBe(lines[location.line - 1]!.length + 1);
    }
  });

  it('keeps the message of each finding, and offers no fix of standard input', async () => {
    const result = await scan({ fixes: true });
    const mutation = result.report.findings.find((finding) => finding.type === 'Mutation');
    expect(mutation?.message).toBe('add-team-label/team-label mutates Service/shop-web');
    expect(mutation?.fix).toBeUndefined();
    expect(mutation?.fixable).toBeUndefined();
    expect(result.fixes).toEqual([]);
    const latest = result.report.findings.find((finding) => finding.ruleId === 'disallow-latest-tag/autogen-validate-image-tag');
    expect(latest?.message).toContain("Using a mutable image tag e.g. 'latest' is not allowed.");
  });
});

describe('where the chart is', () => {
  const scratch = scratchFolder('kyverno-lint-helm-');

  /** The fixture chart copied into the scratch folder at `dir`. */
  const copyChart = (dir: string): void => cpSync(path.join(FIXTURE, CHART), path.join(scratch.dir, dir), { recursive: true });

  it('leaves the findings on <stdin>, at the rendered lines, when no Chart.yaml names the chart, and says so once', async () => {
    const result = await scan({ cwd: scratch.dir });
    expect(placed(result)).toContain('disallow-latest-tag/autogen-validate-image-tag error <stdin>:50:11-50:48');
    expect(placed(result)).toContain('deny-host-network/autogen-no-host-network error <stdin>:95:1-95:21');
    expect(result.report.findings.every((finding) => finding.location.file === '<stdin>')).toBe(true);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^Helm chart "shop" of the rendered input \(# Source: shop\/templates\/service\.yaml\) was not found: .*pass --helm-chart <dir>/);
  });

  it('does not look in .gitignored folders, but takes the folder given with --helm-chart', async () => {
    copyChart('vendor/shop-chart');
    scratch.write('.gitignore', 'vendor/\n');
    const ignored = await scan({ cwd: scratch.dir });
    expect(ignored.report.findings.every((finding) => finding.location.file === '<stdin>')).toBe(true);
    expect(ignored.warnings).toHaveLength(1);
    const given = await scan({ cwd: scratch.dir, helmCharts: ['vendor/shop-chart'] });
    expect(placed(given)).toContain('disallow-latest-tag/autogen-validate-image-tag error vendor/shop-chart/templates/deployment.yaml:32:11-32:30');
    expect(placed(given)).toContain('container-run-as-non-root/autogen-run-as-non-root warning vendor/shop-chart/charts/cache/templates/statefulset.yaml:16:9-16:22');
    expect(given.warnings).toEqual([]);
  });

  it('finds a subchart kept outside its parent by its name, and an aliased one through the dependency', async () => {
    copyChart('deploy/shop');
    cpSync(path.join(scratch.dir, 'deploy/shop/charts/cache'), path.join(scratch.dir, 'deploy/redis-chart'), { recursive: true });
    rmSync(path.join(scratch.dir, 'deploy/shop/charts'), { recursive: true });
    const outside = await scan({ cwd: scratch.dir });
    expect(placed(outside)).toContain('container-run-as-non-root/autogen-run-as-non-root warning deploy/redis-chart/templates/statefulset.yaml:16:9-16:22');
    // Renamed `redis` in its Chart.yaml, in the parent's charts/ folder, and rendered under its alias `cache`.
    cpSync(path.join(scratch.dir, 'deploy/redis-chart'), path.join(scratch.dir, 'deploy/shop/charts/redis'), { recursive: true });
    rmSync(path.join(scratch.dir, 'deploy/redis-chart'), { recursive: true });
    writeFileSync(path.join(scratch.dir, 'deploy/shop/charts/redis/Chart.yaml'), 'apiVersion: v2\nname: redis\nversion: 0.1.0\n');
    writeFileSync(path.join(scratch.dir, 'deploy/shop/Chart.yaml'), 'apiVersion: v2\nname: shop\nversion: 0.3.0\ndependencies:\n  - name: redis\n    alias: cache\n');
    const aliased = await scan({ cwd: scratch.dir });
    expect(placed(aliased)).toContain('container-run-as-non-root/autogen-run-as-non-root warning deploy/shop/charts/redis/templates/statefulset.yaml:16:9-16:22');
    expect(aliased.warnings).toEqual([]);
  });

  it('leaves the documents of a template the chart does not have on <stdin>, with a warning', async () => {
    copyChart(CHART);
    rmSync(path.join(scratch.dir, CHART, 'templates/jobs.yaml'));
    const result = await scan({ cwd: scratch.dir });
    expect(placed(result)).toContain('deny-host-network/autogen-no-host-network error <stdin>:95:1-95:21');
    expect(placed(result)).toContain(`disallow-latest-tag/autogen-validate-image-tag error ${TEMPLATES}/deployment.yaml:32:11-32:30`);
    expect(result.warnings).toEqual([`${TEMPLATES}/jobs.yaml (# Source: shop/templates/jobs.yaml) does not exist, so its findings are reported on <stdin> at the rendered lines`]);
  });

  it.each([
    { name: 'a folder that is not a chart is an error', charts: ['policies'], errors: ['--helm-chart policies: no Chart.yaml naming a chart in that folder'], warnings: [] },
    { name: 'a chart and its subchart, both used', charts: [`${CHART}/charts/cache`, CHART], errors: [], warnings: [] },
    {
      name: 'a chart that rendered nothing of the input is a warning',
      charts: ['other'],
      errors: [],
      warnings: ['--helm-chart other: chart "other" rendered no document of standard input'],
    },
  ])('--helm-chart: $name', async ({ charts, errors, warnings }) => {
    copyChart(CHART);
    scratch.write('policies/.keep', '');
    scratch.write('other/Chart.yaml', 'name: other\n');
    const result = await scan({ cwd: scratch.dir, helmCharts: charts });
    expect(result.errors).toEqual(errors);
    expect(result.warnings).toEqual(warnings);
  });

  it('ignores --helm-chart without rendered input on standard input', async () => {
    copyChart(CHART);
    const result = await lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: DEFAULT_CONFIG, helmCharts: [CHART] });
    expect(result.warnings).toEqual(['--helm-chart is ignored: it applies to rendered Helm output read from standard input (-)']);
    const plain = await scan({ cwd: scratch.dir, stdin: 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n', helmCharts: [CHART] });
    expect(plain.warnings).toEqual(['--helm-chart is ignored: standard input holds no rendered Helm output (# Source: comments)']);
  });
});

describe('policies rendered by a chart', () => {
  const scratch = scratchFolder('kyverno-lint-helm-policy-');

  it('point a CEL evaluation error at the expression key of the template', async () => {
    scratch.write('chart/Chart.yaml', 'apiVersion: v2\nname: guard\nversion: 0.1.0\n');
    const policy = (name: string): string =>
      `apiVersion: policies.kyverno.io/v1\nkind: ValidatingPolicy\nmetadata:\n  name: ${name}\nspec:\n  matchConstraints:\n    resourceRules:\n      - apiGroups: ["apps"]\n        apiVersions: ["v1"]\n        operations: ["CREATE"]\n        resources: ["deployments"]\n  validations:\n    - message: too many\n      expression: >-\n        object.spec.missing.replicas < 5\n`;
    scratch.write('chart/templates/policy.yaml', policy('{{ .Release.Name }}-replicas'));
    const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec:\n      containers: [{name: a, image: a:1}]\n';
    const rendered = `---\n# Source: guard/templates/policy.yaml\n${policy('guard-replicas')}---\n# Source: guard/templates/deployment.yaml\n${deployment}`;
    scratch.write('chart/templates/deployment.yaml', deployment);
    const result = await lint({ cwd: scratch.dir, paths: ['-'], policyPaths: [], config: DEFAULT_CONFIG, stdin: rendered });
    expect(placed(result)).toEqual(['guard-replicas warning chart/templates/policy.yaml:14:7-14:21']);
    expect(result.report.findings[0]!.message).toBe('rule could not be evaluated: error: no such key: missing (on Deployment default/web)');
  });
});

describe('inline suppressions of rendered Helm output', () => {
  const scratch = scratchFolder('kyverno-lint-helm-directives-');

  it('are read in the templates, at the template lines, and not again from their rendered copies', async () => {
    cpSync(FIXTURE, scratch.dir, { recursive: true });
    const deployment = path.join(scratch.dir, TEMPLATES, 'deployment.yaml');
    const lines = readFileSync(deployment, 'utf8').split('\n');
    // Above `privileged: true` (line 38) and `image: {{ .image }}` of the range (line 32).
    lines.splice(37, 0, '            # kyverno-lint-disable-next-line disallow-privileged/privileged-containers -- the exporter reads host metrics');
    lines.splice(31, 0, '          # kyverno-lint-disable-next-line disallow-latest-tag/validate-image-tag');
    writeFileSync(deployment, lines.join('\n'));
    // helm template copies template comments into its output.
    const rendered = RENDERED_SHOP.replace('          image: ghcr.io/example/shipper:latest', '          # kyverno-lint-disable-next-line disallow-latest-tag/validate-image-tag\n          image: ghcr.io/example/shipper:latest')
      .replace('          image: ghcr.io/example/proxy:1.2.0', '          # kyverno-lint-disable-next-line disallow-latest-tag/validate-image-tag\n          image: ghcr.io/example/proxy:1.2.0')
      .replace('            privileged: true', '            # kyverno-lint-disable-next-line disallow-privileged/privileged-containers -- the exporter reads host metrics\n            privileged: true');
    const result = await scan({ cwd: scratch.dir, stdin: rendered });
    expect((result.report.suppressedFindings ?? []).map((finding) => `${finding.ruleId} ${finding.location.file}:${finding.location.line}`).sort()).toEqual([
      `disallow-latest-tag/autogen-validate-image-tag ${TEMPLATES}/deployment.yaml:33`,
      `disallow-privileged/autogen-privileged-containers ${TEMPLATES}/deployment.yaml:40`,
    ]);
    expect((result.report.suppressedFindings ?? []).find((finding) => finding.ruleId.startsWith('disallow-privileged'))?.suppressions).toEqual([
      { kind: 'disable-next-line', line: 39, justification: 'the exporter reads host metrics' },
    ]);
    // No unused directive: the rendered copies (one per element of the range) are not directives of their own.
    expect(placed(result).filter((finding) => finding.startsWith('kyverno-lint/'))).toEqual([]);
  });
});
