/**
 * @file User checks. `runAsNonRoot` (restricted, 1.0+): the pod or every container must set
 * `runAsNonRoot: true` and none may set it to false. `runAsUser` (restricted, 1.23+): `runAsUser` must
 * not be 0. Port of `check_runAsNonRoot.go` and `check_runAsUser.go` (Kyverno's fork); their
 * user-namespace relaxation depends on `RelaxPolicyForUserNamespacePods`, which Kyverno never enables.
 */
import { containerPath, namedContainers, PATHS, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import { forbidden, required, type FieldError } from '../field-error.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

function runAsNonRootV1Dot0(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badSetters = new Violations();
  let podRunAsNonRoot = false;
  const podValue = spec.securityContext?.runAsNonRoot;
  if (podValue === false) badSetters.add('pod', forbidden(PATHS.runAsNonRoot, false));
  else if (podValue === true) podRunAsNonRoot = true;

  const explicitlyBad: string[] = [];
  const explicitlyErrs: FieldError[] = [];
  const implicitlyBad = new Violations();
  visitContainers(spec, (container, kind, index) => {
    const value = container.securityContext?.runAsNonRoot;
    if (value !== undefined) {
      if (!value) {
        explicitlyBad.push(container.name);
        explicitlyErrs.push(forbidden(containerPath(kind, index).child('securityContext', 'runAsNonRoot'), false));
      }
    } else if (!podRunAsNonRoot) {
      implicitlyBad.add(container.name, required(containerPath(kind, index).child('securityContext', 'runAsNonRoot')));
    }
  });
  if (explicitlyBad.length > 0) {
    badSetters.add(`${namedContainers(explicitlyBad)}`, ...explicitlyErrs);
  }

  const details: string[] = [];
  const errList: FieldError[] = [];
  if (!badSetters.empty) {
    details.push(`${badSetters.data.join(' and ')} must not set securityContext.runAsNonRoot=false`);
    errList.push(...badSetters.errs);
  }
  if (!implicitlyBad.empty) {
    details.push(
      `pod or ${namedContainers(implicitlyBad.data)} must set securityContext.runAsNonRoot=true`,
    );
    errList.push(...implicitlyBad.errs);
  }
  if (details.length === 0) return null;
  return { reason: 'runAsNonRoot != true', detail: details.join('\n'), errList };
}

function runAsUserV1Dot23(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badSetters = new Violations();
  if (spec.securityContext?.runAsUser === 0) badSetters.add('pod', forbidden(PATHS.runAsUser, 0));

  const explicitlyBad: string[] = [];
  const explicitlyErrs: FieldError[] = [];
  visitContainers(spec, (container, kind, index) => {
    if (container.securityContext?.runAsUser === 0) {
      explicitlyBad.push(container.name);
      explicitlyErrs.push(forbidden(containerPath(kind, index).child('securityContext', 'runAsUser'), 0));
    }
  });
  if (explicitlyBad.length > 0) {
    badSetters.add(`${namedContainers(explicitlyBad)}`, ...explicitlyErrs);
  }
  if (badSetters.empty) return null;
  return {
    reason: 'runAsUser=0',
    detail: `${badSetters.data.join(' and ')} must not set runAsUser=0`,
    errList: badSetters.errs,
  };
}

export const runAsNonRootCheck: Check = {
  id: 'runAsNonRoot',
  level: 'restricted',
  versions: [{ minimumMinor: 0, check: runAsNonRootV1Dot0 }],
};

export const runAsUserCheck: Check = {
  id: 'runAsUser',
  level: 'restricted',
  versions: [{ minimumMinor: 23, check: runAsUserV1Dot23 }],
};
