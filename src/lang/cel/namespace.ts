/**
 * @file Namespaced CEL functions (`math.abs(x)`, `lists.range(n)`, `sets.contains(a, b)`). cel-go declares them as
 * functions with qualified names; cel-js parses `math.abs(x)` as a method call on the identifier `math`, so each
 * namespace is a constant of its own type, named like the namespace, and its functions are receiver functions of
 * that type: `env.registerFunction('math.abs(int): int', (_ns, x) => …)`. Libraries registered later through the
 * `libraries` hook add overloads the same way (Kyverno's `math.round(double, int)`, for example).
 */
import type { Environment } from '@marcbachmann/cel-js';

/** Registers the namespace `name` (type and constant) unless it exists; returns its type name (`name`). */
export function registerNamespace(env: Environment, name: string): string {
  if (env.hasVariable(name)) return name;
  // A distinct class per namespace: cel-js maps runtime values to types by constructor.
  const Namespace = { [name]: class {} }[name]!;
  env.registerType(name, Namespace);
  env.registerConstant(name, name, new Namespace());
  return name;
}
