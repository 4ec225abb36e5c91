/**
 * @file Which field of the resource a failed CEL validation blames: the program is evaluated a second time, only
 * after it failed, with its AST nodes instrumented, and the recorded evaluation is read from the root down to the
 * sub-expression that decided the result and the field of `object` that sub-expression read. cel-go keeps no such
 * trace (a Kyverno CEL failure has no field path); this serves locating findings in the resource's file.
 *
 * The trace is a tree of frames, one per node evaluation, each knowing where its value is in `object` when it is a
 * part of it: `object` itself, a field or index of a located value (a missing field leaves the parent's path: the
 * parent lacks it), an iteration variable (the element of the iterated list), a `cel.bind` variable, the taken
 * branch of a conditional, an `orValue`'s optional, a list built by `map`/`filter`/`+`/a literal (its elements'
 * paths), a variable given with its program, or any object that is itself a part of `object` (found by identity).
 *
 * The blame descends from the root: the operand of `&&`/`||` that decided (both undecided: the better blame, the
 * right one on a tie), `!`'s operand, the taken branch of `?:` (else its condition), the first element for which an
 * `all` predicate is false (then what the predicate blames, else the element), the element that makes
 * `exists`/`exists_one` true or its second match, the list for an `exists` that nothing satisfies (its element if it
 * has one), the key or element `in` finds or the collection it searched, the field `has()` reached, and for any other
 * operation the best path its operands blame. Between two blames, the better is the one inside the element of the
 * outermost quantifier being explained (the failing container rather than a list it is compared with), else the
 * deeper one.
 *
 * The instrumentation is removed before returning, and the explanation never changes an evaluation's result: any
 * failure of it (a thrown error, a too large trace, a different result) gives `[]`.
 */
import { Optional } from '@marcbachmann/cel-js';
import { type CelJsEvaluator, type CelJsMacro, type CelJsNode, evaluateOriginal, walk } from './ast.js';
import { withoutClosures } from './closures.js';
import { type CelProgram, programAst } from './environment.js';

/** A map key or list index of a path in the resource. */
export type FieldSegment = string | number;
type Path = readonly FieldSegment[];

/** How to explain a failure. */
export interface ExplainOptions {
  /** The activation variable holding the resource the paths are relative to. Default `object`. */
  readonly root?: string;
  /**
   * The programs of the policy's variables (`variables.<name>`): a variable whose value is derived from the
   * resource (`object.metadata.?labels[?'app'].orValue('')`) is traced too, so that its value keeps its path even
   * when it is not an object of the resource itself. Without them, only objects of the resource are recognised.
   */
  readonly variables?: Readonly<Record<string, CelProgram>>;
  /** The activation variable holding the variables. Default `variables`. */
  readonly variablesName?: string;
}

type Settings = Required<Pick<ExplainOptions, 'root' | 'variablesName'>> & ExplainOptions;

/** Frames recorded at most per evaluation; a larger trace gives up. */
const MAX_FRAMES = 100_000;
/** Objects of the resource indexed at most for the identity lookup. */
const MAX_INDEXED = 200_000;
/** How deep variables read through variables are traced. */
const MAX_VARIABLE_DEPTH = 16;

/** The traced value of a variable: where it is, and its elements'. */
interface VariableTrace {
  path: Path | null;
  elements: (Path | null)[] | null;
}

interface Frame {
  readonly node: CelJsNode;
  readonly parent: Frame | null;
  readonly children: Frame[];
  value: unknown;
  threw: boolean;
  error: unknown;
  /** Where the value is in the resource, or (`missing`) the parent lacking the field it selects; null when unknown. */
  path: Path | null;
  missing: boolean;
  /** For a list value: where each element is. */
  elements: (Path | null)[] | null;
  /** A comprehension's step: which element it was evaluated for. */
  index: number;
  /** A comprehension: steps started so far. */
  steps: number;
}

/** The program's trace on an activation, and what it needs to resolve paths. */
class Tracer {
  private readonly stack: Frame[] = [];
  root: Frame | null = null;
  private count = 0;
  broken = false;
  private identity: WeakMap<object, Path> | null = null;

  /** `variableTraces` is shared by the traces of one explanation (same activation): each variable is traced once. */
  constructor(
    private readonly activation: Readonly<Record<string, unknown>>,
    private readonly options: Settings,
    private readonly depth: number,
    private readonly variableTraces: Map<string, VariableTrace | null>,
  ) {}

  /** Evaluates `node` through `inner` as a frame of the trace. */
  run(node: CelJsNode, inner: CelJsNode['evaluate'], ev: CelJsEvaluator, self: CelJsNode, ctx: unknown): unknown {
    if (this.broken || ++this.count > MAX_FRAMES) {
      this.broken = true;
      return inner.call(node, ev, self, ctx);
    }
    const parent = this.stack[this.stack.length - 1] ?? null;
    const frame: Frame = {
      node,
      parent,
      children: [],
      value: undefined,
      threw: false,
      error: undefined,
      path: null,
      missing: false,
      elements: null,
      index: -1,
      steps: 0,
    };
    if (parent === null) this.root ??= frame;
    else {
      parent.children.push(frame);
      if (parent.node.op === 'comprehension' && node === comprehensionArgs(parent.node).step) frame.index = parent.steps++;
    }
    this.stack.push(frame);
    try {
      const value = inner.call(node, ev, self, ctx);
      frame.value = value;
      return value;
    } catch (error) {
      frame.threw = true;
      frame.error = error;
      throw error;
    } finally {
      this.stack.pop();
      try {
        this.close(frame);
      } catch {
        this.broken = true;
      }
    }
  }

  /** Works out where a finished frame's value is. */
  private close(frame: Frame): void {
    const { node } = frame;
    const alternate = node.meta.alternate;
    if (alternate !== undefined) {
      this.copyFrom(frame, childOf(frame, alternate));
      return;
    }
    switch (node.op) {
      case 'id':
        this.closeVariable(frame);
        break;
      case '.':
      case '.?':
      case '[]':
      case '[?]':
        this.closeSelect(frame);
        break;
      case '?:':
        this.copyFrom(frame, frame.children[1]);
        break;
      case 'comprehension':
        // A `map`/`filter` result lists the paths of the values pushed (see accuPush).
        if (frame.elements === null && comprehensionArgs(node).kind !== 'quantifier') frame.elements = [];
        break;
      case 'accuPush': {
        const comprehension = this.enclosing(frame, (f) => f.node.op === 'comprehension');
        const pushed = frame.children[0];
        if (comprehension !== null) (comprehension.elements ??= []).push(pushed?.missing === false && pushed.path !== null ? pushed.path : this.identityOf(pushed?.value));
        break;
      }
      case 'list':
        frame.elements = (node.args as CelJsNode[]).map((arg) => {
          const element = childOf(frame, arg);
          return element !== undefined && !element.missing ? element.path : null;
        });
        break;
      case '+':
        if (Array.isArray(frame.value)) {
          const [left, right] = node.args as [CelJsNode, CelJsNode];
          frame.elements = [...this.elementsOf(childOf(frame, left)), ...this.elementsOf(childOf(frame, right))];
        }
        break;
      case 'call':
      case 'rcall':
        this.closeCall(frame);
        break;
    }
    if (frame.path === null && !frame.threw) frame.path = this.identityOf(unwrap(frame.value));
  }

  private copyFrom(frame: Frame, from: Frame | undefined): void {
    frame.path = from?.path ?? null;
    frame.missing = from?.missing ?? false;
    frame.elements = from?.elements ?? null;
  }

  /** `x.f`, `x.?f`, `x[k]`, `x[?k]`: the field's path, or the parent's when the field is missing. */
  private closeSelect(frame: Frame): void {
    const [leftNode, rightNode] = frame.node.args as [CelJsNode, CelJsNode | string];
    const left = childOf(frame, leftNode);
    if (left === undefined) return;
    if (left.missing) {
      this.copyFrom(frame, left);
      frame.elements = null;
      return;
    }
    const leftValue = unwrap(left.value);
    const key = typeof rightNode === 'string' ? rightNode : segmentOf(leftValue, childOf(frame, rightNode)?.value);
    const present = !frame.threw && frame.value !== undefined && !(frame.value instanceof Optional && !frame.value.hasValue());
    const element = present && typeof key === 'number' ? left.elements?.[key] : undefined;
    if (element) frame.path = element;
    else if (left.path === null) this.closeVariableSelect(frame, left, rightNode);
    else if (present && key !== null) frame.path = [...left.path, key];
    else {
      frame.path = left.path;
      frame.missing = true;
    }
  }

  /** `variables.name` with the variable's program given: the path its traced value has. */
  private closeVariableSelect(frame: Frame, left: Frame, right: CelJsNode | string): void {
    if (typeof right !== 'string' || left.node.op !== 'id' || left.node.args !== this.options.variablesName) return;
    const program = this.options.variables?.[right];
    if (program === undefined || this.depth >= MAX_VARIABLE_DEPTH) return;
    let traced = this.variableTraces.get(right);
    if (traced === undefined) {
      // Marked first: a variable reading itself (a compile error anyway) is not traced twice.
      this.variableTraces.set(right, null);
      traced = traceVariable(program, this.activation, this.options, this.depth + 1, this.variableTraces);
      this.variableTraces.set(right, traced);
    }
    if (traced !== null) {
      frame.path = traced.path;
      frame.elements = traced.elements;
    }
  }

  /** `has()`, and the `orValue` of Kyverno's compatibility (a macro with a receiver and an argument). */
  private closeCall(frame: Frame): void {
    const macro = frame.node.meta.macro;
    if (macro === undefined) return;
    const props = macro.macroHasProps as CelJsNode[] | undefined;
    if (Array.isArray(props)) {
      frame.path = hasPath(frame, props);
      return;
    }
    if ((frame.node.args as unknown[])[0] === 'orValue' && macro.receiver) {
      const receiver = childOf(frame, macro.receiver);
      const arg = macro.arg ? childOf(frame, macro.arg) : undefined;
      const present = receiver !== undefined && !(receiver.value instanceof Optional && !receiver.value.hasValue());
      if (present || receiver?.path == null) {
        this.copyFrom(frame, present ? receiver : arg);
        return;
      }
      // An empty optional: the value is the default, and the blame goes to the parent lacking the field.
      frame.path = receiver.path;
      frame.missing = true;
      frame.elements = arg?.elements ?? null;
      return;
    }
    // `cel.bind(v, init, expr)`: the value of expr.
    if (macro.exp) this.copyFrom(frame, childOf(frame, macro.exp as CelJsNode));
  }

  /** Where a variable's value is: `object`, an iteration or `cel.bind` variable, or a part of the resource. */
  private closeVariable(frame: Frame): void {
    const name = frame.node.args as string;
    if (name === this.options.root) {
      frame.path = [];
      return;
    }
    for (let child: Frame = frame, f = frame.parent; f !== null; child = f, f = f.parent) {
      if (f.node.op === 'comprehension') {
        const args = comprehensionArgs(f.node);
        if (args.iterVarName === name && child.node === args.step) {
          frame.path = this.itemPath(f, child.index);
          return;
        }
      }
      const macro = f.node.meta.macro;
      if (macro !== undefined && macro.var === name && child.node === macro.exp) {
        this.copyFrom(frame, childOf(f, macro.val as CelJsNode));
        return;
      }
    }
  }

  /** Where the element a comprehension's step `index` iterates on is. */
  itemPath(comprehension: Frame, index: number): Path | null {
    const iterable = childOf(comprehension, comprehensionArgs(comprehension.node).iterable);
    if (iterable === undefined || index < 0) return null;
    const value = iterable.value;
    if (Array.isArray(value)) return this.elementPath(iterable, index);
    if (iterable.path === null || iterable.missing) return null;
    const keys = value instanceof Map ? [...value.keys()] : isPlainObject(value) ? Object.keys(value) : [];
    const key = keys[index];
    return typeof key === 'string' ? [...iterable.path, key] : null;
  }

  /** Where element `index` of a frame's list value is. */
  elementPath(frame: Frame, index: number): Path | null {
    const known = frame.elements?.[index];
    if (known) return known;
    if (frame.path !== null && !frame.missing && Array.isArray(frame.value) && frame.elements === null) return [...frame.path, index];
    return Array.isArray(frame.value) ? this.identityOf(frame.value[index]) : null;
  }

  private elementsOf(frame: Frame | undefined): (Path | null)[] {
    if (frame === undefined || !Array.isArray(frame.value)) return [];
    return frame.value.map((_, i) => this.elementPath(frame, i));
  }

  private enclosing(frame: Frame, test: (f: Frame) => boolean): Frame | null {
    for (let f = frame.parent; f !== null; f = f.parent) if (test(f)) return f;
    return null;
  }

  /** Where an object of the resource is (the same JavaScript object: selection never copies). */
  identityOf(value: unknown): Path | null {
    if (typeof value !== 'object' || value === null) return null;
    this.identity ??= indexObjects(this.activation[this.options.root]);
    return this.identity.get(value) ?? null;
  }
}

/** Paths of the objects and arrays of `root`, breadth first (the shallowest path of a shared object). */
function indexObjects(root: unknown): WeakMap<object, Path> {
  const index = new WeakMap<object, Path>();
  if (typeof root !== 'object' || root === null) return index;
  const queue: [object, Path][] = [[root, []]];
  index.set(root, []);
  let indexed = 0;
  for (let at = 0; at < queue.length && indexed < MAX_INDEXED; at++) {
    const [value, path] = queue[at]!;
    const entries: [FieldSegment, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [i, item])
      : isPlainObject(value)
        ? Object.entries(value)
        : [];
    for (const [key, item] of entries) {
      if (typeof item !== 'object' || item === null || index.has(item)) continue;
      const itemPath = [...path, key];
      index.set(item, itemPath);
      queue.push([item, itemPath]);
      indexed++;
    }
  }
  return index;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function unwrap(value: unknown): unknown {
  return value instanceof Optional ? (value.hasValue() ? value.value() : undefined) : value;
}

/** The path segment a key selects in `container` (a list index or a map key), or null. */
function segmentOf(container: unknown, key: unknown): FieldSegment | null {
  if (Array.isArray(container)) {
    const index = typeof key === 'bigint' ? Number(key) : typeof key === 'number' && Number.isInteger(key) ? key : -1;
    return index >= 0 ? index : null;
  }
  return typeof key === 'string' ? key : null;
}

interface ComprehensionArgs {
  kind?: string;
  iterVarName: string;
  iterable: CelJsNode;
  init: CelJsNode;
  step: CelJsNode;
}

function comprehensionArgs(node: CelJsNode): ComprehensionArgs {
  return node.args as ComprehensionArgs;
}

/**
 * The frame of `frame`'s children that evaluated `node` (an operand is evaluated once per evaluation of its parent;
 * only a comprehension's step is evaluated many times, and is not looked up so).
 */
function childOf(frame: Frame, node: CelJsNode | undefined): Frame | undefined {
  return frame.children.find((child) => child.node === node);
}

/** `has(a.b.c)`: the path of the deepest field present along the selection (the parent lacking the next one). */
function hasPath(frame: Frame, props: CelJsNode[]): Path | null {
  const base = childOf(frame, props[props.length - 1]);
  if (base === undefined || base.path === null || base.missing) return base?.path ?? null;
  let path: Path = base.path;
  let value = base.value;
  for (let i = props.length - 2; i >= 0; i--) {
    const key = (props[i]!.args as [unknown, unknown])[1];
    const next =
      typeof key !== 'string'
        ? undefined
        : value instanceof Map
          ? value.get(key)
          : isPlainObject(value) && Object.hasOwn(value, key)
            ? value[key]
            : undefined;
    if (next === undefined) break;
    path = [...path, key as string];
    value = next;
  }
  return path;
}

function isPrefix(prefix: Path, path: Path): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

/** What a frame's value is blamed on (see the file comment). */
class Blamer {
  /** The elements being explained, outermost first: a blame inside the outermost is preferred. */
  private readonly focus: Path[] = [];

  constructor(private readonly tracer: Tracer) {}

  /**
   * The better of two blames: the one inside the element being explained (the failing element of the outermost
   * `all`, say, rather than a list it is compared with), else the deeper; `preferSecond` breaks ties for `b`.
   */
  private deeper(a: Path | null, b: Path | null, preferSecond: boolean): Path | null {
    if (a === null) return b;
    if (b === null) return a;
    const outer = this.focus[0];
    if (outer !== undefined) {
      const aInside = isPrefix(outer, a);
      if (aInside !== isPrefix(outer, b)) return aInside ? a : b;
    }
    if (b.length > a.length || (b.length === a.length && preferSecond)) return b;
    return a;
  }

  /** Blames `frame` with `element` (when known) as the element being explained. */
  private within(element: Path | null, frame: Frame): Path | null {
    if (element === null) return this.blame(frame);
    this.focus.push(element);
    try {
      return this.blame(frame);
    } finally {
      this.focus.pop();
    }
  }

  blame(frame: Frame): Path | null {
    const { node } = frame;
    const alternate = node.meta.alternate;
    if (alternate !== undefined) {
      const child = childOf(frame, alternate);
      return child === undefined ? frame.path : this.blame(child);
    }
    switch (node.op) {
      case '&&':
      case '||':
        return this.logical(frame, node.op === '||');
      case '!_':
        return frame.children[0] ? this.blame(frame.children[0]) : null;
      case '?:': {
        const [condition, branch] = frame.children;
        return (branch && this.blame(branch)) ?? (condition && this.blame(condition)) ?? null;
      }
      case 'comprehension':
        return this.comprehension(frame);
      case 'in':
        return this.membership(frame);
    }
    if (frame.path !== null) return frame.path;
    const macro: CelJsMacro | undefined = node.meta.macro;
    if (macro?.exp) return frame.children.length > 0 ? this.blame(frame.children[frame.children.length - 1]!) : null;
    return this.operands(frame);
  }

  /** The deepest blame of a frame's operands, the first in the expression on a tie. */
  private operands(frame: Frame): Path | null {
    const ordered = [...frame.children].sort((a, b) => a.node.start - b.node.start);
    let best: Path | null = null;
    for (const child of ordered) best = this.deeper(best, this.blame(child), false);
    return best;
  }

  /**
   * `a && b` / `a || b`: the operand that decided, else (both true / both false) the better blame, the right operand
   * on a tie: guards and scopes come first (`!has(x) || x.y == 1`, `!exists(r, 'secrets' in r.resources && …)`).
   */
  private logical(frame: Frame, or: boolean): Path | null {
    const [leftNode, rightNode] = frame.node.args as [CelJsNode, CelJsNode];
    const left = childOf(frame, leftNode);
    const right = childOf(frame, rightNode);
    if (left !== undefined && left.value === or) return this.blame(left);
    if (right !== undefined && right.value === or) return this.blame(right);
    const usable = [left, right].filter((f): f is Frame => f !== undefined && !f.threw);
    return usable.reduce<Path | null>((best, f) => this.deeper(best, this.blame(f), true), null);
  }

  private comprehension(frame: Frame): Path | null {
    const args = comprehensionArgs(frame.node);
    const iterable = childOf(frame, args.iterable);
    const whole = iterable === undefined ? null : this.blame(iterable);
    if (args.kind !== 'quantifier') {
      // A filtered list that is not empty: its first element (what the filter let through) is what is blamed.
      const length = Array.isArray(iterable?.value) ? iterable.value.length : -1;
      const kept = frame.elements;
      if (Array.isArray(frame.value) && frame.value.length > 0 && frame.value.length < length && kept?.[0]) return kept[0];
      return whole;
    }
    const steps = frame.children.filter((f) => f.node === args.step);
    const predicate = (step: Frame): Frame | undefined => step.children[0];
    const holds = (step: Frame): boolean => predicate(step)?.value === true;
    const fails = (step: Frame): boolean => predicate(step)?.value === false;
    const element = (step: Frame): Path | null => {
      const condition = predicate(step);
      const item = this.tracer.itemPath(frame, step.index);
      return (condition === undefined ? null : this.within(item, condition)) ?? item ?? whole;
    };
    const init = args.init.op === 'value' ? args.init.args : undefined;
    if (init === true) {
      // all: the first element for which the predicate is false.
      const failing = frame.value === false ? steps.find(fails) : undefined;
      return failing === undefined ? whole : element(failing);
    }
    const matches = steps.filter(holds);
    if (init === false) {
      // exists: the element found, or (nothing found) the list, or its only element.
      if (frame.value === true && matches[0] !== undefined) return element(matches[0]);
      return steps.length === 1 ? element(steps[0]!) : whole;
    }
    // exists_one: the second match, the only match, or as exists.
    if (matches.length >= 2) return this.tracer.itemPath(frame, matches[1]!.index) ?? whole;
    if (matches.length === 1) return element(matches[0]!);
    return steps.length === 1 ? element(steps[0]!) : whole;
  }

  /** `x in c`: the key or element found, else the collection, else what `x` is blamed on. */
  private membership(frame: Frame): Path | null {
    const [elementNode, collectionNode] = frame.node.args as [CelJsNode, CelJsNode];
    const element = childOf(frame, elementNode);
    const collection = childOf(frame, collectionNode);
    if (collection?.path != null && !collection.missing) {
      const value = collection.value;
      if (frame.value === true && element !== undefined) {
        if (typeof element.value === 'string' && (isPlainObject(value) || value instanceof Map)) return [...collection.path, element.value];
        if (Array.isArray(value)) {
          const index = value.findIndex((item) => item === element.value || (typeof item === 'number' && typeof element.value === 'bigint' && item === Number(element.value)));
          if (index >= 0) return this.tracer.elementPath(collection, index) ?? collection.path;
        }
      }
      return collection.path;
    }
    return this.deeper(element === undefined ? null : this.blame(element), collection === undefined ? null : this.blame(collection), false);
  }

  /** An error: the frame that raised it (a missing field: its parent). */
  error(root: Frame): Path | null {
    let frame = root;
    for (;;) {
      const next = frame.children.findLast((child) => child.threw && child.error === root.error);
      if (next === undefined) break;
      frame = next;
    }
    return frame.path ?? this.operands(frame);
  }
}

/** Traces a variable's program: the path of its value (a primitive derived from the resource: what it is blamed on). */
function traceVariable(
  program: CelProgram,
  activation: Readonly<Record<string, unknown>>,
  options: Settings,
  depth: number,
  variableTraces: Map<string, VariableTrace | null>,
): VariableTrace | null {
  const traced = trace(program, activation, options, depth, variableTraces);
  if (traced === null || traced.root.threw) return null;
  const { root, tracer } = traced;
  const primitive = typeof root.value !== 'object' || root.value === null;
  return { path: root.path ?? (primitive ? new Blamer(tracer).blame(root) : null), elements: root.elements };
}

/** Evaluates `program` with every node of its AST recording a frame; the instrumentation is removed before returning. */
function trace(
  program: CelProgram,
  activation: Readonly<Record<string, unknown>>,
  options: Settings,
  depth: number,
  variableTraces: Map<string, VariableTrace | null>,
): { root: Frame; tracer: Tracer; ok: boolean; value: unknown } | null {
  const ast = programAst(program);
  if (ast === undefined) return null;
  const tracer = new Tracer(activation, options, depth, variableTraces);
  const nodes: CelJsNode[] = [];
  walk(ast, (node) => nodes.push(node));
  const saved = nodes.map((node) => Object.getOwnPropertyDescriptor(node, 'evaluate'));
  let result: ReturnType<CelProgram['evaluate']>;
  try {
    nodes.forEach((node, i) => {
      const own = saved[i]?.value as CelJsNode['evaluate'] | undefined;
      const inner: CelJsNode['evaluate'] =
        typeof own === 'function' ? own : (ev: CelJsEvaluator, _self: CelJsNode, ctx: unknown) => evaluateOriginal(ev, node, ctx);
      Object.defineProperty(node, 'evaluate', {
        value: (ev: CelJsEvaluator, self: CelJsNode, ctx: unknown) => tracer.run(node, inner, ev, self, ctx),
        writable: true,
        configurable: true,
        enumerable: false,
      });
    });
    // cel-js's evaluation, through the traced nodes (the closures would not pass through them).
    result = withoutClosures(() => program.evaluate(activation));
  } finally {
    nodes.forEach((node, i) => {
      const descriptor = saved[i];
      if (descriptor === undefined) delete (node as { evaluate?: unknown }).evaluate;
      else Object.defineProperty(node, 'evaluate', descriptor);
    });
  }
  if (tracer.broken || tracer.root === null || result.ok === (tracer.root.threw)) return null;
  return { root: tracer.root, tracer, ok: result.ok, value: result.ok ? result.value : undefined };
}

/**
 * The path, relative to the resource (`activation.object`), of the field a failed evaluation of `program` blames:
 * for a `false` result the field the deciding sub-expression read (see the file comment), for a runtime error the
 * field whose selection raised it (a missing field: its parent). `[]` when nothing finer than the resource is known,
 * when the result is neither `false` nor an error, or when the explanation fails. Call it only after a failure: it
 * evaluates the program again, more slowly.
 */
export function explainFailure(program: CelProgram, activation: Readonly<Record<string, unknown>>, options: ExplainOptions = {}): FieldSegment[] {
  try {
    const settings: Settings = { ...options, root: options.root ?? 'object', variablesName: options.variablesName ?? 'variables' };
    const traced = trace(program, activation, settings, 0, new Map());
    if (traced === null) return [];
    const blamer = new Blamer(traced.tracer);
    let path: Path | null;
    if (!traced.ok) path = blamer.error(traced.root);
    else if (traced.value === false) path = blamer.blame(traced.root);
    else return [];
    return path === null ? [] : [...path];
  } catch {
    return [];
  }
}
