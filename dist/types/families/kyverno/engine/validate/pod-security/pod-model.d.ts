/**
 * @file The typed view of a pod that the Pod Security checks read: the subset of `corev1.Pod` fields
 * the Pod Security Admission library inspects, after Go-style decoding (see decode-pod.ts).
 * `undefined` stands for a nil pointer; slices and maps are never undefined (Go reads nil ones as empty).
 */
interface SeccompProfile {
    type: string;
}
export interface SELinuxOptions {
    user: string;
    role: string;
    type: string;
}
interface WindowsOptions {
    hostProcess: boolean | undefined;
}
interface AppArmorProfile {
    type: string;
}
export interface Capabilities {
    add: string[];
    drop: string[];
}
export interface SecurityContext {
    privileged: boolean | undefined;
    allowPrivilegeEscalation: boolean | undefined;
    runAsNonRoot: boolean | undefined;
    runAsUser: number | undefined;
    capabilities: Capabilities | undefined;
    procMount: string | undefined;
    seccompProfile: SeccompProfile | undefined;
    seLinuxOptions: SELinuxOptions | undefined;
    windowsOptions: WindowsOptions | undefined;
    appArmorProfile: AppArmorProfile | undefined;
}
export interface PodSecurityContext {
    runAsNonRoot: boolean | undefined;
    runAsUser: number | undefined;
    seccompProfile: SeccompProfile | undefined;
    seLinuxOptions: SELinuxOptions | undefined;
    windowsOptions: WindowsOptions | undefined;
    appArmorProfile: AppArmorProfile | undefined;
    sysctls: {
        name: string;
    }[];
}
/** A probe or lifecycle handler: only the hosts of its `httpGet` and `tcpSocket` actions matter. */
export interface Handler {
    httpGetHost: string | undefined;
    tcpSocketHost: string | undefined;
}
export interface Container {
    name: string;
    image: string;
    securityContext: SecurityContext | undefined;
    hostPorts: number[];
    livenessProbe: Handler | undefined;
    readinessProbe: Handler | undefined;
    startupProbe: Handler | undefined;
    postStart: Handler | undefined;
    preStop: Handler | undefined;
    /** Whether `lifecycle` is set (the checks only look at hooks when it is). */
    hasLifecycle: boolean;
}
export interface Volume {
    name: string;
    /** JSON names of the volume sources that are set (non-null). */
    sources: string[];
    /** `hostPath.path` when `hostPath` is set. */
    hostPath: string | undefined;
}
export type ContainerKind = 'initContainers' | 'containers' | 'ephemeralContainers';
export interface PodSpec {
    initContainers: Container[];
    containers: Container[];
    ephemeralContainers: Container[];
    volumes: Volume[];
    hostNetwork: boolean;
    hostPID: boolean;
    hostIPC: boolean;
    securityContext: PodSecurityContext | undefined;
    /** `spec.os.name` when `spec.os` is set. */
    osName: string | undefined;
}
export interface PodMeta {
    name: string;
    namespace: string;
    annotations: ReadonlyMap<string, string>;
}
export interface Pod {
    meta: PodMeta;
    spec: PodSpec;
}
export {};
