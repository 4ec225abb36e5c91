/**
 * @file Decoding helpers shared by the CEL policy kinds (ValidatingPolicy, ValidatingAdmissionPolicy and its
 * binding, PolicyException): shape checks of the admissionregistration-style fields (`matchConditions`,
 * `variables`, `validations`, `auditAnnotations`), each problem at its JSON path.
 */
import type { DocumentProblem } from '../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../types.js';

export type Path = (string | number)[];

/** `{name, expression}`: a match condition or a variable. */
export interface NamedExpression {
  name: string;
  expression: string;
}

/** A `validations[]` entry. */
export interface Validation {
  expression: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
}

/** An `auditAnnotations[]` entry. */
export interface AuditAnnotation {
  key: string;
  valueExpression: string;
}

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A list field (absent or null is empty). */
export function list(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): JsonValue[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  problems.push({ message: 'expected a list', path });
  return [];
}

export function optionalString(object: JsonObject, field: string, path: Path, problems: DocumentProblem[]): string | undefined {
  const value = object[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  problems.push({ message: 'expected a string', path: [...path, field] });
  return undefined;
}

export function requiredString(object: JsonObject, field: string, path: Path, problems: DocumentProblem[]): string {
  const value = optionalString(object, field, path, problems);
  if (value === undefined && (object[field] === undefined || object[field] === null)) problems.push({ message: `${field} is required`, path: [...path, field] });
  return value ?? '';
}

/** A list of strings (absent or null is empty). */
export function stringList(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): string[] {
  return list(value, path, problems).flatMap((item, index) => {
    if (typeof item === 'string') return [item];
    problems.push({ message: 'expected a string', path: [...path, index] });
    return [];
  });
}

/** An object field, or undefined when absent or null. */
export function objectField(object: JsonObject, field: string, path: Path, problems: DocumentProblem[]): JsonObject | undefined {
  const value = object[field];
  if (value === undefined || value === null) return undefined;
  if (isObject(value)) return value;
  problems.push({ message: 'expected an object', path: [...path, field] });
  return undefined;
}

/** `{name, expression}` entries (match conditions, variables). */
export function namedExpressions(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): NamedExpression[] {
  return list(value, path, problems).flatMap((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected an object with name and expression', path: at });
      return [];
    }
    return [{ name: requiredString(item, 'name', at, problems), expression: requiredString(item, 'expression', at, problems) }];
  });
}

/** `validations[]` (admissionregistration/v1 `Validation`). */
export function validations(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): Validation[] {
  return list(value, path, problems).flatMap((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected a validation object', path: at });
      return [];
    }
    const validation: Validation = { expression: requiredString(item, 'expression', at, problems) };
    for (const field of ['message', 'messageExpression', 'reason'] as const) {
      const text = optionalString(item, field, at, problems);
      if (text !== undefined) validation[field] = text;
    }
    return [validation];
  });
}

/** `auditAnnotations[]` (admissionregistration/v1 `AuditAnnotation`). */
export function auditAnnotations(value: JsonValue | undefined, path: Path, problems: DocumentProblem[]): AuditAnnotation[] {
  return list(value, path, problems).flatMap((item, index) => {
    const at = [...path, index];
    if (!isObject(item)) {
      problems.push({ message: 'expected an object with key and valueExpression', path: at });
      return [];
    }
    return [{ key: requiredString(item, 'key', at, problems), valueExpression: requiredString(item, 'valueExpression', at, problems) }];
  });
}
