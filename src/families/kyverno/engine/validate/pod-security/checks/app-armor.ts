/**
 * @file `appArmorProfile` (baseline): AppArmor profile types other than `RuntimeDefault`/`Localhost`
 * and `container.apparmor.security.beta.kubernetes.io/*` annotations other than `runtime/default`,
 * `localhost/*` or empty are forbidden. Port of `check_appArmorProfile.go` (Kyverno's fork), which
 * reports no field errors for this check.
 */
import { containerPath, joinQuote, namedContainers, PATHS, pluralize, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import type { FieldPath } from '../field-error.js';
import { compareGoStrings } from '../../../../../../util/go-json.js';
import { goQuote } from '../../../../../../util/go-strings.js';
import { sortedSet } from '../go-strings.js';
import type { PodMeta, PodSpec } from '../pod-model.js';

const ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

function allowedAnnotationValue(profile: string): boolean {
  return profile.length === 0 || profile === 'runtime/default' || profile.startsWith('localhost/');
}

function allowedProfileType(type: string): boolean {
  return type === 'RuntimeDefault' || type === 'Localhost';
}

function appArmorProfileV1Dot0(meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badSetters: string[] = [];
  const badValues: string[] = [];
  let hint: FieldPath | undefined;

  const podProfile = spec.securityContext?.appArmorProfile;
  if (podProfile !== undefined && !allowedProfileType(podProfile.type)) {
    badSetters.push('pod');
    badValues.push(podProfile.type);
    hint = PATHS.appArmorProfileType;
  }

  const badContainers: string[] = [];
  visitContainers(spec, (container, kind, index) => {
    const profile = container.securityContext?.appArmorProfile;
    if (profile !== undefined && !allowedProfileType(profile.type)) {
      badContainers.push(container.name);
      badValues.push(profile.type);
      hint ??= containerPath(kind, index).child('securityContext', 'appArmorProfile', 'type');
    }
  });
  if (badContainers.length > 0) {
    badSetters.push(`${namedContainers(badContainers)}`);
  }

  const forbiddenAnnotations: { text: string; key: string }[] = [];
  for (const [key, value] of meta.annotations) {
    if (key.startsWith(ANNOTATION_PREFIX) && !allowedAnnotationValue(value)) {
      forbiddenAnnotations.push({ text: `${key}=${goQuote(value)}`, key });
    }
  }
  const badValueList = sortedSet(badValues);
  if (forbiddenAnnotations.length > 0) {
    forbiddenAnnotations.sort((a, b) => compareGoStrings(a.text, b.text));
    for (const annotation of forbiddenAnnotations) badValueList.push(annotation.text);
    badSetters.push(pluralize('annotation', 'annotations', forbiddenAnnotations.length));
    hint ??= PATHS.annotations.key(forbiddenAnnotations[0]!.key);
  }

  if (badSetters.length === 0) return null;
  return {
    reason: pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', badValueList.length),
    detail: `${badSetters.join(' and ')} must not set AppArmor profile type to ${joinQuote(badValueList)}`,
    errList: null,
    hint,
  };
}

export const appArmorProfileCheck: Check = {
  id: 'appArmorProfile',
  level: 'baseline',
  versions: [{ minimumMinor: 0, check: appArmorProfileV1Dot0 }],
};
