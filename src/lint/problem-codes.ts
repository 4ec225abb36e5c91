/**
 * @file The codes of the problems of the input the scan reports as findings (rule id `kyverno-lint/<code>`):
 * every code the scan can report is listed here, so that the configuration's `ignore` entries can be checked
 * against them (an entry matching no code is a typo).
 */
export const PROBLEM_CODES = ['yaml-syntax', 'invalid-policy', 'invalid-policy-exception', 'invalid-manifest', 'kustomize-build', 'unsupported-policy-kind', 'unreadable-file', 'file-too-large', 'unused-disable-directive', 'invalid-disable-directive', 'legacy-policy'] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];
