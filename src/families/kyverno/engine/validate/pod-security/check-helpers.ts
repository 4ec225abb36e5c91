/**
 * @file Helpers shared by the Pod Security checks, ported from `k8s.io/pod-security-admission/policy`
 * (`helpers.go`, `visitor.go`, `violations.go`, `paths.go`).
 */
import { FieldPath, type FieldError } from './field-error.js';
import type { Container, ContainerKind, PodSpec } from './pod-model.js';

/** `joinQuote`: `"a", "b"` (no escaping), `""` for no items. */
export function joinQuote(items: readonly string[]): string {
  if (items.length === 0) return '';
  return `"${items.join('", "')}"`;
}

/** `pluralize`. */
export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** `container "a"` / `containers "a", "b"`, the way every check names its offenders. */
export function namedContainers(names: readonly string[]): string {
  return `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
}

/**
 * `Violations` with field errors enabled: the names of the offenders (for the detail text) and the
 * field errors that go with them.
 */
export class Violations {
  readonly data: string[] = [];
  readonly errs: FieldError[] = [];

  add(data: string, ...errs: FieldError[]): void {
    this.data.push(data);
    for (const err of errs) this.errs.push(err);
  }

  get empty(): boolean {
    return this.data.length === 0;
  }

  get length(): number {
    return this.data.length;
  }
}

const SPEC = FieldPath.of('spec');
const CONTAINER_LISTS: Readonly<Record<ContainerKind, FieldPath>> = {
  initContainers: SPEC.child('initContainers'),
  containers: SPEC.child('containers'),
  ephemeralContainers: SPEC.child('ephemeralContainers'),
};

/** Paths of pod-level fields (`paths.go`). */
export const PATHS = {
  annotations: FieldPath.of('metadata', 'annotations'),
  volumes: SPEC.child('volumes'),
  hostNetwork: SPEC.child('hostNetwork'),
  hostPID: SPEC.child('hostPID'),
  hostIPC: SPEC.child('hostIPC'),
  runAsNonRoot: SPEC.child('securityContext', 'runAsNonRoot'),
  runAsUser: SPEC.child('securityContext', 'runAsUser'),
  seccompProfileType: SPEC.child('securityContext', 'seccompProfile', 'type'),
  seLinuxOptionsType: SPEC.child('securityContext', 'seLinuxOptions', 'type'),
  seLinuxOptionsUser: SPEC.child('securityContext', 'seLinuxOptions', 'user'),
  seLinuxOptionsRole: SPEC.child('securityContext', 'seLinuxOptions', 'role'),
  sysctls: SPEC.child('securityContext', 'sysctls'),
  hostProcess: SPEC.child('securityContext', 'windowsOptions', 'hostProcess'),
  appArmorProfileType: SPEC.child('securityContext', 'appArmorProfile', 'type'),
} as const;

/** The path of container `index` of list `kind` (`spec.containers[0]`). */
export function containerPath(kind: ContainerKind, index: number): FieldPath {
  return CONTAINER_LISTS[kind].index(index);
}

type ContainerVisitor = (container: Container, kind: ContainerKind, index: number) => void;

/** `visitContainers`: init containers, then containers, then ephemeral containers. */
export function visitContainers(spec: PodSpec, visitor: ContainerVisitor): void {
  const { initContainers, containers, ephemeralContainers } = spec;
  for (let i = 0; i < initContainers.length; i++) visitor(initContainers[i]!, 'initContainers', i);
  for (let i = 0; i < containers.length; i++) visitor(containers[i]!, 'containers', i);
  for (let i = 0; i < ephemeralContainers.length; i++) visitor(ephemeralContainers[i]!, 'ephemeralContainers', i);
}

/** `podSpec.OS != nil && podSpec.OS.Name == corev1.Windows`. */
export function isWindowsPod(spec: PodSpec): boolean {
  return spec.osName === 'windows';
}
