/**
 * @file Helpers shared by the Pod Security checks, ported from `k8s.io/pod-security-admission/policy`
 * (`helpers.go`, `visitor.go`, `violations.go`, `paths.go`).
 */
import { FieldPath, type FieldError } from './field-error.js';
import type { Container, ContainerKind, PodSpec } from './pod-model.js';
/** `joinQuote`: `"a", "b"` (no escaping), `""` for no items. */
export declare function joinQuote(items: readonly string[]): string;
/** `pluralize`. */
export declare function pluralize(singular: string, plural: string, count: number): string;
/** `container "a"` / `containers "a", "b"`, the way every check names its offenders. */
export declare function namedContainers(names: readonly string[]): string;
/**
 * `Violations` with field errors enabled: the names of the offenders (for the detail text) and the
 * field errors that go with them.
 */
export declare class Violations {
    readonly data: string[];
    readonly errs: FieldError[];
    add(data: string, ...errs: FieldError[]): void;
    get empty(): boolean;
    get length(): number;
}
/** Paths of pod-level fields (`paths.go`). */
export declare const PATHS: {
    readonly annotations: FieldPath;
    readonly volumes: FieldPath;
    readonly hostNetwork: FieldPath;
    readonly hostPID: FieldPath;
    readonly hostIPC: FieldPath;
    readonly runAsNonRoot: FieldPath;
    readonly runAsUser: FieldPath;
    readonly seccompProfileType: FieldPath;
    readonly seLinuxOptionsType: FieldPath;
    readonly seLinuxOptionsUser: FieldPath;
    readonly seLinuxOptionsRole: FieldPath;
    readonly sysctls: FieldPath;
    readonly hostProcess: FieldPath;
    readonly appArmorProfileType: FieldPath;
};
/** The path of container `index` of list `kind` (`spec.containers[0]`). */
export declare function containerPath(kind: ContainerKind, index: number): FieldPath;
type ContainerVisitor = (container: Container, kind: ContainerKind, index: number) => void;
/** `visitContainers`: init containers, then containers, then ephemeral containers. */
export declare function visitContainers(spec: PodSpec, visitor: ContainerVisitor): void;
/** `podSpec.OS != nil && podSpec.OS.Name == corev1.Windows`. */
export declare function isWindowsPod(spec: PodSpec): boolean;
export {};
