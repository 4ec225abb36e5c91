/**
 * @file The Kubernetes JSONPatch library (k8s.io/apiserver/pkg/cel/library/jsonpatch.go), which Kubernetes
 * registers for mutating admission policies: `jsonpatch.escapeKey(string)`, the JSON Pointer escaping of a key
 * (`~` → `~0`, `/` → `~1`, in one pass).
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { chargeStringTraversal } from './common.js';

/** jsonpatch.go `escapeKey`. */
export function escapeKey(key: string): string {
  return key.replace(/[~/]/g, (c) => (c === '~' ? '~0' : '~1'));
}

/** The `jsonpatch` namespace constant. */
class JSONPatchNamespace {}

/** Registers the JSONPatch library. */
export const jsonPatchLibrary: CelLibrary = (env: Environment) => {
  env.registerType('JSONPatchNamespace', JSONPatchNamespace);
  env.registerConstant('jsonpatch', 'JSONPatchNamespace', new JSONPatchNamespace());
  env.registerFunction('JSONPatchNamespace.escapeKey(string): string', (_ns: JSONPatchNamespace, key: string) => {
    chargeStringTraversal(key);
    return escapeKey(key);
  });
};
