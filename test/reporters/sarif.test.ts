import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/report/types.js';
import { artifactLocation, KYVERNO_POLICIES_URI, sarif, SARIF_SCHEMA_URI, toSarif } from '../../src/reporters/sarif.js';
import { addRequests, emptyReport, floodReport, latestTag, liveness, missingLabel, PLAIN, report, sampleReport, yamlSyntax } from './reports.js';

/** The OASIS SARIF 2.1.0 schema (draft-07), as published in oasis-tcs/sarif-spec. */
const schema = JSON.parse(readFileSync(new URL('../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
const addFormats = addFormatsModule.default;
// Strict about keywords and formats; not about the schema's `required` lists in `anyOf` branches without `properties`.
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
const validate = ajv.compile(schema);

function expectValid(output: string): void {
  const valid = validate(JSON.parse(output));
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

describe('sarif reporter', () => {
  it('is valid SARIF with the property bag of grouped findings', () => {
    const output = sarif(floodReport(), PLAIN);
    expect(output).toContain('"groupSize": 3');
    expectValid(output);
  });

  it('the schema validator rejects what SARIF forbids', () => {
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'info' }] }] })).toBe(false);
    const located = (artifact: { uri: string }, region: { startLine: number }): unknown => ({
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: artifact, region } }] }] }],
    });
    expect(validate(located({ uri: 'a/b' }, { startLine: 1 }))).toBe(true);
    expect(validate(located({ uri: 'a b' }, { startLine: 1 }))).toBe(false);
    expect(validate(located({ uri: 'a/b' }, { startLine: 0 }))).toBe(false);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x', informationUri: 'not a uri' } } }] })).toBe(false);
  });

  it('writes a valid log with an empty results array when there are no findings', () => {
    const output = sarif(emptyReport(), PLAIN);
    expectValid(output);
    expect(output).toBe(
      `${JSON.stringify(
        {
          $schema: SARIF_SCHEMA_URI,
          version: '2.1.0',
          runs: [
            {
              tool: { driver: { name: 'kyverno-lint', version: '1.2.3', rules: [] } },
              originalUriBaseIds: { '%SRCROOT%': { uri: 'file:///work/repo/' } },
              results: [],
            },
          ],
        },
        null,
        2,
      )}\n`,
    );
  });

  it('writes a valid log for findings of every kind', async () => {
    const output = sarif(sampleReport(), PLAIN);
    expectValid(output);
    await expect(output).toMatchFileSnapshot('./__golden__/sarif.json');
  });

  it('describes one rule per rule id, with the most severe level it was reported with', () => {
    const stricter: Finding = { ...latestTag, severity: 'error', location: { ...latestTag.location, line: 40 } };
    const log = toSarif(report([latestTag, missingLabel, stricter, yamlSyntax]), PLAIN);
    const { rules } = log.runs[0].tool.driver;
    expect(rules.map((rule) => rule.id)).toEqual(['disallow-latest-tag/validate-image-tag', 'require-labels/check-for-labels', 'kyverno-lint/yaml-syntax']);
    expect(log.runs[0].results.map((result) => [result.ruleId, result.ruleIndex, result.level])).toEqual([
      ['disallow-latest-tag/validate-image-tag', 0, 'warning'],
      ['require-labels/check-for-labels', 1, 'error'],
      ['disallow-latest-tag/validate-image-tag', 0, 'error'],
      ['kyverno-lint/yaml-syntax', 2, 'error'],
    ]);
    expect(rules[0].defaultConfiguration.level).toBe('error');
    expect(rules[1]).toEqual({
      id: 'require-labels/check-for-labels',
      name: 'require-labels/check-for-labels',
      shortDescription: { text: 'Require Labels: check-for-labels' },
      fullDescription: { text: 'Define and use labels that identify semantic attributes of your application.' },
      helpUri: KYVERNO_POLICIES_URI,
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['Best Practices', 'EKS Best Practices'] },
    });
    expect(rules[2]).toEqual({
      id: 'kyverno-lint/yaml-syntax',
      name: 'kyverno-lint/yaml-syntax',
      shortDescription: { text: 'kyverno-lint/yaml-syntax' },
      defaultConfiguration: { level: 'error' },
    });
  });

  it('maps info to note and locates results by relative URI, region and resource', () => {
    const [result] = toSarif(report([addRequests]), PLAIN).runs[0].results;
    expect(result.level).toBe('note');
    expect(result.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'k8s/deploy.yaml', uriBaseId: '%SRCROOT%' },
          region: { startLine: 20, startColumn: 9, endLine: 20, endColumn: 22 },
        },
        logicalLocations: [{ name: 'web', fullyQualifiedName: 'apps/v1/Deployment/default/web', kind: 'resource' }],
      },
    ]);
  });

  it('turns source edits into line replacements that include the line breaks', () => {
    const [result] = toSarif(report([addRequests]), PLAIN).runs[0].results;
    expect(result.fixes).toEqual([
      {
        artifactChanges: [
          {
            artifactLocation: { uri: 'k8s/deploy.yaml', uriBaseId: '%SRCROOT%' },
            replacements: [
              {
                deletedRegion: { startLine: 21, startColumn: 1, endLine: 21, endColumn: 1 },
                insertedContent: { text: '          resources:\n            requests:\n              memory: 64Mi\n' },
              },
              { deletedRegion: { startLine: 30, startColumn: 1, endLine: 32, endColumn: 1 }, insertedContent: { text: '' } },
            ],
          },
        ],
      },
    ]);
    const twoFiles: Finding = { ...addRequests, fix: [...(addRequests.fix ?? []), { file: 'k8s/other.yaml', startLine: 2, endLine: 2, replacement: 'x: 1\n' }] };
    const output = sarif(report([twoFiles]), PLAIN);
    expectValid(output);
    expect(toSarif(report([twoFiles]), PLAIN).runs[0].results[0].fixes?.[0].artifactChanges.map((change) => change.artifactLocation.uri)).toEqual([
      'k8s/deploy.yaml',
      'k8s/other.yaml',
    ]);
  });

  it('encodes paths as URI references, and paths outside the working directory as file URIs', () => {
    expect(artifactLocation('apps/team a/pod.yaml')).toEqual({ uri: 'apps/team%20a/pod.yaml', uriBaseId: '%SRCROOT%' });
    expect(artifactLocation('<stdin>')).toEqual({ uri: '%3Cstdin%3E', uriBaseId: '%SRCROOT%' });
    expect(artifactLocation('a:b/c#d?.yaml')).toEqual({ uri: 'a%3Ab/c%23d%3F.yaml', uriBaseId: '%SRCROOT%' });
    expect(artifactLocation('/tmp/x y/p.yaml')).toEqual({ uri: 'file:///tmp/x%20y/p.yaml' });
    expect(artifactLocation('C:/work/p.yaml')).toEqual({ uri: 'file:///C:/work/p.yaml' });
    const odd = (file: string): Finding => ({ ...liveness, location: { ...liveness.location, file } });
    expectValid(sarif(report([odd('<stdin>'), odd('/tmp/x y/p.yaml'), odd('C:/work/p.yaml'), odd('a:b/c#d?.yaml'), odd('dir/ü.yaml')]), PLAIN));
  });

  it('leaves out the location of a finding of no file and the region of a finding of no position', () => {
    const noFile: Finding = { ...yamlSyntax, ruleId: 'kyverno-lint/no-policies', message: 'no policies found', location: { file: '', line: 0, column: 0, endLine: 0, endColumn: 0 } };
    const noPosition: Finding = { ...yamlSyntax, location: { file: 'policies/broken.yaml', line: 0, column: 0, endLine: 0, endColumn: 0 } };
    const output = sarif(report([noFile, noPosition]), PLAIN);
    expectValid(output);
    const [first, second] = toSarif(report([noFile, noPosition]), PLAIN).runs[0].results;
    expect(first.locations).toBeUndefined();
    expect(second.locations).toEqual([{ physicalLocation: { artifactLocation: { uri: 'policies/broken.yaml', uriBaseId: '%SRCROOT%' } } }]);
  });

  it('writes the message verbatim (the rule id when empty) and the information URI only when given', () => {
    const log = toSarif(report([latestTag, { ...yamlSyntax, message: '' }]), { ...PLAIN, informationUri: 'https://example.org/kyverno-lint' });
    expect(log.runs[0].results.map((result) => result.message.text)).toEqual([latestTag.message, 'kyverno-lint/yaml-syntax']);
    expect(log.runs[0].tool.driver.informationUri).toBe('https://example.org/kyverno-lint');
    expect(toSarif(emptyReport(), PLAIN).runs[0].tool.driver).not.toHaveProperty('informationUri');
    expectValid(`${JSON.stringify(log)}`);
  });
});
