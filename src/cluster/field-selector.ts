/**
 * @file Kubernetes field selectors in their string form, as `fieldSelector=` query parameters carry
 * them (k8s.io/apimachinery `fields.ParseSelector`): comma-separated `field=value`, `field==value`,
 * `field!=value` terms, `\,` `\=` `\\` escapes in values. Every resource supports `metadata.name` and
 * `metadata.namespace`; a few kinds support more fields, as the API server registers them.
 */
import type { JsonObject, JsonValue } from '../types.js';
import { SelectorError } from './label-selector.js';

/** A parsed field selector: tells whether an object matches. */
export type FieldPredicate = (object: JsonObject) => boolean;

/** Fields beyond `metadata.name`/`metadata.namespace`, by `<group>/<plural>`. */
const EXTRA_FIELDS: Readonly<Record<string, readonly string[]>> = {
  '/pods': ['spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName', 'spec.serviceAccountName', 'spec.hostNetwork', 'status.phase', 'status.podIP', 'status.nominatedNodeName'],
  '/secrets': ['type'],
  '/namespaces': ['status.phase'],
  '/nodes': ['spec.unschedulable'],
  '/replicationcontrollers': ['status.replicas'],
  '/events': ['involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid', 'involvedObject.apiVersion', 'involvedObject.resourceVersion', 'involvedObject.fieldPath', 'reason', 'reportingComponent', 'source', 'type'],
  'apps/replicasets': ['status.replicas'],
  'batch/jobs': ['status.successful'],
  'certificates.k8s.io/certificatesigningrequests': ['spec.signerName'],
};

interface Term {
  field: string;
  value: string;
  negated: boolean;
}

/** Splits on the first unescaped separator characters; keeps escapes for the value decoding. */
function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i];
    } else if (ch === ',') {
      terms.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  terms.push(current);
  return terms;
}

function unescape(value: string, selector: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\') {
      const next = value[i + 1];
      if (next !== '\\' && next !== ',' && next !== '=') {
        throw new SelectorError(`invalid field selector: '${selector}'; invalid escape sequence`);
      }
      out += next;
      i++;
    } else if (ch === ',' || ch === '=') {
      throw new SelectorError(`invalid field selector: '${selector}'; unescaped ${ch}`);
    } else {
      out += ch;
    }
  }
  return out;
}

function parseTerm(term: string, selector: string): Term {
  for (const operator of ['!=', '==', '='] as const) {
    const at = term.indexOf(operator);
    if (at > 0 || (at === 0 && operator !== '=')) {
      return { field: term.slice(0, at), value: unescape(term.slice(at + operator.length), selector), negated: operator === '!=' };
    }
  }
  throw new SelectorError(`invalid selector: '${selector}'; can't understand '${term}'`);
}

/** The string a field has, as the API server's field set renders it (`""` when absent). */
function fieldValue(object: JsonObject, field: string): string {
  let node: JsonValue | undefined = object;
  for (const part of field.split('.')) {
    node = node !== null && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined;
  }
  if (node === undefined || node === null) return '';
  return typeof node === 'string' ? node : String(node);
}

/**
 * Parses a field selector for a resource (`group`, `plural`); throws `SelectorError` when it does not
 * parse or names a field the resource does not support.
 */
export function parseFieldSelector(text: string, group: string, plural: string): FieldPredicate {
  if (text.trim() === '') return () => true;
  const supported = new Set(['metadata.name', 'metadata.namespace', ...(EXTRA_FIELDS[`${group}/${plural}`] ?? [])]);
  const terms = splitTerms(text).map((term) => parseTerm(term.trim(), text));
  for (const term of terms) {
    if (!supported.has(term.field)) throw new SelectorError(`field label not supported: ${term.field}`);
  }
  return (object) => terms.every((term) => (fieldValue(object, term.field) === term.value) !== term.negated);
}
