/**
 * @file `has(e.f)` on any operand, as cel-go's `has` macro accepts it (cel-go `parser/macro.go`, `MakeHas`: the
 * argument must be a field selection, whatever it selects from): `has(image.GetMetadata(ref).config.created)`,
 * `has(object.spec.containers[0].image)`. cel-js's macro only accepts selections that start at a variable; its
 * evaluation already handles any operand, so only the type check is replaced: the operand chain is checked, not
 * required to end at an identifier.
 */
import type { CelJsChecker, CelJsMacro, CelJsNode } from './ast.js';

interface HasMacro extends CelJsMacro {
  macroHasProps?: CelJsNode[];
}

/** Patches a `has(…)` macro call node whose selection does not start at a variable; other nodes are left alone. */
export function patchHas(node: CelJsNode): void {
  if (node.op !== 'call' || (node.args as unknown[])[0] !== 'has') return;
  const macro = node.meta.macro as HasMacro | undefined;
  const argument = macro?.args?.[0];
  if (macro === undefined || argument === undefined || argument.op !== '.') return;
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
