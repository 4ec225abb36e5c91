/**
 * @file `{{ }}` variable substitution (Kyverno `pkg/engine/variables/vars.go` `substituteVariablesIfAny`):
 * innermost variables first with re-scans, a string that is exactly one variable takes the query result
 * with its type, other results are rendered with Go's JSON encoder, `\{{` escapes, shallow `{{- x }}`,
 * `{{@}}`, and the DELETE rewrite of `request.object` into `request.oldObject`.
 */
import type { JsonValue } from '../../../../types.js';
import { GoJsonError, goJsonStringify, setOwnProperty } from '../../../../util/go-json.js';
import { int64Json } from '../../../../util/go-int64.js';
import { ContextQueryError, type JsonContext, type PreparedQuery, QueryFailure, prepareQuery } from '../context/json-context.js';
import { referenceEvaluation } from '../evaluation-mode.js';
import { goTrimSpace } from '../../../../util/go-strings.js';
import { formatGoValue, goTypeName } from '../../../../lang/jmespath/index.js';
import { SubstitutionError, SubstitutionFailure } from './errors.js';
import { atVariablePath } from './json-pointer.js';
import { substituteReferences } from './references.js';
import { VARIABLES, VARIABLE_AT_START, dropPrefix, findAll } from './patterns.js';
import { type LeafAction, traverse } from './traverse.js';

interface SubstituteOptions {
  /**
   * `request.operation`, when the caller knows it; otherwise it is read from the context, as
   * Kyverno's `IsDeleteRequest` does. `DELETE` rewrites `request.object` to `request.oldObject`.
   */
  operation?: string;
}

/** Kyverno `replaceBracesAndTrimSpaces`. */
function variableText(v: string): string {
  return goTrimSpace(v.replaceAll('{{', '').replaceAll('}}', ''));
}

/** Replaces the first occurrence of `search` in `text` (Go `strings.Replace(text, search, with, 1)`). */
function replaceFirst(text: string, search: string, replacement: string): string {
  const at = text.indexOf(search);
  return at < 0 ? text : text.slice(0, at) + replacement + text.slice(at + search.length);
}

/** One `{{ }}` variable found in a text, with everything about it that does not depend on the context. */
interface ScannedVariable {
  /** The variable as Kyverno slices it from the match (`{{...}}`, or the match without its prefix). */
  readonly v: string;
  /** The prefix character kept in front of the variable when it is replaced (`''` at the start). */
  readonly prefix: string;
  /** The query: braces removed, trimmed, without the shallow marker. */
  readonly variable: string;
  /** `{{- x }}`. */
  readonly shallow: boolean;
  /** The query prepared (null for `{{@}}`, whose query depends on the path). */
  readonly query: PreparedQuery | null;
  /** The query of a DELETE request: `request.object` rewritten to `request.oldObject`. */
  readonly deleteQuery: PreparedQuery | null;
}

const NO_VARIABLES: readonly ScannedVariable[] = [];

/** Scans by text; policy texts repeat for every resource. Bounded, as the texts are user data. */
const scans = new Map<string, readonly ScannedVariable[]>();
const MAX_SCANS = 4096;

/** The variables `RegexVariables` finds in `text`, in order. */
function scanVariables(text: string): readonly ScannedVariable[] {
  if (!text.includes('{{')) return NO_VARIABLES;
  let scanned = scans.get(text);
  if (scanned === undefined) {
    const found: ScannedVariable[] = [];
    for (const match of findAll(VARIABLES, text)) {
      const initial = VARIABLE_AT_START.test(match.text);
      const v = initial ? match.text : dropPrefix(match, text);
      let variable = variableText(v);
      const shallow = variable.startsWith('-');
      if (shallow) variable = goTrimSpace(variable.slice(1));
      let query: PreparedQuery | null = null;
      let deleteQuery: PreparedQuery | null = null;
      if (variable !== '@') {
        query = prepareQuery(variable);
        deleteQuery = variable.includes('request.object') ? prepareQuery(variable.replaceAll('request.object', 'request.oldObject')) : query;
      }
      found.push({ v, prefix: initial ? '' : match.text[0]!, variable, shallow, query, deleteQuery });
    }
    scanned = found.length === 0 ? NO_VARIABLES : found;
    if (scans.size >= MAX_SCANS) scans.clear();
    scans.set(text, scanned);
  }
  return scanned;
}

/** Substitutes the variables of strings leaves and keys against one context. */
class VariableSubstituter implements LeafAction {
  private isDelete: boolean | undefined;

  constructor(
    private readonly context: JsonContext,
    private readonly operation: string | undefined,
  ) {}

  /** Maps and lists without `{{` in a string or key, and without Go integers, come out as they are. */
  unchanged(value: object): boolean {
    return (variableMarks(value as JsonValue) & (HAS_VARIABLES | HAS_INTEGERS)) === 0;
  }

  /** The traversal action: strings are substituted, Go integers become numbers (exact `bigint`s beyond 2^53). */
  leaf(value: unknown, path: string, _isKey?: boolean): unknown {
    if (typeof value === 'string') return this.substituteString(value, path);
    return typeof value === 'bigint' ? int64Json(value) : value;
  }

  private deleteRequest(): boolean {
    if (this.isDelete === undefined) {
      if (this.operation !== undefined) {
        this.isDelete = this.operation === 'DELETE';
      } else {
        try {
          this.isDelete = this.context.search('request.operation') === 'DELETE';
        } catch (err) {
          if (!(err instanceof ContextQueryError)) throw err;
          this.isDelete = false;
        }
      }
    }
    return this.isDelete;
  }

  /** `{{@}}`: the same field in the mutate target, or else in `request.object`. */
  private atPath(path: string): string {
    let prefix = 'target';
    try {
      this.context.search('target');
    } catch (err) {
      if (!(err instanceof ContextQueryError)) throw err;
      prefix = 'request.object';
    }
    return atVariablePath(path, prefix);
  }


  private substituteString(input: string, path: string): unknown {
    let matches = scanVariables(input);
    if (matches.length === 0) return input.includes('{{') ? input.replaceAll('\\{{', '{{') : input;
    let value = input;
    while (matches.length > 0) {
      const originalPattern = value;
      let lastShallow = false;
      for (const match of matches) {
        const { v, shallow } = match;
        let variable = match.variable;
        let result: unknown;
        if (variable !== '@' && !referenceEvaluation()) {
          // The compiled path: the query prepared when the text was scanned.
          const isDelete = this.deleteRequest();
          const query = isDelete ? match.deleteQuery! : match.query!;
          if (isDelete) variable = query.expression;
          result = this.context.trySearchPrepared(query);
        } else {
          if (variable === '@') variable = this.atPath(path);
          if (this.deleteRequest()) variable = variable.replaceAll('request.object', 'request.oldObject');
          result = this.context.trySearch(variable);
        }
        if (result instanceof QueryFailure) return new SubstitutionFailure(`failed to resolve ${variable} at path ${path}: ${result.message}`);
        // The query result as is (Kyverno `substituteVariablesIfAny`): an int64 beyond 2^53 stays exact.
        if (originalPattern === v) return typeof result === 'bigint' ? int64Json(result) : result;

        let text: string;
        if (typeof result === 'string') {
          text = result;
        } else {
          try {
            text = goJsonStringify(result);
          } catch (err) {
            if (!(err instanceof GoJsonError)) throw err;
            throw new SubstitutionError(
              `failed to resolve ${variable} at path ${path}: failed to marshal ${goTypeName(result)}: ${formatGoValue(result)}`,
            );
          }
        }
        if (shallow && result !== null) {
          if (typeof result !== 'string') {
            throw new SubstitutionError(
              `failed to resolve ${variable} at path ${path}: interface conversion: interface {} is ${goTypeName(result)}, not string`,
            );
          }
          text = text.replaceAll('{{', '\\{{');
        }
        value = replaceFirst(value, match.prefix + v, match.prefix + text);
        lastShallow = shallow;
      }
      if (lastShallow) break;
      matches = scanVariables(value);
    }
    return value.replaceAll('\\{{', '{{');
  }
}

/** The `{{ }}` pass alone over a document; an unresolved variable is returned as a `SubstitutionFailure`. */
function trySubstituteVariables(
  document: JsonValue,
  context: JsonContext,
  options: SubstituteOptions = {},
): JsonValue | SubstitutionFailure {
  const substituter = new VariableSubstituter(context, options.operation);
  return traverse(document, '', substituter) as JsonValue | SubstitutionFailure;
}

/**
 * Kyverno `SubstituteAll`: the `$( )` reference pass, then the `{{ }}` variable pass. The input is
 * never mutated; the result may share unchanged parts with it (or be it). Throws
 * `SubstitutionError` with Kyverno's message.
 */
export function substituteAll(document: JsonValue, context: JsonContext, options: SubstituteOptions = {}): JsonValue {
  return orThrow(trySubstituteAll(document, context, options));
}

/**
 * As `substituteAll`, but a variable that cannot be resolved is returned as a `SubstitutionFailure`
 * (with the message `substituteAll` would throw) instead of thrown; other errors are still thrown.
 */
export function trySubstituteAll(
  document: JsonValue,
  context: JsonContext,
  options: SubstituteOptions = {},
): JsonValue | SubstitutionFailure {
  if (!referenceEvaluation()) {
    if (typeof document === 'string') {
      if (!document.includes('{{')) {
        if (!document.includes('$(')) return document;
      } else if (!document.includes('$(')) {
        return traverse(document, '', new VariableSubstituter(context, options.operation)) as JsonValue | SubstitutionFailure;
      }
    } else if (typeof document === 'object' && document !== null) {
      const compiled = compiledRoot(document);
      if (compiled !== null) {
        if ((compiled.marks & (HAS_REFERENCES | HAS_VARIABLES)) === 0) return document;
        // With `$( )` references, the reference pass rewrites the document before the variables are seen.
        if ((compiled.marks & HAS_REFERENCES) === 0) {
          return compiled.plan!.run(new VariableSubstituter(context, options.operation)) as JsonValue | SubstitutionFailure;
        }
      }
    } else {
      return document;
    }
  }
  return interpretSubstituteAll(document, context, options);
}

/** The reference of `trySubstituteAll`: the document's text read on every call. */
function interpretSubstituteAll(document: JsonValue, context: JsonContext, options: SubstituteOptions): JsonValue | SubstitutionFailure {
  const marks = variableMarks(document);
  if ((marks & (HAS_REFERENCES | HAS_VARIABLES)) === 0) return document;
  if ((marks & HAS_REFERENCES) !== 0) {
    const referenced = substituteReferences(document);
    return textMarks(referenced) & HAS_VARIABLES ? trySubstituteVariables(referenced, context, options) : referenced;
  }
  return trySubstituteVariables(document, context, options);
}

/**
 * The substitution of one map or list of a policy document, compiled: the members that hold variables
 * or Go integers, each with its traversal path; the other members are kept as they are (shared).
 * Running it gives what `traverse` gives on the same document.
 */
interface SubstitutionPlan {
  run(substituter: VariableSubstituter): unknown;
}

/** A leaf with variables (or a Go integer): substituted as `traverse` does a leaf, result walked. */
class LeafPlan implements SubstitutionPlan {
  constructor(
    private readonly value: string | bigint,
    private readonly path: string,
  ) {}

  run(substituter: VariableSubstituter): unknown {
    return traverse(this.value, this.path, substituter);
  }
}

/** A member of a map: its key (substituted when it holds `{{`), and its value's plan or the value itself. */
interface MemberPlan {
  readonly key: string;
  readonly substituteKey: boolean;
  readonly value: unknown;
  readonly plan: SubstitutionPlan | null;
}

class MapPlan implements SubstitutionPlan {
  constructor(
    private readonly members: readonly MemberPlan[],
    private readonly path: string,
  ) {}

  /** As traverse.ts `walk` on a map. */
  run(substituter: VariableSubstituter): unknown {
    const out: Record<string, unknown> = {};
    for (const member of this.members) {
      let key = member.key;
      if (member.substituteKey) {
        const newKey = substituter.leaf(key, this.path);
        if (newKey instanceof SubstitutionFailure) return newKey;
        if (typeof newKey === 'object' && newKey !== null) {
          const walked = traverse(newKey, this.path, substituter);
          if (walked instanceof SubstitutionFailure) return walked;
          throw new SubstitutionError(`expected string after substituting variables in key "${key}"`);
        }
        if (newKey !== null && newKey !== undefined) {
          if (typeof newKey !== 'string') throw new SubstitutionError(`expected string after substituting variables in key "${key}"`);
          key = newKey;
        }
      }
      let item = member.value;
      if (member.plan !== null) {
        item = member.plan.run(substituter);
        if (item instanceof SubstitutionFailure) return item;
      }
      setOwnProperty(out, key, item);
    }
    return out;
  }
}

class ListPlan implements SubstitutionPlan {
  constructor(
    private readonly items: readonly unknown[],
    private readonly plans: readonly (SubstitutionPlan | null)[],
  ) {}

  /** As traverse.ts `walk` on a list. */
  run(substituter: VariableSubstituter): unknown {
    const items = this.items;
    const out = new Array<unknown>(items.length);
    for (let i = 0; i < items.length; i++) {
      const plan = this.plans[i]!;
      if (plan === null) {
        out[i] = items[i];
        continue;
      }
      const item = plan.run(substituter);
      if (item instanceof SubstitutionFailure) return item;
      out[i] = item;
    }
    return out;
  }
}

/**
 * A value of a document compiled for substitution at a path: its plan (null when substitution keeps it as
 * it is: no `{{` in a string or key, no Go integer) and its marks (`textMarks`).
 */
interface CompiledValue {
  readonly plan: SubstitutionPlan | null;
  readonly marks: number;
}

const KEPT: CompiledValue = { plan: null, marks: 0 };

/**
 * Compiled maps and lists, by identity then path: documents are policy text, never mutated, and a map
 * or list is compiled once for each path it is substituted at.
 */
const compiledObjects = new WeakMap<object, Map<string, CompiledValue>>();

/**
 * A document compiled at the root path, or null on its first substitution: a document made afresh for
 * one substitution (parts of a substituted rule wrapped for the patch step) costs less to interpret
 * than to compile; policy text, substituted for every resource, is compiled on its second substitution
 * (the interpreter's marks of the first one tell it was seen).
 */
function compiledRoot(document: object): CompiledValue | null {
  if (!compiledObjects.has(document) && !documentMarks.has(document)) return null;
  return compiledValue(document, '');
}

function compiledValue(value: unknown, path: string): CompiledValue {
  if (typeof value === 'string') {
    const marks = stringMarks(value);
    return marks === 0 ? KEPT : { plan: (marks & HAS_VARIABLES) !== 0 ? new LeafPlan(value, path) : null, marks };
  }
  if (typeof value === 'bigint') return { plan: new LeafPlan(value, path), marks: HAS_INTEGERS };
  if (typeof value !== 'object' || value === null) return KEPT;
  let byPath = compiledObjects.get(value);
  let compiled = byPath?.get(path);
  if (compiled === undefined) {
    compiled = compileObject(value, path);
    if (byPath === undefined) {
      byPath = new Map();
      compiledObjects.set(value, byPath);
    }
    byPath.set(path, compiled);
  }
  return compiled;
}

function compileObject(value: object, path: string): CompiledValue {
  let marks = 0;
  if (Array.isArray(value)) {
    const plans: (SubstitutionPlan | null)[] = [];
    let changes = false;
    for (let i = 0; i < value.length; i++) {
      const item = compiledValue(value[i], `${path}/${i}`);
      marks |= item.marks;
      if (item.plan !== null) changes = true;
      plans.push(item.plan);
    }
    return changes ? { plan: new ListPlan(value, plans), marks } : marks === 0 ? KEPT : { plan: null, marks };
  }
  const object = value as Record<string, unknown>;
  const members: MemberPlan[] = [];
  let changes = false;
  for (const key of Object.keys(object)) {
    const item = object[key];
    const compiled = compiledValue(item, `${path}/${key.replaceAll('/', '\\/')}`);
    const keyMarks = stringMarks(key);
    marks |= keyMarks | compiled.marks;
    const substituteKey = (keyMarks & HAS_VARIABLES) !== 0;
    if (compiled.plan !== null || substituteKey) changes = true;
    members.push({ key, substituteKey, value: item, plan: compiled.plan });
  }
  return changes ? { plan: new MapPlan(members, path), marks } : marks === 0 ? KEPT : { plan: null, marks };
}

function orThrow(result: JsonValue | SubstitutionFailure): JsonValue {
  if (result instanceof SubstitutionFailure) throw new SubstitutionError(result.message);
  return result;
}

/** Bits of {@link textMarks}: a string or key contains `$(`, or `{{`; a value is a Go integer (`bigint`). */
const HAS_REFERENCES = 1;
const HAS_VARIABLES = 2;
const HAS_INTEGERS = 4;
const ALL_MARKS = HAS_REFERENCES | HAS_VARIABLES | HAS_INTEGERS;

function stringMarks(text: string): number {
  return (text.includes('$(') ? HAS_REFERENCES : 0) | (text.includes('{{') ? HAS_VARIABLES : 0);
}

/** Which of `$(` and `{{` the strings and keys of `document` contain. */
function textMarks(document: JsonValue): number {
  if (typeof document === 'string') return stringMarks(document);
  if (typeof document === 'bigint') return HAS_INTEGERS;
  if (document === null || typeof document !== 'object') return 0;
  let marks = 0;
  if (Array.isArray(document)) {
    for (let i = 0; i < document.length && marks !== ALL_MARKS; i++) marks |= textMarks(document[i]!);
  } else {
    for (const key in document) {
      if (!Object.prototype.hasOwnProperty.call(document, key)) continue;
      marks |= stringMarks(key) | textMarks(document[key]!);
      if (marks === ALL_MARKS) break;
    }
  }
  return marks;
}

/**
 * The marks of policy documents, by identity: patterns and conditions are substituted once per
 * resource, and documents are never mutated.
 */
const documentMarks = new WeakMap<object, number>();

function variableMarks(document: JsonValue): number {
  if (document === null || typeof document !== 'object') return textMarks(document);
  let marks = documentMarks.get(document);
  if (marks === undefined) {
    marks = textMarks(document);
    documentMarks.set(document, marks);
  }
  return marks;
}

/**
 * Whether any string or key of `document` contains `{{` or `$(`, i.e. whether substitution can
 * change it; documents without either are returned unchanged by `substituteAll`.
 */
export function hasVariables(document: JsonValue): boolean {
  return (variableMarks(document) & (HAS_REFERENCES | HAS_VARIABLES)) !== 0;
}
