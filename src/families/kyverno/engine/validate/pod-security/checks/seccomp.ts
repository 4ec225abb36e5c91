/**
 * @file Seccomp checks. `seccompProfile_baseline` (baseline): before 1.19 the seccomp annotations must be
 * `runtime/default`, `docker/default` or `localhost/*`; from 1.19 `seccompProfile.type` must not be
 * anything but `RuntimeDefault`/`Localhost` where set. `seccompProfile_restricted` (restricted, 1.19+):
 * the pod or every container must set `RuntimeDefault` or `Localhost`; Windows pods are exempt from 1.25.
 * Port of `check_seccompProfile_baseline.go` and `check_seccompProfile_restricted.go` (Kyverno's fork).
 */
import { containerPath, isWindowsPod, joinQuote, namedContainers, PATHS, pluralize, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden, required, type FieldError, type FieldPath } from '../field-error.js';
import { compareGoStrings } from '../../../../../../util/go-json.js';
import { goQuote } from '../../../../../../util/go-strings.js';
import { sortedSet } from '../go-strings.js';
import type { ContainerKind, PodMeta, PodSpec } from '../pod-model.js';

const ANNOTATION_KEY_POD = 'seccomp.security.alpha.kubernetes.io/pod';
const ANNOTATION_KEY_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

function validSeccomp(type: string): boolean {
  return type === 'Localhost' || type === 'RuntimeDefault';
}

function validSeccompAnnotationValue(value: string): boolean {
  return value === 'runtime/default' || value === 'docker/default' || value.startsWith('localhost/');
}

/** Records annotation `key` when it holds a forbidden value. */
function recordAnnotation(meta: PodMeta, key: string, forbiddenValues: Map<string, FieldError[]>): void {
  const value = meta.annotations.get(key);
  if (value === undefined || validSeccompAnnotationValue(value)) return;
  const text = `${key}=${goQuote(value)}`;
  const errs = forbiddenValues.get(text) ?? [];
  errs.push(forbidden(PATHS.annotations.key(key), value));
  forbiddenValues.set(text, errs);
}

function seccompTypePath(kind: ContainerKind, index: number): FieldPath {
  return containerPath(kind, index).child('securityContext', 'seccompProfile', 'type');
}

/** Annotation checks of versions before 1.19. */
function seccompProfileBaselineV1Dot0(meta: PodMeta, spec: PodSpec): CheckFailure | null {
  // Keyed by the forbidden `key="value"` text, as the check groups errors by it.
  const forbiddenValues = new Map<string, FieldError[]>();
  recordAnnotation(meta, ANNOTATION_KEY_POD, forbiddenValues);
  visitContainers(spec, (container) => recordAnnotation(meta, ANNOTATION_KEY_CONTAINER_PREFIX + container.name, forbiddenValues));
  if (forbiddenValues.size === 0) return null;

  const badSetters = new Violations();
  for (const text of [...forbiddenValues.keys()].sort(compareGoStrings)) badSetters.add(text, ...forbiddenValues.get(text)!);
  return {
    reason: 'seccompProfile',
    detail: `forbidden ${pluralize('annotation', 'annotations', badSetters.length)} ${badSetters.data.join(', ')}`,
    errList: badSetters.errs,
  };
}

/** Field checks from 1.19: explicitly set profile types must be allowed. */
function seccompProfileBaselineV1Dot19(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badSetters = new Violations();
  const badValues: string[] = [];
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile !== undefined && !validSeccomp(podProfile.type)) {
    badSetters.add('pod', forbidden(PATHS.seccompProfileType, podProfile.type));
    badValues.push(podProfile.type);
  }

  const explicitlyBad: string[] = [];
  const explicitlyErrs: FieldError[] = [];
  visitContainers(spec, (container, kind, index) => {
    const profile = container.securityContext?.seccompProfile;
    if (profile !== undefined && !validSeccomp(profile.type)) {
      explicitlyBad.push(container.name);
      explicitlyErrs.push(forbidden(containerPath(kind, index).child('securityContext', 'seccompProfile', 'type'), profile.type));
      badValues.push(profile.type);
    }
  });
  if (explicitlyBad.length > 0) {
    badSetters.add(`${namedContainers(explicitlyBad)}`, ...explicitlyErrs);
  }
  if (badSetters.empty) return null;
  return {
    reason: 'seccompProfile',
    detail: `${badSetters.data.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}`,
    errList: badSetters.errs,
  };
}

function seccompProfileRestrictedV1Dot19(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badSetters = new Violations();
  const badValues: string[] = [];
  let podSeccompSet = false;
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile !== undefined) {
    if (!validSeccomp(podProfile.type)) {
      badSetters.add('pod', forbidden(PATHS.seccompProfileType, podProfile.type));
      badValues.push(podProfile.type);
    } else {
      podSeccompSet = true;
    }
  }

  const explicitlyBad: string[] = [];
  const explicitlyErrs: FieldError[] = [];
  const implicitlyBad = new Violations();
  visitContainers(spec, (container, kind, index) => {
    const profile = container.securityContext?.seccompProfile;
    if (profile !== undefined) {
      if (!validSeccomp(profile.type)) {
        explicitlyBad.push(container.name);
        explicitlyErrs.push(forbidden(seccompTypePath(kind, index), profile.type));
        badValues.push(profile.type);
      }
    } else if (!podSeccompSet) {
      implicitlyBad.add(container.name, required(seccompTypePath(kind, index)));
    }
  });
  if (explicitlyBad.length > 0) {
    badSetters.add(`${namedContainers(explicitlyBad)}`, ...explicitlyErrs);
  }
  if (!badSetters.empty) {
    return {
      reason: 'seccompProfile',
      detail: `${badSetters.data.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(badValues))}`,
      errList: badSetters.errs,
    };
  }
  if (!implicitlyBad.empty) {
    return {
      reason: 'seccompProfile',
      detail: `pod or ${namedContainers(implicitlyBad.data)} must set securityContext.seccompProfile.type to ` + '"RuntimeDefault" or "Localhost"',
      errList: implicitlyBad.errs,
    };
  }
  return null;
}

function seccompProfileRestrictedV1Dot25(meta: PodMeta, spec: PodSpec): CheckFailure | null {
  // Pod API validation rejects seccomp profiles on Windows pods, so they are admitted without one.
  if (isWindowsPod(spec)) return null;
  return seccompProfileRestrictedV1Dot19(meta, spec);
}

export const seccompProfileBaselineCheck: Check = {
  id: 'seccompProfile_baseline',
  level: 'baseline',
  versions: [
    { minimumMinor: 0, check: seccompProfileBaselineV1Dot0 },
    { minimumMinor: 19, check: seccompProfileBaselineV1Dot19 },
  ],
};

export const seccompProfileRestrictedCheck: Check = {
  id: 'seccompProfile_restricted',
  level: 'restricted',
  versions: [
    { minimumMinor: 19, check: seccompProfileRestrictedV1Dot19 },
    { minimumMinor: 25, check: seccompProfileRestrictedV1Dot25 },
  ],
};
