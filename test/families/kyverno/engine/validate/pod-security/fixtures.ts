/**
 * @file Builders for the Pod Security tests: pods from partial specs, and one check run in isolation
 * with Kyverno's rendering of its result.
 */
import type { JsonObject } from '../../../../../../src/types.js';
import { extractPod } from '../../../../../../src/families/kyverno/engine/validate/pod-security/decode-pod.js';
import { formatChecks } from '../../../../../../src/families/kyverno/engine/validate/pod-security/message.js';
import { selectChecks } from '../../../../../../src/families/kyverno/engine/validate/pod-security/registry.js';
import { parsePolicyVersion } from '../../../../../../src/families/kyverno/engine/validate/pod-security/version.js';

/** A Pod with the given spec (and optional metadata). */
export function pod(spec: JsonObject, metadata: JsonObject = { name: 'test' }): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

/** A container named `name` with image `name` and the given extra fields. */
export function container(name: string, fields: JsonObject = {}): JsonObject {
  return { name, image: name, ...fields };
}

/** What one check reports: Kyverno's rendering and the PSA detail text. */
export interface CheckReport {
  rendered: string;
  detail: string;
}

/**
 * Runs check `id` alone, as selected for `version` (restricted level, so every check is eligible),
 * on `resource`. Returns `null` when the check passes or does not exist at that version.
 */
export function runCheck(id: string, version: string, resource: JsonObject): CheckReport | null {
  const parsed = parsePolicyVersion(version);
  if (parsed === null) throw new Error(`bad version ${version}`);
  const selected = selectChecks('restricted', parsed).find((check) => check.id === id);
  if (selected === undefined) return null;
  const { pod: decoded } = extractPod(resource);
  const failure = selected.check(decoded.meta, decoded.spec);
  if (failure === null) return null;
  return { rendered: formatChecks([{ id, failure }], 'Pod'), detail: failure.detail };
}
