/**
 * @file A ValidatingPolicy in `Envoy` or `HTTP` evaluation mode (Kyverno Authz), as the Kyverno CLI runs it on a
 * Test's `envoyPayloads` / `httpPayloads` (kyverno/kyverno cmd/cli/kubectl-kyverno/processor/authz_processor.go,
 * `processEnvoyPolicy`, `processHTTPPolicy`; kyverno/kyverno-authz pkg/engine/compiler/{compiler,policy}.go).
 *
 * Compilation: match conditions (`bool`), variables, validations (exactly the mode's check response type, or
 * `null`); the first error fails the policy. Evaluation of one check request: the match conditions (the first
 * `false` ends with no decision; errors and non-bool results are joined), then the validations in order with the
 * variables bound lazily: the first non-null response is the decision, an error ends the evaluation. An error
 * becomes the outcome under `failurePolicy: Fail` (the default), no decision under `Ignore`. The CLI gives no
 * exceptions to these policies. The outcome is one rule named after the policy: `pass` "request allowed", `fail`
 * "request denied with status code <code>" (Envoy) or "request denied, reason: <reason>" (HTTP), `skip` "request
 * does not match" without a decision, `error` with the error's text.
 */
import type { CompiledPolicy, FailureAction, PolicyResponse } from '../../../evaluate/types.js';
import { AUTHZ_TYPES, authzEnvironment, authzHandles, envoyDecision, httpDecision, type AuthzMode, type MessageValue } from '../../../lang/cel/authz/index.js';
import type { CelEvalResult, CelProgram } from '../../../lang/cel/index.js';
import type { RuleResponse, RuleStatus, SourceLocation } from '../../../types.js';
import { fieldPath, type CompileFailure } from '../vpol/compile.js';
import type { ValidatingPolicySpec } from '../vpol/types.js';
import { lazyVariables } from '../variables.js';
import { CelCompiledPolicy } from '../policy-identity.js';

type Path = (string | number)[];

/** The compiled expressions of an authz policy. */
interface CompiledAuthz {
  matchConditions: readonly CelProgram[];
  variables: readonly { name: string; program: CelProgram }[];
  validations: readonly CelProgram[];
}

class Failure extends Error {
  constructor(readonly failure: CompileFailure) {
    super(failure.fieldError);
  }
}

/** Compiles the spec (kyverno-authz `compiler.compile`); the first error as Kyverno's field error. */
export function compileAuthz(mode: AuthzMode, spec: ValidatingPolicySpec): { ok: true; compiled: CompiledAuthz } | { ok: false; failure: CompileFailure } {
  const env = authzEnvironment(mode);
  const compile = (expression: string, path: Path, check?: (type: string) => string | null): CelProgram => {
    const result = env.compile(expression);
    const invalid = `${fieldPath(path)}: Invalid value: ${JSON.stringify(expression)}: `;
    if (!result.ok) throw new Failure({ fieldError: invalid + result.error.message, expression, path, start: result.error.start, end: result.error.end });
    const problem = check?.(result.program.outputType) ?? null;
    if (problem !== null) throw new Failure({ fieldError: invalid + problem, expression, path, start: 0, end: expression.length });
    return result.program;
  };
  const response = AUTHZ_TYPES[mode].response;
  try {
    const matchConditions = spec.matchConditions.map((condition, i) =>
      compile(condition.expression, ['spec', 'matchConditions', i, 'expression'], (type) => (type === 'bool' ? null : 'matchCondition output is expected to be of type bool')),
    );
    const variables = spec.variables.map((variable, i) => ({ name: variable.name, program: compile(variable.expression, ['spec', 'variables', i, 'expression']) }));
    const validations = spec.validations.map((validation, i) =>
      compile(validation.expression, ['spec', 'validations', i, 'expression'], (type) =>
        type === response || type === 'null' ? null : `rule response output is expected to be of type ${response}`,
      ),
    );
    return { ok: true, compiled: { matchConditions, variables, validations } };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, failure: error.failure };
    throw error;
  }
}

/** The error the CLI aborts the payload run with (`failed to compile envoy policy <name>: <errors>`). */
export function authzCompileErrorReason(mode: AuthzMode, name: string, failure: CompileFailure): string {
  return `failed to compile ${mode === 'Envoy' ? 'envoy' : 'HTTP'} policy ${name}: ${failure.fieldError}`;
}

class EvaluationError extends Error {}

function value(result: CelEvalResult): unknown {
  if (!result.ok) throw new EvaluationError(result.error.message);
  return result.value;
}

export interface AuthzPolicyData {
  apiVersion: string;
  kind: string;
  name: string;
  annotations: Record<string, string>;
  source?: SourceLocation;
  mode: AuthzMode;
  failurePolicy: string;
  compiled: CompiledAuthz;
}

/** The compiled authz policy: it responds to check requests of its mode only (never to resources or JSON payloads). */
export class AuthzPolicy extends CelCompiledPolicy implements CompiledPolicy {
  readonly mode: AuthzMode;
  private readonly failurePolicy: string;
  private readonly compiled: CompiledAuthz;

  constructor(data: AuthzPolicyData) {
    super({ ...data, namespace: '', namespaced: false }, { name: data.name, type: 'Validation' });
    this.mode = data.mode;
    this.failurePolicy = data.failurePolicy;
    this.compiled = data.compiled;
  }

  /** The decision for one check request (kyverno-authz `compiledPolicy.evaluateRules`), or the error. */
  private decide(request: MessageValue): MessageValue | null {
    const base = { object: request, ...authzHandles() };
    const errors: string[] = [];
    for (const condition of this.compiled.matchConditions) {
      const result = condition.evaluate(base);
      if (!result.ok) errors.push(result.error.message);
      else if (typeof result.value !== 'boolean') errors.push(`type conversion error from '${typeof result.value}' to 'bool'`);
      else if (!result.value) return null;
    }
    if (errors.length > 0) throw new EvaluationError(errors.join('; '));
    const activation: Record<string, unknown> = { ...base };
    activation.variables = lazyVariables(this.compiled.variables, activation);
    for (const validation of this.compiled.validations) {
      const response = value(validation.evaluate(activation));
      if (response !== null && response !== undefined) return response as MessageValue;
    }
    return null;
  }

  /** The response for one check request of `mode`; none for a request of the other mode. */
  authorize(kind: 'http' | 'envoy', request: unknown): PolicyResponse | null {
    if (kind !== (this.mode === 'Envoy' ? 'envoy' : 'http')) return null;
    let status: RuleStatus;
    let message: string;
    try {
      const decision = this.decide(request as MessageValue);
      if (decision === null) {
        status = 'skip';
        message = 'request does not match';
      } else if (this.mode === 'Envoy') {
        const outcome = envoyDecision(decision);
        status = outcome === null ? 'pass' : outcome.allowed ? 'pass' : 'fail';
        message = outcome === null ? '' : outcome.allowed ? 'request allowed' : `request denied with status code ${outcome.code}`;
      } else {
        const outcome = httpDecision(decision);
        status = outcome === null ? 'pass' : outcome.allowed ? 'pass' : 'fail';
        message = outcome === null ? '' : outcome.allowed ? 'request allowed' : `request denied, reason: ${outcome.reason}`;
      }
    } catch (error) {
      if (!(error instanceof EvaluationError)) throw error;
      if (this.failurePolicy === 'Ignore') {
        status = 'skip';
        message = 'request does not match';
      } else {
        status = 'error';
        message = error.message;
      }
    }
    const rule: RuleResponse = { name: this.name, type: 'Validation', status, message };
    return { policy: this, resource: {}, rules: [rule] };
  }

  failureAction(): FailureAction {
    return 'Enforce';
  }
}
