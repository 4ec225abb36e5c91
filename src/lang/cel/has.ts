/**
 * @file `has(e.f)` on any operand, as cel-go's `has` macro accepts it (cel-go `parser/macro.go`, `MakeHas`: the
 * argument must be a field selection, whatever it selects from): `has(image.GetMetadata(ref).config.created)`,
 * `has(object.spec.containers[0].image)`. cel-js's macro only accepts selections that start at a variable; its
 * evaluation already handles any operand, so only the type check is replaced: the operand chain is checked, not
 * required to end at an identifier.
 */
import { type CelJsChecker, type CelJsEvaluator, type CelJsMacro, type CelJsNode, markPatched } from './ast.js';

interface HasMacro extends CelJsMacro {
  macroHasProps?: CelJsNode[];
}

/**
 * The method of a message value telling whether a field is set (proto3 presence, a non-zero Go struct field): `has`
 * asks it instead of reading the field, which for such a value reads as its default when unset.
 */
export const CEL_FIELD_PRESENCE: unique symbol = Symbol('cel.fieldPresence');

type PresenceAware = { [CEL_FIELD_PRESENCE]: (field: string) => boolean };

function presenceAware(value: unknown): value is PresenceAware {
  return typeof value === 'object' && value !== null && typeof (value as Partial<PresenceAware>)[CEL_FIELD_PRESENCE] === 'function';
}

/**
 * `has(…)` on a value with field presence ({@link CEL_FIELD_PRESENCE}) for the last selection: cel-js's macro
 * evaluation (`createHasExpander`: the base, then each selection with `fieldLazy`) with the last step asking the
 * value; cel-js's own evaluation for everything else (and for its errors).
 */
function patchPresence(macro: HasMacro): void {
  const original = macro.evaluate;
  macro.evaluate = (ev: CelJsEvaluator, self: CelJsMacro, ctx: unknown) => {
    const nodes = (self as HasMacro).macroHasProps;
    if (nodes === undefined || nodes.length < 2) return original(ev, self, ctx);
    const typed = ev as CelJsEvaluator & { debugType(value: unknown): { fieldLazy(obj: unknown, key: unknown, node: CelJsNode, ev: unknown): unknown } };
    let i = nodes.length - 1;
    let obj = ev.run(nodes[i]!, ctx);
    while (i-- > 0) {
      const node = nodes[i]!;
      const key = (node.args as [CelJsNode, string])[1];
      if (i === 0 && node.op === '.' && presenceAware(obj)) return obj[CEL_FIELD_PRESENCE](key);
      if (node.op !== '.') return original(ev, self, ctx);
      obj = typed.debugType(obj).fieldLazy(obj, key, node, ev);
      if (obj === undefined) return original(ev, self, ctx);
    }
    return original(ev, self, ctx);
  };
}

/**
 * Patches a `has(…)` macro call node: field presence for message values, and selections that do not start at a
 * variable; other nodes are left alone.
 */
export function patchHas(node: CelJsNode): void {
  if (node.op !== 'call' || (node.args as unknown[])[0] !== 'has') return;
  const macro = node.meta.macro as HasMacro | undefined;
  const argument = macro?.args?.[0];
  if (macro === undefined || argument === undefined || argument.op !== '.') return;
  markPatched(node, 'has-presence');
  patchPresence(macro);
  let base: CelJsNode = argument;
  const props: CelJsNode[] = [];
  while (base.op === '.' || base.op === '.?') {
    props.push(base);
    base = (base.args as [CelJsNode, string])[0];
  }
  if (base.op === 'id') return;
  props.push(base);
  macro.typeCheck = (checker: CelJsChecker, self: CelJsMacro, ctx: unknown) => {
    checker.check(base, ctx);
    (self as HasMacro).macroHasProps = props;
    return checker.getType('bool');
  };
}
