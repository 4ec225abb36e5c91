import { type KyvernoPolicy } from './policy/compiled.js';
import type { Policy } from './policy/types.js';
export type { KyvernoPolicy } from './policy/compiled.js';
/** Compiles a policy that passed Kyverno's validation. */
export declare function compilePolicy(policy: Policy): KyvernoPolicy;
