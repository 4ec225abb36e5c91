/**
 * @file Runs the CLI in-process on the hand-made fixtures, capturing its streams; temporary folders for tests.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../../src/commands/io.js';
import { run } from '../../src/commands/main.js';
import { afterEach, beforeEach } from 'vitest';
import { DEFAULT_CONFIG, type LintConfig } from '../../src/config/types.js';

/** The repository root: fixtures paths are given relative to it, as a user would type them. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: string[], options: { stdin?: string; tty?: boolean; columns?: number; stdinTty?: boolean; cwd?: string } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: options.cwd ?? ROOT,
    stdoutIsTTY: options.tty ?? false,
    ...(options.columns !== undefined ? { stdoutColumns: options.columns } : {}),
    stdinIsTTY: options.stdinTty ?? false,
  };
  if (options.stdin !== undefined) {
    const text = options.stdin;
    io.readStdin = async () => text;
  }
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** The notice each kyverno.io ClusterPolicy/Policy gets (Kyverno 1.20 no longer runs them). */
export const LEGACY_POLICY = 'kyverno-lint/legacy-policy';

/** The default configuration without that notice, for tests about other findings. */
export const NO_LEGACY_CONFIG: LintConfig = { ...DEFAULT_CONFIG, ignore: [LEGACY_POLICY] };

/** A configuration file (`.kyverno-lint.yaml`) that leaves out that notice. */
export const NO_LEGACY_CONFIG_FILE = `ignore: [${LEGACY_POLICY}]\n`;

/** A ClusterPolicy (Enforce) requiring the `app` label on Pods: rule id `require-app-label/check-app`. */
export const REQUIRE_APP_LABEL_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-app-label
spec:
  validationFailureAction: Enforce
  rules:
    - name: check-app
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: the app label is required
        pattern:
          metadata:
            labels:
              app: "?*"
`;

/**
 * A fresh temporary folder for each test of the calling file (made before, removed after each test), and
 * `write(file, text)` for files below it, folders included.
 */
export function scratchFolder(prefix: string): { readonly dir: string; write(file: string, text: string): void } {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
    write(file, text) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    },
  };
}
