/**
 * @file The `validate.podSecurity` handler (kyverno/kyverno pkg/engine/handlers/validation/validate_pss.go,
 * pkg/pss/evaluate.go): extracts the pod of the resource, runs the Pod Security Admission checks of the
 * requested level and version, removes the `exclude`d violations and words the result as Kyverno does.
 * DELETE requests (no response) and UPDATE pre-existing violations are the engine's concern.
 */
import type { PodSecurity, PodSecurityExclude } from '../../../policy/types.js';
import type { JsonObject } from '../../../../../types.js';
import { extractPod, resourceKind, type ExtractedPod } from './decode-pod.js';
import { applyExclusions } from './exclusion.js';
import { GoDecodeError } from './go-decoder.js';
import { findingPath, formatChecks } from './message.js';
import { runChecks, selectChecks } from './registry.js';
import { parsePolicyVersion, VERSION_SYNTAX_ERROR } from './version.js';

export {
  CONTROL_CHECK_IDS,
  PSS_BASELINE_CONTROL_NAMES,
  PSS_CONTAINER_LEVEL_CONTROLS,
  PSS_CONTROL_NAMES,
  PSS_POD_LEVEL_CONTROLS,
  PSS_RESTRICTED_CONTROL_NAMES,
} from './controls.js';

/** A PolicyException that matched the resource and the rule. */
export interface PodSecurityException {
  /** `<namespace>/<name>` (or `<name>`), as Kyverno names it in messages. */
  key: string;
  /** The exception's `podSecurity` exclusions; an exception without any exempts the rule entirely. */
  podSecurity?: readonly PodSecurityExclude[];
}

interface PodSecurityOutcome {
  status: 'pass' | 'fail' | 'error' | 'skip';
  message: string;
  /** Kyverno-style path of the first violation, e.g. `/spec/containers/0/securityContext/privileged/`. */
  path?: string;
}

/**
 * Evaluates `podSecurity` of rule `ruleName` on `resource` (a Pod, a Pod controller or a CronJob); the pod is
 * decoded once per resource object unless `reference` asks for the reference interpreter.
 * `exceptions` are the PolicyExceptions matching the resource for this rule; `skip` only arises from them.
 */
export function evaluatePodSecurity(
  resource: JsonObject,
  podSecurity: PodSecurity,
  ruleName: string,
  exceptions: readonly PodSecurityException[] = [],
  reference = false,
): PodSecurityOutcome {
  const plainException = exceptions.find((exception) => (exception.podSecurity ?? []).length === 0);
  if (plainException !== undefined) {
    return { status: 'skip', message: `rule is skipped due to policy exception ${plainException.key}` };
  }

  const extracted = reference ? decodePod(resource) : extractedPod(resource);
  if (extracted instanceof GoDecodeError) return { status: 'error', message: `Error while getting new resource: ${extracted.message}` };
  const version = parsePolicyVersion(podSecurity.version);
  if (version === null) {
    return { status: 'error', message: `failed to parse pod security api version: ${VERSION_SYNTAX_ERROR}` };
  }

  const level = podSecurity.level ?? '';
  const checks = selectChecks(level, version);
  const pod = extracted.pod;
  let outcomes = runChecks(checks, pod);
  const excludes = podSecurity.exclude ?? [];
  if (outcomes.length > 0 && excludes.length > 0) outcomes = applyExclusions(checks, excludes, outcomes, pod);
  if (outcomes.length === 0) return { status: 'pass', message: `Validation rule '${ruleName}' passed.` };

  if (exceptions.length > 0) {
    outcomes = applyExclusions(checks, exceptions.flatMap((exception) => exception.podSecurity ?? []), outcomes, pod);
    if (outcomes.length === 0) {
      const keys = exceptions.map((exception) => exception.key).join(', ');
      return { status: 'skip', message: `rule is skipped due to policy exceptions ${keys}` };
    }
  }

  const kind = resourceKind(resource);
  const violated = `${level}:${podSecurity.version ?? ''}`;
  const message = `Validation rule '${ruleName}' failed. It violates PodSecurity "${violated}": ${formatChecks(outcomes, kind)}`;
  const path = findingPath(outcomes, extracted);
  return path === undefined ? { status: 'fail', message } : { status: 'fail', message, path };
}

/**
 * The pod of a resource as `extractPod` decodes it, or its decoding error: once per resource object (resources
 * are never mutated, and the checks only read the pod), however many podSecurity rules look at it.
 */
const extractedPods = new WeakMap<JsonObject, ExtractedPod | GoDecodeError>();

function extractedPod(resource: JsonObject): ExtractedPod | GoDecodeError {
  let extracted = extractedPods.get(resource);
  if (extracted === undefined) {
    extracted = decodePod(resource);
    extractedPods.set(resource, extracted);
  }
  return extracted;
}

function decodePod(resource: JsonObject): ExtractedPod | GoDecodeError {
  try {
    return extractPod(resource);
  } catch (error) {
    if (!(error instanceof GoDecodeError)) throw error;
    return error;
  }
}
