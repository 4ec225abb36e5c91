/**
 * @file Message construction (`Object{metadata: Object.metadata{labels: {"a": "b"}}}`, `JSONPatch{op: "add", …}`),
 * which @marcbachmann/cel-js cannot parse, for the types of Kubernetes' mutation library: `Object` and its nested
 * `Object.<field>…` types, whose instances accept any field (k8s.io/apiserver `pkg/cel/mutation/dynamic`,
 * `ObjectType`/`ObjectVal`), and `JSONPatch` with the fields `op`, `path`, `from`, `value`
 * (`pkg/cel/mutation/jsonpatch.go`).
 *
 * {@link findStructLiterals} finds each `Name{` of the expression before parsing (a qualified name followed by `{`
 * is a message construction in CEL's grammar, `CreateMessage`); the expression is parsed with the name replaced by
 * spaces (offsets are unchanged), so the literal parses as a map literal whose keys are identifiers, and
 * {@link attachStructLiterals} gives those map literals their own type check and evaluation. A struct value is a
 * plain object (a map to the rest of the language) that carries its type name in {@link structTypeName}; optional
 * fields (`?name: opt`) are omitted when empty, as cel-go's `EnableOptionalSyntax` does.
 */
import { type CelJsChecker, type CelJsNode, type CelJsType, overrideEvaluate, walk } from './ast.js';
import { celTokens } from './tokens.js';
import { setOwnProperty } from '../../util/go-json.js';
import { type Environment, Optional, type RegisterTypeDefinition } from '@marcbachmann/cel-js';

/** One message construction: its type name, where the name starts, and the offset of its `{`. */
export interface StructLiteralSite {
  readonly typeName: string;
  readonly nameStart: number;
  readonly brace: number;
}

/** The fields of `JSONPatch` (k8s.io/apiserver pkg/cel/mutation/jsonpatch.go `JSONPatchType`). */
const JSON_PATCH_FIELDS = new Set(['op', 'path', 'from', 'value']);

const STRUCT_TYPE = Symbol('cel.struct.type');

/** The type name of a value built by a message construction (`Object`, `Object.spec`, `JSONPatch`), or undefined. */
export function structTypeName(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? ((value as { [STRUCT_TYPE]?: string })[STRUCT_TYPE] ?? undefined) : undefined;
}

/** The runtime classes cel-js maps the declared types to (struct values themselves are plain objects). */
class ObjectValue {}
class JsonPatchValue {}

/**
 * Declares the types `Object` and `JSONPatch` (k8s.io/apiserver pkg/cel/mutation `DynamicTypeResolver`), so that
 * their values have those runtime types (field access: `JSONPatch{…}.op`). An `Object{…}` construction has type
 * `Object` (Kyverno demands exactly `Object` of an apply configuration); nested `Object.<field>` and `JSONPatch`
 * constructions are `dyn`.
 */
export function registerStructTypes(env: Environment): void {
  env.registerType('Object', { ctor: ObjectValue, fields: {} } as unknown as RegisterTypeDefinition);
  env.registerType('JSONPatch', { ctor: JsonPatchValue, fields: { op: 'string', path: 'string', from: 'string', value: 'dyn' } } as unknown as RegisterTypeDefinition);
  // cel-go: message values compare with null (checker `isLegacyNullable`).
  for (const name of ['Object', 'JSONPatch']) env.registerOperator(`${name} == null`, (a: unknown, b: unknown) => a === b);
}

const KEYWORDS = new Set(['in', 'true', 'false', 'null']);

/**
 * The message constructions of `source` (outside string literals and comments): a name `A(.B)*`, not itself a
 * member of an expression, followed by `{`.
 */
export function findStructLiterals(source: string): StructLiteralSite[] {
  const sites: StructLiteralSite[] = [];
  /** The identifier chain that ends at the current position: its start and text, or null. */
  let chain: { start: number; text: string; open: boolean } | null = null;
  /** Whether the previous token ends an expression (an operand or `)`/`]`/`}`), or is a `.` after one. */
  let prevEnd = false;
  for (const token of celTokens(source)) {
    if (token.kind === 'identifier') {
      const word = token.text;
      if (chain !== null && chain.open) chain = { start: chain.start, text: `${chain.text}.${word}`, open: false };
      else if (!prevEnd && !KEYWORDS.has(word)) chain = { start: token.start, text: word, open: false };
      else chain = null;
      prevEnd = word !== 'in';
      continue;
    }
    if (token.kind !== 'punctuation') {
      chain = null;
      prevEnd = true;
      continue;
    }
    const c = token.text;
    if (c === '.') {
      if (chain !== null && !chain.open) chain = { ...chain, open: true };
      else if (chain === null && !prevEnd) chain = { start: token.start, text: '', open: true };
      else chain = null;
      // A member access: the next identifier is a field, not the start of a name.
      prevEnd = chain === null;
      continue;
    }
    if (c === '{' && chain !== null && !chain.open && chain.text !== '') {
      sites.push({ typeName: chain.text.replace(/^\./, ''), nameStart: chain.start, brace: token.start });
    }
    chain = null;
    prevEnd = c === ')' || c === ']' || c === '}';
  }
  return sites;
}

/** The source with the type names of `sites` replaced by spaces (line breaks kept). */
export function blankStructNames(source: string, sites: readonly StructLiteralSite[]): string {
  let out = '';
  let last = 0;
  for (const site of sites) {
    out += source.slice(last, site.nameStart) + source.slice(site.nameStart, site.brace).replace(/[^\n]/g, ' ');
    last = site.brace;
  }
  return out + source.slice(last);
}

/** Which type names a construction may use: a name of the mutation library, or an error message. */
function checkTypeName(name: string): string | null {
  if (name === 'Object' || name.startsWith('Object.') || name === 'JSONPatch') return null;
  return `undeclared reference to '${name}'`;
}

/**
 * Gives the map literals at the `{` of `sites` the semantics of message constructions: field names are
 * identifiers, values are checked as `dyn` (the dynamic `Object` types accept any field), an optional entry (its
 * `?` at one of `optionalMarkers`) is omitted when empty. Returns a compile error for a construction that is not
 * one (a key that is not a field name, an unknown type, a `JSONPatch` field it does not have).
 */
export function attachStructLiterals(
  root: CelJsNode,
  sites: readonly StructLiteralSite[],
  optionalMarkers: readonly number[],
): { message: string; start: number; end: number } | null {
  const byBrace = new Map(sites.map((site) => [site.brace, site]));
  let error: { message: string; start: number; end: number } | null = null;
  const found = new Set<number>();
  walk(root, (node) => {
    if (node.op !== 'map' || error !== null) return;
    const site = byBrace.get(node.start);
    if (site === undefined) return;
    found.add(site.brace);
    const typeError = checkTypeName(site.typeName);
    if (typeError !== null) {
      error = { message: typeError, start: site.nameStart, end: site.brace };
      return;
    }
    const entries = node.args as [CelJsNode, CelJsNode][];
    const fields: { name: string; value: CelJsNode; optional: boolean }[] = [];
    let from = node.start;
    for (const [key, value] of entries) {
      if (key.op !== 'id') {
        error = { message: `Syntax error: mismatched input in message construction of '${site.typeName}', expected a field name`, start: key.start, end: key.end };
        return;
      }
      const name = key.args as string;
      if (site.typeName === 'JSONPatch' && !JSON_PATCH_FIELDS.has(name)) {
        error = { message: `undefined field '${name}'`, start: key.start, end: key.end };
        return;
      }
      const optional = optionalMarkers.some((at) => at >= from && at < key.start);
      fields.push({ name, value, optional });
      from = value.end;
    }
    const typeName = site.typeName;
    node.setMeta('check', (checker: CelJsChecker, _self: CelJsNode, ctx: unknown): CelJsType => {
      for (const field of fields) {
        const checked = checker.check(field.value, ctx);
        if (field.optional && checked.kind !== 'optional' && checked.kind !== 'dyn') {
          throw checker.createError('optional_expected', `optional entry must be an optional, got '${checker.formatType(checked)}'`, field.value);
        }
        const type = field.optional && checked.kind === 'optional' ? checked.valueType! : checked;
        // cel-go checker.go `checkCreateStruct`: JSONPatch's op, path and from are strings.
        if (typeName === 'JSONPatch' && field.name !== 'value' && type.kind !== 'dyn' && type.name !== 'string') {
          throw checker.createError('type_mismatch', `expected type of field '${field.name}' is 'string' but provided type is '${checker.formatType(type)}'`, field.value);
        }
      }
      // `JSONPatch` constructions are `dyn`: cel-js's message types do not accept null values, which cel-go's do
      // (`c ? JSONPatch{…} : null` in a list the policy then filters).
      return checker.getType(typeName === 'Object' ? 'Object' : 'dyn');
    });
    // Replaces the map evaluation (and any optional-entry evaluation attached before).
    overrideEvaluate(node, (ev, _self, ctx) => {
      const out = (typeName === 'Object' ? new ObjectValue() : typeName === 'JSONPatch' ? new JsonPatchValue() : {}) as Record<string, unknown>;
      for (const field of fields) {
        let value = ev.run(field.value, ctx);
        if (field.optional && value instanceof Optional) {
          if (!value.hasValue()) continue;
          value = value.value();
        }
        setOwnProperty(out, field.name, value);
      }
      Object.defineProperty(out, STRUCT_TYPE, { value: typeName, enumerable: false });
      return out;
    });
  });
  if (error !== null) return error;
  const missing = sites.find((site) => !found.has(site.brace));
  return missing === undefined ? null : { message: `Syntax error: unexpected message construction '${missing.typeName}'`, start: missing.nameStart, end: missing.brace + 1 };
}
