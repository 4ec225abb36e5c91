/**
 * @file Test documents shared by the scan tests: a policy requiring a `team` label on Pods,
 * and Pods without it (one failure, at line 3 of the Pod's file).
 */
import { beforeEach } from 'vitest';
import { scratchFolder } from '../commands/helpers.js';

export const REQUIRE_TEAM_RULES = `spec:
  validationFailureAction: Enforce
  rules:
    - name: check-team
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: team label required
        pattern:
          metadata:
            labels:
              team: "?*"
`;

export const REQUIRE_TEAM = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-team
${REQUIRE_TEAM_RULES}`;

/** A Pod of one container, both named \`name\`, without labels. */
export function podNamed(name: string): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
    - name: ${name}
      image: nginx:1.27
`;
}

export const POD = podNamed('app');

/** A temporary repository for each test: `policies/require-team.yaml` and `manifests/pod.yaml` ({@link POD}). */
export function teamWorkspace(prefix: string): ReturnType<typeof scratchFolder> {
  const scratch = scratchFolder(prefix);
  beforeEach(() => {
    scratch.write('policies/require-team.yaml', REQUIRE_TEAM);
    scratch.write('manifests/pod.yaml', POD);
  });
  return scratch;
}

/** A ClusterPolicy whose one mutate rule adds `runAsNonRoot: true` to Pods that do not set it. */
export const ADD_DEFAULTS = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: add-defaults
spec:
  rules:
    - name: add-non-root
      match:
        any:
          - resources:
              kinds: [Pod]
      mutate:
        patchStrategicMerge:
          spec:
            securityContext:
              +(runAsNonRoot): true
`;
