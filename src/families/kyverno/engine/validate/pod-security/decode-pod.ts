/**
 * @file Extraction of the pod spec and metadata from a resource, as Kyverno's `getSpec`
 * (kyverno/kyverno pkg/engine/handlers/validation/validate_pss.go): Pod → itself; DaemonSet, Deployment,
 * Job, StatefulSet, ReplicaSet, ReplicationController → `spec.template` (decoded as an apps/v1
 * Deployment); CronJob → `spec.jobTemplate.spec.template.spec` with **`spec.jobTemplate.metadata`** as
 * metadata. Decoding follows Go's `encoding/json` into the typed structs (see go-decoder.ts) for the
 * fields the checks read.
 */
import type { JsonObject, JsonValue } from '../../../../../types.js';
import { GoDecodeError, GoDecoder } from './go-decoder.js';
import type {
  Capabilities,
  Container,
  Handler,
  Pod,
  PodMeta,
  PodSecurityContext,
  PodSpec,
  SecurityContext,
  SELinuxOptions,
  Volume,
} from './pod-model.js';

/** A pod and where its spec and metadata live in the resource (JSON field names from the root). */
export interface ExtractedPod {
  pod: Pod;
  specRoot: readonly string[];
  metaRoot: readonly string[];
}

const TEMPLATE_KINDS: ReadonlySet<string> = new Set([
  'DaemonSet',
  'Deployment',
  'Job',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController',
]);

/** Whether `kind` is one of the controllers whose pod is `spec.template`. */
export function isTemplateKind(kind: string): boolean {
  return TEMPLATE_KINDS.has(kind);
}

/** The resource's `kind` as `unstructured.GetKind()` reads it (`""` unless a string). */
export function resourceKind(resource: JsonObject): string {
  const kind = resource['kind'];
  return typeof kind === 'string' ? kind : '';
}

/**
 * Extracts the pod of `resource`. Throws `GoDecodeError` for an unsupported kind
 * (`could not find correct resource type`) or a field of the wrong JSON type.
 */
export function extractPod(resource: JsonObject): ExtractedPod {
  const kind = resourceKind(resource);
  const d = new GoDecoder();
  if (TEMPLATE_KINDS.has(kind)) {
    decodeObjectMeta(d, resource, 'Deployment');
    const spec = d.object(resource, 'Deployment', 'spec', 'v1.DeploymentSpec') ?? {};
    const template = d.within('spec', () => d.object(spec, 'DeploymentSpec', 'template', 'v1.PodTemplateSpec')) ?? {};
    const pod = d.within('spec', () => d.within('template', () => decodePodLike(d, template, 'PodTemplateSpec')));
    return { pod, specRoot: ['spec', 'template', 'spec'], metaRoot: ['spec', 'template', 'metadata'] };
  }
  if (kind === 'CronJob') {
    decodeObjectMeta(d, resource, 'CronJob');
    const spec = d.object(resource, 'CronJob', 'spec', 'v1.CronJobSpec') ?? {};
    return d.within('spec', () => {
      const jobTemplate = d.object(spec, 'CronJobSpec', 'jobTemplate', 'v1.JobTemplateSpec') ?? {};
      return d.within('jobTemplate', () => {
        const meta = decodeObjectMeta(d, jobTemplate, 'JobTemplateSpec');
        const jobSpec = d.object(jobTemplate, 'JobTemplateSpec', 'spec', 'v1.JobSpec') ?? {};
        const template = d.within('spec', () => d.object(jobSpec, 'JobSpec', 'template', 'v1.PodTemplateSpec')) ?? {};
        const templatePod = d.within('spec', () => d.within('template', () => decodePodLike(d, template, 'PodTemplateSpec')));
        return {
          pod: { meta, spec: templatePod.spec },
          specRoot: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
          metaRoot: ['spec', 'jobTemplate', 'metadata'],
        };
      });
    });
  }
  if (kind === 'Pod') {
    return { pod: decodePodLike(d, resource, 'Pod'), specRoot: ['spec'], metaRoot: ['metadata'] };
  }
  throw new GoDecodeError('could not find correct resource type');
}

/** A Pod or PodTemplateSpec: `metadata` and `spec`. */
function decodePodLike(d: GoDecoder, obj: JsonObject, struct: string): Pod {
  const meta = decodeObjectMeta(d, obj, struct);
  const spec = d.object(obj, struct, 'spec', 'v1.PodSpec');
  return { meta, spec: d.within('spec', () => decodePodSpec(d, spec ?? {})) };
}

/** The `metadata` field of `obj` (struct `struct`): name, namespace, labels and annotations. */
function decodeObjectMeta(d: GoDecoder, obj: JsonObject, struct: string): PodMeta {
  const meta = d.object(obj, struct, 'metadata', 'v1.ObjectMeta') ?? {};
  return d.within('metadata', () => {
    const name = d.string(meta, 'ObjectMeta', 'name') ?? '';
    const namespace = d.string(meta, 'ObjectMeta', 'namespace') ?? '';
    d.stringMap(meta, 'ObjectMeta', 'labels');
    const annotations = d.stringMap(meta, 'ObjectMeta', 'annotations');
    return { name, namespace, annotations };
  });
}

function decodePodSpec(d: GoDecoder, spec: JsonObject): PodSpec {
  const securityContext = d.object(spec, 'PodSpec', 'securityContext', 'v1.PodSecurityContext');
  const os = d.object(spec, 'PodSpec', 'os', 'v1.PodOS');
  return {
    initContainers: decodeContainers(d, spec, 'initContainers', 'v1.Container', 'Container'),
    containers: decodeContainers(d, spec, 'containers', 'v1.Container', 'Container'),
    ephemeralContainers: decodeContainers(d, spec, 'ephemeralContainers', 'v1.EphemeralContainer', 'EphemeralContainer'),
    volumes: decodeVolumes(d, spec),
    hostNetwork: d.bool(spec, 'PodSpec', 'hostNetwork') ?? false,
    hostPID: d.bool(spec, 'PodSpec', 'hostPID') ?? false,
    hostIPC: d.bool(spec, 'PodSpec', 'hostIPC') ?? false,
    securityContext: securityContext && d.within('securityContext', () => decodePodSecurityContext(d, securityContext)),
    osName: os && d.within('os', () => d.string(os, 'PodOS', 'name', 'v1.OSName') ?? ''),
  };
}

function decodeContainers(d: GoDecoder, spec: JsonObject, field: string, goType: string, struct: string): Container[] {
  const items = d.array(spec, 'PodSpec', field, `[]${goType}`);
  if (items.length === 0) return [];
  const objects = d.elements(items, 'PodSpec', field, goType);
  return d.within(field, () => objects.map((item) => decodeContainer(d, item, struct)));
}

function decodeContainer(d: GoDecoder, c: JsonObject, struct: string): Container {
  const securityContext = d.object(c, struct, 'securityContext', 'v1.SecurityContext');
  const ports = d.elements(d.array(c, struct, 'ports', '[]v1.ContainerPort'), struct, 'ports', 'v1.ContainerPort');
  const lifecycle = d.object(c, struct, 'lifecycle', 'v1.Lifecycle');
  return {
    name: d.string(c, struct, 'name') ?? '',
    image: d.string(c, struct, 'image') ?? '',
    securityContext: securityContext && d.within('securityContext', () => decodeSecurityContext(d, securityContext)),
    hostPorts: d.within('ports', () => ports.map((port) => d.int(port, 'ContainerPort', 'hostPort', 'int32') ?? 0)),
    livenessProbe: decodeHandler(d, c, struct, 'livenessProbe', PROBE),
    readinessProbe: decodeHandler(d, c, struct, 'readinessProbe', PROBE),
    startupProbe: decodeHandler(d, c, struct, 'startupProbe', PROBE),
    postStart: lifecycle && d.within('lifecycle', () => decodeHandler(d, lifecycle, 'Lifecycle', 'postStart', LIFECYCLE_HANDLER)),
    preStop: lifecycle && d.within('lifecycle', () => decodeHandler(d, lifecycle, 'Lifecycle', 'preStop', LIFECYCLE_HANDLER)),
    hasLifecycle: lifecycle !== undefined,
  };
}

/** The Go types of the two handler structs (both embed the handler actions). */
interface HandlerType {
  goType: string;
  struct: string;
}

const PROBE: HandlerType = { goType: 'v1.Probe', struct: 'Probe' };
const LIFECYCLE_HANDLER: HandlerType = { goType: 'v1.LifecycleHandler', struct: 'LifecycleHandler' };

/** A probe or lifecycle handler: the hosts of its `httpGet` and `tcpSocket` actions. */
function decodeHandler(d: GoDecoder, obj: JsonObject, struct: string, field: string, type: HandlerType): Handler | undefined {
  const handler = d.object(obj, struct, field, type.goType);
  if (handler === undefined) return undefined;
  return d.within(field, () => {
    const httpGet = d.object(handler, type.struct, 'httpGet', 'v1.HTTPGetAction');
    const tcpSocket = d.object(handler, type.struct, 'tcpSocket', 'v1.TCPSocketAction');
    return {
      httpGetHost: httpGet && d.within('httpGet', () => d.string(httpGet, 'HTTPGetAction', 'host') ?? ''),
      tcpSocketHost: tcpSocket && d.within('tcpSocket', () => d.string(tcpSocket, 'TCPSocketAction', 'host') ?? ''),
    };
  });
}

function decodeSecurityContext(d: GoDecoder, sc: JsonObject): SecurityContext {
  const s = 'SecurityContext';
  const capabilities = d.object(sc, s, 'capabilities', 'v1.Capabilities');
  return {
    privileged: d.bool(sc, s, 'privileged'),
    allowPrivilegeEscalation: d.bool(sc, s, 'allowPrivilegeEscalation'),
    runAsNonRoot: d.bool(sc, s, 'runAsNonRoot'),
    runAsUser: d.int(sc, s, 'runAsUser', 'int64'),
    capabilities: capabilities && d.within('capabilities', () => decodeCapabilities(d, capabilities)),
    procMount: d.string(sc, s, 'procMount', 'v1.ProcMountType'),
    ...decodeSharedSecurityContext(d, sc, s),
  };
}

function decodePodSecurityContext(d: GoDecoder, sc: JsonObject): PodSecurityContext {
  const s = 'PodSecurityContext';
  const sysctls = d.elements(d.array(sc, s, 'sysctls', '[]v1.Sysctl'), s, 'sysctls', 'v1.Sysctl');
  return {
    runAsNonRoot: d.bool(sc, s, 'runAsNonRoot'),
    runAsUser: d.int(sc, s, 'runAsUser', 'int64'),
    sysctls: d.within('sysctls', () => sysctls.map((sysctl) => ({ name: d.string(sysctl, 'Sysctl', 'name') ?? '' }))),
    ...decodeSharedSecurityContext(d, sc, s),
  };
}

/** The profile fields common to the pod and container security contexts. */
function decodeSharedSecurityContext(d: GoDecoder, sc: JsonObject, s: string) {
  const seccomp = d.object(sc, s, 'seccompProfile', 'v1.SeccompProfile');
  const seLinux = d.object(sc, s, 'seLinuxOptions', 'v1.SELinuxOptions');
  const windows = d.object(sc, s, 'windowsOptions', 'v1.WindowsSecurityContextOptions');
  const appArmor = d.object(sc, s, 'appArmorProfile', 'v1.AppArmorProfile');
  return {
    seccompProfile:
      seccomp && d.within('seccompProfile', () => ({ type: d.string(seccomp, 'SeccompProfile', 'type', 'v1.SeccompProfileType') ?? '' })),
    seLinuxOptions: seLinux && d.within('seLinuxOptions', () => decodeSELinuxOptions(d, seLinux)),
    windowsOptions:
      windows && d.within('windowsOptions', () => ({ hostProcess: d.bool(windows, 'WindowsSecurityContextOptions', 'hostProcess') })),
    appArmorProfile:
      appArmor && d.within('appArmorProfile', () => ({ type: d.string(appArmor, 'AppArmorProfile', 'type', 'v1.AppArmorProfileType') ?? '' })),
  };
}

function decodeSELinuxOptions(d: GoDecoder, options: JsonObject): SELinuxOptions {
  return {
    user: d.string(options, 'SELinuxOptions', 'user') ?? '',
    role: d.string(options, 'SELinuxOptions', 'role') ?? '',
    type: d.string(options, 'SELinuxOptions', 'type') ?? '',
  };
}

function decodeCapabilities(d: GoDecoder, capabilities: JsonObject): Capabilities {
  return {
    add: d.stringArray(capabilities, 'Capabilities', 'add', 'v1.Capability'),
    drop: d.stringArray(capabilities, 'Capabilities', 'drop', 'v1.Capability'),
  };
}

/** Volume sources of `corev1.VolumeSource`, JSON name → Go type. */
const VOLUME_SOURCES: ReadonlyMap<string, string> = new Map([
  ['hostPath', 'v1.HostPathVolumeSource'],
  ['emptyDir', 'v1.EmptyDirVolumeSource'],
  ['gcePersistentDisk', 'v1.GCEPersistentDiskVolumeSource'],
  ['awsElasticBlockStore', 'v1.AWSElasticBlockStoreVolumeSource'],
  ['gitRepo', 'v1.GitRepoVolumeSource'],
  ['secret', 'v1.SecretVolumeSource'],
  ['nfs', 'v1.NFSVolumeSource'],
  ['iscsi', 'v1.ISCSIVolumeSource'],
  ['glusterfs', 'v1.GlusterfsVolumeSource'],
  ['persistentVolumeClaim', 'v1.PersistentVolumeClaimVolumeSource'],
  ['rbd', 'v1.RBDVolumeSource'],
  ['flexVolume', 'v1.FlexVolumeSource'],
  ['cinder', 'v1.CinderVolumeSource'],
  ['cephfs', 'v1.CephFSVolumeSource'],
  ['flocker', 'v1.FlockerVolumeSource'],
  ['downwardAPI', 'v1.DownwardAPIVolumeSource'],
  ['fc', 'v1.FCVolumeSource'],
  ['azureFile', 'v1.AzureFileVolumeSource'],
  ['configMap', 'v1.ConfigMapVolumeSource'],
  ['vsphereVolume', 'v1.VsphereVirtualDiskVolumeSource'],
  ['quobyte', 'v1.QuobyteVolumeSource'],
  ['azureDisk', 'v1.AzureDiskVolumeSource'],
  ['photonPersistentDisk', 'v1.PhotonPersistentDiskVolumeSource'],
  ['projected', 'v1.ProjectedVolumeSource'],
  ['portworxVolume', 'v1.PortworxVolumeSource'],
  ['scaleIO', 'v1.ScaleIOVolumeSource'],
  ['storageos', 'v1.StorageOSVolumeSource'],
  ['csi', 'v1.CSIVolumeSource'],
  ['ephemeral', 'v1.EphemeralVolumeSource'],
  ['image', 'v1.ImageVolumeSource'],
]);

function decodeVolumes(d: GoDecoder, spec: JsonObject): Volume[] {
  const items = d.array(spec, 'PodSpec', 'volumes', '[]v1.Volume');
  if (items.length === 0) return [];
  const volumes = d.elements(items, 'PodSpec', 'volumes', 'v1.Volume');
  return d.within('volumes', () => volumes.map((volume) => decodeVolume(d, volume)));
}

function decodeVolume(d: GoDecoder, volume: JsonObject): Volume {
  const sources: string[] = [];
  let hostPath: string | undefined;
  for (const [source, goType] of VOLUME_SOURCES) {
    const value: JsonValue | undefined = d.object(volume, 'Volume', source, goType);
    if (value === undefined) continue;
    sources.push(source);
    if (source === 'hostPath') hostPath = d.within('hostPath', () => d.string(value, 'HostPathVolumeSource', 'path') ?? '');
  }
  return { name: d.string(volume, 'Volume', 'name') ?? '', sources, hostPath };
}
