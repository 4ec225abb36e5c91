/**
 * The dependency rules of src/: which folders may import which, and no import circles. The imports of every
 * `.ts` file under src/ are read with the TypeScript compiler (`ts.preProcessFile`: static imports, `import type`,
 * re-exports and dynamic `import()`), relative specifiers are resolved to files of the repository, and each
 * rule of {@link RULES} is checked on the resulting graph. A violation names the rule, the importing file and
 * the imported file. Imports of npm packages and `node:` modules are not constrained here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A rule on the imports of the files under `from` (folders end with `/`), except those under `except`:
 * - `forbidden`: they import no file under these paths;
 * - `allowed`: the only repository files they import are under these paths;
 * - `circles`: the import graph of these files has no circle (strongly connected component of two or more
 *   files, or a file importing itself).
 */
type DependencyRule = { id: number; rule: string; from: readonly string[]; except?: readonly string[] } & (
  | { forbidden: readonly string[] }
  | { allowed: readonly string[] }
  | { circles: true }
);

/** The dependency rules of src/. */
const RULES: readonly DependencyRule[] = [
  { id: 1, rule: 'No module outside src/commands/ imports from src/commands/ (the CLI is a leaf).', from: ['src/'], except: ['src/commands/'], forbidden: ['src/commands/'] },
  {
    id: 2,
    rule: 'src/action/ imports only src/index.ts (the public API) and src/action/* (plus package.json, node: modules, npm packages).',
    from: ['src/action/'],
    allowed: ['src/index.ts', 'src/action/', 'package.json'],
  },
  { id: 3, rule: 'No import circle anywhere in src/.', from: ['src/'], circles: true },
  {
    id: 4,
    rule: 'src/lang/ (expression languages) imports nothing from the policy families, the evaluation, the scan, the CLI, the Action, the report or the reporters.',
    from: ['src/lang/'],
    forbidden: ['src/families/', 'src/evaluate/', 'src/lint/', 'src/commands/', 'src/action/', 'src/report/', 'src/reporters/'],
  },
  {
    id: 5,
    rule: 'src/families/ imports nothing from the scan, the CLI, the Action or the reporters.',
    from: ['src/families/'],
    forbidden: ['src/lint/', 'src/commands/', 'src/action/', 'src/reporters/'],
  },
  {
    id: 6,
    rule: 'src/evaluate/ imports nothing from the scan, the CLI, the Action or the reporters.',
    from: ['src/evaluate/'],
    forbidden: ['src/lint/', 'src/commands/', 'src/action/', 'src/reporters/'],
  },
  { id: 7, rule: 'Nothing in src/ imports from test/, tools/, bench/ or scripts/.', from: ['src/'], forbidden: ['test/', 'tools/', 'bench/', 'scripts/'] },
  {
    id: 8,
    rule: 'src/evaluate/ sees the policy families only through the registry (src/evaluate/family.ts): the processor and the evaluation model are family-independent.',
    from: ['src/evaluate/'],
    except: ['src/evaluate/family.ts'],
    forbidden: ['src/families/'],
  },
  {
    id: 9,
    rule: 'The findings, the report model and the reporters know no policy family: a new family needs no change there.',
    from: ['src/lint/findings.ts', 'src/report/', 'src/reporters/'],
    forbidden: ['src/families/'],
  },
  {
    id: 10,
    rule: 'The low layers (src/util/, src/source/, src/cluster/) import nothing above them: no policy family, language, evaluation, scan, configuration, report, CLI or Action.',
    from: ['src/util/', 'src/source/', 'src/cluster/'],
    forbidden: ['src/families/', 'src/lang/', 'src/evaluate/', 'src/lint/', 'src/config/', 'src/report/', 'src/reporters/', 'src/commands/', 'src/action/', 'src/discovery/', 'src/build/'],
  },
  {
    id: 11,
    rule: 'src/build/ (Kustomize builds) imports nothing from the evaluation, the scan, the configuration, the report, the reporters, the CLI or the Action.',
    from: ['src/build/'],
    forbidden: ['src/evaluate/', 'src/lint/', 'src/config/', 'src/report/', 'src/reporters/', 'src/commands/', 'src/action/'],
  },
  {
    id: 12,
    rule: 'The families, the languages and the evaluation know nothing of builds: only the scan imports src/build/.',
    from: ['src/families/', 'src/lang/', 'src/evaluate/'],
    forbidden: ['src/build/'],
  },
  {
    id: 13,
    rule: 'src/migrate/ (kyverno.io policies to CEL policies) imports nothing from the CLI, the Action or the reporters: the migration and its proof are a library the CLI presents.',
    from: ['src/migrate/'],
    forbidden: ['src/commands/', 'src/action/', 'src/reporters/'],
  },
];

/** One import of a file: its specifier and, for a relative specifier, the repository file it resolves to. */
interface Import {
  specifier: string;
  /** Repository-relative path with `/` separators; null for npm packages and `node:` modules. */
  target: string | null;
  /** A relative specifier that names no file. */
  unresolved?: true;
}

/** Repository-relative file → its imports. */
type ImportGraph = Map<string, Import[]>;

/** The file a relative specifier of `from` names: `.js` stands for the `.ts` source, a folder for its index. */
function resolveSpecifier(from: string, specifier: string, isFile: (file: string) => boolean): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), base, `${base}.ts`, `${base}/index.ts`];
  return candidates.find((candidate) => isFile(candidate)) ?? null;
}

/** The import graph of `files` (repository-relative path → source text); `isFile` tells which paths exist. */
function importGraph(files: ReadonlyMap<string, string>, isFile: (file: string) => boolean): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, text] of files) {
    const imports: Import[] = [];
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!specifier.startsWith('.')) {
        imports.push({ specifier, target: null });
        continue;
      }
      const target = resolveSpecifier(file, specifier, isFile);
      imports.push(target === null ? { specifier, target: null, unresolved: true } : { specifier, target });
    }
    graph.set(file, imports);
  }
  return graph;
}

function under(file: string, paths: readonly string[]): boolean {
  return paths.some((prefix) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix));
}

/** The strongly connected components of `graph` that are circles (Tarjan's algorithm), each sorted, in file order. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** The violations of `rule` in `graph`, one message each. */
function violations(rule: DependencyRule, graph: ImportGraph): string[] {
  const name = `rule ${rule.id} (${rule.rule})`;
  const checked = [...graph.keys()].filter((file) => under(file, rule.from) && !under(file, rule.except ?? [])).sort();
  if ('circles' in rule) {
    const edges = new Map(checked.map((file) => [file, [...new Set(graph.get(file)!.flatMap((item) => (item.target === null ? [] : [item.target])))]]));
    return circles(edges).map((component) => {
      const members = new Set(component);
      const inside = component.flatMap((file) => edges.get(file)!.filter((target) => members.has(target)).map((target) => `${file} imports ${target}`));
      return `${name}: circle of ${component.length} files: ${component.join(', ')} — ${inside.join('; ')}`;
    });
  }
  const messages: string[] = [];
  for (const file of checked) {
    for (const { target } of graph.get(file)!) {
      if (target === null) continue;
      const bad = 'forbidden' in rule ? under(target, rule.forbidden) : !under(target, rule.allowed);
      if (bad) messages.push(`${name}: ${file} imports ${target}`);
    }
  }
  return [...new Set(messages)];
}

const root = path.resolve(import.meta.dirname, '../..');

/** The import graph of every `.ts` file under src/. */
function sourceGraph(): ImportGraph {
  const files = new Map<string, string>();
  for (const entry of readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    const file = `src/${entry.split(path.sep).join('/')}`;
    if (file.endsWith('.ts')) files.set(file, readFileSync(path.join(root, file), 'utf8'));
  }
  return importGraph(files, (file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile());
}

describe('the dependency checker', () => {
  /** A small file set breaking every rule once, and the messages expected for it. */
  const fake = new Map<string, string>([
    ['src/index.ts', "export { lint } from './lint/lint.js';\nexport type { Finding } from './report/types.js';\n"],
    ['src/lint/lint.ts', "import { load } from '../commands/load/files.js';\nimport { jp } from '../lang/jmespath/index.js';\nexport const lint = () => load(jp);\n"],
    ['src/commands/load/files.ts', "export const load = (x: unknown) => x;\nimport('../../lint/lint.js');\n"],
    ['src/report/types.ts', "import type { Rule } from '../families/kyverno/rule.js';\nexport type Finding = Rule;\n"],
    ['src/families/kyverno/rule.ts', "import type { Finding } from '../../report/types.js';\nimport type { Options } from '../../lint/options.js';\nexport type Rule = Finding | Options;\n"],
    ['src/lint/options.ts', 'export type Options = {};\n'],
    ['src/lang/jmespath/index.ts', "import { x } from './self.js';\nexport * from '../../evaluate/types.js';\nexport const jp = x;\n"],
    ['src/lang/jmespath/self.ts', "import { x as y } from './self.js';\nexport const x = y;\n"],
    ['src/evaluate/types.ts', "import { stylish } from '../reporters/index.js';\nexport const t = stylish;\n"],
    ['src/reporters/index.ts', "import { fixture } from '../../test/fixtures.js';\nexport const stylish = fixture;\n"],
    ['src/action/main.ts', "import { lint } from '../index.js';\nimport { t } from '../evaluate/types.js';\nimport pkg from '../../package.json' with { type: 'json' };\nimport * as core from '@actions/core';\nimport path from 'node:path';\nimport { gone } from './gone.js';\n"],
  ]);
  const existing = new Set([...fake.keys(), 'package.json', 'test/fixtures.ts']);
  const graph = importGraph(fake, (file) => existing.has(file));
  const rule = (id: number): DependencyRule => RULES.find((item) => item.id === id)!;
  /** The messages of rule `id` without their `rule N (text): ` prefix. */
  const messages = (id: number): string[] => {
    const prefix = `rule ${id} (${rule(id).rule}): `;
    return violations(rule(id), graph).map((message) => (message.startsWith(prefix) ? message.slice(prefix.length) : message));
  };

  it('reads static, type-only, dynamic and re-export specifiers, and resolves them to files', () => {
    expect(graph.get('src/action/main.ts')).toEqual([
      { specifier: '../index.js', target: 'src/index.ts' },
      { specifier: '../evaluate/types.js', target: 'src/evaluate/types.ts' },
      { specifier: '../../package.json', target: 'package.json' },
      { specifier: '@actions/core', target: null },
      { specifier: 'node:path', target: null },
      { specifier: './gone.js', target: null, unresolved: true },
    ]);
    expect(graph.get('src/commands/load/files.ts')!.map((item) => item.target)).toEqual(['src/lint/lint.ts']);
    expect(graph.get('src/lang/jmespath/index.ts')!.map((item) => item.target)).toEqual(['src/lang/jmespath/self.ts', 'src/evaluate/types.ts']);
  });

  it('reports each rule with the importing and the imported file', () => {
    expect(messages(1)).toEqual(['src/lint/lint.ts imports src/commands/load/files.ts']);
    expect(messages(2)).toEqual(['src/action/main.ts imports src/evaluate/types.ts']);
    expect(messages(4)).toEqual(['src/lang/jmespath/index.ts imports src/evaluate/types.ts']);
    expect(messages(5)).toEqual(['src/families/kyverno/rule.ts imports src/lint/options.ts']);
    expect(messages(6)).toEqual(['src/evaluate/types.ts imports src/reporters/index.ts']);
    expect(messages(7)).toEqual(['src/reporters/index.ts imports test/fixtures.ts']);
    expect(violations(rule(1), graph)[0]).toBe(
      'rule 1 (No module outside src/commands/ imports from src/commands/ (the CLI is a leaf).): src/lint/lint.ts imports src/commands/load/files.ts',
    );
  });

  it('reports every circle with its files, a file importing itself included', () => {
    expect(messages(3)).toEqual([
      'circle of 2 files: src/commands/load/files.ts, src/lint/lint.ts — src/commands/load/files.ts imports src/lint/lint.ts; src/lint/lint.ts imports src/commands/load/files.ts',
      'circle of 2 files: src/families/kyverno/rule.ts, src/report/types.ts — src/families/kyverno/rule.ts imports src/report/types.ts; src/report/types.ts imports src/families/kyverno/rule.ts',
      'circle of 1 files: src/lang/jmespath/self.ts — src/lang/jmespath/self.ts imports src/lang/jmespath/self.ts',
    ]);
  });
});

describe('dependency rules of src/', () => {
  const graph = sourceGraph();

  it('reads the imports of every source file', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/action/main.ts')!.map((item) => item.target)).toContain('src/index.ts');
  });

  it('every relative import names a file', () => {
    const unresolved = [...graph].flatMap(([file, imports]) => imports.filter((item) => item.unresolved).map((item) => `${file} imports ${item.specifier}: no such file`));
    expect(unresolved).toEqual([]);
  });

  it.each(RULES.map((rule) => [rule.id, rule] as const))('rule %i', (_id, rule) => {
    expect(violations(rule, graph)).toEqual([]);
  });
});
