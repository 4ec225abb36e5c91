import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';

/** The share of each `writev` the file system takes (a short write stops inside a buffer); calls made. */
const writes = { share: 1, calls: 0 };

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const writevSync = (fd: number, buffers: readonly NodeJS.ArrayBufferView[]): number => {
    writes.calls++;
    const all = Buffer.concat(buffers as Buffer[]);
    return fs.writeSync(fd, all, 0, Math.max(1, Math.floor(all.length * writes.share)));
  };
  return { ...fs, default: { ...fs, writevSync }, writevSync };
});

const POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-team
spec:
  rules:
    - name: team
      match:
        any:
          - resources:
              kinds: [ConfigMap]
      validate:
        message: a team label is required
        pattern:
          metadata:
            labels:
              team: "?*"
`;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kyverno-lint-cache-write-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

describe('the results cache written by short writes', () => {
  // 600 units: more lines than one writev takes (512 buffers).
  it.each([0.01, 0.3, 0.99, 1])('writes a file the next runs read (each writev taking %s of what it is given)', async (share) => {
    writes.share = share;
    writes.calls = 0;
    write('policies/require-team.yaml', POLICY);
    for (let i = 0; i < 600; i++) write(`manifests/cm-${i}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\n  namespace: default\n`);
    const location = path.join(dir, '.kyverno-lint-cache');
    const scan = () => lint({ cwd: dir, paths: [dir], policyPaths: [], config: DEFAULT_CONFIG, cache: location });
    const first = await scan();
    expect(first.warnings).toEqual([]);
    // More than one batch of buffers; more calls when each takes part of its batch.
    expect(writes.calls).toBeGreaterThanOrEqual(share === 1 ? 3 : 4);
    const again = await scan();
    expect(again.warnings).toEqual([]);
    expect(again.cache!.report).toBe('stored');
    write('manifests/cm-5.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-5\n  namespace: default\n  labels: {team: x}\n');
    const changed = await scan();
    expect(changed.warnings).toEqual([]);
    expect(changed.cache!.evaluatedUnits).toEqual(['file:manifests/cm-5.yaml']);
    expect(changed.report.findings).toHaveLength(first.report.findings.length - 1);
    // The header, the tables, the report, one line per unit.
    expect(readFileSync(location, 'utf8').split('\n')).toHaveLength(3 + 600 + 1);
  });
});
