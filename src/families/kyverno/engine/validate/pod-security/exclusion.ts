/**
 * @file `podSecurity.exclude` (and PolicyException `podSecurity`) handling, ported from Kyverno's
 * `ApplyPodSecurityExclusion` / `exemptExclusions` (kyverno/kyverno pkg/pss/evaluate.go).
 *
 * For each exclusion the checks are re-run on a reduced pod: without `images`, the pod with its
 * containers replaced by one empty container named `fake` (pod-level exclusion); with `images`, a pod
 * holding only the containers whose image wildcard-matches one of them (container-level exclusion).
 * Every field error the reduced pod produces for the control's checks — restricted to
 * `restrictedField` and to errors whose bad values all match `values`, when given — removes **one**
 * matching field error of the real pod (same field with indexes replaced by `*` and, for container
 * fields of a container-level exclusion, the same container name), swapping the last error into its
 * place as Go's `remove` does. A check left without field errors is dropped. Checks that report no
 * field errors at all can therefore never be excluded.
 */
import type { PodSecurityExclude } from '../../../policy/types.js';
import { wildcardMatch } from '../../../../../util/wildcard.js';
import { CONTROL_CHECK_IDS } from './controls.js';
import type { BadValue, FieldError } from './field-error.js';
import type { Container, Pod, PodSpec } from './pod-model.js';
import { runChecks, type CheckOutcome, type SelectedCheck } from './registry.js';

const DIGITS = /\d+/g;
const LETTERS = /[a-zA-Z]+/g;
const CONTAINER_TYPES: ReadonlySet<string> = new Set(['containers', 'initContainers', 'ephemeralContainers']);

/** `parseField`: the field with indexes replaced by `*`, its first index and the word after `spec`. */
interface ParsedField {
  field: string;
  firstIndex: number;
  containerType: string;
  isContainerField: boolean;
}

function parseField(field: string): ParsedField {
  const firstDigits = field.match(DIGITS)?.[0];
  const containerType = field.match(LETTERS)?.[1] ?? '';
  return {
    field: field.replace(DIGITS, '*'),
    firstIndex: firstDigits === undefined ? 0 : Number(firstDigits),
    containerType,
    isContainerField: CONTAINER_TYPES.has(containerType),
  };
}

/** `getContainerInfo`: the name of the container at `index` of list `type`. */
function containerName(pod: Pod, index: number, type: string): string {
  const list =
    type === 'containers' ? pod.spec.containers : type === 'initContainers' ? pod.spec.initContainers : pod.spec.ephemeralContainers;
  return list[index]?.name ?? '';
}

/** `extractBadValues`. */
function badValueStrings(value: BadValue): readonly string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'boolean' || typeof value === 'number') return [String(value)];
  return value;
}

function matchesAny(patterns: readonly string[], value: string): boolean {
  return patterns.some((pattern) => wildcardMatch(pattern, value));
}

const FAKE_CONTAINER: Container = {
  name: 'fake',
  image: '',
  securityContext: undefined,
  hostPorts: [],
  livenessProbe: undefined,
  readinessProbe: undefined,
  startupProbe: undefined,
  postStart: undefined,
  preStop: undefined,
  hasLifecycle: false,
};

const EMPTY_SPEC: PodSpec = {
  initContainers: [],
  containers: [],
  ephemeralContainers: [],
  volumes: [],
  hostNetwork: false,
  hostPID: false,
  hostIPC: false,
  securityContext: undefined,
  osName: undefined,
};

/** `GetPodWithMatchingContainers` without images: the pod with one empty `fake` container. */
function podLevelPod(pod: Pod): Pod {
  return { meta: pod.meta, spec: { ...pod.spec, containers: [FAKE_CONTAINER], initContainers: [], ephemeralContainers: [] } };
}

/** The containers whose image matches one of `images`. */
function keepMatching(containers: Container[], images: readonly string[]): Container[] {
  return containers.filter((container) => matchesAny(images, container.image));
}

/** `GetPodWithMatchingContainers` with images: only the containers whose image matches. */
function matchingContainersPod(pod: Pod, images: readonly string[]): Pod {
  return {
    meta: { name: pod.meta.name, namespace: pod.meta.namespace, annotations: new Map() },
    spec: {
      ...EMPTY_SPEC,
      containers: keepMatching(pod.spec.containers, images),
      initContainers: keepMatching(pod.spec.initContainers, images),
      ephemeralContainers: keepMatching(pod.spec.ephemeralContainers, images),
    },
  };
}

/** `exemptExclusions`: removes from `outcomes` the field errors `excludeOutcomes` cover. */
function exempt(
  outcomes: CheckOutcome[],
  excludeOutcomes: readonly CheckOutcome[],
  exclude: PodSecurityExclude,
  pod: Pod,
  matching: Pod | null,
): CheckOutcome[] {
  const byId = new Map<string, CheckOutcome>();
  for (const outcome of outcomes) byId.set(outcome.id, outcome);
  const checkIds = CONTROL_CHECK_IDS.get(exclude.controlName) ?? [];
  const restrictedField = exclude.restrictedField ?? '';
  const values = exclude.values ?? [];
  const containerLevel = matching !== null;

  for (const excludeOutcome of excludeOutcomes) {
    if (!checkIds.includes(excludeOutcome.id) || excludeOutcome.failure.errList === null) continue;
    const checkId = excludeOutcome.id;
    for (const excludeError of excludeOutcome.failure.errList) {
      let excludeField: string;
      let excludeContainer = '';
      if (containerLevel) {
        const parsed = parseField(excludeError.path.text);
        excludeField = parsed.field;
        if (parsed.isContainerField) excludeContainer = containerName(matching, parsed.firstIndex, parsed.containerType);
      } else {
        excludeField = excludeError.path.text.replace(DIGITS, '*');
      }
      if (restrictedField !== '' && excludeField !== restrictedField) continue;
      if (values.length > 0 && !badValueStrings(excludeError.badValue).every((value) => matchesAny(values, value))) continue;

      const target = byId.get(checkId);
      const errList = target?.failure.errList;
      if (errList === null || errList === undefined) continue;
      removeMatching(errList, excludeField, excludeContainer, pod, containerLevel);
      if (errList.length === 0) byId.delete(checkId);
    }
  }
  return [...byId.values()];
}

/** Removes the first error of `errList` that the exclusion error covers (Go's swap-with-last `remove`). */
function removeMatching(errList: FieldError[], excludeField: string, excludeContainer: string, pod: Pod, containerLevel: boolean): void {
  for (let i = 0; i < errList.length; i++) {
    const text = errList[i]!.path.text;
    let matches: boolean;
    if (containerLevel) {
      const parsed = parseField(text);
      matches =
        parsed.field === excludeField &&
        (!parsed.isContainerField || containerName(pod, parsed.firstIndex, parsed.containerType) === excludeContainer);
    } else {
      matches = text.replace(DIGITS, '*') === excludeField;
    }
    if (matches) {
      errList[i] = errList[errList.length - 1]!;
      errList.pop();
      return;
    }
  }
}

/**
 * Applies `excludes` to the failed checks `outcomes` of `pod` (mutating their field error lists) and
 * returns the checks that still fail, in their original order.
 */
export function applyExclusions(
  checks: readonly SelectedCheck[],
  excludes: readonly PodSecurityExclude[],
  outcomes: CheckOutcome[],
  pod: Pod,
): CheckOutcome[] {
  let remaining = outcomes;
  for (const exclude of excludes) {
    const images = exclude.images ?? [];
    if (images.length === 0) {
      remaining = exempt(remaining, runChecks(checks, podLevelPod(pod)), exclude, pod, null);
    } else {
      const matching = matchingContainersPod(pod, images);
      remaining = exempt(remaining, runChecks(checks, matching), exclude, pod, matching);
    }
  }
  return remaining;
}
