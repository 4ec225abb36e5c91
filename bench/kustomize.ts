/**
 * @file The Kustomize figure of `npm run bench`: a repository of Kustomize applications (a base holding ten
 * workload manifests, and two overlays each setting a namespace, a name prefix, labels, an image tag and a patch),
 * and the same objects pre-rendered (what `kustomize build` gives for each overlay, one file each), with the same
 * policies. The scan of the first is set beside the scan of the second.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildKustomization } from '../src/build/kustomize/build.js';
import { parseDocuments } from '../src/source/index.js';

const OVERLAYS = [
  { name: 'staging', replicas: 1, tag: '1.25.4' },
  { name: 'prod', replicas: 3, tag: '1.26.0' },
];

/**
 * Writes the Kustomize repository (`<dir>/kustomize`: `apps/<app>/base`, `apps/<app>/overlays/<env>`) from the
 * workload files of `manifests`, and its pre-rendered twin (`<dir>/rendered`); `policies` is copied into both. The
 * number of objects each build gives.
 */
export function writeKustomizeRepositories(dir: string, manifests: string, policies: string, apps: number): number {
  const files = readdirSync(manifests).sort().slice(0, apps);
  const kustomize = path.join(dir, 'kustomize');
  const rendered = path.join(dir, 'rendered');
  for (const root of [kustomize, rendered]) {
    mkdirSync(path.join(root, 'policies'), { recursive: true });
    for (const policy of readdirSync(policies)) copyFileSync(path.join(policies, policy), path.join(root, 'policies', policy));
  }
  let objects = 0;
  files.forEach((file, index) => {
    const app = path.join(kustomize, 'apps', `app-${String(index).padStart(3, '0')}`);
    mkdirSync(path.join(app, 'base'), { recursive: true });
    copyFileSync(path.join(manifests, file), path.join(app, 'base', 'manifests.yaml'));
    writeFileSync(path.join(app, 'base', 'kustomization.yaml'), 'resources:\n  - manifests.yaml\nlabels:\n  - pairs:\n      app.kubernetes.io/part-of: shop\n');
    for (const overlay of OVERLAYS) {
      const folder = path.join(app, 'overlays', overlay.name);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        path.join(folder, 'kustomization.yaml'),
        [
          'resources:',
          '  - ../../base',
          `namespace: ${overlay.name}-${index}`,
          `namePrefix: ${overlay.name}-`,
          'commonLabels:',
          `  env: ${overlay.name}`,
          'images:',
          '  - name: nginx',
          `    newTag: "${overlay.tag}"`,
          'patches:',
          '  - target:',
          '      kind: Deployment',
          '    patch: |-',
          '      apiVersion: apps/v1',
          '      kind: Deployment',
          '      metadata:',
          '        name: any',
          '      spec:',
          `        replicas: ${overlay.replicas}`,
          '',
        ].join('\n'),
      );
      const built = buildKustomization(folder, (input) => {
        const text = readFileSync(input, 'utf8');
        return { path: input, text, documents: parseDocuments(input, text).documents };
      });
      objects += built.objects.length;
      const text = built.objects.map((object) => `---\n${JSON.stringify(object.value)}\n`).join('');
      writeFileSync(path.join(rendered, `app-${String(index).padStart(3, '0')}-${overlay.name}.yaml`), text);
    }
  });
  return objects;
}
