/**
 * @file The CEL environment and activation of the ValidatingPolicy family, built in one place
 * (kyverno/kyverno pkg/cel/policies/vpol/compiler/compiler.go, `createBaseVpolEnv`): the variables `object`,
 * `oldObject`, `request`, `namespaceObject`, `variables` and `exceptions`, Kyverno's default options and a
 * cost limit of 1,000,000 per expression. Kyverno types `request` and `namespaceObject` and gives `variables`
 * one field per declared variable; here they are `dyn` (an unknown variable name fails at run time, not at
 * compile time). The Kyverno and Kubernetes CEL libraries are registered here as they become available.
 *
 * Values: a JSON number is a CEL `double` in `float64` mode (`kyverno test` converts every resource number to
 * float64, cmd/cli/kubectl-kyverno/commands/test/test.go) and an integral one a CEL `int` in `int64` mode.
 */
import { createCelEnvironment, DEFAULT_COST_LIMIT, type CelEnvironment, type CelLibrary } from '../../lang/cel/index.js';
import type { JsonObject, JsonValue, NumberMode } from '../../types.js';

/** The variables of a ValidatingPolicy expression (kyverno/kyverno pkg/cel/compiler/keys.go). */
export const VPOL_VARIABLES = ['object', 'oldObject', 'request', 'namespaceObject', 'variables', 'exceptions'] as const;

/** The libraries every ValidatingPolicy environment registers. */
const VPOL_LIBRARIES: readonly CelLibrary[] = [];

/**
 * References to CEL libraries of Kyverno's environment (kyverno/sdk extensions/cel/libs, cel-go ext) that may not be
 * registered yet: a library handle or namespace called (`resource.Get(…)`, `image.GetMetadata(…)`, `time.now()`,
 * `sets.contains(…)`) or a library function (`parseServiceAccount(…)`). Only consulted for an expression that does
 * not compile.
 */
const PENDING_LIBRARIES =
  /(?<![.\w])(?:(resource|http|globalContext|image|json|yaml|time|x509|gzip|hash|random|transform|user|math|sets|lists|base64|regex)\s*\.\s*[A-Za-z_]\w*\s*\(|(parseServiceAccount|sha1|sha256|md5|random|listObjToMap|parseImageReference|isImage|image)\s*\()/;

/**
 * The Kyverno CEL library an expression uses that is not available yet, if any (its compile error is then no
 * error of the policy).
 */
export function pendingLibrary(expression: string): string | null {
  const match = PENDING_LIBRARIES.exec(expression);
  if (match === null) return null;
  return match[1] ?? match[2] ?? null;
}

let vpolEnvironment: CelEnvironment | undefined;

/** The environment ValidatingPolicy expressions (and the match conditions of their exceptions) compile in. */
export function validatingPolicyEnvironment(): CelEnvironment {
  vpolEnvironment ??= createCelEnvironment({
    variables: Object.fromEntries(VPOL_VARIABLES.map((name) => [name, 'dyn'])),
    libraries: VPOL_LIBRARIES,
    costLimit: DEFAULT_COST_LIMIT,
    homogeneousAggregateLiterals: true,
  });
  return vpolEnvironment;
}

/** `exceptions`: the images and values partial exceptions allow (kyverno/kyverno pkg/cel/libs `Exception`). */
export interface ExceptionsValue {
  allowedImages: string[];
  allowedValues: string[];
}

/** What an activation is built from. */
export interface ActivationData {
  object: JsonObject | null;
  oldObject: JsonObject | null;
  request: JsonObject | null;
  namespaceObject: JsonObject | null;
}

const converted: Record<NumberMode, WeakMap<JsonObject, unknown>> = { float64: new WeakMap(), int64: new WeakMap() };

/** {@link celValue} of an object, cached by identity (evaluated documents are never mutated). */
function celObject(value: JsonObject, mode: NumberMode): unknown {
  let out = converted[mode].get(value);
  if (out === undefined) {
    out = celValue(value, mode);
    converted[mode].set(value, out);
  }
  return out;
}

/** A JSON value as CEL sees it in `mode`: integral numbers are `int` (bigint) in `int64` mode, else `double`. */
export function celValue(value: JsonValue, mode: NumberMode): unknown {
  if (typeof value === 'bigint') return mode === 'int64' ? value : Number(value);
  if (typeof value === 'number') return mode === 'int64' && Number.isInteger(value) ? BigInt(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => celValue(item, mode));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = celValue(item, mode);
  return out;
}

/**
 * The activation of one evaluation: the admission variables (null when absent), `exceptions` once known, and
 * `variables` (a lazy map, see vpol/evaluate.ts). Library handles are bound here as they become available.
 */
export function validatingPolicyActivation(data: ActivationData, mode: NumberMode): Record<string, unknown> {
  const convert = (value: JsonObject | null, as: NumberMode = mode): unknown => (value === null ? null : celObject(value, as));
  return {
    object: convert(data.object),
    oldObject: convert(data.oldObject),
    // `request` is the AdmissionRequest round-tripped through JSON: its integral numbers decode as int64.
    request: convert(data.request, 'int64'),
    namespaceObject: convert(data.namespaceObject),
  };
}
