/**
 * @file Field paths and field errors of the Pod Security Admission checks, as Kubernetes'
 * `k8s.io/apimachinery/pkg/util/validation/field` builds and prints them (`Path.String()`,
 * `Error.Error()`), plus the `%+v` rendering of bad values that Kyverno's failure message uses.
 */

/** One segment of a field path: a field name, a list index or a map key. */
type PathSegment = { readonly name: string } | { readonly index: number } | { readonly key: string };

/**
 * An immutable field path (`field.Path`). `text` is Go's `String()` form, e.g.
 * `spec.containers[0].securityContext.privileged` or `metadata.annotations[some/key]`.
 */
export class FieldPath {
  private constructor(
    readonly segments: readonly PathSegment[],
    readonly text: string,
  ) {}

  /** `field.NewPath(name, moreNames...)`. */
  static of(name: string, ...more: string[]): FieldPath {
    let path = new FieldPath([{ name }], name);
    for (const next of more) path = path.child(next);
    return path;
  }

  /** `Path.Child(name, moreNames...)`. */
  child(name: string, ...more: string[]): FieldPath {
    let path = new FieldPath([...this.segments, { name }], `${this.text}.${name}`);
    for (const next of more) path = path.child(next);
    return path;
  }

  /** `Path.Index(i)`. */
  index(index: number): FieldPath {
    return new FieldPath([...this.segments, { index }], `${this.text}[${index}]`);
  }

  /** `Path.Key(key)`. */
  key(key: string): FieldPath {
    return new FieldPath([...this.segments, { key }], `${this.text}[${key}]`);
  }
}

/** The bad values the checks record: Go `string`, `bool`, `int` and `[]string`. */
export type BadValue = string | boolean | number | readonly string[];

/** A `field.Error` of type Forbidden or Required (the only two the checks produce). */
export interface FieldError {
  readonly type: 'Forbidden' | 'Required';
  readonly path: FieldPath;
  /** `""` when no bad value was attached (`field.Forbidden(path, "")` / `field.Required(path, "")`). */
  readonly badValue: BadValue;
}

/** `field.Forbidden(path, "")`, optionally with `withBadValue`. */
export function forbidden(path: FieldPath, badValue: BadValue = ''): FieldError {
  return { type: 'Forbidden', path, badValue };
}

/** `field.Required(path, "")`. */
export function required(path: FieldPath): FieldError {
  return { type: 'Required', path, badValue: '' };
}

const TYPE_TEXT = { Forbidden: 'Forbidden', Required: 'Required value' } as const;

/** `Error.Error()` with an empty detail: `<field>: Forbidden` / `<field>: Required value`. */
export function fieldErrorText(field: string, type: FieldError['type']): string {
  return `${field}: ${TYPE_TEXT[type]}`;
}

/** Go's `fmt.Sprintf("%+v", v)` for the bad value types the checks use. */
export function formatBadValue(value: BadValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return `[${value.join(' ')}]`;
}

/** Whether Kyverno's message treats the error as carrying a bad value (only `""` does not). */
export function hasBadValue(value: BadValue): boolean {
  return value !== '';
}
