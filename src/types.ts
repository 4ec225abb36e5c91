/**
 * @file Shared data types of kyverno-lint: JSON values, rule statuses and responses.
 * Every module of the engine speaks in these terms; none of them does I/O.
 */

export type JsonPrimitive = null | boolean | number | bigint | string;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Rule status, as Kyverno's engine reports it (`warn` only arises through report mapping). */
export type RuleStatus = 'pass' | 'fail' | 'warn' | 'error' | 'skip';

/** The kind of rule a response belongs to (Kyverno `RuleType`). */
export type RuleType = 'Validation' | 'Mutation' | 'Generation' | 'ImageVerify' | 'Deletion';

/**
 * How resource numbers are represented, which changes a few outcomes (rendering of numbers for
 * wildcard comparison, duration parsing of numeric values):
 * - `float64`: every number is a float64, as `kyverno test` converts them;
 * - `int64`: integral numbers are int64, as `kyverno apply` and admission requests decode them.
 */
export type NumberMode = 'float64' | 'int64';

/** A 1-based position range in a source file. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** The outcome of one rule on one resource (Kyverno `RuleResponse`). */
export interface RuleResponse {
  /** Rule name as evaluated, including `autogen-` / `autogen-cronjob-` prefixes. */
  name: string;
  type: RuleType;
  status: RuleStatus;
  message: string;
  /**
   * JSON-pointer-like path (Kyverno style: `/spec/containers/0/image/`) of the resource field that
   * caused a pattern failure, when known; used to locate findings in source files.
   */
  path?: string;
  /** Mutate-existing rules: the target after the rule's patch (the trigger itself is never modified). */
  patchedTarget?: JsonObject;
  /**
   * Generate rules: the objects the rule generated, when generation ran (Kyverno's
   * `RuleResponse.GeneratedResources`, set by kyverno/kyverno cmd/cli/kubectl-kyverno/processor/generate.go
   * `handleGeneratePolicy`).
   */
  generatedResources?: JsonObject[];
  /**
   * Properties of the rule response (Kyverno's `RuleResponse.Properties`): a ValidatingPolicy's audit annotations
   * and `cel.validationIndex`. `kyverno test` shows a `passMessage`/`failMessage`/… or `message` property instead
   * of the message.
   */
  properties?: Record<string, string>;
  /**
   * CEL policies and `validate.cel` rules: the JSON path, in the policy document, of the expression that failed or
   * errored (`['spec', 'validations', 0, 'expression']`, `['spec', 'rules', 0, 'validate', 'cel', 'expressions', 1,
   * 'expression']`). An autogen rule points at the rule it was generated from.
   */
  policyPath?: (string | number)[];
  /** CEL policies and `validate.cel` rules: the character range `[start, end)` inside that expression the failure or error points at. */
  expressionRange?: { start: number; end: number };
  /**
   * An `error` that only data from an image registry would settle (an ImageValidatingPolicy's image data or signature
   * checks), which offline evaluation does not read: the message says what to supply.
   */
  needsRegistry?: boolean;
  /**
   * A mutation that passed without changing the resource: the CEL mutating kinds report `pass` whatever their patch
   * did (a kyverno.io mutate rule then reports `skip`), so the scan does not name them among the policies that
   * changed it.
   */
  unchanged?: boolean;
  /**
   * A `skip` of an UPDATE whose old object fails the rule too (Kyverno's `allowExistingViolations`): the failure of the
   * new object, which the admission controller lets through as a pre-existing violation.
   */
  preExisting?: { message: string; path?: string };
}
