import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const DIR = 'test/fixtures/cli/jp';
const OBJECT = `${DIR}/object.yaml`;

describe('kyverno-lint jp query', () => {
  it('prints each expression and its result as JSON indented like json.MarshalIndent', async () => {
    const { code, stdout, stderr } = await runCli(['jp', 'query', '-i', OBJECT, 'request.object.metadata', 'request.object.spec.volumes']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '# request.object.metadata',
        '{',
        '  "labels": {',
        '    "app": "nginx",',
        '    "tier": "\\u003cfrontend\\u003e"',
        '  },',
        '  "name": "nginx-with-a-long-name"',
        '}',
        '# request.object.spec.volumes',
        '[]',
        '',
      ].join('\n'),
    );
  });

  it('reads YAML as go-yaml v2 does (yes is a boolean)', async () => {
    const { stdout } = await runCli(['jp', 'query', '--input', OBJECT, 'request.object.spec.enableServiceLinks']);
    expect(stdout).toBe('# request.object.spec.enableServiceLinks\ntrue\n');
  });

  it('reads JSON input and writes numbers as Go encoding/json does', async () => {
    const { code, stdout } = await runCli(['jp', 'query', '-i', `${DIR}/object.json`, 'spec']);
    expect(code).toBe(0);
    expect(stdout).toBe('# spec\n{\n  "big": 1e+21,\n  "ratio": 0.25,\n  "replicas": 3\n}\n');
  });

  it('evaluates Kyverno custom functions', async () => {
    const { code, stdout } = await runCli([
      'jp',
      'query',
      '-i',
      OBJECT,
      'request.object.metadata.name | truncate(@, `9`)',
      "items(request.object.metadata.labels, 'key', 'value')[0]",
      "compare('a', 'b')",
    ]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '# request.object.metadata.name | truncate(@, `9`)',
        '"nginx-wit"',
        "# items(request.object.metadata.labels, 'key', 'value')[0]",
        '{',
        '  "key": "app",',
        '  "value": "nginx"',
        '}',
        "# compare('a', 'b')",
        '-1',
        '',
      ].join('\n'),
    );
  });

  it('prints compact JSON with -c and raw strings with -u', async () => {
    const { stdout } = await runCli(['jp', 'query', '-c', '-u', '-i', OBJECT, 'request.object.metadata.labels', 'request.object.metadata.name']);
    expect(stdout).toBe(
      '# request.object.metadata.labels\n{"app":"nginx","tier":"\\u003cfrontend\\u003e"}\n# request.object.metadata.name\nnginx-with-a-long-name\n',
    );
    const quoted = await runCli(['jp', 'query', '--compact', '-i', OBJECT, 'request.object.metadata.name']);
    expect(quoted.stdout).toBe('# request.object.metadata.name\n"nginx-with-a-long-name"\n');
  });

  it('evaluates the argument expressions first, then those of -q files (text kept as is)', async () => {
    const { code, stdout } = await runCli(['jp', 'query', '-i', OBJECT, '-q', `${DIR}/names.jp,${DIR}/upper.jp`, 'request.operation']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '# request.operation',
        '"CREATE"',
        '# request.object.spec.containers[].name',
        '',
        '[',
        '  "nginx",',
        '  "sidecar"',
        ']',
        '# request.object.metadata.name | to_upper(@)',
        '"NGINX-WITH-A-LONG-NAME"',
        '',
      ].join('\n'),
    );
  });

  it('reads the input object from standard input', async () => {
    const { code, stdout } = await runCli(['jp', 'query', 'a.b', 'length(a.c)'], { stdin: 'a:\n  b: x\n  c: [1, 2, 3]\n' });
    expect(code).toBe(0);
    expect(stdout).toBe('# a.b\n"x"\n# length(a.c)\n3\n');
  });

  it('reads the expression from standard input when only the input is given', async () => {
    const { code, stdout } = await runCli(['jp', 'query', '-i', OBJECT], { stdin: 'request.object.kind\n' });
    expect(code).toBe(0);
    expect(stdout).toBe('# request.object.kind\n\n"Pod"\n');
  });

  it("shows Kyverno's prompts on stderr when standard input is a terminal", async () => {
    const { stdout, stderr } = await runCli(['jp', 'query', 'a'], { stdin: 'a: 1', stdinTty: true });
    expect(stdout).toBe('# a\n1\n');
    expect(stderr).toBe('Reading from terminal input.\nEnter input object and hit Ctrl+D.\n');
  });

  it('reads the input from standard input when the input file holds no object', async () => {
    const { stdout } = await runCli(['jp', 'query', '-i', `${DIR}/empty.yaml`, 'a'], { stdin: '{"a": 1}' });
    expect(stdout).toBe('# a\n1\n');
  });

  it('reports compile errors as Kyverno does, after the results of the previous expressions (exit 1)', async () => {
    const { code, stdout, stderr } = await runCli(['jp', 'query', '-i', OBJECT, 'request.operation', 'request.[']);
    expect(code).toBe(1);
    expect(stdout).toBe('# request.operation\n"CREATE"\n');
    expect(stderr).toBe('Error: failed to compile JMESPath: request.[, error: SyntaxError: Incomplete expression\n');
  });

  it('reports evaluation errors: missing keys and function errors (exit 1)', async () => {
    const missing = await runCli(['jp', 'query', '-i', OBJECT, 'request.missing']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe('Error: error evaluating JMESPath expression: Unknown key "missing" in path\n');
    const badArg = await runCli(['jp', 'query', '-i', OBJECT, 'to_upper(`1`)']);
    expect(badArg.code).toBe(1);
    expect(badArg.stderr).toBe(
      'Error: error evaluating JMESPath expression: Invalid type for: 1, expected: []jmespath.JpType{"string"}\n',
    );
  });

  it('requires an expression or an input object (usage error, exit 2)', async () => {
    const { code, stdout, stderr } = await runCli(['jp', 'query']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("Error: at least one query or input object is required\nRun 'kyverno-lint jp query --help' for usage.\n");
  });

  it('reports unreadable files with Go texts and malformed input with its position (exit 1), a missing file as a usage error', async () => {
    const missing = await runCli(['jp', 'query', '-i', `${DIR}/./nope.yaml`, 'a']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`Error: no such file or directory: ${DIR}/./nope.yaml (--input)\nRun 'kyverno-lint jp query --help' for usage.\n`);
    const directory = await runCli(['jp', 'query', '-i', OBJECT, '-q', DIR]);
    expect(directory.stderr).toBe(`Error: failed to read file ${DIR}: read ${DIR}: is a directory\n`);
    const broken = await runCli(['jp', 'query', '-i', `${DIR}/broken.yaml`, 'a']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(new RegExp(`^Error: error parsing input json: ${DIR}/broken\\.yaml:2:1: .+\\n$`));
  });

  it('rejects unknown flags (exit 2)', async () => {
    const { code, stderr } = await runCli(['jp', 'query', '--xxx']);
    expect(code).toBe(2);
    expect(stderr).toBe("Error: unknown flag: --xxx\nRun 'kyverno-lint jp query --help' for usage.\n");
  });
});

describe('kyverno-lint jp function', () => {
  it("lists Kyverno's 51 custom functions sorted by their FunctionEntry text", async () => {
    const { code, stdout } = await runCli(['jp', 'function']);
    expect(code).toBe(0);
    const names = [...stdout.matchAll(/^Name: (.+)$/gm)].map((match) => match[1]);
    expect(names).toHaveLength(51);
    expect(names.slice(0, 4)).toEqual(['add', 'base64_decode', 'base64_encode', 'compare']);
    expect(names).not.toContain('length');
    expect(stdout.startsWith(
      'Name: add\n  Signature: add(any, any) any\n  Note:      does arithmetic addition of two specified values of numbers, quantities, and durations\n\n',
    )).toBe(true);
  });

  it('describes the named functions in the listing order, built-ins included', async () => {
    const { code, stdout, stderr } = await runCli(['jp', 'function', 'truncate', 'length', 'time_now']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        'Name: length',
        '  Signature: length(string|array|object) number',
        '',
        'Name: time_now',
        '  Signature: time_now() string',
        '  Note:      returns current time in RFC 3339 format',
        '',
        'Name: truncate',
        '  Signature: truncate(string, number) string',
        '  Note:      length argument must be enclosed in backticks; ex. "{{request.object.metadata.name | truncate(@, `9`)}}"',
        '',
        '',
      ].join('\n'),
    );
  });

  it("adds go-jmespath's built-ins with --builtins (Kyverno's sum replaces the built-in)", async () => {
    const { stdout } = await runCli(['jp', 'function', '--builtins']);
    const names = [...stdout.matchAll(/^Name: (.+)$/gm)].map((match) => match[1]);
    expect(names).toHaveLength(51 + 25);
    expect(names.filter((name) => name === 'sum')).toHaveLength(1);
    expect(stdout).toContain('Name: merge\n  Signature: merge(object...) object\n\n');
  });

  it('reports unknown names (exit 1)', async () => {
    const { code, stdout, stderr } = await runCli(['jp', 'function', 'to_upper', 'nope']);
    expect(code).toBe(1);
    expect(stdout).toContain('Name: to_upper\n');
    expect(stderr).toBe('Error: unknown function: nope\n');
  });
});

describe('kyverno-lint jp parse', () => {
  it("prints go-jmespath's AST dump of each expression", async () => {
    const { code, stdout } = await runCli(['jp', 'parse', 'a.b | length(@)', 'x[?y >= `1`]']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '# a.b | length(@)',
        'ASTPipe {',
        '  children: {',
        '    ASTSubexpression {',
        '      children: {',
        '        ASTField {',
        '          value: "a"',
        '        }',
        '        ASTField {',
        '          value: "b"',
        '        }',
        '    }',
        '    ASTFunctionExpression {',
        '      value: "length"',
        '      children: {',
        '        ASTCurrentNode {',
        '        }',
        '    }',
        '}',
        '',
        '# x[?y >= `1`]',
        'ASTFilterProjection {',
        '  children: {',
        '    ASTField {',
        '      value: "x"',
        '    }',
        '    ASTIdentity {',
        '    }',
        '    ASTComparator {',
        '      value: tGTE',
        '      children: {',
        '        ASTField {',
        '          value: "y"',
        '        }',
        '        ASTLiteral {',
        '          value: 1',
        '        }',
        '    }',
        '}',
        '',
        '',
      ].join('\n'),
    );
  });

  it('prints values as Go %#v: literals, hash keys, slices', async () => {
    const { stdout } = await runCli(['jp', 'parse', '{k: `{"b":[1,"s",null],"a":true}`, "q": \'x\'}', 'a[1:]', '`null`']);
    expect(stdout).toContain(
      '    ASTKeyValPair {\n      value: "k"\n      children: {\n        ASTLiteral {\n          value: map[string]interface {}{"a":true, "b":[]interface {}{1, "s", interface {}(nil)}}\n        }\n    }\n',
    );
    expect(stdout).toContain('    ASTKeyValPair {\n      value: "q"\n      children: {\n        ASTLiteral {\n          value: "x"\n        }\n');
    expect(stdout).toContain('ASTSlice {\n          value: []*int{1, (*int)(nil), (*int)(nil)}\n');
    expect(stdout).toContain('# `null`\nASTLiteral {\n}\n\n');
  });

  it('reads expressions from -f files and from standard input', async () => {
    const fromFile = await runCli(['jp', 'parse', '-f', `${DIR}/label.jp`]);
    expect(fromFile.stdout.startsWith('# request.object.metadata.labels.app\nASTSubexpression {\n')).toBe(true);
    const fromStdin = await runCli(['jp', 'parse'], { stdin: '@' });
    expect(fromStdin.stdout).toBe('# @\nASTCurrentNode {\n}\n\n');
  });

  it('reports syntax errors (exit 1)', async () => {
    const { code, stdout, stderr } = await runCli(['jp', 'parse', 'a', 'foo$']);
    expect(code).toBe(1);
    expect(stdout).toBe('# a\nASTField {\n  value: "a"\n}\n\n');
    expect(stderr).toBe("Error: SyntaxError: Unknown char: '$'\n");
  });
});

describe('kyverno-lint jp', () => {
  it('prints its help and each subcommand help', async () => {
    const help = await runCli(['jp', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('kyverno-lint jp <command> [flags]');
    for (const sub of ['query', 'function', 'parse']) {
      const result = await runCli(['jp', sub, '-h']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`kyverno-lint jp ${sub} [`);
    }
  });

  it('needs a known subcommand (exit 2)', async () => {
    const none = await runCli(['jp']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage:\n  kyverno-lint jp <command>');
    const unknown = await runCli(['jp', 'eval']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('Error: unknown command "eval" for "kyverno-lint jp"\nRun \'kyverno-lint jp --help\' for usage.\n');
  });

  it('is listed in the main help', async () => {
    const { stdout } = await runCli(['--help']);
    expect(stdout).toContain('kyverno-lint jp <query|function|parse> [flags]');
  });
});
