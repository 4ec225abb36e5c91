/**
 * @file Evaluating a compiled ImageValidatingPolicy spec on one request, offline (kyverno/kyverno
 * pkg/image/verification/evaluator/policy.go `compiledPolicy.Evaluate`, `checkDigests`, `EnforceRequired`;
 * pkg/cel/policies/ivpol/engine/engine.go `evaluatePolicies`):
 *
 * 1. match conditions (false → no response; errors → not matched with `failurePolicy: Ignore`, else an error);
 * 2. exceptions: any whose conditions hold → `skip` (rule `exception`);
 * 3. the images: the built-in extractors of the resource and `images[]`, each list filtered by `matchImageReferences`;
 * 4. `verifyDigest` (default true): a matched image without a digest → `fail` `image <ref> does not have a digest`;
 * 5. the data of every matched image, which Kyverno fetches from the registry here (`ImageContext.AddImages`): offline
 *    it is read from the Context file's `spec.images`, and a missing entry is an error saying what to supply;
 * 6. validations in order (an evaluation error → error; the first false → `fail` with its message), audit annotations;
 * 7. `required` (default true): a passing policy that matched images no signature or attestation check verified →
 *    `fail` `image <ref> is not verified: …`. Offline no check ever verifies (signatures need the registry), so any
 *    matched image left after the validations fails it.
 *
 * The image verification functions answer what is decidable without a registry (an image outside
 * `matchImageReferences` → 0, an unknown attestation → error, no attestors → 0 once the image data is there) and
 * otherwise fail with an error naming what is missing: never a pass or a fail Kyverno might not give.
 */
import type { CelEnvironment, CelEvalResult, CelProgram } from '../../../lang/cel/index.js';
import { withImageVerifier, type ImageDataSource, type ImageVerifier } from '../../../lang/cel/kyverno/index.js';
import type { JsonObject, NumberMode, RuleResponse } from '../../../types.js';
import { parseRegistryReference } from '../../../util/registry-reference.js';
import { validatingPolicyActivation, type ActivationData } from '../environment.js';
import { exceptionConditions, exceptionKey, type CelPolicyException } from '../exceptions.js';
import { lazyVariables, type VariableProgram } from '../variables.js';
import type { CompiledExpression } from '../vpol/compile.js';
import type { CompiledExtractor, CompiledImageSpec, ImageMatcher } from './compile.js';

/** An error that ends the evaluation (Kyverno's `Evaluate` returning an error), with the expression it comes from. */
export class EvaluationFailure extends Error {
  constructor(
    message: string,
    readonly at?: { path: (string | number)[]; start: number; end: number },
    /** The failure needs data from an image registry, which offline evaluation does not read. */
    readonly registry = false,
    /** The policy (with its exceptions) does not compile: Kyverno's `failed to compile policy`. */
    readonly compile = false,
  ) {
    super(message);
  }
}

/** An error of the image verification functions that needs a registry. */
class RegistryError extends Error {}

/** What one evaluation reads besides the compiled spec. */
export interface ImageEvaluation {
  data: ActivationData;
  /** Kubernetes mode (an admission request), not a JSON payload. */
  kubernetes: boolean;
  /** The built-in extractors of the request's resource. */
  builtIns: readonly CompiledExtractor[];
  mode: NumberMode;
  exceptions: readonly CelPolicyException[];
  env: CelEnvironment;
  handles: Readonly<Record<string, unknown>>;
  /** The image data offline (a Context file's `spec.images`). */
  images: ImageDataSource | undefined;
  /** The policy's name (the rule name of its results). */
  name: string;
}

function celTypeName(value: unknown): string {
  if (value === null) return 'null_type';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'map' : typeof value;
}

function at(program: CelProgram, path: (string | number)[], error: { start: number; end: number }): { path: (string | number)[]; start: number; end: number } {
  return { path, start: error.start, end: error.end };
}

/** `match`: false at the first false condition; errors are collected and joined, or ignored with `Ignore`. */
function conditionsHold(conditions: readonly { program: CelProgram; path: (string | number)[] }[], activation: Record<string, unknown>, failurePolicy: string): boolean {
  const errors: EvaluationFailure[] = [];
  for (const { program, path } of conditions) {
    const result = program.evaluate(activation);
    if (!result.ok) {
      errors.push(new EvaluationFailure(result.error.message, at(program, path, result.error)));
      continue;
    }
    if (typeof result.value !== 'boolean') {
      errors.push(new EvaluationFailure(`type conversion error from '${celTypeName(result.value)}' to 'bool'`, { path, start: 0, end: program.expression.length }));
      continue;
    }
    if (!result.value) return false;
  }
  if (errors.length === 0) return true;
  if (failurePolicy === 'Ignore') return false;
  throw new EvaluationFailure(errors.map((error) => error.message).join('; '), errors[0]!.at);
}

function expressions(list: readonly CompiledExpression[]): { program: CelProgram; path: (string | number)[] }[] {
  return list.map((compiled) => ({ program: compiled.program, path: compiled.path }));
}

/** Whether an image is selected by `matchImageReferences` (pkg/cel/matching/image.go `MatchImage`; none selects all). */
export function matchesImage(image: string, matchers: readonly ImageMatcher[]): boolean {
  if (matchers.length === 0) return true;
  for (const matcher of matchers) {
    if ('glob' in matcher) {
      if (matcher.glob.match(image)) return true;
      continue;
    }
    const result = matcher.program.evaluate({ ref: image });
    if (!result.ok) throw new EvaluationFailure(result.error.message);
    if (typeof result.value !== 'boolean') throw new EvaluationFailure(`type conversion error from '${celTypeName(result.value)}' to 'bool'`);
    if (result.value) return true;
  }
  return false;
}

/** The text of the error for an image whose registry data is missing offline. */
export function missingImageData(image: string): string {
  return (
    `image data for ${image} is read from its registry, which kyverno-lint does not contact: ` +
    `supply it as an entry "image: ${image}" of spec.images in a Context file (kyverno test: context, kyverno apply: --context-file)`
  );
}

/** What the image verification functions answer offline for one evaluation of `compiled`. */
class OfflineVerifier implements ImageVerifier {
  constructor(
    private readonly compiled: CompiledImageSpec,
    private readonly images: ImageDataSource | undefined,
  ) {}

  private data(image: string): Readonly<Record<string, unknown>> {
    const data = this.images?.get(image);
    if (data === undefined) {
      const message = `failed to get imagedata: ${this.images?.missing?.(image) ?? missingImageData(image)}`;
      throw this.images?.supplied === true ? new Error(message) : new RegistryError(message);
    }
    return data;
  }

  private attestation(name: string): void {
    if (!this.compiled.spec.attestations.includes(name)) throw new Error(`attestation not found in policy: ${name}`);
  }

  private verification(what: string, image: string): RegistryError {
    return new RegistryError(
      `${what} of ${image} needs its registry (signatures and attestations are read from it), which kyverno-lint does not contact: ` +
        'verify it with the Kyverno CLI or in the cluster, or leave the image out of matchImageReferences, or exempt the resource with a PolicyException',
    );
  }

  verifyImageSignatures(image: string, attestors: readonly unknown[]): bigint {
    if (!matchesImage(image, this.compiled.matchers)) return 0n;
    this.data(image);
    if (attestors.length === 0) return 0n;
    throw this.verification('verifying the signatures', image);
  }

  verifyAttestationSignatures(image: string, attestation: string, attestors: readonly unknown[]): bigint {
    if (!matchesImage(image, this.compiled.matchers)) return 0n;
    this.attestation(attestation);
    this.data(image);
    if (attestors.length === 0) return 0n;
    throw this.verification(`verifying the attestation ${attestation}`, image);
  }

  extractPayload(image: string, attestation: string): unknown {
    this.attestation(attestation);
    this.data(image);
    throw this.verification(`reading the verified payload of the attestation ${attestation}`, image);
  }

  getImageData(image: string): unknown {
    return this.data(image);
  }
}

/** Whether the last CEL error came from a function needing the registry (the messages say so). */
function isRegistryMessage(message: string): boolean {
  return message.includes('which kyverno-lint does not contact');
}

/** The `attestors` map: each attestor as written, its CEL-given fields evaluated on first read. */
function attestorsValue(compiled: CompiledImageSpec, activation: Record<string, unknown>, mode: NumberMode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { attestor, programs } of compiled.attestors) {
    let value: unknown;
    Object.defineProperty(out, attestor.name, {
      enumerable: true,
      configurable: true,
      get() {
        if (value !== undefined) return value;
        const copy = structuredClone(attestor.value) as JsonObject;
        for (const { program, target } of programs) {
          const result: CelEvalResult = program.evaluate(activation);
          if (!result.ok) throw new Error(`failed to convert key in compiled attestor: ${attestor.name}, error: failed to evaluate compiled attestor: ${attestor.name}, error: ${result.error.message}`);
          if (typeof result.value !== 'string') throw new Error(`failed to convert expression in compiled attestor: ${attestor.name}, error: type conversion error from '${celTypeName(result.value)}' to 'string'`);
          let node: JsonObject = copy;
          for (const key of target.slice(0, -1)) node = node[key] as JsonObject;
          node[target[target.length - 1]!] = result.value;
        }
        value = validatingPolicyActivation({ object: copy, oldObject: null, request: null, namespaceObject: null }, mode).object;
        return value;
      },
    });
  }
  return out;
}

/** The images of each extractor (built-ins first, `images[]` overriding one of the same name), filtered. */
function extractImages(compiled: CompiledImageSpec, input: ImageEvaluation, activation: Record<string, unknown>): { byName: Record<string, string[]>; matched: string[] } {
  const extractors = new Map<string, CompiledExtractor>();
  for (const extractor of input.kubernetes ? input.builtIns : []) extractors.set(extractor.name, extractor);
  for (const extractor of compiled.extractors) extractors.set(extractor.name, extractor);
  const byName: Record<string, string[]> = {};
  const matched: string[] = [];
  for (const [name, extractor] of extractors) {
    const result = extractor.program.evaluate(activation);
    if (!result.ok) throw new EvaluationFailure(result.error.message, extractor.path.length > 0 ? at(extractor.program, extractor.path, result.error) : undefined);
    const value = result.value;
    if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
      const type = Array.isArray(value) ? `list(${celTypeName(value.find((item) => typeof item !== 'string'))})` : celTypeName(value);
      throw new EvaluationFailure(`type conversion error from '${type}' to '[]string'`, extractor.path.length > 0 ? { path: extractor.path, start: 0, end: extractor.program.expression.length } : undefined);
    }
    byName[name] = [];
    for (const image of value) {
      if (!matchesImage(image, compiled.matchers)) continue;
      byName[name].push(image);
      matched.push(image);
    }
  }
  return { byName, matched };
}

function rule(name: string, status: RuleResponse['status'], message: string, properties?: Record<string, string>): RuleResponse {
  const out: RuleResponse = { name, type: 'ImageVerify', status, message };
  if (properties !== undefined && Object.keys(properties).length > 0) out.properties = properties;
  return out;
}

/** `evaluateAuditAnnotations`. */
function auditAnnotations(compiled: CompiledImageSpec, activation: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, compiled: expression } of compiled.base.auditAnnotations) {
    const result = expression.program.evaluate(activation);
    if (!result.ok) throw new EvaluationFailure(`failed to evaluate auditAnnotation '${key}': ${result.error.message}`, at(expression.program, expression.path, result.error));
    if (typeof result.value === 'string') {
      if (result.value !== '') out[key] = result.value;
    } else if (result.value !== null) {
      throw new EvaluationFailure(`failed to convert auditAnnotation '${key}' expression: type conversion error from '${celTypeName(result.value)}' to 'string'`);
    }
  }
  return out;
}

const variableLists = new WeakMap<CompiledImageSpec, readonly VariableProgram[]>();

function variablesOf(compiled: CompiledImageSpec): readonly VariableProgram[] {
  let list = variableLists.get(compiled);
  if (list === undefined) {
    list = compiled.base.variables.map(({ name, compiled: expression }) => ({ name, program: expression.program }));
    variableLists.set(compiled, list);
  }
  return list;
}

/**
 * Evaluates a matched spec: null when the match conditions leave the request out, else the rule. Errors that end
 * the evaluation are thrown as {@link EvaluationFailure} (the caller names them as Kyverno does per mode).
 */
export function evaluateImageSpec(compiled: CompiledImageSpec, input: ImageEvaluation): RuleResponse | null {
  const activation: Record<string, unknown> = Object.assign(validatingPolicyActivation(input.data, input.mode), input.handles);
  const failurePolicy = compiled.spec.base.failurePolicy;
  // `Compile` compiles the exceptions' conditions with the policy, before anything is evaluated.
  const exceptions = input.exceptions.map((exception) => {
    const conditions = exceptionConditions(exception, input.env);
    if (!conditions.ok) throw new EvaluationFailure(conditions.message, undefined, false, true);
    return { exception, conditions };
  });
  if (!conditionsHold(expressions(compiled.base.matchConditions), activation, failurePolicy)) return null;
  const matched: CelPolicyException[] = [];
  for (const { exception, conditions } of exceptions) {
    const programs = conditions.programs.map((program) => ({ program, path: [] as (string | number)[] }));
    let holds: boolean;
    try {
      holds = conditionsHold(programs, activation, failurePolicy);
    } catch (error) {
      throw error instanceof EvaluationFailure ? new EvaluationFailure(error.message) : error;
    }
    if (holds) matched.push(exception);
  }
  if (matched.length > 0) return rule('exception', 'skip', `rule is skipped due to policy exception: ${matched.map(exceptionKey).join(', ')}`);
  activation.variables = lazyVariables(variablesOf(compiled), activation);
  const { byName, matched: images } = extractImages(compiled, input, activation);
  if (compiled.spec.verifyDigest) {
    for (const image of images) {
      let digest: boolean;
      try {
        digest = parseRegistryReference(image).kind === 'digest';
      } catch (error) {
        throw new EvaluationFailure(`failed to parse image reference ${image}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!digest) return rule(input.name, 'fail', `image ${image} does not have a digest`);
    }
  }
  // `ImageContext.AddImages`: Kyverno fetches every matched image before the validations.
  for (const image of images) {
    // Missing from a file of image data: a problem of this image; without any data: a lack of registry data.
    if (input.images?.get(image) === undefined) throw new EvaluationFailure(input.images?.missing?.(image) ?? missingImageData(image), undefined, input.images?.supplied !== true);
  }
  activation.images = byName;
  activation.attestations = Object.fromEntries(compiled.spec.attestations.map((name) => [name, name]));
  activation.attestors = attestorsValue(compiled, activation, input.mode);
  return withImageVerifier(new OfflineVerifier(compiled, input.images), () => {
    for (const [index, validation] of compiled.base.validations.entries()) {
      const { program, path } = validation.expression;
      const result = program.evaluate(activation);
      if (!result.ok) throw new EvaluationFailure(result.error.message, at(program, path, result.error), isRegistryMessage(result.error.message));
      if (typeof result.value !== 'boolean') {
        return rule(input.name, 'error', `error: type conversion error from '${celTypeName(result.value)}' to 'bool'`);
      }
      if (result.value) continue;
      let message = validation.message;
      if (validation.messageExpression !== undefined) {
        const text = validation.messageExpression.program.evaluate(activation);
        if (!text.ok) message = `failed to evaluate message expression: ${text.error.message}`;
        else if (typeof text.value !== 'string') message = `failed to convert message expression to string: type conversion error from '${celTypeName(text.value)}' to 'string'`;
        else message = text.value;
      }
      if (message === '') message = `CEL expression validation failed at index ${index}`;
      const failed = rule(input.name, 'fail', message, auditAnnotations(compiled, activation));
      failed.policyPath = path;
      failed.expressionRange = { start: 0, end: validation.expression.written.length };
      return failed;
    }
    const annotations = auditAnnotations(compiled, activation);
    // `EnforceRequired`: offline no signature or attestation check verifies an image.
    if (compiled.spec.required && images.length > 0) {
      return rule(input.name, 'fail', `image ${images[0]} is not verified: no policy performed a signature or attestation check on it`, annotations);
    }
    return rule(input.name, 'pass', 'success', annotations);
  });
}

/** Kyverno's rule for an evaluation that ended in error (engine.go `evaluatePolicies`: rule `evaluation`). */
export function failureRule(failure: EvaluationFailure, json: boolean): RuleResponse {
  const what = failure.compile ? 'failed to compile policy' : json ? 'failed to evaluate policy for JSON' : 'failed to evaluate policy';
  const response = rule('evaluation', 'error', `${what}: ${failure.message}`);
  if (failure.registry) response.needsRegistry = true;
  if (failure.at !== undefined) {
    response.policyPath = failure.at.path;
    response.expressionRange = { start: failure.at.start, end: failure.at.end };
  }
  return response;
}
