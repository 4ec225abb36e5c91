/**
 * @file `--api-defaults` and `--kubernetes-version` of the Kyverno CLI commands (`apply`, `test`): off by default, as
 * the Kyverno CLI evaluates files as written; with the flag, resources are evaluated as the API server's defaulters
 * leave them before admission.
 */
import { DEFAULT_KUBERNETES_VERSION, parseKubernetesVersion, type KubernetesVersion } from '../cluster/api-defaults/index.js';
import { UsageError, type FlagSpec, type ParsedArgs } from './args.js';

export const API_DEFAULTS_FLAGS: readonly FlagSpec[] = [
  {
    name: 'api-defaults',
    type: 'boolean',
    description: "evaluate the resources as the API server's defaulters leave them before admission (imagePullPolicy, replicas, …)",
  },
  { name: 'kubernetes-version', type: 'string', valueName: '1.N', description: 'the Kubernetes version whose defaults --api-defaults applies (default: the newest implemented)' },
];

/** The Kubernetes version whose defaults apply, or null without `--api-defaults`. */
export function apiDefaultsFlag(args: ParsedArgs): KubernetesVersion | null {
  const text = args.string('kubernetes-version');
  let version = DEFAULT_KUBERNETES_VERSION;
  if (text !== undefined) {
    const parsed = parseKubernetesVersion(text);
    if (typeof parsed !== 'string') throw new UsageError(`--kubernetes-version: ${parsed.error}`);
    if (!args.boolean('api-defaults')) throw new UsageError('--kubernetes-version applies with --api-defaults only');
    version = parsed;
  }
  return args.boolean('api-defaults') ? version : null;
}
