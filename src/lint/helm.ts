/**
 * @file Rendered Helm output read from standard input (`helm template … | kyverno-lint -`): Helm starts every
 * document with a `# Source: <chart>/templates/<file>` comment (helm pkg/action/action.go `renderResources`),
 * `<parent>/charts/<sub>/templates/<file>` for a subchart's. Findings in a rendered document are reported in the
 * repository's template file, at the template line that holds the key the finding blames:
 *
 * - `<chart>` is the chart's name (its `Chart.yaml` `name:`), not its folder: the folder is the one given with
 *   `--helm-chart` whose `Chart.yaml` names it, else the `Chart.yaml` naming it below the working directory
 *   (`.gitignore`d and `node_modules` folders left out); a subchart is the parent's `charts/<sub>/` folder (or the
 *   folder there of the dependency `<sub>` is an alias of, or whose `Chart.yaml` names it), else a chart named `<sub>`;
 * - the template line is found by following the finding's key path through the template's indentation
 *   (source/template-lines.ts), in the template document the rendered document comes from.
 *
 * Documents whose chart or template file is not found stay on `<stdin>`, at their rendered lines, and the scan
 * says so in a warning: a finding never names a file that does not exist.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { byCodeUnits, findFiles } from '../discovery/find-files.js';
import type { Location } from '../report/types.js';
import { DEFAULT_MAX_FILE_SIZE, isTooLarge, readFileBounded, stripByteOrderMark, tooLargeMessage } from '../source/index.js';
import { lineStarts } from '../source/lines.js';
import type { Segment } from '../source/path-segments.js';
import { locateInTemplate, parseTemplate, selectTemplateDocument, templateDocumentStart, type ParsedTemplate, type TemplateDocument } from '../source/template-lines.js';
import type { JsonValue } from '../types.js';
import { isObject } from '../util/json-value.js';

/** A template file of a chart, read. */
export interface HelmTemplate {
  /** Absolute path. */
  path: string;
  /** How findings name it: relative to the working directory, `/` separated. */
  display: string;
  text: string;
  parsed: ParsedTemplate;
}

/** A `# Source:` comment: the template, the line of the comment in the rendered text, and where it was found. */
export interface HelmSource {
  line: number;
  template: string;
  /** The template document the manifest after the comment was rendered from, once found ({@link resolveHelmSources}). */
  target?: { template: HelmTemplate; document: TemplateDocument };
}

/** Rendered input: its `# Source:` comments and its documents (first content line and value). */
export interface RenderedInput {
  helm?: HelmSource[];
  documents: readonly { line: number; value: JsonValue }[];
}

/** Linear: the template is trimmed after the match (a lazy `(.+?)\s*$` is quadratic on long runs of spaces). */
const SOURCE_COMMENT = /^# Source: (.+)$/;

/** Every `# Source:` comment of a rendered text, in order. */
export function helmSources(text: string): HelmSource[] {
  const sources: HelmSource[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = SOURCE_COMMENT.exec(lines[i]!.replace(/\r$/, ''));
    const template = match?.[1]!.trimEnd();
    if (template) sources.push({ line: i + 1, template });
  }
  return sources;
}

/** The index of the last of `items` (in line order) whose line is at most `line`, or -1. */
function lastAtOrBefore(items: readonly { line: number }[], line: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (items[mid]!.line <= line) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/** The `# Source:` comment a rendered `line` follows (the last one above it), if any. */
export function sourceOfLine(sources: readonly HelmSource[], line: number): HelmSource | null {
  return sources[lastAtOrBefore(sources, line - 1)] ?? null;
}

/**
 * The charts and the file of a `# Source:` path: `shop/charts/cache/templates/db.yaml` is the file
 * `templates/db.yaml` of chart `cache`, a subchart of `shop` (Helm's template names are the chart's full path,
 * helm pkg/chart `ChartFullPath`, and the file's path in the chart). Null for a path that names no file of a
 * chart's `templates/` or `crds/` folder.
 */
export function parseSourcePath(source: string): { charts: string[]; file: string } | null {
  const parts = source.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  const charts = [parts[0]!];
  let at = 1;
  while (parts[at] === 'charts' && at + 2 < parts.length) {
    charts.push(parts[at + 1]!);
    at += 2;
  }
  const file = parts.slice(at);
  if (file.length < 2 || (file[0] !== 'templates' && file[0] !== 'crds')) return null;
  return { charts, file: file.join('/') };
}

/** A chart folder and what its `Chart.yaml` says. */
export interface ChartFolder {
  dir: string;
  name: string;
  dependencies: { name: string; alias?: string }[];
}

/** The name and dependencies a `Chart.yaml` text declares; null when it names no chart. */
export function chartMetadata(text: string): { name: string; dependencies: ChartFolder['dependencies'] } | null {
  let value: unknown;
  try {
    value = parse(stripByteOrderMark(text));
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.name !== 'string' || value.name === '') return null;
  const dependencies: ChartFolder['dependencies'] = [];
  for (const dependency of Array.isArray(value.dependencies) ? value.dependencies : []) {
    if (!isObject(dependency) || typeof dependency.name !== 'string') continue;
    dependencies.push(typeof dependency.alias === 'string' && dependency.alias !== '' ? { name: dependency.name, alias: dependency.alias } : { name: dependency.name });
  }
  return { name: value.name, dependencies };
}

const CHART_FILE = 'Chart.yaml';
/** `Chart.yaml` files are small: a larger one is not read. */
const MAX_CHART_FILE = 1024 * 1024;

/** The chart in `dir`, or null when it has no readable `Chart.yaml` naming one. */
function readChart(dir: string): ChartFolder | null {
  try {
    const read = readFileBounded(path.join(dir, CHART_FILE), MAX_CHART_FILE);
    if (isTooLarge(read)) return null;
    const metadata = chartMetadata(read.toString('utf8'));
    return metadata === null ? null : { dir, ...metadata };
  } catch {
    return null;
  }
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** The folder of subchart `name` inside `parent`: `charts/<name>/`, the dependency it aliases, or a folder whose `Chart.yaml` names it. */
function subchartFolder(parent: ChartFolder, name: string): ChartFolder | null {
  const charts = path.join(parent.dir, 'charts');
  const direct = path.join(charts, name);
  if (isDirectory(direct)) return readChart(direct) ?? { dir: direct, name, dependencies: [] };
  // helm pkg/chartutil/dependencies.go `getAliasDependency`: an aliased subchart renders under its alias.
  const aliased = parent.dependencies.find((dependency) => dependency.alias === name)?.name;
  if (aliased !== undefined && isDirectory(path.join(charts, aliased))) return readChart(path.join(charts, aliased)) ?? { dir: path.join(charts, aliased), name, dependencies: [] };
  let entries: string[];
  try {
    entries = readdirSync(charts).sort(byCodeUnits);
  } catch {
    return null;
  }
  for (const entry of entries) {
    const chart = readChart(path.join(charts, entry));
    if (chart !== null && (chart.name === name || chart.name === aliased)) return chart;
  }
  return null;
}

type Resolution = { folder: ChartFolder } | { missing: string; parent?: ChartFolder };

/** The folder of the last chart of `charts` (a chart and its subcharts), with the charts `known` by name. */
function resolveCharts(charts: readonly string[], known: readonly ChartFolder[]): Resolution {
  let folder = known.find((chart) => chart.name === charts[0]);
  if (folder === undefined) return { missing: charts[0]! };
  for (const name of charts.slice(1)) {
    const next: ChartFolder | undefined = subchartFolder(folder, name) ?? known.find((chart) => chart.name === name);
    if (next === undefined) return { missing: name, parent: folder };
    folder = next;
  }
  return { folder };
}

/** The charts below `cwd` (not in `.gitignore`d or `node_modules` folders), the shallowest first. */
async function discoverCharts(cwd: string): Promise<ChartFolder[]> {
  const found = await findFiles({ cwd, paths: [cwd], include: [`**/${CHART_FILE}`], exclude: [], gitignore: true });
  const dirs = found.files.filter((file) => path.basename(file) === CHART_FILE).map((file) => path.dirname(file));
  const depth = (dir: string): number => dir.split(path.sep).length;
  dirs.sort((a, b) => depth(a) - depth(b) || byCodeUnits(a, b));
  return dirs.map(readChart).filter((chart) => chart !== null);
}

export interface HelmResolveOptions {
  /** Absolute working directory: charts are looked for below it, and files are named relative to it. */
  cwd: string;
  /** Chart folders given by the user (absolute), looked at before the ones found below `cwd`. */
  charts: readonly string[];
  maxFileSize?: number;
  /** How findings name a file. */
  display: (file: string) => string;
}

/** The kind of a rendered document, and how many documents of the same template, and of that kind, came before it. */
function renderedOrder(input: RenderedInput): Map<HelmSource, { kind: string | null; kindIndex: number; index: number }> {
  const sources = input.helm ?? [];
  const order = new Map<HelmSource, { kind: string | null; kindIndex: number; index: number }>();
  const seen = new Map<string, number>();
  for (const [at, source] of sources.entries()) {
    const next = sources[at + 1]?.line ?? Number.POSITIVE_INFINITY;
    const document = input.documents[lastAtOrBefore(input.documents, source.line) + 1];
    if (document === undefined || document.line >= next) continue;
    const kind = isObject(document.value) && typeof document.value.kind === 'string' ? document.value.kind : null;
    const index = seen.get(source.template) ?? 0;
    const kindKey = `${source.template}\u0000${kind ?? ''}`;
    const kindIndex = seen.get(kindKey) ?? 0;
    seen.set(source.template, index + 1);
    seen.set(kindKey, kindIndex + 1);
    order.set(source, { kind, kindIndex, index });
  }
  return order;
}

/**
 * Finds the template file and document of every `# Source:` comment of `input` (setting `target`), reading the
 * charts given and, for the charts they do not name, the ones below the working directory. Returns the warnings
 * (a chart or template not found: its documents stay on `<stdin>`; a given chart that names no chart of the
 * input) and errors (a given folder that is not a chart).
 */
export async function resolveHelmSources(input: RenderedInput, options: HelmResolveOptions): Promise<{ warnings: string[]; errors: string[] }> {
  const warnings: string[] = [];
  const errors: string[] = [];
  const given: ChartFolder[] = [];
  for (const dir of options.charts) {
    const chart = readChart(dir);
    if (chart === null) errors.push(`--helm-chart ${options.display(dir)}: no ${CHART_FILE} naming a chart in that folder`);
    else given.push(chart);
  }
  const sources = input.helm ?? [];
  if (sources.length === 0) {
    if (options.charts.length > 0) warnings.push('--helm-chart is ignored: standard input holds no rendered Helm output (# Source: comments)');
    return { warnings, errors };
  }
  let known = given;
  let discovered = false;
  const used = new Set<string>();
  const resolutions = new Map<string, Resolution | null>();
  for (const source of sources) {
    if (resolutions.has(source.template)) continue;
    const parsed = parseSourcePath(source.template);
    if (parsed === null) {
      resolutions.set(source.template, null);
      continue;
    }
    let resolution = resolveCharts(parsed.charts, known);
    if ('missing' in resolution && !discovered) {
      discovered = true;
      known = [...given, ...(await discoverCharts(options.cwd))];
      resolution = resolveCharts(parsed.charts, known);
    }
    resolutions.set(source.template, resolution);
    if ('folder' in resolution) for (const chart of parsed.charts) used.add(chart);
  }

  const order = renderedOrder(input);
  const templates = new Map<string, HelmTemplate | null>();
  const reported = new Set<string>();
  for (const source of sources) {
    const resolution = resolutions.get(source.template);
    if (resolution === null || resolution === undefined) continue;
    if ('missing' in resolution) {
      if (reported.has(resolution.missing)) continue;
      reported.add(resolution.missing);
      const of = resolution.parent === undefined ? '' : ` (a subchart of ${resolution.parent.name}, ${options.display(resolution.parent.dir)})`;
      warnings.push(
        `Helm chart "${resolution.missing}"${of} of the rendered input (# Source: ${source.template}) was not found: no ${CHART_FILE} below the working directory names it, so its findings are reported on <stdin> at the rendered lines; pass --helm-chart <dir> with the chart's folder`,
      );
      continue;
    }
    const file = path.join(resolution.folder.dir, parseSourcePath(source.template)!.file);
    let template = templates.get(file);
    if (template === undefined) {
      template = readTemplate(file, source.template, options, warnings);
      templates.set(file, template);
    }
    const rendered = order.get(source);
    if (template === null || rendered === undefined) continue;
    const document = selectTemplateDocument(template.parsed, rendered);
    if (document !== null) source.target = { template, document };
  }
  for (const chart of given) {
    if (!used.has(chart.name)) warnings.push(`--helm-chart ${options.display(chart.dir)}: chart "${chart.name}" rendered no document of standard input`);
  }
  return { warnings, errors };
}

/** A template file, or null (with a warning) when it cannot be read. */
function readTemplate(file: string, source: string, options: HelmResolveOptions, warnings: string[]): HelmTemplate | null {
  const display = options.display(file);
  const unread = (why: string): null => {
    warnings.push(`${display} (# Source: ${source}) ${why}, so its findings are reported on <stdin> at the rendered lines`);
    return null;
  };
  let read;
  try {
    read = readFileBounded(file, options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return unread(code === 'ENOENT' ? 'does not exist' : `cannot be read: ${(error as Error).message}`);
  }
  if (isTooLarge(read)) return unread(`is not read: ${tooLargeMessage(display, read)}`);
  const text = stripByteOrderMark(read.toString('utf8'));
  return { path: file, display, text, parsed: parseTemplate(text) };
}

/** The length of each line of a template, by template. */
const lineLengths = new WeakMap<HelmTemplate, number[]>();

function lineLength(template: HelmTemplate, line: number): number {
  let lengths = lineLengths.get(template);
  if (lengths === undefined) {
    const starts = lineStarts(template.text);
    lengths = starts.map((start, at) => {
      let end = at + 1 < starts.length ? starts[at + 1]! - 1 : template.text.length;
      if (end > start && template.text[end - 1] === '\r') end--;
      return end - start;
    });
    lineLengths.set(template, lengths);
  }
  return lengths[line - 1] ?? 0;
}

/**
 * Where a finding at rendered `line` is in its template: the line holding the key `path` names (segments of the
 * rendered document; empty or undefined for the whole document: the template document's first content line), to
 * the end of that line. Null when the line follows no `# Source:` comment whose template was found.
 */
export function templateLocation(input: RenderedInput, line: number, path: readonly Segment[] | undefined): Location | null {
  if (input.helm === undefined) return null;
  const target = sourceOfLine(input.helm, line)?.target;
  if (target === undefined) return null;
  const rendered = input.documents[lastAtOrBefore(input.documents, line)]?.value;
  const at = path === undefined || path.length === 0 ? templateDocumentStart(target.document) : locateInTemplate(target.document, path, rendered);
  const endColumn = Math.max(lineLength(target.template, at.line) + 1, at.column);
  return { file: target.template.display, line: at.line, column: at.column, endLine: at.line, endColumn };
}
