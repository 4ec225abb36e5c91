/**
 * @file Compiling an ImageValidatingPolicy spec (kyverno/kyverno pkg/image/verification/evaluator/compiler.go,
 * `Compile`): match conditions, `matchImageReferences` (a glob, or a CEL expression over `ref` in the image-match
 * environment, pkg/cel/compiler/env.go `NewMatchImageEnv`), the image extractors (the built-in ones of the request's
 * resource, pkg/cel/compiler/images.go, then `images[]`), variables, attestor expressions, validations and audit
 * annotations. Kyverno compiles per request, after matching: a policy that does not compile gives an `error` rule on
 * each resource it matches, so the failure is kept on the compiled policy instead of rejecting it.
 */
import type { CelEnvironment, CelProgram } from '../../../lang/cel/index.js';
import { createCelEnvironment } from '../../../lang/cel/index.js';
import { imageLibrary } from '../../../lang/cel/kyverno/index.js';
import { compileGlob, type Glob } from '../../../util/glob.js';
import { compileSpec, fieldPath, type CompiledSpec } from '../vpol/compile.js';
import type { Path } from '../decode.js';
import type { Attestor, ImageValidatingPolicySpec } from './decode.js';

/** A compiled `matchImageReferences` entry. */
export type ImageMatcher = { readonly glob: Glob } | { readonly program: CelProgram };

export interface CompiledExtractor {
  readonly name: string;
  readonly program: CelProgram;
  readonly path: Path;
}

export interface CompiledAttestor {
  readonly attestor: Attestor;
  readonly programs: readonly { readonly program: CelProgram; readonly target: readonly string[]; readonly path: Path }[];
}

/** A compiled ImageValidatingPolicy spec (the policy itself or one autogen variant). */
export interface CompiledImageSpec {
  readonly spec: ImageValidatingPolicySpec;
  readonly base: CompiledSpec;
  readonly matchers: readonly ImageMatcher[];
  readonly extractors: readonly CompiledExtractor[];
  readonly attestors: readonly CompiledAttestor[];
}

/** Why a spec does not compile: Kyverno's field error and where the expression is. */
export interface ImageCompileFailure {
  readonly fieldError: string;
  readonly path: Path;
  readonly start: number;
  readonly end: number;
}

export type ImageCompileOutcome = { readonly ok: true; readonly compiled: CompiledImageSpec } | { readonly ok: false; readonly failure: ImageCompileFailure };

let matchImageEnvironment: CelEnvironment | undefined;

/** `NewMatchImageEnv`: Kyverno's default options, the variable `ref` (string) and the image reference library. */
function imageMatchEnvironment(): CelEnvironment {
  return (matchImageEnvironment ??= createCelEnvironment({ variables: { ref: 'string' }, libraries: [imageLibrary()] }));
}

class Failure extends Error {
  constructor(readonly failure: ImageCompileFailure) {
    super(failure.fieldError);
  }
}

function compileExpression(env: CelEnvironment, expression: string, path: Path, accepts: ((type: string) => boolean) | null, expected: string): CelProgram {
  const result = env.compile(expression);
  const invalid = `${fieldPath(path)}: Invalid value: ${JSON.stringify(expression)}: `;
  if (!result.ok) throw new Failure({ fieldError: invalid + result.error.message, path, start: result.error.start, end: result.error.end });
  if (accepts !== null && !accepts(result.program.outputType)) {
    throw new Failure({ fieldError: `${invalid}output is expected to be of type ${expected}`, path, start: 0, end: expression.length });
  }
  return result.program;
}

const isBool = (type: string): boolean => type === 'bool' || type === 'dyn';
/** `list<string>`, `list<dyn>` or `dyn` (`CompileImageExtractors`); cel-js names an untyped list `list`. */
const isStringList = (type: string): boolean => type === 'dyn' || type === 'list' || type === 'list<string>' || type === 'list<dyn>';

/** Compiles `spec` (the policy's own, or an autogen variant's with `written` the policy's). */
export function compileImageSpec(env: CelEnvironment, spec: ImageValidatingPolicySpec, written: ImageValidatingPolicySpec = spec): ImageCompileOutcome {
  const base = compileSpec(env, spec.base, written.base);
  if (!base.ok) return { ok: false, failure: base.failure };
  try {
    const matchers = spec.matchImageReferences.map((reference, index): ImageMatcher => {
      if (reference.glob !== undefined && reference.glob !== '') {
        const compiled = compileGlob(reference.glob);
        const path = ['spec', 'matchImageReferences', index, 'glob'];
        if (!compiled.ok) throw new Failure({ fieldError: `${fieldPath(path)}: Invalid value: ${JSON.stringify(reference.glob)}: ${compiled.error}`, path, start: 0, end: reference.glob.length });
        return { glob: compiled.glob };
      }
      const path = ['spec', 'matchImageReferences', index, 'expression'];
      if (reference.expression === undefined || reference.expression === '') {
        throw new Failure({ fieldError: `spec.matchImageReferences[${index}]: Invalid value: "": either glob or expression must be set`, path: ['spec', 'matchImageReferences', index], start: 0, end: 0 });
      }
      return { program: compileExpression(imageMatchEnvironment(), reference.expression, path, isBool, 'bool') };
    });
    const extractors = spec.images.map((extractor, index): CompiledExtractor => {
      const path = ['spec', 'images', index, 'expression'];
      return { name: extractor.name, program: compileExpression(env, extractor.expression, path, isStringList, 'list(string)'), path };
    });
    const attestors = spec.attestors.map((attestor): CompiledAttestor => ({
      attestor,
      programs: attestor.expressions.map(({ expression, path, target }) => ({ program: compileExpression(env, expression, path, null, ''), target, path })),
    }));
    return { ok: true, compiled: { spec, base: base.compiled, matchers, extractors, attestors } };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, failure: error.failure };
    throw error;
  }
}

/** The built-in extractors of a resource (pkg/cel/compiler/images.go, `getImageExtractorsFromGVR`), by resource. */
const BUILT_IN_PREFIX: Readonly<Record<string, string>> = {
  '/v1/pods': 'spec',
  'batch/v1/jobs': 'spec.template.spec',
  'apps/v1/deployments': 'spec.template.spec',
  'apps/v1/statefulsets': 'spec.template.spec',
  'apps/v1/daemonsets': 'spec.template.spec',
  'apps/v1/replicasets': 'spec.template.spec',
  'batch/v1/cronjobs': 'spec.jobTemplate.spec.template.spec',
};

const CONTAINER_FIELDS = ['containers', 'initContainers', 'ephemeralContainers'] as const;

const builtInCache = new WeakMap<CelEnvironment, Map<string, readonly CompiledExtractor[]>>();

/** The built-in extractors for a request's group, version and resource (none for other resources). */
export function builtInExtractors(env: CelEnvironment, group: string, version: string, resource: string): readonly CompiledExtractor[] {
  const prefix = BUILT_IN_PREFIX[`${group}/${version}/${resource}`];
  if (prefix === undefined) return [];
  let byPrefix = builtInCache.get(env);
  if (byPrefix === undefined) {
    byPrefix = new Map();
    builtInCache.set(env, byPrefix);
  }
  let extractors = byPrefix.get(prefix);
  if (extractors === undefined) {
    extractors = CONTAINER_FIELDS.map((field) => {
      const expression = `(object != null ? object : oldObject).${prefix}.?${field}.orValue([]).map(e, e.image)`;
      const result = env.compile(expression);
      if (!result.ok) throw new Error(`built-in image extractor does not compile: ${result.error.message}`);
      return { name: field, program: result.program, path: [] };
    });
    byPrefix.set(prefix, extractors);
  }
  return extractors;
}
