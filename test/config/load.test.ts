import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findConfigFile, globBase, loadConfig, OUTPUT_FORMATS, parseConfig } from '../../src/config/load.js';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { REPORTER_NAMES } from '../../src/reporters/index.js';

let root = '';

function write(relative: string, content: string): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

/** Parses `text` as /repo/.kyverno-lint.yaml and returns the problems as `line:column message`. */
function problemsOf(text: string): string[] {
  return parseConfig('/repo/.kyverno-lint.yaml', text).problems.map((found) => `${found.line}:${found.column} ${found.message}`);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-config-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('findConfigFile', () => {
  it('finds the file in the working directory', () => {
    const file = write('.kyverno-lint.yaml', '');
    expect(findConfigFile(root)).toBe(file);
  });

  it('searches the ancestors, the nearest file winning', () => {
    write('.kyverno-lint.yaml', '');
    const nearer = write('a/.kyverno-lint.yml', '');
    mkdirSync(path.join(root, 'a', 'b', 'c'), { recursive: true });
    expect(findConfigFile(path.join(root, 'a', 'b', 'c'))).toBe(nearer);
    expect(findConfigFile(path.join(root, 'a'))).toBe(nearer);
  });

  it('prefers .kyverno-lint.yaml over .kyverno-lint.yml in the same folder', () => {
    const yaml = write('.kyverno-lint.yaml', '');
    write('.kyverno-lint.yml', '');
    expect(findConfigFile(root)).toBe(yaml);
  });

  it('ignores a folder with the config file name', () => {
    mkdirSync(path.join(root, 'x', '.kyverno-lint.yaml'), { recursive: true });
    const file = write('.kyverno-lint.yml', '');
    expect(findConfigFile(path.join(root, 'x'))).toBe(file);
  });

  it('returns null when no folder up to the filesystem root holds one', () => {
    // Neither the temporary folder nor its ancestors hold a configuration file.
    mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
    expect(findConfigFile(path.join(root, 'a', 'b'))).toBeNull();
  });
});

describe('loadConfig: keys', () => {
  it('reads every key, resolving paths against the config file folder', () => {
    const file = write(
      'repo/.kyverno-lint.yaml',
      `# kyverno-lint configuration
policies: ["policies/**/*.yaml"]
manifests:
  - deploy/**
  - ./apps/
exclude: ["**/templates/**"]
values: test/values.yaml
userinfo: /abs/userinfo.yaml
operation: UPDATE
severity:
  audit: info
  enforce: warning
  policies:
    require-labels: error
    ns/team-policy: off
  rules:
    disallow-latest/validate-image-tag: off
    ns/team-policy/check: info
ignore:
  - "restrict-*/*"
  - kyverno-lint/unsupported-policy-kind
format: sarif
maxWarnings: 10
maxFileSize: 16MiB
allowEmpty: true
kustomize:
  roots: [overlays/*]
`,
    );
    const { config, problems } = loadConfig(file);
    expect(problems).toEqual([]);
    expect(config).toEqual({
      file,
      policies: ['policies/**/*.yaml'],
      manifests: ['deploy/**', './apps/'],
      exclude: ['**/templates/**'],
      values: path.join(root, 'repo', 'test', 'values.yaml'),
      userinfo: '/abs/userinfo.yaml',
      operation: 'UPDATE',
      severity: {
        audit: 'info',
        enforce: 'warning',
        policies: { 'require-labels': 'error', 'ns/team-policy': 'off' },
        rules: { 'disallow-latest/validate-image-tag': 'off', 'ns/team-policy/check': 'info' },
      },
      ignore: ['restrict-*/*', 'kyverno-lint/unsupported-policy-kind'],
      format: 'sarif',
      maxWarnings: 10,
      maxFileSize: 16 * 1024 * 1024,
      allowEmpty: true,
      kustomize: { build: true, roots: ['overlays/*'] },
      // Where the policy names and rule ids are written, for the checks against the loaded policies.
      positions: {
        severityPolicies: { 'require-labels': { line: 14, column: 5 }, 'ns/team-policy': { line: 15, column: 5 } },
        severityRules: { 'disallow-latest/validate-image-tag': { line: 17, column: 5 }, 'ns/team-policy/check': { line: 18, column: 5 } },
        ignore: [
          { line: 20, column: 5 },
          { line: 21, column: 5 },
        ],
      },
    });
    expect(globBase(config, '/elsewhere')).toBe(path.join(root, 'repo'));
  });

  it('gives the defaults for an empty file or a file of comments', () => {
    for (const text of ['', '# nothing\n', '---\n', 'null\n']) {
      const { config, problems } = parseConfig('/repo/.kyverno-lint.yaml', text);
      expect(problems).toEqual([]);
      expect(config).toEqual({ ...DEFAULT_CONFIG, file: '/repo/.kyverno-lint.yaml' });
    }
  });

  it('keeps the defaults of unset severity keys and does not share them between loads', () => {
    const first = parseConfig('/repo/.kyverno-lint.yaml', 'severity:\n  audit: error\n  policies: {p: info}\n').config;
    expect(first.severity).toEqual({ audit: 'error', enforce: 'error', policies: { p: 'info' }, rules: {} });
    const second = parseConfig('/repo/.kyverno-lint.yaml', '').config;
    expect(second.severity).toEqual(DEFAULT_CONFIG.severity);
    expect(DEFAULT_CONFIG.severity.policies).toEqual({});
  });

  it('reads `off` as a string (YAML 1.2), not as false', () => {
    expect(parseConfig('/repo/.kyverno-lint.yaml', 'severity:\n  audit: off\n').config.severity.audit).toBe('off');
  });

  it('reads a file with a byte order mark and .yml files', () => {
    const file = write('.kyverno-lint.yml', '\ufeffformat: json\n');
    expect(loadConfig(file)).toEqual({ config: { ...DEFAULT_CONFIG, file, format: 'json' }, problems: [] });
  });

  it('accepts exactly the reporters as formats', () => {
    expect([...OUTPUT_FORMATS]).toEqual([...REPORTER_NAMES]);
  });

  it('globBase is the working directory without a config file', () => {
    expect(globBase({}, '/work/repo')).toBe('/work/repo');
  });
});

describe('loadConfig: problems', () => {
  it('reports unknown keys at their line and column, with a suggestion', () => {
    expect(problemsOf('format: json\npolices: [a]\nfoo: 1\n')).toEqual([
      '2:1 unknown key "polices" (did you mean "policies"?)',
      '3:1 unknown key "foo" (known keys: policies, manifests, exclude, values, userinfo, userInfo, imageData, operation, apiDefaults, kubernetesVersion, severity, ignore, format, maxWarnings, maxFileSize, allowEmpty, kustomize)',
    ]);
    expect(problemsOf('severity:\n  enforced: error\n')).toEqual(['2:3 unknown key "enforced" in severity (did you mean "enforce"?)']);
    expect(problemsOf('kustomize:\n  root: [a]\n  build: yes-please\n')).toEqual([
      '2:3 unknown key "root" in kustomize (did you mean "roots"?)',
      '3:10 kustomize.build must be true or false, got "yes-please"',
    ]);
  });

  it('reports values of the wrong type at the value', () => {
    expect(
      problemsOf(
        [
          'policies: policies/**',
          'manifests: [deploy/**, 3, {a: b}]',
          'values: [a]',
          'operation: 1',
          'format: true',
          'maxWarnings: "5"',
          'ignore: {a: b}',
          'severity: error',
        ].join('\n'),
      ),
    ).toEqual([
      '1:11 policies must be a list of strings, got "policies/**"',
      '2:24 manifests[1] must be a string, got number 3',
      '2:27 manifests[2] must be a string, got a mapping',
      '3:9 values must be a string, got a list',
      '4:12 operation must be a string, got number 1',
      '5:9 format must be a string, got boolean true',
      '6:14 maxWarnings must be an integer of 0 or more, got "5"',
      '7:9 ignore must be a list of strings, got a mapping',
      '8:11 severity must be a mapping, got "error"',
    ]);
  });

  it('reports invalid values', () => {
    expect(
      problemsOf(
        [
          'operation: create',
          'format: xml',
          'maxWarnings: -1',
          'values: ""',
          'exclude: [../outside/**, /abs/**, ok/**]',
          'severity:',
          '  audit: warn',
          '  policies:',
          '    p: fatal',
          '  rules:',
          '    just-a-policy: error',
        ].join('\n'),
      ),
    ).toEqual([
      '1:12 operation must be one of CREATE, UPDATE, DELETE, CONNECT, got "create"',
      '2:9 format must be one of stylish, json, sarif, github, junit, got "xml"',
      '3:14 maxWarnings must be an integer of 0 or more, got number -1',
      '4:9 values must not be empty',
      `5:11 exclude: "../outside/**" is outside the config file's folder (globs are relative to it)`,
      `5:26 exclude: "/abs/**" is outside the config file's folder (globs are relative to it)`,
      '7:10 severity.audit must be one of error, warning, info, off, got "warn"',
      '9:8 severity.policies["p"] must be one of error, warning, info, off, got "fatal"',
      '11:5 severity.rules: "just-a-policy" is not a rule id (expected "policy/rule" or "namespace/policy/rule")',
    ]);
  });

  it('reports keys without a value at the key', () => {
    expect(problemsOf('values:\nseverity:\n  policies:\n    p:\nignore: [a/b, null]\n')).toEqual([
      '1:1 values has no value',
      '4:5 severity.policies["p"] has no value',
      '5:15 ignore[1] has no value',
    ]);
  });

  it('keeps the valid settings of a file with problems', () => {
    const { config, problems } = parseConfig('/repo/.kyverno-lint.yaml', 'format: json\nunknown: 1\n');
    expect(problems).toHaveLength(1);
    expect(config.format).toBe('json');
  });

  it('reports YAML syntax errors, duplicate keys and several documents', () => {
    expect(problemsOf('format: [json\n')[0]).toMatch(/^\d+:\d+ YAML syntax error: /);
    expect(problemsOf('format: json\nformat: sarif\n')).toEqual(['2:1 YAML syntax error: Map keys must be unique']);
    expect(problemsOf('format: json\n---\nformat: sarif\n')).toEqual(['2:1 the configuration file must hold a single YAML document']);
  });

  it('reports a top level that is not a mapping', () => {
    expect(problemsOf('- policies\n')).toEqual(['1:1 the configuration must be a mapping, got a list']);
  });

  it('reports an unreadable file at 1:1 with its name', () => {
    const file = path.join(root, 'missing.yaml');
    expect(loadConfig(file).problems).toEqual([{ file, line: 1, column: 1, message: 'cannot read the configuration file: no such file' }]);
  });
});

describe('loadConfig: API defaults', () => {
  it.each([
    { text: 'apiDefaults: false', expected: { apiDefaults: false } },
    { text: 'kubernetesVersion: 1.30', expected: { kubernetesVersion: '1.30' } },
    { text: 'kubernetesVersion: "v1.31.2"', expected: { kubernetesVersion: '1.31' } },
  ])('reads $text', ({ text, expected }) => {
    const { config, problems } = parseConfig('/repo/.kyverno-lint.yaml', `${text}\n`);
    expect(problems).toEqual([]);
    expect(config).toMatchObject(expected);
  });

  it.each([
    { text: 'apiDefaults: no', problem: '1:14 apiDefaults must be true or false, got "no"' },
    { text: 'kubernetesVersion: 1.12', problem: '1:20 kubernetesVersion: unsupported Kubernetes version "1.12": the API defaults of Kubernetes 1.29 to 1.35 are implemented' },
    { text: 'kubernetesVersion: latest', problem: expect.stringMatching(/^1:20 kubernetesVersion: .*"latest"/) },
  ])('reports $text', ({ text, problem }) => {
    expect(problemsOf(`${text}\n`)).toEqual([problem]);
  });
});
