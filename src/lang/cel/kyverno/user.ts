/**
 * @file Kyverno's `user` library (kyverno/sdk `extensions/cel/libs/user/{lib,impl,types}.go`):
 * `parseServiceAccount(string)` and, since library version 1.18, `user.parseServiceAccount(string)` → a
 * `user.ServiceAccount` with the Go-cased fields `Namespace` and `Name`. `system:serviceaccount:<ns>:<name>` gives
 * both (the name is everything after the namespace's colon); any other text gives two empty strings.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celNamespace } from './common.js';

/** A `user.ServiceAccount` value. */
export class ServiceAccount {
  constructor(
    readonly Namespace: string,
    readonly Name: string,
  ) {}
}

export const SERVICE_ACCOUNT_TYPE = 'user.ServiceAccount';
const PREFIX = 'system:serviceaccount:';

/** kyverno/sdk `impl.parse_service_account_string`. */
export function parseServiceAccount(username: string): ServiceAccount {
  if (!username.startsWith(PREFIX)) return new ServiceAccount('', '');
  const rest = username.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  return colon < 0 ? new ServiceAccount('', '') : new ServiceAccount(rest.slice(0, colon), rest.slice(colon + 1));
}

/** The `user` library. */
export function userLibrary(): CelLibrary {
  return (env: Environment) => {
    env.registerType(SERVICE_ACCOUNT_TYPE, { ctor: ServiceAccount, fields: { Namespace: 'string', Name: 'string' } });
    env.registerFunction(`parseServiceAccount(string): ${SERVICE_ACCOUNT_TYPE}`, parseServiceAccount);
    const user = celNamespace(env, 'user');
    env.registerFunction(`${user}.parseServiceAccount(string): ${SERVICE_ACCOUNT_TYPE}`, (_: unknown, username: string) => parseServiceAccount(username));
  };
}
