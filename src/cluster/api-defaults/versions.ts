/**
 * @file The Kubernetes minor versions whose API-server defaulting is simulated, and the defaults that
 * differ between them. Each difference is a defaulter that only exists, or is only reached, from some
 * minor on: a feature gate turned on by default in that minor (kubernetes/kubernetes
 * pkg/features/kube_features.go, `defaultVersionedKubernetesFeatureGates`) or a defaulter added then.
 */

/** A Kubernetes minor version, `1.<minor>`. */
export type KubernetesVersion = `1.${number}`;

const FIRST_MINOR = 29;
const LAST_MINOR = 35;

/**
 * The minor versions implemented, ascending: 1.29 (the oldest whose Job defaulting is current:
 * `JobPodReplacementPolicy` and `JobBackoffLimitPerIndex` are on by default from 1.29, and `manualSelector`
 * is defaulted from 1.29) to 1.35.
 */
export const KUBERNETES_VERSIONS: readonly KubernetesVersion[] = Object.freeze(
  Array.from({ length: LAST_MINOR - FIRST_MINOR + 1 }, (_, i) => `1.${FIRST_MINOR + i}` as KubernetesVersion),
);

/** The newest implemented version, used when none is given. */
export const DEFAULT_KUBERNETES_VERSION: KubernetesVersion = `1.${LAST_MINOR}`;

const SUPPORTED_RANGE = `${KUBERNETES_VERSIONS[0]} to ${DEFAULT_KUBERNETES_VERSION}`;

/** `1.31`, `v1.31`, `1.31.2`, `v1.31.2-gke.1` (a pre-release or build suffix after the patch is ignored). */
const VERSION_PATTERN = /^v?(\d+)\.(\d+)(?:\.\d+(?:[-+][0-9A-Za-z.+-]*)?)?$/;

/**
 * Parses a Kubernetes version given by the user (`1.31`, `v1.31`, `1.31.2`) to its minor version;
 * an error names the supported range when the text is malformed or the minor is not implemented.
 */
export function parseKubernetesVersion(text: string): KubernetesVersion | { error: string } {
  const trimmed = text.trim();
  const match = VERSION_PATTERN.exec(trimmed);
  if (match === null) {
    return {
      error: `invalid Kubernetes version ${JSON.stringify(text)}: expected MAJOR.MINOR such as ${DEFAULT_KUBERNETES_VERSION} (v${DEFAULT_KUBERNETES_VERSION} and ${DEFAULT_KUBERNETES_VERSION}.0 are accepted too); supported versions: ${SUPPORTED_RANGE}`,
    };
  }
  const major = Number(match[1]);
  const minor = Number(match[2]);
  if (major !== 1 || minor < FIRST_MINOR || minor > LAST_MINOR) {
    return {
      error: `unsupported Kubernetes version ${JSON.stringify(text)}: the API defaults of Kubernetes ${SUPPORTED_RANGE} are implemented`,
    };
  }
  return `1.${minor}`;
}

/** What the defaulters of one minor version do differently. */
export interface DefaultingFeatures {
  readonly minor: number;
  /**
   * `status.loadBalancer.ingress[].ipMode` defaults to `VIP` (`SetDefaults_Service`, feature gate
   * `LoadBalancerIPMode`: beta and on by default from 1.30, GA in 1.32).
   */
  readonly loadBalancerIPMode: boolean;
  /**
   * Pod-level `spec.resources` defaulting (`SetDefaults_Pod`: `defaultHugePagePodLimits`,
   * `defaultPodRequests`; feature gate `PodLevelResources`: beta and on by default from 1.34).
   */
  readonly podLevelResources: boolean;
  /** The `image` volume source exists (`ImageVolume` API field, alpha in 1.31): it counts as a volume source. */
  readonly imageVolumeField: boolean;
  /**
   * `volumes[].image.pullPolicy` is defaulted (`SetDefaults_Volume`, feature gate `ImageVolume`: on by
   * default from 1.35).
   */
  readonly imageVolumePullPolicy: boolean;
  /**
   * A StatefulSet's `updateStrategy.rollingUpdate.maxUnavailable` defaults to 1 (`SetDefaults_StatefulSet`,
   * feature gate `MaxUnavailableStatefulSet`: beta and on by default from 1.35).
   */
  readonly statefulSetMaxUnavailable: boolean;
  /**
   * A CronJob's `jobTemplate.spec.podFailurePolicy.rules[].onPodConditions[].status` defaults to `True`
   * (`SetDefaults_PodFailurePolicyOnPodConditionsPattern`, reached from the CronJob since 1.34, kubernetes
   * PR 131525; before, only a Job's patterns were defaulted, inside `SetDefaults_Job`).
   */
  readonly cronJobPodConditionStatus: boolean;
}

const FEATURES = new Map<KubernetesVersion, DefaultingFeatures>(
  KUBERNETES_VERSIONS.map((version) => {
    const minor = Number(version.slice(2));
    const features: DefaultingFeatures = Object.freeze({
      minor,
      loadBalancerIPMode: minor >= 30,
      podLevelResources: minor >= 34,
      imageVolumeField: minor >= 31,
      imageVolumePullPolicy: minor >= 35,
      statefulSetMaxUnavailable: minor >= 35,
      cronJobPodConditionStatus: minor >= 34,
    });
    return [version, features];
  }),
);

/** The defaulting differences of `version`; `undefined` for a version not implemented. */
export function defaultingFeatures(version: KubernetesVersion): DefaultingFeatures | undefined {
  return FEATURES.get(version);
}
