/**
 * @file Walking and patching the AST of @marcbachmann/cel-js. The library exposes its parsed AST (`ParseResult.ast`)
 * but no hook to replace a built-in function or macro, so the CEL layer patches single nodes after parsing: a node's
 * own `evaluate` property replaces the class method that dispatches to its operator, macro or macro expansion
 * (`ASTNode.evaluate` in cel-js `lib/parser.js`), and a macro's `evaluate`/`typeCheck` hooks can be replaced on the
 * per-call macro object the parser stored in the node's `meta`.
 */

import { ParseError } from '@marcbachmann/cel-js';

/** The evaluator object cel-js passes to every node (`Evaluator` in cel-js `lib/evaluator.js`). */
export interface CelJsEvaluator {
  run(node: CelJsNode, ctx: unknown): unknown;
  /** Runs `node`, returning a thrown error instead of throwing it. */
  tryEval(node: CelJsNode, ctx: unknown): unknown;
  createError(code: string, message: string, node?: CelJsNode): Error;
}

/** A cel-js type declaration (`TypeDeclaration` in cel-js `lib/registry.js`). */
export interface CelJsType {
  readonly kind: string;
  readonly name: string;
  readonly type: string;
  readonly keyType?: CelJsType;
  readonly valueType?: CelJsType;
  readonly hasDynType: boolean;
  unify(registry: unknown, other: CelJsType): CelJsType | null;
  matches(other: CelJsType): boolean;
}

/** A cel-js variable scope at type-check time (`RootContext`/`OverlayContext` in cel-js `lib/registry.js`). */
export interface CelJsScope {
  forkWithVariable(name: string, type: CelJsType): CelJsOverlay;
}

/** A scope with one iteration variable; at run time it is re-parented onto the running scope (`reuse`). */
export interface CelJsOverlay extends CelJsScope {
  reuse(parent: unknown): CelJsOverlay;
  setIterValue(value: unknown, ev: CelJsEvaluator): CelJsOverlay;
}

/** A cel-js macro object (the value returned by a macro handler, `FunctionDeclaration.handler`). */
export interface CelJsMacro {
  receiver?: CelJsNode | null;
  arg?: CelJsNode;
  args?: CelJsNode[];
  evaluate(ev: CelJsEvaluator, macro: CelJsMacro, ctx: unknown): unknown;
  typeCheck(checker: CelJsChecker, macro: CelJsMacro, ctx: unknown): unknown;
  [key: string]: unknown;
}

/** The cel-js type checker as seen by a macro's `typeCheck` hook. */
export interface CelJsChecker {
  check(node: CelJsNode, ctx: unknown): CelJsType;
  getType(name: string): CelJsType;
  createError(code: string, message: string, node: CelJsNode): Error;
  formatType(type: CelJsType): string;
  readonly opts: { readonly homogeneousAggregateLiterals: boolean };
  readonly registry: {
    getListType(type: CelJsType): CelJsType;
    getMapType(key: CelJsType, value: CelJsType): CelJsType;
    getOptionalType(type: CelJsType): CelJsType;
  };
}

/**
 * The element type of a macro receiver that must be a `container` (`list` or `optional`): its value type, `dyn` for a
 * `dyn` receiver; otherwise cel-go's `found no matching overload for '<type>.<call>'` at the receiver.
 */
export function receiverElementType(checker: CelJsChecker, receiverType: CelJsType, container: 'list' | 'optional', call: string, receiver: CelJsNode): CelJsType {
  if (receiverType.kind === container) return receiverType.valueType!;
  if (receiverType.kind === 'dyn') return receiverType;
  throw checker.createError('no_matching_overload', `found no matching overload for '${checker.formatType(receiverType)}.${call}'`, receiver);
}

/** A parse error at `node`, as a macro expander reports one (cel-js `parseError`). */
export function macroError(message: string, node: CelJsNode): Error {
  return new (ParseError as unknown as new (message: string, node: CelJsNode) => Error)(message, node);
}

interface CelJsMeta {
  alternate?: CelJsNode;
  macro?: CelJsMacro;
  /** Set on the list and map literals inside a `format` call (environment.ts, `exemptFromHomogeneity`). */
  homogeneityExempt?: boolean;
  evaluate: (ev: CelJsEvaluator, node: CelJsNode, ctx: unknown) => unknown;
}

/** One cel-js AST node (`ASTNode` in cel-js `lib/parser.js`), as far as the CEL layer uses it. */
export interface CelJsNode {
  readonly op: string;
  readonly args: unknown;
  readonly start: number;
  readonly end: number;
  readonly meta: CelJsMeta;
  evaluate(ev: CelJsEvaluator, node: CelJsNode, ctx: unknown): unknown;
  setMeta(key: string, value: unknown): CelJsNode;
}

/** Whether `value` is a cel-js AST node. */
export function isNode(value: unknown): value is CelJsNode {
  return typeof value === 'object' && value !== null && typeof (value as { op?: unknown }).op === 'string' && 'meta' in value;
}

/**
 * Calls `visit` once on every node reachable from `root`, with its depth (the root is at 1): the operands of each
 * node, and the expansion a macro produced (`meta.alternate`, e.g. the comprehension of `all`), whose parts are
 * nodes too. Iterative, so a deep AST cannot overflow the stack here.
 */
export function walk(root: CelJsNode, visit: (node: CelJsNode, depth: number) => void): void {
  const seen = new Set<CelJsNode>();
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [item, parentDepth] = stack.pop()!;
    if (isNode(item)) {
      if (seen.has(item)) continue;
      seen.add(item);
      const depth = parentDepth + 1;
      visit(item, depth);
      const meta = item.meta;
      if (meta.alternate) stack.push([meta.alternate, depth]);
      if (meta.macro) {
        for (const key of ['receiver', 'arg', 'args'] as const) if (meta.macro[key]) stack.push([meta.macro[key], depth]);
      }
      stack.push([item.args, depth]);
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push([element, parentDepth]);
    } else if (typeof item === 'object' && item !== null && 'step' in item) {
      // A comprehension's operands. Only these: after type checking, the object also holds contexts.
      const comprehension = item as { iterable?: unknown; init?: unknown; step?: unknown };
      stack.push([comprehension.iterable, parentDepth], [comprehension.init, parentDepth], [comprehension.step, parentDepth]);
    }
  }
}

/** Evaluates `node` the way cel-js would (its alternate, its macro, or its operator), bypassing an own `evaluate`. */
export function evaluateOriginal(ev: CelJsEvaluator, node: CelJsNode, ctx: unknown): unknown {
  const meta = node.meta;
  if (meta.alternate) return meta.alternate.evaluate(ev, meta.alternate, ctx);
  if (meta.macro) return meta.macro.evaluate(ev, meta.macro, ctx);
  return meta.evaluate(ev, node, ctx);
}

/**
 * What a patch changed about a node's evaluation, for the closures (closures.ts), which reproduce the patches they
 * know and leave every other patched node to cel-js: `step-cost` (a comprehension step charged per iteration),
 * `output-cost` (a result charged by its length), `membership-cost` (a membership range charged by its size),
 * `object-variable` (an object-type variable that may be null), `orvalue-compat` (Kyverno's `orValue`),
 * `has-presence` (`has` asking values with field presence), `matches-re2` (`matches` on RE2), `other`.
 */
export type PatchKind = 'step-cost' | 'output-cost' | 'membership-cost' | 'object-variable' | 'orvalue-compat' | 'has-presence' | 'matches-re2' | 'other';

const patchKinds = new WeakMap<CelJsNode, PatchKind[]>();

/** Records that a patch of `kind` changed how `node` evaluates (its own `evaluate`, or its macro's). */
export function markPatched(node: CelJsNode, kind: PatchKind): void {
  const kinds = patchKinds.get(node);
  if (kinds === undefined) patchKinds.set(node, [kind]);
  else kinds.push(kind);
}

/** The patches applied to `node`, in order (empty when none was). */
export function patchesOf(node: CelJsNode): readonly PatchKind[] {
  return patchKinds.get(node) ?? [];
}

/** Replaces the evaluation of one node; `kind` says what the replacement does (see {@link PatchKind}). */
export function overrideEvaluate(node: CelJsNode, evaluate: (ev: CelJsEvaluator, node: CelJsNode, ctx: unknown) => unknown, kind: PatchKind = 'other'): void {
  markPatched(node, kind);
  (node as { evaluate: CelJsNode['evaluate'] }).evaluate = evaluate;
}

/**
 * Runs `after` on the value `node` evaluates to, keeping whatever evaluation the node has (its own replacement, if
 * a patch installed one, or cel-js's).
 */
export function afterEvaluate(node: CelJsNode, after: (value: unknown) => void, kind: PatchKind = 'other'): void {
  const own = Object.prototype.hasOwnProperty.call(node, 'evaluate') ? node.evaluate : null;
  overrideEvaluate(
    node,
    (ev, self, ctx) => {
      const value = own !== null ? own.call(self, ev, self, ctx) : evaluateOriginal(ev, self, ctx);
      after(value);
      return value;
    },
    kind,
  );
}
