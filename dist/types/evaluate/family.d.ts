import type { JsonObject } from '../types.js';
import { type PolicyKind } from './kinds.js';
import type { Acceptance, AcceptOptions, ExceptionAcceptance } from './types.js';
/** Whether documents of `kind` are evaluated (its family is registered). */
export declare function isEvaluated(kind: PolicyKind): boolean;
/**
 * Accepts a policy document (`kind` is its row of the policy kinds table; by default it is looked up from
 * the document): shape check, Kyverno's validation, compilation by its family.
 */
export declare function acceptPolicy(document: JsonObject, options?: AcceptOptions, kind?: PolicyKind): Acceptance;
/**
 * Accepts a policy exception document (`kind` is its row of the policy kinds table; by default it is looked
 * up from the document): decoding and checking by its family.
 */
export declare function acceptException(document: JsonObject, kind?: PolicyKind): ExceptionAcceptance;
