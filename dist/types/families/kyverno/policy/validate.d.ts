import type { Policy } from './types.js';
import { type ClusterScopes } from '../../../cluster/scopes.js';
/**
 * Validates a ClusterPolicy/Policy the way the Kyverno CLI does before using it. Returns the error text of
 * the first problem (what the CLI reports as the reason for skipping the policy), or null when valid.
 * The policy is expected to have passed `checkPolicy` (the CRD schema check). `cluster` holds the
 * cluster-scoped resources: none as the CLI validates (mock mode), what discovery would report as the
 * admission controller validates.
 */
export declare function validatePolicy(policy: Policy, cluster?: ClusterScopes): string | null;
