/**
 * @file What a policy document uses, for the conformance categories: rule types, Kyverno custom JMESPath
 * functions (those kyverno/kyverno pkg/engine/jmespath/functions.go `GetFunctions` registers), context
 * entries other than `variable`, and CEL policy kinds.
 */
import { KYVERNO_FUNCTIONS } from '../../src/lang/jmespath/index.js';
import type { JsonValue } from '../../src/types.js';
import { policyKindOf } from '../../src/evaluate/kinds.js';

/** The names of the 51 functions Kyverno registers on top of JMESPath (`GetFunctions`). */
const FUNCTION_NAMES: readonly string[] = KYVERNO_FUNCTIONS.map((fn) => fn.name);

const FUNCTION_CALL = new RegExp(`(?<![A-Za-z0-9_])(?:${FUNCTION_NAMES.join('|')})\\s*\\(`);

/** Whether a document is a policy evaluated with CEL (Kyverno `policies.kyverno.io` kinds and Kubernetes admission policies). */
function isCelPolicy(apiVersion: string, kind: string): boolean {
  const policyKind = policyKindOf(apiVersion, kind);
  return policyKind !== undefined && policyKind.family === 'cel' && policyKind.role === 'policy';
}

export interface PolicyFeatures {
  /** The document's kind (`ClusterPolicy`, `ValidatingPolicy`, …). */
  kind: string;
  /** A CEL policy kind (a `policies.kyverno.io` kind, a ValidatingAdmissionPolicy or a MutatingAdmissionPolicy). */
  cel: boolean;
  mutate: boolean;
  generate: boolean;
  /** `validate.cel` rules (CEL expressions inside a ClusterPolicy/Policy). */
  celRules: boolean;
  /** verifyImages rules, or `validate.manifests` (signature verification). */
  otherRules: boolean;
  customFunctions: boolean;
  /** Context entries other than `variable` (configMap, apiCall, imageRegistry, globalReference). */
  externalContext: boolean;
}

function usesCustomFunction(value: JsonValue): boolean {
  if (typeof value === 'string') return value.includes('(') && FUNCTION_CALL.test(value);
  if (Array.isArray(value)) return value.some(usesCustomFunction);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => usesCustomFunction(key) || usesCustomFunction(item));
  return false;
}

function usesExternalContext(value: JsonValue): boolean {
  if (Array.isArray(value)) return value.some(usesExternalContext);
  if (value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key === 'context' && Array.isArray(item)) {
      for (const entry of item) {
        if (entry !== null && typeof entry === 'object' && !Array.isArray(entry) && Object.keys(entry).some((k) => k !== 'name' && k !== 'variable')) return true;
      }
    }
    if (usesExternalContext(item)) return true;
  }
  return false;
}

const asArray = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);

/** Features of one policy document (a ClusterPolicy/Policy or a CEL kind). */
export function policyFeatures(document: JsonValue): PolicyFeatures {
  const object = document !== null && typeof document === 'object' && !Array.isArray(document) ? document : {};
  const kind = typeof object.kind === 'string' ? object.kind : '';
  const features: PolicyFeatures = {
    kind,
    cel: isCelPolicy(typeof object.apiVersion === 'string' ? object.apiVersion : '', kind),
    mutate: false,
    generate: false,
    celRules: false,
    otherRules: false,
    customFunctions: false,
    externalContext: false,
  };
  if (features.cel) return features;
  const spec = object.spec !== null && typeof object.spec === 'object' && !Array.isArray(object.spec) ? object.spec : {};
  for (const rule of asArray(spec.rules)) {
    if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) continue;
    if (rule.mutate !== undefined) features.mutate = true;
    if (rule.generate !== undefined) features.generate = true;
    if (rule.verifyImages !== undefined) features.otherRules = true;
    const validate = rule.validate;
    if (validate !== null && typeof validate === 'object' && !Array.isArray(validate)) {
      if (validate.cel !== undefined) features.celRules = true;
      if (validate.manifests !== undefined) features.otherRules = true;
    }
  }
  features.customFunctions = usesCustomFunction(spec);
  features.externalContext = usesExternalContext(spec);
  return features;
}
