/**
 * @file Compiling a MutatingPolicy spec (kyverno/kyverno pkg/cel/policies/mpol/compiler/compiler.go `Compile`):
 * variables first (match conditions may read them), match conditions, the target expression and target match
 * conditions of mutate-existing, audit annotations, and each mutation with the output type Kyverno demands
 * (pkg/cel/compiler/compiler.go `CompileMutation`: exactly `Object` for an apply configuration, `list(JSONPatch)` for
 * a JSON patch; `JSONPatch` constructions are `dyn` here, so a list of them is accepted and its elements are checked
 * when the patch is applied). The first error is returned with the field error text Kyverno prints and where the expression is.
 */
import type { CelEnvironment, CelProgram } from '../../../lang/cel/index.js';
import type { VariableProgram } from '../variables.js';
import { fieldPath } from '../vpol/compile.js';
import type { MutatingPolicySpec, Mutation } from './decode.js';

type Path = (string | number)[];

export interface CompiledExpression {
  readonly program: CelProgram;
  readonly path: Path;
  /** The expression as written in the policy (autogen variants compile a rewritten text). */
  readonly written: string;
}

export interface CompiledMutation {
  readonly patchType: Mutation['patchType'];
  readonly expression: CompiledExpression;
}

/** A compiled MutatingPolicy spec (the policy itself or one autogen variant). */
export interface CompiledMutatingSpec {
  readonly spec: MutatingPolicySpec;
  readonly variables: readonly VariableProgram[];
  readonly matchConditions: readonly CompiledExpression[];
  readonly targetExpression?: CompiledExpression;
  readonly targetMatchConditions: readonly CompiledExpression[];
  readonly auditAnnotations: readonly { readonly key: string; readonly compiled: CompiledExpression }[];
  readonly mutations: readonly CompiledMutation[];
}

export interface MutatingCompileFailure {
  readonly fieldError: string;
  readonly path: Path;
  readonly start: number;
  readonly end: number;
}

class Failure extends Error {
  constructor(readonly failure: MutatingCompileFailure) {
    super(failure.fieldError);
  }
}

/** Whether a parsed expression reads `variables` (compiler.go `referencesVariables`), found textually outside strings. */
function referencesVariables(expression: string): boolean {
  const code = expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return /(?<![\w.])variables(?![\w])/.test(code);
}

/**
 * Compiles `spec`. `written` gives the policy's own spec for an autogen variant, so that locations refer to the text
 * of the policy document.
 */
export function compileMutatingSpec(
  env: CelEnvironment,
  spec: MutatingPolicySpec,
  written: MutatingPolicySpec = spec,
): { ok: true; compiled: CompiledMutatingSpec } | { ok: false; failure: MutatingCompileFailure } {
  const compile = (expression: string, path: Path, writtenExpression: string, accepted: readonly string[] | null, typeName?: string): CompiledExpression => {
    const result = env.compile(expression);
    const invalid = `${fieldPath(path)}: Invalid value: ${JSON.stringify(expression)}: `;
    const variant = expression !== writtenExpression;
    if (!result.ok) {
      const { start, end } = variant ? { start: 0, end: writtenExpression.length } : result.error;
      throw new Failure({ fieldError: invalid + result.error.message, path, start, end });
    }
    if (accepted !== null && !accepted.includes(result.program.outputType)) {
      throw new Failure({ fieldError: `${invalid}output is expected to be of type ${typeName ?? accepted[0]}`, path, start: 0, end: writtenExpression.length });
    }
    return { program: result.program, path, written: writtenExpression };
  };
  try {
    if (spec.mapAutogen) {
      spec.matchConditions.forEach((condition, i) => {
        if (!referencesVariables(condition.expression)) return;
        const path: Path = ['spec', 'matchConditions', i, 'expression'];
        throw new Failure({
          fieldError: `${fieldPath(path)}: Forbidden: variables cannot be referenced in matchConditions when spec.autogen.mutatingAdmissionPolicy.enabled is true; native MutatingAdmissionPolicy evaluates match conditions before variables, so inline the expression instead`,
          path,
          start: 0,
          end: condition.expression.length,
        });
      });
    }
    const variables = spec.variables.map((variable, i) => ({
      name: variable.name,
      program: compile(variable.expression, ['spec', 'variables', i, 'expression'], written.variables[i]?.expression ?? variable.expression, null).program,
    }));
    const matchConditions = spec.matchConditions.map((condition, i) =>
      compile(condition.expression, ['spec', 'matchConditions', i, 'expression'], written.matchConditions[i]?.expression ?? condition.expression, ['bool', 'dyn']),
    );
    let targetExpression: CompiledExpression | undefined;
    if (spec.targetExpression !== undefined) {
      const path: Path = ['spec', 'targetMatchConstraints', 'expression'];
      targetExpression = compile(spec.targetExpression, path, written.targetExpression ?? spec.targetExpression, null);
      if (!['map<string, dyn>', 'map', 'dyn'].includes(targetExpression.program.outputType)) {
        throw new Failure({ fieldError: `${fieldPath(path)}: Invalid value: ${JSON.stringify(spec.targetExpression)}: output type must be a map`, path, start: 0, end: spec.targetExpression.length });
      }
    }
    const targetMatchConditions = spec.targetMatchConditions.map((condition, i) =>
      compile(condition.expression, ['spec', 'targetMatchConditions', i, 'expression'], written.targetMatchConditions[i]?.expression ?? condition.expression, ['bool', 'dyn']),
    );
    const auditAnnotations = spec.auditAnnotations.map((annotation, i) => ({
      key: annotation.key,
      compiled: compile(annotation.valueExpression, ['spec', 'auditAnnotations', i, 'valueExpression'], written.auditAnnotations[i]?.valueExpression ?? annotation.valueExpression, ['string', 'null', 'dyn']),
    }));
    const mutations = spec.mutations.map((mutation, i): CompiledMutation => {
      const apply = mutation.patchType === 'ApplyConfiguration';
      const path: Path = ['spec', 'mutations', i, apply ? 'applyConfiguration' : 'jsonPatch', 'expression'];
      const writtenExpression = written.mutations[i]?.expression ?? mutation.expression;
      const expression = apply ? compile(mutation.expression, path, writtenExpression, ['Object'], 'Object') : compile(mutation.expression, path, writtenExpression, ['list<JSONPatch>', 'list', 'dyn'], 'list(JSONPatch)');
      return { patchType: mutation.patchType, expression };
    });
    const compiled: CompiledMutatingSpec = { spec, variables, matchConditions, targetMatchConditions, auditAnnotations, mutations, ...(targetExpression ? { targetExpression } : {}) };
    return { ok: true, compiled };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, failure: error.failure };
    throw error;
  }
}
