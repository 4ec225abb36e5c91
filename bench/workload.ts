/**
 * @file A seeded generator of realistic Kubernetes manifests for the benchmark: Pods, Deployments,
 * StatefulSets, DaemonSets, Jobs, CronJobs, Services, ConfigMaps, Ingresses and Namespaces with a mix of
 * compliant and non-compliant fields (image tags, security contexts, resources, labels, host settings).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Mulberry32: a small deterministic PRNG, so every run benchmarks the same workload. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IMAGES = ['nginx', 'ghcr.io/acme/api', 'registry.k8s.io/pause', 'busybox', 'quay.io/prometheus/node-exporter', 'redis'];
const TAGS = ['latest', '1.25.3', 'v2.1.0', '', '3.9', 'sha'];
const TEAMS = ['payments', 'search', 'platform', 'data'];
const NAMESPACES = ['default', 'prod', 'staging', 'kube-system', 'team-a'];

export interface Workload {
  directory: string;
  files: string[];
  manifests: number;
}

/** Writes `fileCount` files of `perFile` manifests each below `directory`. */
export function generateWorkload(directory: string, fileCount: number, perFile: number, seed = 42): Workload {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (p: number): boolean => random() < p;
  mkdirSync(directory, { recursive: true });
  const files: string[] = [];
  let counter = 0;

  const container = (name: string): string => {
    const tag = pick(TAGS);
    const image = tag === 'sha' ? `${pick(IMAGES)}@sha256:${'ab'.repeat(32)}` : tag ? `${pick(IMAGES)}:${tag}` : pick(IMAGES);
    const lines = [`- name: ${name}`, `  image: ${image}`];
    if (chance(0.6)) lines.push(`  imagePullPolicy: ${pick(['Always', 'IfNotPresent', 'Never'])}`);
    if (chance(0.7)) {
      lines.push('  resources:', '    requests:', `      cpu: ${pick(['100m', '250m', '1'])}`, `      memory: ${pick(['64Mi', '256Mi', '1Gi'])}`);
      if (chance(0.6)) lines.push('    limits:', `      memory: ${pick(['128Mi', '512Mi', '2Gi'])}`);
    }
    if (chance(0.6)) {
      lines.push('  securityContext:');
      lines.push(`    allowPrivilegeEscalation: ${chance(0.8) ? 'false' : 'true'}`);
      if (chance(0.2)) lines.push('    privileged: true');
      if (chance(0.6)) lines.push('    runAsNonRoot: true');
      if (chance(0.5)) lines.push('    capabilities:', '      drop: ["ALL"]');
      if (chance(0.5)) lines.push('    seccompProfile:', '      type: RuntimeDefault');
    }
    if (chance(0.3)) lines.push('  ports:', `    - containerPort: ${8000 + Math.floor(random() * 100)}`, ...(chance(0.2) ? ['      hostPort: 80'] : []));
    return lines.join('\n');
  };

  const podSpec = (indent: string): string => {
    const lines: string[] = [];
    if (chance(0.1)) lines.push('hostNetwork: true');
    if (chance(0.3)) lines.push('automountServiceAccountToken: false');
    if (chance(0.4)) lines.push('securityContext:', '  runAsNonRoot: true', '  runAsUser: 1000');
    lines.push('containers:');
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) lines.push(...container(`c${i}`).split('\n').map((l) => `  ${l}`));
    if (chance(0.2)) lines.push('volumes:', '  - name: data', chance(0.3) ? '    hostPath:\n      path: /var/data' : '    emptyDir: {}');
    return lines.flatMap((l) => l.split('\n')).map((l) => indent + l).join('\n');
  };

  const metadata = (name: string, namespace: string | null, indent = ''): string => {
    const lines = ['metadata:', `  name: ${name}`];
    if (namespace) lines.push(`  namespace: ${namespace}`);
    if (chance(0.8)) {
      lines.push('  labels:', `    app.kubernetes.io/name: ${name}`);
      if (chance(0.6)) lines.push(`    team: ${pick(TEAMS)}`);
    }
    return lines.map((l) => indent + l).join('\n');
  };

  const manifest = (): string => {
    const n = ++counter;
    const namespace = pick(NAMESPACES);
    const roll = random();
    if (roll < 0.3) return `apiVersion: v1\nkind: Pod\n${metadata(`pod-${n}`, namespace)}\nspec:\n${podSpec('  ')}`;
    const controller = (apiVersion: string, kind: string, extra: string): string =>
      `apiVersion: ${apiVersion}\nkind: ${kind}\n${metadata(`${kind.toLowerCase()}-${n}`, namespace)}\nspec:\n${extra}` +
      `  selector:\n    matchLabels:\n      app: w${n}\n  template:\n${metadata(`t${n}`, null, '    ')}\n    spec:\n${podSpec('      ')}`;
    if (roll < 0.55) return controller('apps/v1', 'Deployment', `  replicas: ${1 + Math.floor(random() * 5)}\n`);
    if (roll < 0.62) return controller('apps/v1', 'StatefulSet', '  serviceName: db\n');
    if (roll < 0.68) return controller('apps/v1', 'DaemonSet', '');
    if (roll < 0.72) return `apiVersion: batch/v1\nkind: Job\n${metadata(`job-${n}`, namespace)}\nspec:\n  template:\n${metadata(`t${n}`, null, '    ')}\n    spec:\n      restartPolicy: Never\n${podSpec('      ')}`;
    if (roll < 0.76) {
      return `apiVersion: batch/v1\nkind: CronJob\n${metadata(`cron-${n}`, namespace)}\nspec:\n  schedule: "*/5 * * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n${podSpec('          ')}`;
    }
    if (roll < 0.86) return `apiVersion: v1\nkind: Service\n${metadata(`svc-${n}`, namespace)}\nspec:\n  type: ${pick(['ClusterIP', 'NodePort', 'LoadBalancer'])}\n  selector:\n    app: w${n}\n  ports:\n    - port: 80\n      targetPort: 8080`;
    if (roll < 0.93) return `apiVersion: v1\nkind: ConfigMap\n${metadata(`cm-${n}`, namespace)}\ndata:\n  key: value-${n}`;
    if (roll < 0.98) {
      return `apiVersion: networking.k8s.io/v1\nkind: Ingress\n${metadata(`ing-${n}`, namespace)}\nspec:\n  rules:\n    - host: app${n}.example.com\n      http:\n        paths:\n          - path: /\n            pathType: Prefix\n            backend:\n              service:\n                name: svc-${n}\n                port:\n                  number: 80`;
    }
    return `apiVersion: v1\nkind: Namespace\n${metadata(`ns-${n}`, null)}`;
  };

  for (let f = 0; f < fileCount; f++) {
    const documents: string[] = [];
    for (let d = 0; d < perFile; d++) documents.push(manifest());
    const file = join(directory, `manifests-${String(f).padStart(4, '0')}.yaml`);
    writeFileSync(file, documents.join('\n---\n') + '\n');
    files.push(file);
  }
  return { directory, files, manifests: counter };
}
