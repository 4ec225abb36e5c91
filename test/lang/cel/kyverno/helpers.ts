import { type CelEvalResult, createCelEnvironment } from '../../../../src/lang/cel/environment.js';
import { type KyvernoLibraryData, type KyvernoLibraryOptions, kyvernoLibraries } from '../../../../src/lang/cel/kyverno/index.js';

/** The variables a ValidatingPolicy declares that the tests use. */
const VARIABLES = { object: 'dyn', request: 'dyn', variables: 'dyn' } as const;

/** An environment with every Kyverno library, as a family builds it for one policy. */
export function kyvernoEnvironment(options: KyvernoLibraryOptions = {}) {
  const kyverno = kyvernoLibraries(options);
  const env = createCelEnvironment({ variables: VARIABLES, libraries: kyverno.libraries });
  return {
    compile(expression: string) {
      return env.compile(expression);
    },
    /** Compiles (throwing on a compile error) and evaluates with the handles of `data`. */
    run(expression: string, data: KyvernoLibraryData = {}, activation: Record<string, unknown> = {}): CelEvalResult {
      const compiled = env.compile(expression);
      if (!compiled.ok) throw new Error(`compile error: ${compiled.error.message}`);
      return compiled.program.evaluate({ object: null, request: null, variables: null, ...activation, ...kyverno.handles(data) });
    },
  };
}

/** The value of a successful evaluation; throws with the message of a failed one. */
export function valueOf(result: CelEvalResult): unknown {
  if (!result.ok) throw new Error(`evaluation error: ${result.error.message}`);
  return result.value;
}

/** The message of a failed evaluation; throws for a successful one. */
export function errorOf(result: CelEvalResult): string {
  if (result.ok) throw new Error(`expected an error, got ${String(result.value)}`);
  return result.error.message;
}
