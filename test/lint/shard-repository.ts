/**
 * @file A repository for the tests of sharded and parallel scans: plain manifest files, Kustomize overlays of one
 * base (a base finding reported once for both builds), inline directives (one used, one unused), an invalid
 * manifest, a mutate policy (fixes, also of the base through the builds) and a rule reading image registry data.
 */
import { REQUIRE_APP_LABEL_POLICY } from '../commands/helpers.js';
import { REGISTRY_POLICY } from './image-documents.js';

const ADD_TEAM_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: add-team
spec:
  rules:
    - name: team
      match:
        any:
          - resources:
              kinds: [Pod]
      mutate:
        patchStrategicMerge:
          metadata:
            labels:
              +(team): platform
`;

function pod(name: string, options: { app?: boolean; team?: boolean; image?: string } = {}): string {
  const labels = [options.app === true ? `    app: ${name}\n` : '', options.team === true ? '    team: web\n' : ''].join('');
  return `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n${labels === '' ? '' : `  labels:\n${labels}`}spec:\n  containers:\n    - name: c\n      image: ${options.image ?? 'nginx:1.27'}\n`;
}

/** The files of the repository, by path. */
export const SHARD_REPOSITORY: Record<string, string> = {
  'policies/require-app.yaml': REQUIRE_APP_LABEL_POLICY,
  'policies/registry.yaml': REGISTRY_POLICY,
  'policies/add-team.yaml': ADD_TEAM_POLICY,
  'apps/a.yaml': pod('a'),
  'apps/b.yaml': pod('b', { app: true, team: true, image: 'ghcr.io/acme/app:1.0' }),
  // A used directive: the finding is suppressed.
  'apps/c.yaml': `# kyverno-lint-disable require-app-label/check-app -- legacy workload\n${pod('c', { team: true })}`,
  // An unused one: nothing of this rule is reported here.
  'apps/d.yaml': `# kyverno-lint-disable-next-line require-app-label/check-app\n${pod('d', { app: true, team: true })}`,
  // An invalid manifest (no name), next to a valid one.
  'apps/e.yaml': `apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    app: x\n---\n${pod('e', { app: true })}`,
  'apps/multi.yaml': [pod('m1'), pod('m2', { app: true, team: true }), pod('m3', { image: 'ghcr.io/acme/root:1.0' })].join('---\n'),
  'apps/f.yaml': pod('f', { app: true, team: true }),
  'apps/g.yaml': pod('g'),
  'base/kustomization.yaml': 'resources:\n  - pod.yaml\n',
  'base/pod.yaml': pod('web'),
  'overlays/a/kustomization.yaml': 'namePrefix: a-\nresources:\n  - ../../base\n',
  'overlays/b/kustomization.yaml': 'namePrefix: b-\nresources:\n  - ../../base\n',
  'standalone/kustomization.yaml': 'resources:\n  - pod.yaml\n',
  'standalone/pod.yaml': pod('solo'),
};
