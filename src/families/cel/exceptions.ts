/**
 * @file CEL PolicyExceptions (`policies.kyverno.io` PolicyException; kyverno/api
 * api/policies.kyverno.io/v1beta1/policy_exception.go): decoded once, their match conditions compiled in the
 * environment of the policy they exempt, selected per policy by `policyRefs` (name and kind), as
 * kyverno/kyverno pkg/cel/policies/vpol/engine/provider.go `NewProvider` does.
 */
import type { CompiledException, ExceptionAcceptance } from '../../evaluate/types.js';
import type { JsonObject, RuleResponse, RuleType } from '../../types.js';
import type { CelEnvironment, CelProgram } from '../../lang/cel/index.js';
import { isObject, namedExpressions } from './decode.js';
import type { NamedExpression } from './vpol/types.js';
import type { ExceptionsValue } from './environment.js';
import type { DocumentProblem } from '../../evaluate/types.js';

const API_VERSIONS = new Set(['policies.kyverno.io/v1alpha1', 'policies.kyverno.io/v1beta1', 'policies.kyverno.io/v1']);

/** The label whose integer value ranks matching exceptions (kyverno/kyverno pkg/utils/report `LabelPolicyExceptionPriority`). */
export const EXCEPTION_PRIORITY_LABEL = 'kyverno.io/exception-priority';

/** An accepted CEL PolicyException. */
export interface CelPolicyException extends CompiledException {
  readonly family: 'cel';
  readonly policyRefs: readonly { name: string; kind: string }[];
  readonly matchConditions: readonly NamedExpression[];
  /** Partial exception: images allowed (`exceptions.allowedImages`). */
  readonly images: readonly string[];
  /** Partial exception: values allowed (`exceptions.allowedValues`). */
  readonly allowedValues: readonly string[];
  /** `skip` (default) or `pass`. */
  readonly reportResult: string;
  readonly labels: Readonly<Record<string, string>>;
}

/** Whether an exception accepted by any family is a CEL one. */
export function isCelException(exception: CompiledException): exception is CelPolicyException {
  return exception.family === 'cel' && 'policyRefs' in exception;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Decodes a CEL PolicyException document. */
export function acceptCelException(document: JsonObject): ExceptionAcceptance {
  const metadata = isObject(document.metadata) ? document.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  if (typeof document.apiVersion !== 'string' || !API_VERSIONS.has(document.apiVersion)) {
    return { status: 'invalid', reason: `policy exception type not supported ${String(document.apiVersion)}/${String(document.kind)}` };
  }
  if (name === '') return { status: 'invalid', reason: 'PolicyException: metadata.name is required' };
  const spec = document.spec;
  if (!isObject(spec)) return { status: 'invalid', reason: `PolicyException ${name}: spec is required` };
  if (!Array.isArray(spec.policyRefs) || spec.policyRefs.length === 0) return { status: 'invalid', reason: `PolicyException ${name}: spec.policyRefs is required` };
  const policyRefs: { name: string; kind: string }[] = [];
  for (const ref of spec.policyRefs) {
    if (!isObject(ref) || typeof ref.name !== 'string' || typeof ref.kind !== 'string') {
      return { status: 'invalid', reason: `PolicyException ${name}: spec.policyRefs entries need a name and a kind` };
    }
    policyRefs.push({ name: ref.name, kind: ref.kind });
  }
  const problems: DocumentProblem[] = [];
  const matchConditions = namedExpressions(spec.matchConditions, ['spec', 'matchConditions'], problems);
  if (problems.length > 0) return { status: 'invalid', reason: `PolicyException ${name}: ${problems[0]!.path.join('.')}: ${problems[0]!.message}` };
  const reportResult = typeof spec.reportResult === 'string' && spec.reportResult !== '' ? spec.reportResult : 'skip';
  if (reportResult !== 'skip' && reportResult !== 'pass') return { status: 'invalid', reason: `PolicyException ${name}: spec.reportResult: unsupported value "${reportResult}"` };
  const labels: Record<string, string> = {};
  if (isObject(metadata.labels)) for (const [key, value] of Object.entries(metadata.labels)) if (typeof value === 'string') labels[key] = value;
  const exception: CelPolicyException = {
    family: 'cel',
    name,
    namespace: typeof metadata.namespace === 'string' ? metadata.namespace : '',
    policyRefs,
    matchConditions,
    images: strings(spec.images),
    allowedValues: strings(spec.allowedValues),
    reportResult,
    labels,
  };
  return { status: 'accepted', exception };
}

/** The CEL exceptions whose `policyRefs` name the policy (name and kind), once per matching reference. */
export function exceptionsFor(exceptions: readonly CompiledException[] | undefined, name: string, kind: string): CelPolicyException[] {
  const out: CelPolicyException[] = [];
  for (const exception of exceptions ?? []) {
    if (!isCelException(exception)) continue;
    for (const ref of exception.policyRefs) if (ref.name === name && ref.kind === kind) out.push(exception);
  }
  return out;
}

/** A compiled exception condition, or the compile error of the first that does not compile. */
export type CompiledConditions = { ok: true; programs: CelProgram[] } | { ok: false; message: string };

const compiledConditions = new WeakMap<CelEnvironment, WeakMap<CelPolicyException, CompiledConditions>>();

/** The exception's match conditions compiled in `env` (cached). */
export function exceptionConditions(exception: CelPolicyException, env: CelEnvironment): CompiledConditions {
  let cache = compiledConditions.get(env);
  if (cache === undefined) {
    cache = new WeakMap();
    compiledConditions.set(env, cache);
  }
  let compiled = cache.get(exception);
  if (compiled === undefined) {
    const programs: CelProgram[] = [];
    compiled = { ok: true, programs };
    for (const [index, condition] of exception.matchConditions.entries()) {
      const result = env.compile(condition.expression);
      if (!result.ok) {
        compiled = { ok: false, message: `spec.matchConditions[${index}].expression: Invalid value: ${JSON.stringify(condition.expression)}: ${result.error.message}` };
        break;
      }
      if (result.program.outputType !== 'bool' && result.program.outputType !== 'dyn') {
        compiled = { ok: false, message: `spec.matchConditions[${index}].expression: Invalid value: ${JSON.stringify(condition.expression)}: output is expected to be of type bool` };
        break;
      }
      programs.push(result.program);
    }
    cache.set(exception, compiled);
  }
  return compiled;
}

/** The exception key Kyverno prints (`cache.MetaNamespaceKeyFunc`): `namespace/name`, or `name`. */
export function exceptionKey(exception: CelPolicyException): string {
  return exception.namespace === '' ? exception.name : `${exception.namespace}/${exception.name}`;
}

/** The exception whose reportResult decides (`handlePolicy`): the highest positive priority label, else the first. */
export function selectedException(matched: readonly CelPolicyException[]): CelPolicyException {
  let highest = 0;
  let selected = 0;
  matched.forEach((exception, index) => {
    const label = exception.labels[EXCEPTION_PRIORITY_LABEL];
    if (label === undefined || !/^[+-]?\d+$/.test(label)) return;
    const priority = Number(label);
    if (priority > highest) {
      highest = priority;
      selected = index;
    }
  });
  return matched[selected]!;
}

/**
 * The exceptions' outcome for one evaluation (kyverno/kyverno pkg/cel/policies/{vpol,mpol}/compiler/policy.go
 * `evaluate`): the matched exceptions when one of them exempts fully, else what the partial ones allow. `holds`
 * evaluates an exception's conditions and throws their errors; an exception that does not compile throws
 * `failure(message)`. A broken exception after a full exemption does not take it back.
 */
export function matchExceptions(
  exceptions: readonly CelPolicyException[],
  env: CelEnvironment,
  holds: (programs: readonly CelProgram[]) => boolean,
  failure: (message: string) => Error,
): { exempted: CelPolicyException[] } | { allowances: ExceptionsValue } {
  const allowances: ExceptionsValue = { allowedImages: [], allowedValues: [] };
  const matched: CelPolicyException[] = [];
  let full = false;
  for (const exception of exceptions) {
    const conditions = exceptionConditions(exception, env);
    let matches: boolean;
    try {
      if (!conditions.ok) throw failure(`failed to compile policy exception ${exceptionKey(exception)} (${conditions.message})`);
      matches = holds(conditions.programs);
    } catch (error) {
      if (full) continue;
      throw error;
    }
    if (!matches) continue;
    matched.push(exception);
    if (exception.images.length === 0 && exception.allowedValues.length === 0) full = true;
    else if (!full) {
      allowances.allowedImages.push(...exception.images);
      allowances.allowedValues.push(...exception.allowedValues);
    }
  }
  return full ? { exempted: matched } : { allowances };
}

/** The rule of a full exemption (`handlePolicy`): `exception`, skip or pass as the selected exception reports it. */
export function exemptionRule(matched: readonly CelPolicyException[], type: RuleType): RuleResponse {
  const keys = matched.map(exceptionKey).join(', ');
  const pass = selectedException(matched).reportResult === 'pass';
  return { name: 'exception', type, status: pass ? 'pass' : 'skip', message: `rule is ${pass ? 'passed' : 'skipped'} due to policy exception: ${keys}` };
}
