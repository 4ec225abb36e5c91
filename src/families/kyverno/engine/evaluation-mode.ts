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

/** Runs `evaluate` with the reference interpreter in force when `useReference` is true. */
export function inEvaluationMode<T>(useReference: boolean | undefined, evaluate: () => T): T {
  const previous = reference;
  reference = useReference === true;
  try {
    return evaluate();
  } finally {
    reference = previous;
  }
}
