/**
 * @file `parse_yaml`'s decoding: `sigs.k8s.io/yaml` `YAMLToJSON` (go-yaml v2, YAML 1.1 scalars,
 * first document only, non-finite numbers rejected by the JSON encoder), built with the project's
 * go-yaml-compatible document builder. Parse errors are reported with go-yaml's wording for the
 * common cases (`yaml: mapping values are not allowed in this context`,
 * `yaml: line 1: did not find expected ',' or ']'`); other parse errors keep js-yaml's reason in
 * go-yaml's `yaml: line <n>: <problem>` form.
 */
import { CHOMPING_MODE, EVENT_ID, type Event, SCALAR_STYLE, YAMLException, parseEvents } from 'js-yaml';
import { DocumentError, MAX_DEPTH, buildDocument } from '../../../source/construct.js';
import { toFloat64Numbers } from '../../../util/json-value.js';

/** go-yaml's message for a scanner error on 0-based line `line`: no line number on the first line. */
function scannerError(line: number, problem: string): string {
  return line !== 0 ? `yaml: line ${line + 1}: ${problem}` : `yaml: ${problem}`;
}

/** 0-based line of the stream end token (go-yaml starts a new line after a non-empty last line). */
function streamEndLine(source: string): number {
  const newlines = source.split('\n').length - 1;
  return source === '' || source.endsWith('\n') ? newlines : newlines + 1;
}

/** The innermost flow collection still open at the end of `source` (`[` or `{`), ignoring quoted text. */
function openFlowCollection(source: string): string | undefined {
  const stack: string[] = [];
  let quote = '';
  for (const c of source) {
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '[' || c === '{') {
      stack.push(c);
    } else if (c === ']' || c === '}') {
      stack.pop();
    }
  }
  return stack[stack.length - 1];
}

function goYamlMessage(source: string, error: YAMLException): string {
  const reason = error.reason;
  const line = error.mark?.line ?? 0;
  const at = error.mark === undefined ? undefined : source[error.mark.position];
  const lineText = source.split('\n')[line] ?? '';
  if (reason === 'unexpected end of the stream within a flow collection') {
    const last = source.trimEnd().slice(-1);
    const problem =
      last === '[' || last === '{' || last === ','
        ? 'did not find expected node content'
        : `did not find expected ',' or '${openFlowCollection(source) === '{' ? '}' : ']'}'`;
    return `yaml: line ${streamEndLine(source)}: ${problem}`;
  }
  if (reason.startsWith('unexpected end of the stream within a')) {
    return scannerError(source.split('\n').length - 1, 'found unexpected end of stream');
  }
  if (reason === 'bad indentation of a mapping entry' && at === ':') {
    return scannerError(line, 'mapping values are not allowed in this context');
  }
  if (at === '@' || at === '`' || reason === 'tab characters must not be used in indentation' || /^ *\t/.test(lineText)) {
    return scannerError(line, 'found character that cannot start any token');
  }
  return `yaml: line ${line + 1}: ${reason}`;
}

/**
 * A block scalar (`|`, `>`) running to the end of a text without a final line break has no
 * trailing line break in go-yaml (there is none to keep); js-yaml adds one. Such a scalar is read
 * with strip chomping, which gives go-yaml's value.
 */
function chompFinalBlockScalar(source: string, events: Event[]): void {
  if (source.endsWith('\n')) return;
  for (const event of events) {
    if (
      event.type === EVENT_ID.SCALAR &&
      (event.style === SCALAR_STYLE.LITERAL_BLOCK || event.style === SCALAR_STYLE.FOLDED_BLOCK) &&
      event.valueEnd === source.length
    ) {
      event.chomping = CHOMPING_MODE.STRIP;
    }
  }
}

/** The JSON value of the first YAML document of `source` (null when there is none). */
export function parseYamlDocument(source: string): unknown {
  try {
    // js-yaml counts scalars as a nesting level too (as the source loader does).
    const events = parseEvents(source, { maxDepth: MAX_DEPTH + 2 });
    chompFinalBlockScalar(source, events);
    // `json.Unmarshal` of the converted JSON: numbers are float64 (integers beyond 2^53 rounded).
    return toFloat64Numbers(buildDocument(source, events).value);
  } catch (err) {
    if (err instanceof DocumentError) throw new Error(err.message);
    if (err instanceof YAMLException) throw new Error(goYamlMessage(source, err));
    throw err;
  }
}
