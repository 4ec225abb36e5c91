import type { RuleResponse } from '../../../../types.js';
import { type RuleEnvironment } from '../rule-environment.js';
/** Evaluates the resource handler of a validate rule; `null` means "no response". */
export declare function validateRule(env: RuleEnvironment): RuleResponse | null;
