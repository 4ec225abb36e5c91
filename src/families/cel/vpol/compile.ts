/**
 * @file Compiling a ValidatingPolicy spec (kyverno/kyverno pkg/cel/policies/vpol/compiler/compiler.go,
 * `compileForKubernetes`, `compileForJSON`; pkg/cel/compiler/compiler.go): match conditions, variables in order,
 * validations (expression and messageExpression), audit annotations (Kubernetes mode only), each with the output
 * type Kyverno demands (`bool`; `string`; `string` or `null`). cel-js types most of a resource as `dyn`, which is
 * accepted here wherever an exact type is demanded; the value is checked at run time.
 * The first error is returned with the field error text Kyverno prints and where the expression is.
 */
import type { CelEnvironment, CelProgram } from '../../../lang/cel/index.js';
import type { ValidatingPolicySpec } from './types.js';

type Path = (string | number)[];

/** A compiled expression and where it is in the policy document. */
export interface CompiledExpression {
  readonly program: CelProgram;
  readonly path: Path;
  /** The expression as written in the policy (autogen variants compile a rewritten text). */
  readonly written: string;
}

export interface CompiledValidation {
  readonly expression: CompiledExpression;
  readonly message: string;
  readonly messageExpression?: CompiledExpression;
}

/** A compiled ValidatingPolicy spec (the policy itself or one autogen variant). */
export interface CompiledSpec {
  readonly spec: ValidatingPolicySpec;
  readonly matchConditions: readonly CompiledExpression[];
  readonly variables: readonly { readonly name: string; readonly compiled: CompiledExpression }[];
  readonly validations: readonly CompiledValidation[];
  readonly auditAnnotations: readonly { readonly key: string; readonly compiled: CompiledExpression }[];
}

/** Why a spec does not compile: Kyverno's field error and the location of the expression. */
export interface CompileFailure {
  /** `spec.validations[0].expression: Invalid value: "…": <issue>`. */
  readonly fieldError: string;
  /** The expression compiled. */
  readonly expression: string;
  readonly path: Path;
  readonly start: number;
  readonly end: number;
}

export type CompileOutcome = { readonly ok: true; readonly compiled: CompiledSpec } | { readonly ok: false; readonly failure: CompileFailure };

/** Kyverno's field path text (`spec.validations[0].expression`). */
export function fieldPath(path: Path): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

class Failure extends Error {
  constructor(readonly failure: CompileFailure) {
    super(failure.fieldError);
  }
}

/** The output types accepted for each expression role (`dyn` is checked at run time). */
const BOOL = ['bool', 'dyn'];
const STRING = ['string', 'dyn'];
const STRING_OR_NULL = ['string', 'null', 'dyn'];

function typeMessage(accepted: readonly string[]): string {
  return accepted === STRING_OR_NULL ? 'output is expected to be either of type string or null_type' : `output is expected to be of type ${accepted[0]}`;
}

/**
 * Compiles `spec`. `written` gives the policy's own spec for an autogen variant, so that locations refer to
 * the text of the policy document.
 */
export function compileSpec(env: CelEnvironment, spec: ValidatingPolicySpec, written: ValidatingPolicySpec = spec): CompileOutcome {
  const compile = (expression: string, path: Path, writtenExpression: string, accepted: readonly string[] | null): CompiledExpression => {
    const result = env.compile(expression);
    const invalid = `${fieldPath(path)}: Invalid value: ${JSON.stringify(expression)}: `;
    const variant = expression !== writtenExpression;
    if (!result.ok) {
      const { start, end } = variant ? { start: 0, end: writtenExpression.length } : result.error;
      throw new Failure({ fieldError: invalid + result.error.message, expression, path, start, end });
    }
    if (accepted !== null && !accepted.includes(result.program.outputType)) {
      throw new Failure({ fieldError: invalid + typeMessage(accepted), expression, path, start: 0, end: writtenExpression.length });
    }
    return { program: result.program, path, written: writtenExpression };
  };
  try {
    const matchConditions = spec.matchConditions.map((condition, i) =>
      compile(condition.expression, ['spec', 'matchConditions', i, 'expression'], written.matchConditions[i]?.expression ?? condition.expression, BOOL),
    );
    const variables = spec.variables.map((variable, i) => ({
      name: variable.name,
      compiled: compile(variable.expression, ['spec', 'variables', i, 'expression'], written.variables[i]?.expression ?? variable.expression, null),
    }));
    const validations = spec.validations.map((validation, i): CompiledValidation => {
      const original = written.validations[i] ?? validation;
      const expression = compile(validation.expression, ['spec', 'validations', i, 'expression'], original.expression, BOOL);
      const compiled: CompiledValidation = { expression, message: validation.message ?? '' };
      if (validation.messageExpression !== undefined && validation.messageExpression !== '') {
        const messageExpression = compile(validation.messageExpression, ['spec', 'validations', i, 'messageExpression'], original.messageExpression ?? validation.messageExpression, STRING);
        return { ...compiled, messageExpression };
      }
      return compiled;
    });
    const auditAnnotations =
      spec.mode === 'JSON'
        ? []
        : spec.auditAnnotations.map((annotation, i) => ({
            key: annotation.key,
            compiled: compile(annotation.valueExpression, ['spec', 'auditAnnotations', i, 'valueExpression'], written.auditAnnotations[i]?.valueExpression ?? annotation.valueExpression, STRING_OR_NULL),
          }));
    return { ok: true, compiled: { spec, matchConditions, variables, validations, auditAnnotations } };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, failure: error.failure };
    throw error;
  }
}

/**
 * The error the Kyverno CLI aborts with (kyverno/kyverno pkg/cel/policies/vpol/engine/provider.go `NewProvider`;
 * the field error list starts with an internal-error placeholder in Kubernetes mode).
 */
export function compileErrorReason(name: string, mode: string, failure: CompileFailure): string {
  if (mode === 'JSON') return `failed to compile policy ${name} (${failure.fieldError})`;
  return `failed to compile policy ${name} ([: Internal error: validating policy compiler 1.0 error: failed to compile policy, ${failure.fieldError}])`;
}
