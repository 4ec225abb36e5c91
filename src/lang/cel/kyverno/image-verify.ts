/**
 * @file Kyverno's image verification library of ImageValidatingPolicy (kyverno/kyverno pkg/cel/libs/imageverify/
 * {lib,impl}.go): `verifyImageSignatures(string, list) int`, `verifyAttestationSignatures(string, string, list) int`,
 * `getImageData(string) dyn` and `extractPayload(string, string) dyn`. They are global functions bound, in Kyverno, to
 * the policy being evaluated (its `matchImageReferences`, `attestations`, credentials) and to the request's image
 * context. Here the family gives that binding for the duration of one evaluation ({@link withImageVerifier}); the
 * functions fail with a clear error when called outside one. Whatever needs a registry is the verifier's to answer.
 */
import type { Environment } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../environment.js';
import { celError, messageOf } from './common.js';

/** What the functions do for the policy being evaluated. Each may throw: the message becomes the CEL error. */
export interface ImageVerifier {
  verifyImageSignatures(image: string, attestors: readonly unknown[]): bigint;
  verifyAttestationSignatures(image: string, attestation: string, attestors: readonly unknown[]): bigint;
  getImageData(image: string): unknown;
  extractPayload(image: string, attestation: string): unknown;
}

let current: ImageVerifier | undefined;

/** Runs `run` with `verifier` answering the library's functions (evaluation is synchronous). */
export function withImageVerifier<T>(verifier: ImageVerifier, run: () => T): T {
  const previous = current;
  current = verifier;
  try {
    return run();
  } finally {
    current = previous;
  }
}

function call<T>(name: string, body: (verifier: ImageVerifier) => T): T {
  const verifier = current;
  if (verifier === undefined) throw celError(`${name} is only available when an ImageValidatingPolicy is evaluated`);
  try {
    return body(verifier);
  } catch (err) {
    throw celError(messageOf(err));
  }
}

/** The image verification library (registered on the ImageValidatingPolicy environment only). */
export function imageVerifyLibrary(): CelLibrary {
  return (env: Environment) => {
    env.registerFunction('verifyImageSignatures(string, list<dyn>): int', (image: string, attestors: unknown[]) =>
      call('verifyImageSignatures', (v) => v.verifyImageSignatures(image, attestors)),
    );
    env.registerFunction('verifyAttestationSignatures(string, string, list<dyn>): int', (image: string, attestation: string, attestors: unknown[]) =>
      call('verifyAttestationSignatures', (v) => v.verifyAttestationSignatures(image, attestation, attestors)),
    );
    env.registerFunction('getImageData(string): dyn', (image: string) => call('getImageData', (v) => v.getImageData(image)));
    env.registerFunction('extractPayload(string, string): dyn', (image: string, attestation: string) =>
      call('extractPayload', (v) => v.extractPayload(image, attestation)),
    );
  };
}
