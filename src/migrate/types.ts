/**
 * @file The vocabulary of translating kyverno.io policies (ClusterPolicy/Policy) into the CEL kinds: a translated
 * part, or the reason a construct has no faithful translation, at its JSON path in the policy document.
 */

/** A JSON path in the policy document (`['spec', 'rules', 0, 'validate', 'pattern', 'spec']`). */
export type PolicyPath = readonly (string | number)[];

/** Why a construct is not translated: what it is, why, and where. */
export interface Untranslatable {
  readonly reason: string;
  readonly path: PolicyPath;
}

/** A translation, or why there is none. */
export type Translation<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly untranslatable: Untranslatable };
