/**
 * @file `--api-defaults` and `--kubernetes-version` of the Kyverno CLI commands (`apply`, `test`): off by default, as
 * the Kyverno CLI evaluates files as written; with the flag, resources are evaluated as the API server's defaulters
 * leave them before admission.
 */
import { DEFAULT_KUBERNETES_VERSION, parseKubernetesVersion, type KubernetesVersion } from '../cluster/api-defaults/index.js';
import { UsageError, type FlagSpec, type ParsedArgs } from './args.js';

/** `--kubernetes-version`, shared with the scan. */
export const KUBERNETES_VERSION_FLAG: FlagSpec = {
  name: 'kubernetes-version',
  type: 'string',
  valueName: '1.N',
  description: 'the Kubernetes version whose API defaults apply (default: the newest implemented)',
};

export const API_DEFAULTS_FLAGS: readonly FlagSpec[] = [
  {
    name: 'api-defaults',
    type: 'boolean',
    description: "evaluate the resources as the API server's defaulters leave them before admission (imagePullPolicy, replicas, …)",
  },
  KUBERNETES_VERSION_FLAG,
];

/** The version `--kubernetes-version` names, if given; a usage error when it is not one implemented. */
export function kubernetesVersionFlag(args: ParsedArgs): KubernetesVersion | undefined {
  const text = args.string(KUBERNETES_VERSION_FLAG.name);
  if (text === undefined) return undefined;
  const parsed = parseKubernetesVersion(text);
  if (typeof parsed !== 'string') throw new UsageError(`--kubernetes-version: ${parsed.error}`);
  return parsed;
}

/** The Kubernetes version whose defaults apply, or null without `--api-defaults`. */
export function apiDefaultsFlag(args: ParsedArgs): KubernetesVersion | null {
  const version = kubernetesVersionFlag(args);
  if (!args.boolean('api-defaults')) {
    if (version !== undefined) throw new UsageError('--kubernetes-version applies with --api-defaults only');
    return null;
  }
  return version ?? DEFAULT_KUBERNETES_VERSION;
}
