/**
 * @file Which evaluator runs the variables, conditions and JMESPath queries of a `kyverno.io` policy:
 * the code compiled once per policy text (the default), or the reference interpreter that reads the
 * policy text and walks query ASTs on every evaluation (`EvaluationRequest.reference`). Both give
 * identical results; the reference stays for the differential test of the two.
 *
 * Evaluation is synchronous: the mode is set for the duration of one handler call.
 */

let reference = false;

/** Whether the reference interpreter is in force. */
export function referenceEvaluation(): boolean {
  return reference;
}

/**
 * `evaluate(a, b)` with the reference interpreter in force when `useReference` is true. The arguments are passed
 * through rather than closed over: the processor calls this for every (resource, policy) pair, and most of them
 * have nothing to evaluate.
 */
export function inEvaluationMode<A, B, T>(useReference: boolean | undefined, evaluate: (a: A, b: B) => T, a: A, b: B): T {
  const wanted = useReference === true;
  // Already in the mode asked for (the compiled code, as every scan runs): nothing to set or restore.
  if (reference === wanted) return evaluate(a, b);
  const previous = reference;
  reference = wanted;
  try {
    return evaluate(a, b);
  } finally {
    reference = previous;
  }
}
