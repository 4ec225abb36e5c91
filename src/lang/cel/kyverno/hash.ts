/**
 * @file Kyverno's `hash` library (kyverno/sdk `extensions/cel/libs/hash/{lib,impl}.go`): `sha1`, `sha256`, `md5`
 * of a string's UTF-8 bytes as lower-case hex and, since library version 1.18, `hash.sha1`, `hash.sha256`,
 * `hash.md5`. The library also declares the string constant `mylib_version` (`""`).
 */
import { createHash } from 'node:crypto';
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celNamespace } from './common.js';

function digest(algorithm: 'sha1' | 'sha256' | 'md5', text: string): string {
  return createHash(algorithm).update(text, 'utf8').digest('hex');
}

/** The `hash` library. */
export function hashLibrary(): CelLibrary {
  return (env: Environment) => {
    env.registerConstant('mylib_version', 'string', '');
    const hash = celNamespace(env, 'hash');
    for (const algorithm of ['sha1', 'sha256', 'md5'] as const) {
      env.registerFunction(`${algorithm}(string): string`, (text: string) => digest(algorithm, text));
      env.registerFunction(`${hash}.${algorithm}(string): string`, (_: unknown, text: string) => digest(algorithm, text));
    }
  };
}
