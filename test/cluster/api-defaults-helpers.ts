/**
 * @file Helpers of the API-defaults tests: deep-freezing inputs (a defaulter that mutates its input then
 * throws, ES modules being strict) and checking a defaulted object exactly, key order included.
 */
import { expect } from 'vitest';
import { applyApiDefaults, type KubernetesVersion } from '../../src/cluster/api-defaults/index.js';
import type { JsonObject, JsonValue } from '../../src/types.js';

/** Freezes a JSON value and everything in it. */
export function deepFreeze<T extends JsonValue>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** A deep copy (the tables keep their literals pristine). */
export function copy<T extends JsonValue>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Defaults a frozen copy of `input` and checks the result against `expected` exactly, keys in order;
 * then checks that defaulting the result again changes nothing (same object back).
 */
export function expectDefaults(input: JsonObject, expected: JsonObject, version: KubernetesVersion): JsonObject {
  const frozen = deepFreeze(copy(input));
  const output = applyApiDefaults(frozen, version);
  expect(output).toStrictEqual(expected);
  expect(JSON.stringify(output, null, 1)).toBe(JSON.stringify(expected, null, 1));
  const again = applyApiDefaults(deepFreeze(copy(output)), version);
  expect(again).toStrictEqual(output);
  const settled = deepFreeze(copy(expected));
  expect(applyApiDefaults(settled, version)).toBe(settled);
  return output;
}

/** The Pod spec fields `SetDefaults_Pod` and `SetDefaults_PodSpec` append, in order. */
export const POD_SPEC_DEFAULTS = {
  enableServiceLinks: true,
  dnsPolicy: 'ClusterFirst',
  restartPolicy: 'Always',
  securityContext: {},
  terminationGracePeriodSeconds: 30,
  schedulerName: 'default-scheduler',
} as const;

/** The Pod spec fields `SetDefaults_PodSpec` appends to a pod template, in order. */
export const TEMPLATE_SPEC_DEFAULTS = {
  dnsPolicy: 'ClusterFirst',
  restartPolicy: 'Always',
  securityContext: {},
  terminationGracePeriodSeconds: 30,
  schedulerName: 'default-scheduler',
} as const;

/** The fields `SetDefaults_Container` appends to a container whose image is tagged (not `latest`). */
export const CONTAINER_DEFAULTS = {
  imagePullPolicy: 'IfNotPresent',
  terminationMessagePath: '/dev/termination-log',
  terminationMessagePolicy: 'File',
} as const;
