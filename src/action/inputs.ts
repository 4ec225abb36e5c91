/**
 * @file The inputs of the GitHub Action (action.yml), read and validated: lists are split on new lines
 * and commas, booleans are `true`/`false` (any case), enumerations are checked. A bad value is an
 * {@link InputError} (the step fails with exit code 2, as a usage error of the CLI). Defaults here are the
 * ones action.yml declares, so that a run without action.yml defaults (tests, `node dist/action.js`)
 * behaves the same, but for `base`: there an empty value is how a workflow turns the comparison off
 * (`base: ''`), so its default (`auto`) is the one action.yml gives.
 */

import { parseShard, type Shard } from '../index.js';

type FailOn = 'error' | 'warning' | 'never';

/**
 * The revision the manifests are compared with (an object there too is an UPDATE, one gone a DELETE): `auto`, the
 * pull request's base commit or the commit a push started from; `off`; or a ref or sha named by the workflow.
 */
export type BaseInput = { mode: 'auto' } | { mode: 'off' } | { mode: 'ref'; ref: string };
export type ReviewMode = 'off' | 'suggestions' | 'comments';

export interface ActionInputs {
  /** Files and folders to scan, relative to the workspace (default `.`). */
  paths: string[];
  /** Extra policy files or folders (`--policy`). */
  policies: string[];
  /** A configuration file; `undefined`: `.kyverno-lint.yaml` searched from the workspace. */
  config: string | undefined;
  /** A Kyverno CLI Values file (overrides the configuration's `values`). */
  valuesFile: string | undefined;
  failOn: FailOn;
  annotations: boolean;
  review: ReviewMode;
  summary: boolean;
  /** Where to write the SARIF log; `undefined`: not written. */
  sarifFile: string | undefined;
  /** The GitHub token ("" when none: no API call is made). */
  token: string;
  /** Report findings only in the files the pull request changes. */
  onlyChanged: boolean;
  /** Pass a scan that finds no policy or no manifest; `undefined`: the configuration's `allowEmpty` decides. */
  allowEmpty: boolean | undefined;
  base: BaseInput;
  /** `k/n`: check shard k of n (a job of a matrix); `undefined`: the whole repository. */
  shard: Shard | undefined;
}

export class InputError extends Error {
  override readonly name = 'InputError';
}

/** Reads one input as `@actions/core` `getInput` does (trimmed, "" when unset). */
type GetInput = (name: string) => string;

function list(value: string): string[] {
  return value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function boolean(getInput: GetInput, name: string, fallback: boolean): boolean {
  const value = getInput(name).trim();
  if (value === '') return fallback;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw new InputError(`input ${name}: "${value}" is not a boolean (true or false)`);
}

/** A boolean input that may be left empty (`undefined`). */
function optionalBoolean(getInput: GetInput, name: string): boolean | undefined {
  return getInput(name).trim() === '' ? undefined : boolean(getInput, name, false);
}

function oneOf<T extends string>(getInput: GetInput, name: string, values: readonly T[], fallback: T): T {
  const value = getInput(name).trim();
  if (value === '') return fallback;
  const found = values.find((candidate) => candidate === value.toLowerCase());
  if (found === undefined) throw new InputError(`input ${name}: "${value}" is not one of ${values.join(', ')}`);
  return found;
}

function optional(getInput: GetInput, name: string): string | undefined {
  const value = getInput(name).trim();
  return value === '' ? undefined : value;
}

/** `k/n`, or empty for no sharding. */
function shardInput(getInput: GetInput): Shard | undefined {
  const value = getInput('shard').trim();
  if (value === '') return undefined;
  const parsed = parseShard(value);
  if (typeof parsed === 'string') throw new InputError(`input shard: ${parsed}`);
  return parsed;
}

/** `auto` (or `true`), `false` or empty (off), else a branch, tag or commit sha. */
function baseInput(getInput: GetInput): BaseInput {
  const value = getInput('base').trim();
  if (value === '' || value.toLowerCase() === 'false') return { mode: 'off' };
  if (value.toLowerCase() === 'auto' || value.toLowerCase() === 'true') return { mode: 'auto' };
  if (value.startsWith('-') || /\s/.test(value)) throw new InputError(`input base: "${value}" is not auto, false or a branch, tag or commit sha`);
  return { mode: 'ref', ref: value };
}

export function readInputs(getInput: GetInput): ActionInputs {
  const paths = list(getInput('paths'));
  return {
    paths: paths.length > 0 ? paths : ['.'],
    policies: list(getInput('policies')),
    config: optional(getInput, 'config'),
    valuesFile: optional(getInput, 'values-file'),
    failOn: oneOf(getInput, 'fail-on', ['error', 'warning', 'never'], 'error'),
    annotations: boolean(getInput, 'annotations', true),
    review: oneOf(getInput, 'review', ['off', 'suggestions', 'comments'], 'suggestions'),
    summary: boolean(getInput, 'summary', true),
    sarifFile: optional(getInput, 'sarif-file'),
    token: getInput('token').trim(),
    onlyChanged: boolean(getInput, 'only-changed', false),
    allowEmpty: optionalBoolean(getInput, 'allow-empty'),
    base: baseInput(getInput),
    shard: shardInput(getInput),
  };
}

/** Whether the counts fail the step under `fail-on`. */
export function failsOn(failOn: FailOn, counts: { error: number; warning: number }): boolean {
  if (failOn === 'never') return false;
  if (failOn === 'warning') return counts.error + counts.warning > 0;
  return counts.error > 0;
}
