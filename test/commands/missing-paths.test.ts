/**
 * A path given on the command line that does not exist is a usage error in every command: exit 2, the path
 * as typed (with its flag) and the command's help hint, nothing on stdout and nothing evaluated.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const POLICIES = 'test/fixtures/cli/apply/policies';
const RESOURCES = 'test/fixtures/cli/apply/resources';
const OBJECT = 'test/fixtures/cli/jp/object.yaml';

describe('missing input paths', () => {
  it.each([
    { help: 'scan', argv: ['nope'], errors: ['nope'] },
    { help: 'scan', argv: ['scan', POLICIES, 'nope/'], errors: ['nope/'] },
    { help: 'scan', argv: ['--files', 'nope.yaml'], errors: ['nope.yaml'] },
    { help: 'scan', argv: [POLICIES, '--config', 'nope.yaml'], errors: ['nope.yaml (--config)'] },
    { help: 'scan', argv: [POLICIES, '-p', 'nope'], errors: ['nope (--policy)'] },
    { help: 'scan', argv: [POLICIES, '--values-file', 'v.yaml'], errors: ['v.yaml (--values-file)'] },
    { help: 'scan', argv: [POLICIES, '--userinfo', 'u.yaml'], errors: ['u.yaml (--userinfo)'] },
    { help: 'apply', argv: ['apply', 'nope.yaml', '-r', 'x.yaml'], errors: ['nope.yaml', 'x.yaml (--resource)'] },
    { help: 'apply', argv: ['apply', POLICIES, '-r', `${RESOURCES},x.yaml`], errors: ['x.yaml (--resource)'] },
    { help: 'apply', argv: ['apply', POLICIES, '-r', RESOURCES, '-f', 'v.yaml'], errors: ['v.yaml (--values-file)'] },
    { help: 'apply', argv: ['apply', POLICIES, '-r', RESOURCES, '-u', 'u.yaml'], errors: ['u.yaml (--userinfo)'] },
    { help: 'apply', argv: ['apply', POLICIES, '-r', RESOURCES, '-e', 'e.yaml'], errors: ['e.yaml (--exception)'] },
    { help: 'apply', argv: ['apply', POLICIES, '-r', RESOURCES, '--cluster-resources', 'c/'], errors: ['c/ (--cluster-resources)'] },
    { help: 'apply', argv: ['apply', POLICIES, '-r', RESOURCES, '--target-resource', 't.yaml'], errors: ['t.yaml (--target-resource)'] },
    { help: 'apply', argv: ['apply', `${POLICIES}/nope.yaml/x`, '-r', RESOURCES], errors: [`${POLICIES}/nope.yaml/x`] },
    { help: 'test', argv: ['test', 'nope'], errors: ['nope'] },
    { help: 'test', argv: ['test', 'test/fixtures/cli/test-pass', 'nope'], errors: ['nope'] },
    { help: 'jp query', argv: ['jp', 'query', '-i', 'nope.json', 'a'], errors: ['nope.json (--input)'] },
    { help: 'jp query', argv: ['jp', 'query', '-i', OBJECT, '-q', 'q.jp'], errors: ['q.jp (--query)'] },
    { help: 'jp parse', argv: ['jp', 'parse', '-f', 'p.jp'], errors: ['p.jp (--file)'] },
  ])('$argv', async ({ help, argv, errors }) => {
    const { code, stdout, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    const lines = errors.map((error) => `Error: no such file or directory: ${error}\n`).join('');
    expect(stderr).toBe(`${lines}Run 'kyverno-lint ${help} --help' for usage.\n`);
  });

  it('leaves standard input and URLs to the loaders', async () => {
    const { code, stderr } = await runCli(['apply', '-', '-r', RESOURCES], { stdin: '' });
    expect(code).toBe(0);
    expect(stderr).not.toContain('no such file');
    const remote = await runCli(['apply', 'https://example.com/policy.yaml', '-r', RESOURCES]);
    expect(remote.code).toBe(1);
    expect(remote.stderr).toContain('https://example.com/policy.yaml:1:1: remote (http/https) sources are not read');
  });
});
