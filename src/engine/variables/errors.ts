/**
 * @file The error of variable and reference substitution; its message is Kyverno's text, e.g.
 * `failed to resolve request.object.metadata.name1 at path /spec/containers/0/name: JMESPath query
 * failed: Unknown key "name1" in path`.
 */

export class SubstitutionError extends Error {
  override readonly name = 'SubstitutionError';
}
