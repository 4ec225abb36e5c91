/**
 * @file The Action's first line, `kyverno-lint <version>`: printed by the entry before the engine is loaded, so that
 * a step shows output at once, and by `run` when no entry printed it (tests, the programmatic API).
 */
import packageJson from '../../package.json' with { type: 'json' };

export function announcement(): string {
  return `kyverno-lint ${packageJson.version}`;
}
