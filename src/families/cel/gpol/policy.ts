/**
 * @file GeneratingPolicy / NamespacedGeneratingPolicy as the Kyverno CLI runs them (kyverno/kyverno
 * cmd/cli/kubectl-kyverno/processor/policy_processor.go, "generating policies"; pkg/cel/policies/gpol/engine/engine.go
 * `generate`; pkg/cel/policies/gpol/compiler/{compiler,policy}.go `Compile`, `Evaluate`): the trigger is matched
 * against `matchConstraints` (no constraints or no match: no response), then the exceptions (a full exemption: the
 * `exception` rule, `skip` or `pass`), then the match conditions (false: no response), then each `generate[]` entry in
 * order (a `generator.Apply` expression or a YAML template), then the audit annotations. Success is the rule named
 * after the policy, `pass`, `policy evaluated successfully`, with the generated objects; any error is that rule with
 * `error`, `failed to evaluate policy: <err>`.
 *
 * Where generated objects go depends on the CLI's context provider (cmd/cli/kubectl-kyverno/processor/utils.go
 * `NewContextProvider`): without `clusterResources`, the fake provider (pkg/cel/libs/fake_context.go
 * `GenerateResources`) gives every object the namespace passed to `Apply` (removing it for `""`); with them, the
 * provider in CLI mode (pkg/cel/libs/context.go `GenerateResources`) sets it on namespaced kinds only, refuses a
 * cluster-scoped kind from a namespaced policy, drops owner references pointing to another namespace and clears
 * uid, managed fields, annotations, resource version and creation timestamp.
 */
import type { CompiledException, CompiledPolicy, DocumentProblem, EvaluationRequest, FailureAction, GenerateOutcome, PolicyResponse } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue, RuleResponse, RuleStatus } from '../../../types.js';
import { builtinResourceTypes, splitApiVersion } from '../../../cluster/resource-types.js';
import type { CelEnvironment, CelProgram } from '../../../lang/cel/index.js';
import { GeneratorContext } from '../../../lang/cel/kyverno/index.js';
import { generatingPolicyEnvironment, libraryHandles, validatingPolicyActivation, type ExceptionsValue } from '../environment.js';
import { exceptionsFor, exemptionRule, matchExceptions, type CelPolicyException } from '../exceptions.js';
import { decodeMatchResources, matchConstraints, type MatchResources } from '../match/index.js';
import { auditAnnotations, isObject, list, namedExpressions, optionalString, type AuditAnnotation, type NamedExpression, type Path } from '../decode.js';
import { lazyVariables, type VariableProgram } from '../variables.js';
import { admissionRequest } from '../vpol/request.js';
import { fieldPath } from '../vpol/compile.js';
import { CelCompiledPolicy, type CelPolicyIdentity } from '../policy-identity.js';
import { compileTemplate, renderTemplate, RenderError, type CompiledTemplate } from './template.js';

/** A `generate[]` entry: exactly one of `expression` and `template` (checked when compiling). */
export interface GenerationEntry {
  expression?: string;
  template?: { value: string; interpolate: 'none' | 'cel' };
}

export interface GeneratingPolicySpec {
  matchConstraints?: MatchResources;
  matchConditions: NamedExpression[];
  variables: NamedExpression[];
  generate: GenerationEntry[];
  auditAnnotations: AuditAnnotation[];
}

const SPEC_FIELDS = new Set(['matchConstraints', 'matchConditions', 'variables', 'generate', 'auditAnnotations', 'evaluation', 'useServerSideApply', 'webhookConfiguration']);
const GENERATION_FIELDS = new Set(['expression', 'template']);
const TEMPLATE_FIELDS = new Set(['value', 'interpolate']);

/** The spec of a GeneratingPolicy document (policies.kyverno.io `GeneratingPolicySpec`); problems at their paths. */
export function decodeGeneratingPolicySpec(spec: JsonValue | undefined, problems: DocumentProblem[]): GeneratingPolicySpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  if (!isObject(spec)) problems.push({ message: 'spec is required', path });
  for (const field of Object.keys(value)) if (!SPEC_FIELDS.has(field)) problems.push({ message: `unknown field "spec.${field}"`, path: [...path, field] });
  const decoded: GeneratingPolicySpec = {
    matchConditions: namedExpressions(value.matchConditions, [...path, 'matchConditions'], problems),
    variables: namedExpressions(value.variables, [...path, 'variables'], problems),
    generate: generations(value.generate, [...path, 'generate'], problems),
    auditAnnotations: auditAnnotations(value.auditAnnotations, [...path, 'auditAnnotations'], problems),
  };
  // The CRD requires `generate`.
  if (value.generate === undefined || value.generate === null) problems.push({ message: 'spec.generate is required', path: [...path, 'generate'] });
  const constraints = decodeMatchResources(value.matchConstraints, [...path, 'matchConstraints'], problems);
  if (constraints !== undefined) decoded.matchConstraints = constraints;
  for (const field of ['evaluation', 'webhookConfiguration'] as const) {
    const item = value[field];
    if (item !== undefined && item !== null && !isObject(item)) problems.push({ message: 'expected an object', path: [...path, field] });
  }
  if (value.useServerSideApply !== undefined && value.useServerSideApply !== null && typeof value.useServerSideApply !== 'boolean') {
    problems.push({ message: 'expected a boolean', path: [...path, 'useServerSideApply'] });
  }
  return decoded;
}

function generations(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): GenerationEntry[] {
  return list(value, path, problems).flatMap((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected an object with an expression or a template', path: at });
      return [];
    }
    for (const field of Object.keys(item)) if (!GENERATION_FIELDS.has(field)) problems.push({ message: `unknown field "${fieldPath([...at, field])}"`, path: [...at, field] });
    const entry: GenerationEntry = {};
    const expression = optionalString(item, 'expression', at, problems);
    if (expression !== undefined) entry.expression = expression;
    const template = item.template;
    if (template !== undefined && template !== null) {
      const templatePath = [...at, 'template'];
      if (!isObject(template)) problems.push({ message: 'expected an object', path: templatePath });
      else {
        for (const field of Object.keys(template)) if (!TEMPLATE_FIELDS.has(field)) problems.push({ message: `unknown field "${fieldPath([...templatePath, field])}"`, path: [...templatePath, field] });
        const text = optionalString(template, 'value', templatePath, problems);
        if (text === undefined || text === '') problems.push({ message: 'value is required', path: [...templatePath, 'value'] });
        const interpolate = optionalString(template, 'interpolate', templatePath, problems) ?? 'none';
        if (interpolate !== 'none' && interpolate !== 'cel') {
          problems.push({ message: `unsupported value "${interpolate}": supported values: "none", "cel"`, path: [...templatePath, 'interpolate'] });
        }
        entry.template = { value: text ?? '', interpolate: interpolate === 'cel' ? 'cel' : 'none' };
      }
    }
    return [entry];
  });
}

interface CompiledExpression {
  readonly program: CelProgram;
  readonly path: Path;
}

type CompiledGeneration = { readonly expression: CompiledExpression } | { readonly template: CompiledTemplate; readonly path: Path };

/** A compile error: the field errors Kyverno prints and where in the policy the (first) expression is. */
export interface GeneratingCompileFailure {
  readonly fieldError: string;
  readonly path: Path;
  readonly start: number;
  readonly end: number;
}

export interface CompiledGeneratingPolicy {
  readonly matchConditions: readonly CompiledExpression[];
  readonly variables: readonly VariableProgram[];
  readonly generations: readonly CompiledGeneration[];
  readonly auditAnnotations: readonly { readonly key: string; readonly compiled: CompiledExpression }[];
}

const BOOL = ['bool', 'dyn'];
const STRING_OR_NULL = ['string', 'null', 'dyn'];

/**
 * Compiles the spec as compiler.go `Compile` does: match conditions (before any variable is declared), variables
 * in order (each sees the earlier ones), generate entries (a `bool` expression, or a template), audit annotations.
 * Every error of a list is reported; the first list with errors ends the compilation.
 */
export function compileGeneratingPolicy(namespace: string, spec: GeneratingPolicySpec): { ok: true; compiled: CompiledGeneratingPolicy; env: CelEnvironment } | { ok: false; failure: GeneratingCompileFailure } {
  const names = spec.variables.map((variable) => variable.name);
  const env = generatingPolicyEnvironment(namespace, names);
  const failures: GeneratingCompileFailure[] = [];
  const compile = (environment: CelEnvironment, expression: string, path: Path, accepted: readonly string[] | null, typeMessage = ''): CelProgram | undefined => {
    const result = environment.compile(expression);
    const invalid = `${fieldPath(path)}: Invalid value: ${JSON.stringify(expression)}: `;
    if (!result.ok) {
      failures.push({ fieldError: invalid + result.error.message, path, start: result.error.start, end: result.error.end });
      return undefined;
    }
    if (accepted !== null && !accepted.includes(result.program.outputType)) {
      failures.push({ fieldError: invalid + typeMessage, path, start: 0, end: expression.length });
      return undefined;
    }
    return result.program;
  };
  const failed = (): { ok: false; failure: GeneratingCompileFailure } => ({
    ok: false,
    failure: { ...failures[0]!, fieldError: failures.map((failure) => failure.fieldError).join(', ') },
  });

  const withoutVariables = generatingPolicyEnvironment(namespace, []);
  const matchConditions: CompiledExpression[] = [];
  spec.matchConditions.forEach((condition, index) => {
    const path = ['spec', 'matchConditions', index, 'expression'];
    const program = compile(withoutVariables, condition.expression, path, BOOL, 'output is expected to be of type bool');
    if (program) matchConditions.push({ program, path });
  });
  if (failures.length > 0) return failed();

  const variables: VariableProgram[] = [];
  spec.variables.forEach((variable, index) => {
    const program = compile(generatingPolicyEnvironment(namespace, names.slice(0, index)), variable.expression, ['spec', 'variables', index, 'expression'], null);
    if (program) variables.push({ name: variable.name, program });
  });
  if (failures.length > 0) return failed();

  const generations: CompiledGeneration[] = [];
  for (const [index, entry] of spec.generate.entries()) {
    const path: Path = ['spec', 'generate', index];
    if (entry.template !== undefined && entry.expression !== undefined && entry.expression !== '') {
      failures.push({ fieldError: `${fieldPath(path)}: Invalid value: "object": only one of expression or template may be set`, path, start: 0, end: 0 });
      return failed();
    }
    if (entry.template !== undefined) {
      const valuePath = [...path, 'template', 'value'];
      const template = compileTemplate(env, entry.template.value, entry.template.interpolate === 'cel');
      if (!template.ok) {
        failures.push({ fieldError: `${fieldPath(valuePath)}: Invalid value: ${JSON.stringify(entry.template.value)}: ${template.message}`, path: valuePath, start: 0, end: 0 });
        return failed();
      }
      generations.push({ template: template.template, path: valuePath });
      continue;
    }
    if (entry.expression === undefined || entry.expression === '') {
      failures.push({ fieldError: `${fieldPath(path)}: Required value: one of expression or template must be set`, path, start: 0, end: 0 });
      return failed();
    }
    const expressionPath = [...path, 'expression'];
    const program = compile(env, entry.expression, expressionPath, BOOL, 'output is expected to be of type bool');
    if (!program) return failed();
    generations.push({ expression: { program, path: expressionPath } });
  }

  const annotations: { key: string; compiled: CompiledExpression }[] = [];
  spec.auditAnnotations.forEach((annotation, index) => {
    const path = ['spec', 'auditAnnotations', index, 'valueExpression'];
    const program = compile(env, annotation.valueExpression, path, STRING_OR_NULL, 'output is expected to be either of type string or null_type');
    if (program) annotations.push({ key: annotation.key, compiled: { program, path } });
  });
  if (failures.length > 0) return failed();
  return { ok: true, compiled: { matchConditions, variables, generations, auditAnnotations: annotations }, env };
}

/** The error the Kyverno CLI aborts with (the field error list starts with the compiler's internal-error placeholder). */
export function generatingCompileErrorReason(name: string, failure: GeneratingCompileFailure): string {
  return `failed to compile policy ${name} ([: Internal error: generating policy compiler 2.0 error: failed to compile policy, ${failure.fieldError}])`;
}

export interface GeneratingPolicyData extends CelPolicyIdentity {
  spec: GeneratingPolicySpec;
  compiled: CompiledGeneratingPolicy;
  env: CelEnvironment;
}

/** An error of the evaluation, with the expression it comes from. */
class EvaluationError extends Error {
  constructor(
    message: string,
    readonly at?: { path: Path; start: number; end: number },
  ) {
    super(message);
  }
}

/** The built-in kinds that are cluster-scoped, by `group/kind` (the CLI's REST mapper). */
let clusterScopedKinds: ReadonlySet<string> | undefined;

/** `isNamespacedResource`: unknown kinds count as namespaced, as a failed REST mapping does. */
function isNamespacedKind(apiVersion: string, kind: string): boolean {
  if (apiVersion === '' || kind === '') return true;
  clusterScopedKinds ??= new Set(builtinResourceTypes().filter((type) => type.namespaced === false).map((type) => `${type.group}/${type.kind}`));
  const gv = splitApiVersion(apiVersion);
  if (gv === null) return true;
  return !clusterScopedKinds.has(`${gv.group}/${kind}`);
}

/** Go's `%T` of a decoded JSON value. */
function goTypeName(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return '[]interface {}';
  if (typeof value === 'number') return 'float64';
  if (typeof value === 'object') return 'map[string]interface {}';
  return typeof value;
}

/** `Unstructured.SetNamespace`: `""` removes the field; a `metadata` that is not a map is left alone. */
function setNamespace(object: Record<string, unknown>, namespace: string): void {
  const metadata = object.metadata;
  if (namespace === '') {
    if (isPlainObject(metadata)) delete metadata.namespace;
    return;
  }
  if (metadata === undefined || metadata === null) object.metadata = { namespace };
  else if (isPlainObject(metadata)) metadata.namespace = namespace;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function metadataField(object: Record<string, unknown>, field: string): unknown {
  return isPlainObject(object.metadata) ? object.metadata[field] : undefined;
}

/** `Unstructured.IsList` / `ToList`: the items of an object with an `items` list, or the object itself. */
function expand(object: Record<string, unknown>): Record<string, unknown>[] {
  if (!Array.isArray(object.items)) return [object];
  return object.items.map((item) => {
    if (!isPlainObject(item)) throw new Error(`items member is not an object: ${goTypeName(item)}`);
    return item;
  });
}

/** The generation context of one evaluation: what `GenerateResources` does with each call, and what it collected. */
class GenerationContext {
  readonly generated: JsonObject[] = [];

  constructor(
    /** The CLI-mode provider of a Test with `clusterResources`, instead of the fake one. */
    private readonly cliProvider: boolean,
    private readonly policyNamespace: string,
  ) {}

  generate(namespace: string, objects: readonly Record<string, unknown>[]): void {
    for (const data of objects) {
      if (!this.cliProvider) {
        // fake_context.go: the namespace is set before the list is expanded, and on each item.
        setNamespace(data, namespace);
        for (const item of expand(data)) {
          setNamespace(item, namespace);
          this.generated.push(item as JsonObject);
        }
        continue;
      }
      for (const item of expand(data)) {
        const apiVersion = typeof item.apiVersion === 'string' ? item.apiVersion : '';
        const kind = typeof item.kind === 'string' ? item.kind : '';
        let target = namespace;
        if (!isNamespacedKind(apiVersion, kind)) {
          if (namespace !== '' && this.policyNamespace !== '') {
            throw new Error(`cross-scope generation denied: a policy scoped to namespace ${JSON.stringify(namespace)} cannot generate cluster-scoped resource ${apiVersion}/${kind}`);
          }
          target = '';
        }
        const source = metadataField(item, 'namespace');
        if (typeof source === 'string' && source !== '' && source !== target && metadataField(item, 'ownerReferences') !== undefined) {
          delete (item.metadata as Record<string, unknown>).ownerReferences;
        }
        if (isPlainObject(item.metadata)) {
          for (const field of ['uid', 'managedFields', 'annotations', 'resourceVersion', 'creationTimestamp']) delete item.metadata[field];
        }
        setNamespace(item, target);
        this.generated.push(item as JsonObject);
      }
    }
  }
}

/** The compiled policy. */
export class GeneratingPolicy extends CelCompiledPolicy implements CompiledPolicy {
  readonly spec: GeneratingPolicySpec;
  private readonly compiled: CompiledGeneratingPolicy;
  private readonly env: CelEnvironment;

  constructor(data: GeneratingPolicyData) {
    // Configured like the other CEL kinds by the policy's name; responses name the rule after the policy, as
    // Kyverno's do (engine.go `generate`).
    super(data, { name: '', type: 'Generation' });
    this.spec = data.spec;
    this.compiled = data.compiled;
    this.env = data.env;
  }

  /** The generation outcome for a trigger; null when the policy does not respond (no match, match conditions false). */
  generate(request: EvaluationRequest): GenerateOutcome | null {
    const constraints = this.spec.matchConstraints;
    if (constraints === undefined) return null;
    const { attributes, data } = admissionRequest(request);
    const outcome = matchConstraints(constraints, attributes, data.namespaceObject);
    if (outcome.error !== undefined) return this.outcome(request, this.rule('error', `failed to execute matching: ${outcome.error}`));
    if (!outcome.matched) return null;
    const mode = request.numberMode ?? 'float64';
    const activation: Record<string, unknown> = Object.assign(validatingPolicyActivation(data, mode), libraryHandles(this.namespaced ? this.namespace : '', request.external));
    const external = request.external;
    const context = new GenerationContext(external?.celContext === undefined && external?.cluster !== undefined, this.namespaced ? this.namespace : '');
    try {
      const exceptions = this.applyExceptions(request, activation);
      if (Array.isArray(exceptions)) return this.outcome(request, exemptionRule(exceptions, 'Generation'));
      activation.exceptions = exceptions;
      if (!holds(this.compiled.matchConditions, activation)) return null;
      activation.variables = lazyVariables(this.compiled.variables, activation);
      activation.generator = new GeneratorContext((namespace, objects) => context.generate(namespace, objects));
      for (const generation of this.compiled.generations) {
        if ('template' in generation) {
          this.applyTemplate(generation.template, generation.path, activation, context);
          continue;
        }
        const result = generation.expression.program.evaluate(activation);
        if (!result.ok) throw new EvaluationError(result.error.message, { path: generation.expression.path, start: result.error.start, end: result.error.end });
      }
      const properties = this.auditAnnotations(activation);
      const rule = this.rule('pass', 'policy evaluated successfully');
      if (Object.keys(properties).length > 0) rule.properties = properties;
      rule.generatedResources = context.generated;
      return this.outcome(request, rule);
    } catch (error) {
      if (!(error instanceof EvaluationError)) throw error;
      const rule = this.rule('error', `failed to evaluate policy: ${error.message}`);
      if (error.at !== undefined) {
        rule.policyPath = error.at.path;
        rule.expressionRange = { start: error.at.start, end: error.at.end };
      }
      return this.outcome(request, rule);
    }
  }

  /** policy.go `applyTemplate`: the rendered objects, grouped by namespace in order of appearance. */
  private applyTemplate(template: CompiledTemplate, path: Path, activation: Record<string, unknown>, context: GenerationContext): void {
    let objects: Record<string, unknown>[];
    try {
      objects = renderTemplate(template, activation);
    } catch (error) {
      if (error instanceof RenderError) throw new EvaluationError(`failed to render generation template: ${error.message}`, { path, start: 0, end: 0 });
      throw error;
    }
    const groups = new Map<string, Record<string, unknown>[]>();
    const policyNamespace = this.namespaced ? this.namespace : '';
    for (const object of objects) {
      const written = metadataField(object, 'namespace');
      let namespace = typeof written === 'string' ? written : '';
      if (policyNamespace !== '') {
        if (namespace === '') namespace = policyNamespace;
        else if (namespace !== policyNamespace) {
          throw new EvaluationError(
            `cross-namespace generation denied: a policy in namespace ${JSON.stringify(policyNamespace)} cannot generate resources into namespace ${JSON.stringify(namespace)}`,
            { path, start: 0, end: 0 },
          );
        }
      }
      const group = groups.get(namespace);
      if (group === undefined) groups.set(namespace, [object]);
      else group.push(object);
    }
    for (const [namespace, group] of groups) {
      try {
        context.generate(namespace, group);
      } catch (error) {
        throw new EvaluationError(`failed to generate resources: ${error instanceof Error ? error.message : String(error)}`, { path, start: 0, end: 0 });
      }
    }
  }

  /** The exceptions' outcome: a full exemption (the matched exceptions), or the partial exceptions' allowances. */
  private applyExceptions(request: EvaluationRequest, activation: Record<string, unknown>): CelPolicyException[] | ExceptionsValue {
    const outcome = matchExceptions(
      exceptionsFor(request.exceptions as readonly CompiledException[] | undefined, this.name, this.kind),
      this.env,
      (programs) => {
        try {
          return holds(
            programs.map((program) => ({ program, path: [] })),
            activation,
          );
        } catch (error) {
          throw error instanceof EvaluationError ? new EvaluationError(error.message) : error;
        }
      },
      (message) => new EvaluationError(message),
    );
    return 'exempted' in outcome ? outcome.exempted : outcome.allowances;
  }

  /** `evaluateAuditAnnotations`: non-empty strings by key; an error, or a value that is not a string, fails. */
  private auditAnnotations(activation: Record<string, unknown>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const { key, compiled } of this.compiled.auditAnnotations) {
      const result = compiled.program.evaluate(activation);
      if (!result.ok) throw new EvaluationError(`failed to evaluate auditAnnotation ${JSON.stringify(key)}: ${result.error.message}`, { path: compiled.path, start: result.error.start, end: result.error.end });
      if (typeof result.value !== 'string') {
        throw new EvaluationError(`failed to convert auditAnnotation ${JSON.stringify(key)} expression: type conversion error from '${celTypeName(result.value)}' to 'string'`, {
          path: compiled.path,
          start: 0,
          end: compiled.program.expression.length,
        });
      }
      if (result.value !== '') out[key] = result.value;
    }
    return out;
  }

  private rule(status: RuleStatus, message: string): RuleResponse {
    return { name: this.name, type: 'Generation', status, message };
  }

  private outcome(request: EvaluationRequest, rule: RuleResponse): GenerateOutcome {
    const response: PolicyResponse = { policy: this, resource: request.resource, rules: [rule] };
    return { response };
  }

  failureAction(): FailureAction {
    return 'Audit';
  }
}


function celTypeName(value: unknown): string {
  if (value === null) return 'null_type';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'map';
  return typeof value;
}

/**
 * policy.go `match`: false at the first false condition; errors and non-bool results are collected and, when no
 * condition is false, returned joined.
 */
function holds(conditions: readonly CompiledExpression[], activation: Record<string, unknown>): boolean {
  const errors: { message: string; at: { path: Path; start: number; end: number } }[] = [];
  for (const condition of conditions) {
    const result = condition.program.evaluate(activation);
    if (!result.ok) {
      errors.push({ message: result.error.message, at: { path: condition.path, start: result.error.start, end: result.error.end } });
      continue;
    }
    if (typeof result.value !== 'boolean') {
      errors.push({ message: `type conversion error from '${celTypeName(result.value)}' to 'bool'`, at: { path: condition.path, start: 0, end: condition.program.expression.length } });
      continue;
    }
    if (!result.value) return false;
  }
  if (errors.length === 0) return true;
  const first = errors[0]!.at;
  throw new EvaluationError(errors.map((error) => error.message).join('; '), first.path.length > 0 ? first : undefined);
}
