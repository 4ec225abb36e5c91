/**
 * @file The common CEL expressions of policies evaluated without cel-js's interpreter: the checked AST of a program
 * is turned, once, into closures that do what cel-js's evaluation of each node does (cel-js `lib/operators.js`,
 * `lib/registry.js`, `lib/macros.js`, `lib/overloads.js`, `lib/functions.js`) together with the patches of the CEL
 * layer they reproduce (ast.ts `PatchKind`: the comprehension, output and membership costs, Kyverno's `orValue`).
 *
 * Errors: the closures raise ({@link Raised}) only the errors they reproduce exactly — cel-js's `No such key` of a
 * selection (its message and the range of the selection), the error of a variable, the error of `GetMetadata` — and
 * absorb them where cel-js does (`&&`, `||`, the steps of `all` and `exists`). Any other error, value, type or outcome
 * they are not sure to treat as cel-js does (a type mismatch, an overload cel-js chooses by the first element of a
 * list, an exhausted budget) makes them give up with {@link BAIL}, and the program is evaluated by cel-js, whose
 * result is the answer (environment.ts `makeProgram`). CEL has no side effects, so starting again costs only time;
 * the closures call no library function that could draw random values or read outside data. A node they do not
 * know (a function, a macro or a patch beyond those below) gives up when an evaluation reaches it.
 *
 * Handled: literals; variables of type `dyn` and iteration variables; `variables.<name>`; the scalar fields of
 * `request` and `namespaceObject` (`request.operation`, `namespaceObject.metadata.name`); field selection and
 * indexing of JSON objects and lists; `.?` selection and `orValue` (Kyverno's compatible form); `hasValue()`;
 * `!`, `&&`, `||`, `?:`; `==` and `!=` on values of one primitive type; `<`, `<=`, `>`, `>=` on two strings, two
 * ints or two doubles; `in` a list of primitives or a map; `+` of strings, of lists and of ints; list and map
 * literals; `size`, `startsWith`, `endsWith`, `contains`, `lowerAscii`, `upperAscii`, `trim`, `split`, `matches`,
 * `has`, the library methods registered for them (`image.GetMetadata`); the comprehensions of `all`, `exists`,
 * `exists_one`, `map`, `filter`.
 */
import { Optional } from '@marcbachmann/cel-js';
import { type CelJsNode, type PatchKind, patchesOf } from './ast.js';
import { charge, spent } from './budget.js';
import { iterationCost } from './cost.js';
import { CEL_FIELD_PRESENCE } from './has.js';
import { re2Matches } from './regex.js';
import { KUBERNETES_OBJECT_TYPES } from './object-types.js';
import { kindOf } from './values.js';

/**
 * A library method of one argument the closures may call: its value, its error's message (an evaluation error of the
 * library, which cel-js reports at the call), or null to leave the call to cel-js (an argument of another type).
 */
export type ClosureMethod = (receiver: object, argument: unknown) => { value: unknown } | { error: string } | null;

interface RegisteredMethod {
  readonly receiverClass: abstract new (...args: never[]) => object;
  readonly call: ClosureMethod;
}

/** The registered methods by `<type name>.<method name>`. */
const METHODS = new Map<string, RegisteredMethod>();

/**
 * Lets the closures call `<typeName>.<name>(argument)` on a variable of that object type (instances of
 * `receiverClass`), as `call` does. The method must be what cel-js calls for it, with no side effect and no randomness.
 */
export function registerClosureMethod(typeName: string, name: string, receiverClass: abstract new (...args: never[]) => object, call: ClosureMethod): void {
  METHODS.set(`${typeName}.${name}`, { receiverClass, call });
}

/** An empty optional in a chain of optional steps (which make no optional in between). */
const NONE: unique symbol = Symbol('cel closures: no value');

/** The optional of a chain's step. */
function optionalOf(step: (frame: Frame) => unknown): (frame: Frame) => unknown {
  return (frame) => {
    const value = step(frame);
    return value === NONE ? Optional.none() : Optional.of(value);
  };
}

/** Thrown by a closure that leaves the evaluation to cel-js. */
export const BAIL: unique symbol = Symbol('cel closures: evaluate with cel-js');

/** An error of the evaluation, as cel-js would throw it at that point (read by environment.ts `toCelError`). */
export class Raised {
  constructor(readonly error: unknown) {}
}

/** cel-js's `No such key` error at a selection node (`fieldAccess`, `TypeDeclaration.field`; errors.js `normalizeRange`). */
function noSuchKey(field: string, node: CelJsNode): Raised {
  return new Raised({ summary: `No such key: ${field}`, range: rangeOf(node) });
}

/** The range cel-js gives an error at `node` (errors.js `normalizeRange`). */
function rangeOf(node: CelJsNode): { start: number; end: number } {
  const start = (node as { pos?: number }).pos ?? node.start;
  return { start, end: typeof node.end === 'number' ? node.end : start };
}

/** One evaluation: the activation, and the slots of the iteration variables and accumulators of its comprehensions. */
interface Frame {
  readonly activation: Readonly<Record<string, unknown>>;
  readonly slots: unknown[];
}

type Closure = (frame: Frame) => unknown;

/** A program's closures: its value for an activation, a {@link Raised} error, or anything else thrown to give up. */
export type ClosureProgram = (activation: Readonly<Record<string, unknown>>) => unknown;

/** The options of the environment that bear on evaluation. */
export interface ClosureOptions {
  /** The name of the `variables` object (its fields are `dyn`), when the environment declares one. */
  readonly variablesName?: string;
}

interface CheckedNode extends CelJsNode {
  readonly checkedType?: { readonly kind: string; readonly name: string };
}

/** A comprehension in scope at compile time: its iteration variable's name and slot, its accumulator's slot. */
interface Scope {
  readonly iterVar: string;
  readonly iterSlot: number;
  readonly accuSlot: number;
  readonly parent: Scope | null;
}

/** Raised at compile time for a node the closures do not handle. */
class Unsupported extends Error {}

function bail(): never {
  throw BAIL;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Whether `value` is a JSON object as cel-js treats one (`map`): a plain object or one without prototype (cel-js
 * goes by the constructor). Arrays of other constructors are neither lists nor maps here.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const constructor = (value as { constructor?: unknown }).constructor;
  return constructor === Object || constructor === undefined;
}

/** Whether `value` is a list as cel-js treats one: an `Array` (cel-js goes by the constructor). */
function isList(value: unknown): value is unknown[] {
  return Array.isArray(value) && (value as { constructor?: unknown }).constructor === Array;
}

/** Whether `value` is a null, a scalar or a list: a value without fields (cel-js's `fieldLazy` finds none). */
function fieldless(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'bigint':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      return value === null || isList(value);
    default:
      return false;
  }
}

/**
 * Whether a value read from a field, an index, a variable or the activation is one the closures pass on as cel-js
 * would (cel-js checks each such value's type, and rejects what it does not know): a JSON value or an optional.
 */
function known(value: unknown): boolean {
  return fieldless(value) || isPlainObject(value) || value instanceof Optional;
}

/**
 * A map's entry at a string, or a list's element at an int (undefined when there is none), as cel-js indexes them
 * (`fieldAccess`, `TypeDeclaration#getListField`); other operands are left to cel-js.
 */
function entryAt(value: unknown, at: unknown): unknown {
  if (isPlainObject(value) && typeof at === 'string') return hasOwn.call(value, at) ? value[at] : undefined;
  if (isList(value) && typeof at === 'bigint') return at >= 0n && at < BigInt(value.length) ? value[Number(at)] : undefined;
  return bail();
}

/**
 * The type cel-js finds for a value when it picks an overload (cel-js `Evaluator.debugTypeDeep`: a list by its first
 * element, a map by its first value), as text; gives up where cel-js fails (a value of a type it does not know).
 */
function deepType(value: unknown): string {
  if (value === null) return 'null';
  if (isList(value)) return value.length === 0 ? 'list' : `list<${deepType(value[0])}>`;
  if (isPlainObject(value)) {
    for (const key in value) return `map<string, ${deepType(value[key])}>`;
    return 'map';
  }
  const kind = kindOf(value);
  return kind === 'int' || kind === 'double' || kind === 'bool' || kind === 'string' ? kind : bail();
}

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

/** The number of code points of a string (cel-js `stringSize`). */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The checked type of a node is plain `dyn`: cel-js then selects fields by the runtime value (`fieldAccess`). */
function isDyn(node: CelJsNode): boolean {
  const type = (node as CheckedNode).checkedType;
  return type !== undefined && type.kind === 'dyn' && type.name === 'dyn';
}

/** The patches of a node, less those the caller reproduces. */
function ownPatches(node: CelJsNode, handled: readonly PatchKind[]): PatchKind[] {
  return patchesOf(node).filter((kind) => !handled.includes(kind));
}

class Compiler {
  slots = 0;
  constructor(readonly options: ClosureOptions) {}

  /** The reasons for the nodes compiled to give up (see {@link compile}). */
  readonly unsupported: string[] = [];

  /**
   * `node` as a closure; `handled`: the patches of the node the caller reproduces. A node the closures do not handle
   * becomes one that gives up when it is reached: an unsupported branch that an evaluation does not take costs nothing.
   */
  compile(node: CelJsNode, scope: Scope | null, handled: readonly PatchKind[] = []): Closure {
    try {
      return this.compileNode(node, scope, handled);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      this.unsupported.push(error.message);
      return bail;
    }
  }

  compileNode(node: CelJsNode, scope: Scope | null, handled: readonly PatchKind[]): Closure {
    const patches = ownPatches(node, handled);
    const meta = node.meta;
    if (meta.alternate) {
      if (patches.length > 0) throw new Unsupported('patched alternate');
      return this.compileNode(meta.alternate, scope, []);
    }
    if (meta.macro) {
      const [name] = node.args as [string];
      const only = patches.length === 1 ? patches[0] : undefined;
      if (node.op === 'rcall' && name === 'orValue' && only === 'orvalue-compat') return this.orValue(node, scope);
      if (node.op === 'call' && name === 'has' && only === 'has-presence') return this.has(node, scope);
      throw new Unsupported(`macro ${name}`);
    }
    if (patches.length === 1 && patches[0] === 'matches-re2') return this.matches(node, scope);
    if (patches.length > 0 && !(patches.length === 1 && patches[0] === 'output-cost' && (node.op === '+' || isSplit(node)))) throw new Unsupported(`patched ${node.op}`);
    switch (node.op) {
      case 'value': {
        const value = node.args;
        return () => value;
      }
      case 'id':
        return this.identifier(node, scope);
      case '.':
        return this.select(node, scope);
      case '[]':
        return this.index(node, scope);
      case '.?':
      case '[?]':
        // cel-js `TypeDeclaration#getOptionalField`: an optional of the field or entry, empty when there is none.
        return optionalOf(this.optionalStep(node, scope));
      case '-_': {
        const operand = this.compile(node.args as CelJsNode, scope);
        return (frame) => {
          const value = operand(frame);
          return typeof value === 'bigint' || typeof value === 'number' ? -value : bail();
        };
      }
      case '!_': {
        const operand = this.compile(node.args as CelJsNode, scope);
        return (frame) => {
          const value = operand(frame);
          return typeof value === 'boolean' ? !value : bail();
        };
      }
      case '&&':
      case '||':
        return this.logical(node, scope);
      case '?:': {
        const [condition, left, right] = (node.args as CelJsNode[]).map((arg) => this.compile(arg, scope)) as [Closure, Closure, Closure];
        return (frame) => {
          const value = condition(frame);
          if (value === true) return left(frame);
          if (value === false) return right(frame);
          return bail();
        };
      }
      case '==':
      case '!=':
        return this.equality(node, scope);
      case '<':
      case '<=':
      case '>':
      case '>=':
        return this.ordering(node, scope);
      case 'in':
        return this.membership(node, scope);
      case '+':
        return this.plus(node, scope);
      case 'list': {
        const elements = (node.args as CelJsNode[]).map((element) => this.compile(element, scope));
        // Last to first, as cel-js (`resolveAstArray`): of two failing elements, the last one's error stands.
        return (frame) => {
          const out = new Array<unknown>(elements.length);
          for (let i = elements.length - 1; i >= 0; i--) out[i] = elements[i]!(frame);
          return out;
        };
      }
      case 'map':
        return this.mapLiteral(node, scope);
      case 'call':
        return this.call(node, scope);
      case 'rcall':
        return this.receiverCall(node, scope);
      case 'comprehension':
        return this.comprehension(node, scope);
      case 'accuValue': {
        const slot = this.accumulator(scope);
        return (frame) => frame.slots[slot];
      }
      case 'accuInc': {
        const slot = this.accumulator(scope);
        return (frame) => (frame.slots[slot] = (frame.slots[slot] as number) + 1);
      }
      case 'accuPush': {
        const slot = this.accumulator(scope);
        const element = this.compile(node.args as CelJsNode, scope);
        return (frame) => {
          const list = frame.slots[slot] as unknown[];
          list.push(element(frame));
          return list;
        };
      }
      default:
        throw new Unsupported(node.op);
    }
  }

  accumulator(scope: Scope | null): number {
    if (scope === null) throw new Unsupported('accumulator outside a comprehension');
    return scope.accuSlot;
  }

  /** An iteration variable (the innermost of that name), or a `dyn` variable of the activation. */
  identifier(node: CelJsNode, scope: Scope | null): Closure {
    const name = node.args as string;
    for (let at = scope; at !== null; at = at.parent) {
      if (at.iterVar === name) {
        const slot = at.iterSlot;
        return (frame) => frame.slots[slot];
      }
    }
    if (!isDyn(node)) throw new Unsupported(`variable ${name} of a declared type`);
    return (frame) => {
      const value = frame.activation[name];
      return value !== undefined && known(value) ? value : bail();
    };
  }

  /** `x.f`: `variables.f`, or a field of a JSON object (cel-js `fieldAccess`). */
  select(node: CelJsNode, scope: Scope | null): Closure {
    const [left, field] = node.args as [CelJsNode, string];
    const variables = this.options.variablesName;
    if (variables !== undefined && left.op === 'id' && left.args === variables && !this.bound(variables, scope) && !left.meta.alternate) {
      // The `variables` object type: every field is `dyn`, read through the object's lazy getters (variables.ts).
      if (ownPatches(left, ['object-variable']).length > 0) throw new Unsupported('patched variables');
      return (frame) => {
        const object = frame.activation[variables];
        if (!isPlainObject(object)) return bail();
        let value: unknown;
        try {
          value = object[field];
        } catch (error) {
          // A variable whose expression failed: its error, each time it is read (variables.ts). cel-js absorbs
          // only errors (`instanceof Error`) where it absorbs them.
          if (!(error instanceof Error)) return bail();
          throw new Raised(error);
        }
        return value !== undefined && known(value) ? value : bail();
      };
    }
    if ((left as CheckedNode).checkedType?.kind === 'message') return this.messageChain(node, scope);
    if (!isDyn(left)) throw new Unsupported('selection on a declared type');
    const object = this.compile(left, scope);
    return (frame) => {
      const value = object(frame);
      if (isPlainObject(value)) {
        const item = hasOwn.call(value, field) ? value[field] : undefined;
        if (item === undefined) throw noSuchKey(field, node);
        return known(item) ? item : bail();
      }
      if (fieldless(value)) throw noSuchKey(field, node);
      return bail();
    };
  }

  /**
   * `request.namespace`, `namespaceObject.metadata.name`: a chain of selections from a variable of a Kubernetes object
   * type (object-types.ts) through fields of object types, to a field of type `string`, `bool`, `int` or `dyn`. cel-js
   * wraps each object and converts each field to its declared type when it is read (object-types.ts
   * `registerObjectType`, `convertValue`; cel-js `TypeDeclaration#getMessageField`): an absent (or null) field is
   * `No such key`, a value of another type an error left to cel-js.
   */
  messageChain(node: CelJsNode, scope: Scope | null): Closure {
    const steps: { node: CelJsNode; field: string; type: string }[] = [];
    let at: CelJsNode = node;
    while (at.op === '.') {
      const [left, field] = at.args as [CelJsNode, string];
      const type = (left as CheckedNode).checkedType;
      const fields = type?.kind === 'message' ? KUBERNETES_OBJECT_TYPES[type.name] : undefined;
      if (fields === undefined || !hasOwn.call(fields, field) || (at !== node && patchesOf(at).length > 0) || at.meta.alternate) throw new Unsupported('selection on a declared type');
      steps.unshift({ node: at, field, type: fields[field]! });
      at = left;
    }
    const root = at;
    if (root.op !== 'id' || root.meta.alternate || this.bound(root.args as string, scope) || ownPatches(root, ['object-variable']).length > 0) {
      throw new Unsupported('selection on a declared type');
    }
    const last = steps[steps.length - 1]!.type;
    if (steps.slice(0, -1).some((step) => KUBERNETES_OBJECT_TYPES[step.type] === undefined) || !['string', 'bool', 'int', 'dyn'].includes(last)) {
      throw new Unsupported('selection on a declared type');
    }
    const name = root.args as string;
    return (frame) => {
      // A variable of an object type bound to null is null (object-types.ts `patchObjectTypeNode`).
      let value = frame.activation[name];
      if (value !== null && !isPlainObject(value)) return bail();
      for (let i = 0; i < steps.length; i++) {
        const { node: step, field } = steps[i]!;
        if (value === null) throw noSuchKey(field, step);
        const item = hasOwn.call(value, field) ? (value as Record<string, unknown>)[field] : field in (value as object) ? bail() : undefined;
        if (item === undefined || (item === null && (i < steps.length - 1 || last !== 'dyn'))) throw noSuchKey(field, step);
        if (i < steps.length - 1) {
          if (!isPlainObject(item)) return bail();
          value = item;
          continue;
        }
        switch (last) {
          case 'string':
            return typeof item === 'string' ? item : bail();
          case 'bool':
            return typeof item === 'boolean' ? item : bail();
          case 'int':
            return typeof item === 'bigint' ? item : typeof item === 'number' && Number.isInteger(item) ? BigInt(item) : bail();
          default:
            return known(item) ? item : bail();
        }
      }
      return bail();
    };
  }

  bound(name: string, scope: Scope | null): boolean {
    for (let at = scope; at !== null; at = at.parent) if (at.iterVar === name) return true;
    return false;
  }

  /** Whether `node` is an optional selection or index evaluated as a step of a chain (it has no patch of its own). */
  fusible(node: CelJsNode): boolean {
    return (node.op === '.?' || node.op === '[?]') && patchesOf(node).length === 0 && !node.meta.alternate && !node.meta.macro;
  }

  /**
   * The optional an operand of an optional selection gives, as its value or {@link NONE}: the step of a chain
   * (`a.?b.?c` makes no optional in between), or any other node's value, unwrapped when it is an optional.
   */
  optionalOperand(node: CelJsNode, scope: Scope | null): Closure {
    if (this.fusible(node)) return this.optionalStep(node, scope);
    const closure = this.compile(node, scope);
    return (frame) => {
      const value = closure(frame);
      return value instanceof Optional ? (value.hasValue() ? value.value() : NONE) : value;
    };
  }

  /** `x.?f` or `x[?k]` as the value of the optional it gives, or {@link NONE}. */
  optionalStep(node: CelJsNode, scope: Scope | null): Closure {
    const [left, right] = node.args as [CelJsNode, unknown];
    const type = (left as CheckedNode).checkedType;
    if (type === undefined || (type.kind !== 'dyn' && type.kind !== 'optional')) throw new Unsupported(`optional ${node.op === '.?' ? 'selection' : 'index'} on a declared type`);
    const object = this.optionalOperand(left, scope);
    if (node.op === '.?') {
      const field = right as string;
      return (frame) => {
        const value = object(frame);
        if (value === NONE) return NONE;
        if (isPlainObject(value)) {
          if (!hasOwn.call(value, field)) return NONE;
          const item = value[field];
          if (item === undefined) return NONE;
          return known(item) ? item : bail();
        }
        return fieldless(value) ? NONE : bail();
      };
    }
    // `x[?k]`: a map's entry at a string, a list's element at an int.
    const key = this.compile(right as CelJsNode, scope);
    return (frame) => {
      const value = object(frame);
      const at = key(frame);
      if (value === NONE) return NONE;
      const item = entryAt(value, at);
      if (item === undefined) return NONE;
      return known(item) ? item : bail();
    };
  }

  /** `x[i]` on a `dyn` value: a list's element at an int, a map's entry at a string. */
  index(node: CelJsNode, scope: Scope | null): Closure {
    const [left, right] = node.args as [CelJsNode, CelJsNode];
    if (!isDyn(left)) throw new Unsupported('index on a declared type');
    const object = this.compile(left, scope);
    const key = this.compile(right, scope);
    return (frame) => {
      const value = object(frame);
      const item = entryAt(value, key(frame));
      return item !== undefined && known(item) ? item : bail();
    };
  }

  /**
   * `has(x.f…)` (cel-js `createHasExpander`, has.ts `patchPresence`): each selection before the last must find its
   * field (else cel-js errors); the last tells whether its field is there. Values with field presence are left to
   * cel-js.
   */
  has(node: CelJsNode, scope: Scope | null): Closure {
    const props = (node.meta.macro as { macroHasProps?: CelJsNode[] }).macroHasProps;
    if (props === undefined || props.length < 2) throw new Unsupported('has without selections');
    const selections = props.slice(0, -1);
    if (selections.some((selection) => selection.op !== '.')) throw new Unsupported('has over an optional selection');
    const base = this.compile(props[props.length - 1]!, scope);
    // From the innermost selection out.
    const fields = selections.map((selection) => (selection.args as [CelJsNode, string])[1]).reverse();
    const last = fields.length - 1;
    return (frame) => {
      // has.ts `patchPresence` evaluates the base, then cel-js's own `has` evaluates it again: its cost counts twice.
      const before = spent();
      let value = base(frame);
      const cost = spent() - before;
      if (cost > 0) charge(cost);
      for (let i = 0; i < last; i++) {
        const field = fields[i]!;
        if (isPlainObject(value)) {
          value = hasOwn.call(value, field) ? value[field] : undefined;
        } else if (fieldless(value)) {
          value = undefined;
        } else {
          return bail();
        }
        if (value === undefined) throw noSuchKey(field, selections[selections.length - 1 - i]!);
        if (!known(value)) return bail();
      }
      if (isPlainObject(value)) {
        if (typeof (value as Record<PropertyKey, unknown>)[CEL_FIELD_PRESENCE] === 'function') return bail();
        const field = fields[last]!;
        if (!hasOwn.call(value, field)) return false;
        const item = value[field];
        return item === undefined ? false : known(item) ? true : bail();
      }
      return fieldless(value) ? false : bail();
    };
  }

  /** `s.matches(p)`, `matches(s, p)` on RE2 (environment.ts `patchMatches`); a bad pattern is left to cel-js. */
  matches(node: CelJsNode, scope: Scope | null): Closure {
    const operands = node.op === 'rcall' ? [(node.args as [string, CelJsNode, CelJsNode[]])[1], (node.args as [string, CelJsNode, CelJsNode[]])[2][0]] : (node.args as [string, CelJsNode[]])[1];
    if (operands.length !== 2 || operands.some((operand) => operand === undefined)) throw new Unsupported('matches');
    const [text, pattern] = operands.map((operand) => this.compile(operand!, scope)) as [Closure, Closure];
    return (frame) => {
      const s = text(frame);
      const p = pattern(frame);
      if (typeof s !== 'string' || typeof p !== 'string') return bail();
      try {
        return re2Matches(s, p);
      } catch {
        // A pattern RE2 rejects: cel-js reports it at the call.
        return bail();
      }
    };
  }

  /** `a && b`, `a || b`: the right operand only when the left one does not decide (cel-js evaluates it then). */
  logical(node: CelJsNode, scope: Scope | null): Closure {
    const [left, right] = (node.args as CelJsNode[]).map((arg) => this.compile(arg, scope)) as [Closure, Closure];
    const decides = node.op === '||';
    return (frame) => {
      let value: unknown;
      try {
        value = left(frame);
      } catch (error) {
        if (!(error instanceof Raised)) throw error;
        value = error;
      }
      if (value === decides) return decides;
      const other = right(frame);
      if (value === !decides) return typeof other === 'boolean' ? other : bail();
      // The left operand failed or is not a bool: a deciding right operand absorbs that; otherwise the left
      // operand's error stands (cel-js `_logicalOp`).
      if (other === decides) return decides;
      if (other === !decides && value instanceof Raised) throw value;
      return bail();
    };
  }

  /** `==`, `!=` on two values of one primitive type (cel-js's overloads for them compare with `===`). */
  equality(node: CelJsNode, scope: Scope | null): Closure {
    const [left, right] = (node.args as CelJsNode[]).map((arg) => this.compile(arg, scope)) as [Closure, Closure];
    const negate = node.op === '!=';
    return (frame) => {
      const a = left(frame);
      const b = right(frame);
      const type = typeof a;
      if (type !== typeof b) return bail();
      if (type === 'string' || type === 'boolean' || type === 'bigint' || type === 'number' || (a === null && b === null)) return negate ? a !== b : a === b;
      return bail();
    };
  }

  /** `<`, `<=`, `>`, `>=` on two strings, ints or doubles (cel-js compares them with JavaScript's operators). */
  ordering(node: CelJsNode, scope: Scope | null): Closure {
    const [left, right] = (node.args as CelJsNode[]).map((arg) => this.compile(arg, scope)) as [Closure, Closure];
    const compare = { '<': (a: never, b: never) => a < b, '<=': (a: never, b: never) => a <= b, '>': (a: never, b: never) => a > b, '>=': (a: never, b: never) => a >= b }[node.op as '<'];
    return (frame) => {
      const a = left(frame);
      const b = right(frame);
      const type = typeof a;
      if (type !== typeof b || (type !== 'string' && type !== 'bigint' && type !== 'number')) return bail();
      return compare(a as never, b as never);
    };
  }

  /**
   * `x in list`: a string or bool among a list whose first element has its type (cel-js picks `V in list<V>` by that
   * element, then compares with `===` for these types); the list is charged its size. `k in map`: a string key.
   */
  membership(node: CelJsNode, scope: Scope | null): Closure {
    const [left, right] = node.args as [CelJsNode, CelJsNode];
    const value = this.compile(left, scope);
    const range = this.compile(right, scope, ['membership-cost']);
    const charged = patchesOf(right).includes('membership-cost');
    return (frame) => {
      const item = value(frame);
      const collection = range(frame);
      if (isList(collection)) {
        if (charged) charge(collection.length);
        const type = typeof item;
        if ((type !== 'string' && type !== 'boolean') || collection.length === 0 || typeof collection[0] !== type) return bail();
        for (let i = 0; i < collection.length; i++) if (collection[i] === item) return true;
        return false;
      }
      // cel-js types the map by its first value, deeply (`debugTypeDeep`), which fails on values it does not know.
      if (isPlainObject(collection) && typeof item === 'string') {
        deepType(collection);
        return hasOwn.call(collection, item) ? collection[item] !== undefined : false;
      }
      return bail();
    };
  }

  /** `+` of two strings, two lists of the same element type (cel-js's `list<V>` overload), or two ints. */
  plus(node: CelJsNode, scope: Scope | null): Closure {
    const [left, right] = (node.args as CelJsNode[]).map((arg) => this.compile(arg, scope)) as [Closure, Closure];
    const metered = patchesOf(node).includes('output-cost');
    return (frame) => {
      const a = left(frame);
      const b = right(frame);
      let out: unknown;
      if (typeof a === 'string' && typeof b === 'string') out = a + b;
      else if (typeof a === 'bigint' && typeof b === 'bigint') {
        const sum = a + b;
        return sum > INT64_MAX || sum < INT64_MIN ? bail() : sum;
      } else if (isList(a) && isList(b)) {
        // cel-js types each list by its first element, deeply (`debugTypeDeep`), to pick `list<V> + list<V>`.
        const left = deepType(a);
        const right = deepType(b);
        if (a.length > 0 && b.length > 0 && left !== right) return bail();
        out = [...a, ...b];
      } else return bail();
      if (metered) charge(Math.ceil((out as string | unknown[]).length / 10));
      return out;
    };
  }

  /**
   * A map literal (cel-js `map` evaluation, `safeFromEntries`): each key then its value, in order, into a plain
   * object; the keys `__proto__`, `constructor` and `prototype` are left out.
   */
  mapLiteral(node: CelJsNode, scope: Scope | null): Closure {
    const entries = (node.args as [CelJsNode, CelJsNode][]).map(([key, value]) => [this.compile(key, scope), this.compile(value, scope)] as const);
    return (frame) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of entries) {
        const k = key(frame);
        const v = value(frame);
        if (typeof k !== 'string' && typeof k !== 'bigint' && typeof k !== 'boolean') return bail();
        const name = String(k);
        if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue;
        out[name] = v;
      }
      return out;
    };
  }

  /** `size(x)`. */
  call(node: CelJsNode, scope: Scope | null): Closure {
    const [name, args] = node.args as [string, CelJsNode[]];
    if (name === 'size' && args.length === 1) {
      const operand = this.compile(args[0]!, scope);
      return (frame) => size(operand(frame));
    }
    throw new Unsupported(`function ${name}`);
  }

  /**
   * `x.size()`, `s.startsWith(t)`, `s.endsWith(t)`, `s.contains(t)`, `s.split(t)`, `o.hasValue()`: the argument
   * before the receiver, as cel-js evaluates a method call (`resolveAstArray`, last to first).
   */
  receiverCall(node: CelJsNode, scope: Scope | null): Closure {
    const [name, receiverNode, args] = node.args as [string, CelJsNode, CelJsNode[]];
    const method = args.length === 1 ? METHODS.get(`${(receiverNode as CheckedNode).checkedType?.name ?? ''}.${name}`) : undefined;
    if (method !== undefined) return this.libraryMethod(node, receiverNode, args[0]!, method, scope);
    const receiver = this.compile(receiverNode, scope);
    if (args.length === 0 && name === 'size') return (frame) => size(receiver(frame));
    if (args.length === 0 && (name === 'lowerAscii' || name === 'upperAscii' || name === 'trim')) {
      // cel-js's own implementations (lib/functions.js).
      const change = name === 'lowerAscii' ? (text: string) => text.toLowerCase() : name === 'upperAscii' ? (text: string) => text.toUpperCase() : (text: string) => text.trim();
      return (frame) => {
        const text = receiver(frame);
        return typeof text === 'string' ? change(text) : bail();
      };
    }
    if (isSplit(node)) {
      // cel-js's `string.split(string)`, charged a tenth of the result's length (environment.ts `meterOutput`).
      const separator = this.compile(args[0]!, scope);
      const metered = patchesOf(node).includes('output-cost');
      return (frame) => {
        const by = separator(frame);
        const text = receiver(frame);
        if (typeof text !== 'string' || typeof by !== 'string') return bail();
        const parts = text.split(by);
        if (metered) charge(Math.ceil(parts.length / 10));
        return parts;
      };
    }
    if (args.length === 0 && name === 'hasValue' && this.fusible(receiverNode)) {
      const step = this.optionalStep(receiverNode, scope);
      return (frame) => step(frame) !== NONE;
    }
    if (args.length === 0 && name === 'hasValue') {
      return (frame) => {
        const value = receiver(frame);
        return value instanceof Optional ? value.hasValue() : bail();
      };
    }
    if (args.length === 1 && (name === 'startsWith' || name === 'endsWith' || name === 'contains')) {
      const argument = this.compile(args[0]!, scope);
      const test = name === 'startsWith' ? (a: string, b: string) => a.startsWith(b) : name === 'endsWith' ? (a: string, b: string) => a.endsWith(b) : (a: string, b: string) => a.includes(b);
      return (frame) => {
        const part = argument(frame);
        const text = receiver(frame);
        return typeof text === 'string' && typeof part === 'string' ? test(text, part) : bail();
      };
    }
    throw new Unsupported(`function ${name}`);
  }

  /**
   * A library method on a variable of its object type (see {@link registerClosureMethod}): its value, or its error at
   * the call (cel-js `callFunctionHandler` attaches the call node to the library's error).
   */
  libraryMethod(node: CelJsNode, receiverNode: CelJsNode, argument: CelJsNode, method: RegisteredMethod, scope: Scope | null): Closure {
    if (receiverNode.op !== 'id' || patchesOf(receiverNode).length > 0 || receiverNode.meta.alternate || this.bound(receiverNode.args as string, scope)) {
      throw new Unsupported('library method on an expression');
    }
    const name = receiverNode.args as string;
    const operand = this.compile(argument, scope);
    const { receiverClass, call } = method;
    return (frame) => {
      const argumentValue = operand(frame);
      const receiver = frame.activation[name];
      if (typeof receiver !== 'object' || receiver === null || receiver.constructor !== receiverClass) return bail();
      const outcome = call(receiver, argumentValue);
      if (outcome === null) return bail();
      if ('error' in outcome) throw new Raised({ summary: outcome.error, range: rangeOf(node) });
      return outcome.value;
    };
  }

  /** Kyverno's `x.orValue(y)`: both evaluated; the optional's value, `y` when it is empty, `x` when not an optional. */
  orValue(node: CelJsNode, scope: Scope | null): Closure {
    const macro = node.meta.macro as { receiver: CelJsNode; arg: CelJsNode };
    const fallback = this.compile(macro.arg, scope);
    if (this.fusible(macro.receiver)) {
      // The receiver is an optional: its value, or the fallback (evaluated in any case, after the receiver).
      const step = this.optionalStep(macro.receiver, scope);
      return (frame) => {
        const value = step(frame);
        const other = fallback(frame);
        return value === NONE ? other : value;
      };
    }
    const receiver = this.compile(macro.receiver, scope);
    return (frame) => {
      const value = receiver(frame);
      const other = fallback(frame);
      if (value instanceof Optional) return value.hasValue() ? value.value() : other;
      return value;
    };
  }

  /**
   * cel-js's comprehensions (`runQualifier` for `all`/`exists`, `runComprehension` for the others): the iteration
   * over a list, or a map's keys, each step charged its static cost (environment.ts `meterStep`). A step that would
   * be an error, which a quantifier may absorb, gives up instead.
   */
  comprehension(node: CelJsNode, scope: Scope | null): Closure {
    const args = node.args as {
      iterable: CelJsNode;
      iterVarName: string;
      init: CelJsNode;
      step: CelJsNode;
      condition?: (accu: unknown) => boolean;
      result: (accu: unknown) => unknown;
      errorsAreFatal?: boolean;
      iterCtx?: { iterType?: { kind: string; name: string } };
    };
    const iterType = args.iterCtx?.iterType;
    const accepts = iterType === undefined ? null : elementCheck(iterType);
    if (accepts === null) throw new Unsupported(`comprehension over ${iterType?.name ?? 'an unknown type'}`);
    const iterable = this.compile(args.iterable, scope);
    const inner: Scope = { iterVar: args.iterVarName, iterSlot: this.slots++, accuSlot: this.slots++, parent: scope };
    const init = this.compile(args.init, inner);
    const stepPatches = ownPatches(args.step, []);
    if (stepPatches.length !== 1 || stepPatches[0] !== 'step-cost') throw new Unsupported('comprehension step');
    const step = this.compile(args.step, inner, ['step-cost']);
    const cost = iterationCost(args.step, args.condition ? 3 : 0);
    const { condition, result } = args;
    const { iterSlot, accuSlot } = inner;
    // A quantifier goes on past a step's error, which stands if nothing else decides (cel-js `iterateQuantifier`).
    const quantifier = !args.errorsAreFatal;
    return (frame) => {
      const range = iterable(frame);
      const items = isList(range) ? range : isPlainObject(range) ? Object.keys(range) : bail();
      let accu = init(frame);
      const slots = frame.slots;
      slots[accuSlot] = accu;
      let failed: Raised | undefined;
      for (let i = 0; i < items.length; i++) {
        if (condition && !condition(accu)) return result(accu);
        const item = items[i];
        if (!accepts(item)) return bail();
        charge(cost);
        slots[iterSlot] = item;
        if (!quantifier) {
          accu = step(frame);
          continue;
        }
        try {
          accu = step(frame);
        } catch (error) {
          if (!(error instanceof Raised)) throw error;
          failed ??= error;
        }
      }
      if (failed !== undefined && (condition === undefined || condition(accu))) throw failed;
      return result(accu);
    };
  }
}

/** `s.split(sep)` (one argument). */
function isSplit(node: CelJsNode): boolean {
  if (node.op !== 'rcall') return false;
  const [name, , args] = node.args as [string, CelJsNode, CelJsNode[]];
  return name === 'split' && args.length === 1;
}

/** What an iteration variable of a type accepts (cel-js `OverlayContext.setIterValue`), or null for another type. */
function elementCheck(type: { kind: string; name: string }): ((value: unknown) => boolean) | null {
  if (type.kind === 'dyn' && type.name === 'dyn') return known;
  switch (type.name) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'int':
      return (value) => typeof value === 'bigint';
    case 'bool':
      return (value) => typeof value === 'boolean';
    default:
      return null;
  }
}

/** cel-js's `size` of a string (code points), list or map (whose type cel-js checks deeply, `debugTypeDeep`). */
function size(value: unknown): bigint {
  if (typeof value === 'string') return BigInt(codePoints(value));
  if (!isList(value) && !isPlainObject(value)) return bail();
  deepType(value);
  return BigInt(isList(value) ? value.length : Object.keys(value).length);
}

let enabled = true;

/** Runs `fn` with every program evaluated by cel-js alone (the reference the closures are tested against). */
export function withoutClosures<T>(fn: () => T): T {
  const previous = enabled;
  enabled = false;
  try {
    return fn();
  } finally {
    enabled = previous;
  }
}

/** Whether programs run their closures (not inside {@link withoutClosures}). */
export function closuresEnabled(): boolean {
  return enabled;
}

/**
 * The closures of a checked program, or null when its root is a node they do not handle. Run them with the program's
 * budget as the running one (budget.ts); they return the value, raise an error ({@link Raised}), or throw anything else
 * ({@link BAIL}, a budget error) to leave the evaluation to cel-js.
 */
export function compileClosures(root: CelJsNode, options: ClosureOptions): ClosureProgram | null {
  return compileRoot(root, options).program;
}

/** The nodes of a checked program its closures leave to cel-js, as the reasons they give (empty: none). */
export function closureGaps(root: CelJsNode, options: ClosureOptions): string[] {
  return compileRoot(root, options).unsupported;
}

function compileRoot(root: CelJsNode, options: ClosureOptions): { program: ClosureProgram | null; unsupported: string[] } {
  const compiler = new Compiler(options);
  const closure = compiler.compile(root, null);
  const { slots, unsupported } = compiler;
  // Nothing to run when the root itself gives up.
  if (closure === bail) return { program: null, unsupported };
  return { program: (activation) => closure({ activation, slots: slots === 0 ? EMPTY : new Array<unknown>(slots) }), unsupported };
}

const EMPTY: unknown[] = [];
